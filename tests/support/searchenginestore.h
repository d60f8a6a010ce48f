#pragma once
// The larger store of the search engine's tests: random slices over common types, a few of
// rare types, instants, args; built once per test process.
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

namespace searchtest {

using namespace strata::store;
using Store = std::shared_ptr<const EventStore>;

// 4 threads x 80000 events (and a nested child every other one; durations 1-100 ns, on the
// fourth thread 200-299 ns) over 40 common types (the fourth thread only op_0..op_19, its nested children all
// op_19: blocks of one type), plus
// rare types every 9973rd event: "rare_conv_0..4" (category "rare", a "layer" arg) and
// "rare_dma" (category "dma,rare"); an instant of a rare type every 5000 events and a "tick"
// every other event, so the rare instants are indexed and few enough to be gathered.
// Large enough for two threads (>= 2 x 128K rows).
inline Store bigStore()
{
    static Store big = [] {
        StoreBuilder b;
        const ProcessId p = b.process(IdValue::number(7));
        std::mt19937_64 rng(42);
        std::vector<TypeId> types;
        types.reserve(40);
        for (int i = 0; i < 40; ++i)
            types.push_back(b.type(b.intern("op_" + std::to_string(i)), b.intern("k")));
        std::vector<TypeId> rare;
        rare.reserve(6);
        for (int i = 0; i < 5; ++i)
            rare.push_back(b.type(b.intern("rare_conv_" + std::to_string(i)), b.intern("rare")));
        rare.push_back(b.type(b.intern("rare_dma"), b.intern("dma,rare")));
        const TypeId tick = b.type(b.intern("tick"), b.intern("k"));
        const StringId bytes = b.intern("bytes");
        const StringId layer = b.intern("layer");
        int n = 0;
        for (int t = 0; t < 4; ++t) {
            const uint32_t th = b.thread(p, IdValue::number(t));
            TimeNs ts = 0;
            const size_t common = t == 3 ? 20 : types.size();
            for (int i = 0; i < 80000; ++i) {
                // Thread 3's slices are longer than any other's, so a duration test skips
                // whole duration blocks of the index (of threads 0-2, or of thread 3).
                const TimeNs dur = TimeNs((t == 3 ? 200 : 1) + rng() % 100);
                // a parent every other event with a nested child
                const Arg a = Arg::makeInt(bytes, int64_t(rng() % 1000000));
                if (++n % 9973 == 0) {
                    const Arg args[2] = { a, Arg::makeString(layer, b.intern("layer" + std::to_string(n % 3))) };
                    b.completeSlice(th, ts, dur, rare[size_t(n / 9973) % rare.size()], b.argSet(args, 2));
                } else {
                    b.completeSlice(th, ts, dur, types[rng() % common], b.argSet(&a, 1));
                }
                if (i % 2 == 0 && dur > 4) {
                    const TypeId child = types[rng() % common];
                    b.completeSlice(th, ts + 1, dur - 2, t == 3 ? types[19] : child, ArgSetId());
                }
                if (i % 5000 == 0)
                    b.threadInstant(th, ts, rare[size_t(i / 5000) % rare.size()], b.argSet(&a, 1));
                if (i % 2 == 1)
                    b.threadInstant(th, ts, tick, ArgSetId());
                ts += dur + TimeNs(rng() % 20);
            }
        }
        return StoreFinalizer::finalize(b);
    }();
    return big;
}

} // namespace searchtest
