#pragma once
// A random store for the analysis tests: up to four threads of nested slices with metric args
// (bytes, FLOPs, mfu, hfu, and args that must not count), partial overlaps that make overflow
// lanes, unmatched async events and three counters. `edges` gets every slice and sample time,
// for windows that start or end exactly on one.
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace analysistest {

using namespace strata::store;

struct Rng {
    std::mt19937_64 g;
    explicit Rng(uint64_t seed)
        : g(seed)
    {
    }
    int64_t below(int64_t n) { return n <= 0 ? 0 : static_cast<int64_t>(g() % static_cast<uint64_t>(n)); }
    bool chance(int percent) { return below(100) < percent; }
};

inline ArgSetId randomArgs(StoreBuilder& b, Rng& rng)
{
    if (rng.chance(40))
        return ArgSetId();
    std::vector<Arg> a;
    a.push_back(Arg::makeString(b.intern("layer"), b.intern("conv1")));
    if (rng.chance(50))
        a.push_back(Arg::makeInt(b.intern(rng.chance(80) ? "bytes" : "Bytes"), rng.below(1 << 20)));
    if (rng.chance(20))
        a.push_back(Arg::makeInt(b.intern("size"), rng.below(4096))); // ignored after "bytes"
    if (rng.chance(10))
        a.push_back(Arg::makeString(b.intern("bytes"), b.intern("n/a"))); // strings never count
    if (rng.chance(30))
        a.push_back(Arg::makeUint(b.intern("flops"), static_cast<uint64_t>(rng.below(1LL << 40))));
    if (rng.chance(20))
        a.push_back(Arg::makeDouble(b.intern("mfu"), double(rng.below(10000)) / 100.0));
    if (rng.chance(20))
        a.push_back(Arg::makeDouble(b.intern("dev.hfu"), double(rng.below(10000)) / 100.0));
    if (rng.chance(5))
        a.push_back(Arg::makeBool(b.intern("flops"), true)); // booleans never count
    return b.argSet(a.data(), a.size());
}

inline void nested(StoreBuilder& b, Rng& rng, uint32_t thread, TimeNs from, TimeNs to, int depth, int& budget,
    std::vector<TimeNs>& edges)
{
    TimeNs t = from;
    while (budget > 0) {
        t += rng.chance(20) ? 0 : rng.below(40);
        if (t > to)
            return;
        TimeNs len = rng.chance(8) ? 0 : 1 + rng.below(std::min<TimeNs>(300, to - t));
        len = std::min(len, to - t);
        const TypeId type = b.type(b.intern(depth ? "child" : "top"), b.intern("cat"));
        b.completeSlice(thread, t, len, type, randomArgs(b, rng));
        edges.push_back(t);
        edges.push_back(t + len);
        --budget;
        if (depth < 3 && len > 20 && rng.chance(50))
            nested(b, rng, thread, t, t + len, depth + 1, budget, edges);
        t += len;
    }
}

inline std::shared_ptr<const EventStore> randomStore(uint64_t seed, std::vector<TimeNs>& edges)
{
    Rng rng(seed);
    StoreBuilder b;
    const ProcessId pid = b.process(IdValue::number(7));
    const int threads = 1 + int(rng.below(4));
    for (int k = 0; k < threads; ++k) {
        const uint32_t th = b.thread(pid, IdValue::number(100 + k));
        int budget = 200 + int(rng.below(3000));
        nested(b, rng, th, 0, 1'000'000'000, 0, budget, edges);
        const TimeNs last = edges.empty() ? 1000 : *std::max_element(edges.begin(), edges.end());
        // Partial overlaps: overflow lanes on some threads, sometimes many of them.
        const int overlaps = rng.chance(80) ? int(rng.below(300)) : 0;
        for (int i = 0; i < overlaps; ++i) {
            const TimeNs ts = rng.below(last), dur = rng.chance(10) ? 0 : 1 + rng.below(rng.chance(50) ? 500 : 5000);
            b.completeSlice(th, ts, dur, b.type(b.intern("overlap"), b.intern("cat")), randomArgs(b, rng));
            edges.push_back(ts);
            edges.push_back(ts + dur);
        }
    }
    for (int i = 0, n = int(rng.below(40)); i < n; ++i) {
        const TimeNs ts = rng.below(50'000), dur = rng.below(3000);
        b.asyncBegin(pid, static_cast<uint64_t>(1 + rng.below(8)) * 1000 + uint64_t(i), ts,
            b.type(b.intern(rng.chance(50) ? "req" : "io"), b.intern("cat")), {});
        b.asyncEnd(pid, static_cast<uint64_t>(0), ts + dur, StringId(), nullptr, 0); // unmatched: diagnostics only
    }
    for (int c = 0; c < 3; ++c) {
        const StringId series = b.intern("ctr" + std::to_string(c));
        TimeNs t = rng.below(1000);
        for (int i = 0, n = int(rng.below(700)); i < n; ++i) {
            b.counter(pid, series, t, double(rng.below(2'000'000)) - 1e6 + (c == 2 ? 12e9 : 0.0));
            edges.push_back(t);
            t += rng.chance(10) ? 0 : rng.below(200);
        }
    }
    return StoreFinalizer::finalize(b);
}

} // namespace analysistest
