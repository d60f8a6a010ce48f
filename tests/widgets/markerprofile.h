#pragma once
// The small profile the marker and annotation tests share (times in ns, trace [0, 10000]):
//   pid 1 "Host"  tid 10 "main":    aten::conv2d [1000, 3000] > aten::convolution [1200, 2000];
//                                   fused_3 [4000, 5000]; fused_7 [6000, 7000]
//   pid 2 "NPU 0" tid 1 "Compute":  conv [2000, 3000]; matmul [5000, 6000]
//                 tid 2 "Task DMA": dma [1000, 1500]
//                 counter "util": 0 → 10, 10000 → 0
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <memory>

namespace markerprofile {

// The processes and threads above; the timeline tests' profile has them too.
struct Threads {
    strata::store::ProcessId host, npu;
    uint32_t main, compute, dma;
};

inline Threads threads(strata::store::StoreBuilder& b)
{
    using namespace strata::store;
    Threads t;
    t.host = b.process(IdValue::number(1));
    b.setProcessName(t.host, b.intern("Host"));
    t.main = b.thread(t.host, IdValue::number(10));
    b.setThreadName(t.main, b.intern("main"));
    t.npu = b.process(IdValue::number(2));
    b.setProcessName(t.npu, b.intern("NPU 0"));
    t.compute = b.thread(t.npu, IdValue::number(1));
    t.dma = b.thread(t.npu, IdValue::number(2));
    b.setThreadName(t.compute, b.intern("Compute"));
    b.setThreadName(t.dma, b.intern("Task DMA"));
    return t;
}

inline std::shared_ptr<const strata::store::EventStore> make()
{
    using namespace strata::store;
    StoreBuilder b;
    auto ty = [&](const char* n, const char* cat = "op") { return b.type(b.intern(n), b.intern(cat)); };
    const auto [host, npu, main, compute, dma] = threads(b);
    b.completeSlice(main, 1000, 2000, ty("aten::conv2d"), {});
    b.completeSlice(main, 1200, 800, ty("aten::convolution"), {});
    b.completeSlice(main, 4000, 1000, ty("fused_3"), {});
    b.completeSlice(main, 6000, 1000, ty("fused_7"), {});
    b.completeSlice(compute, 2000, 1000, ty("conv"), {});
    b.completeSlice(compute, 5000, 1000, ty("matmul"), {});
    b.completeSlice(dma, 1000, 500, ty("dma", "Task DMA"), {});
    b.counter(npu, b.intern("util"), 0, 10);
    b.counter(npu, b.intern("util"), 10000, 0);
    return StoreFinalizer::finalize(b);
}

// Two rows whose edges are 10 ns apart (1 px at 10 ns/px, under 1 px on a wider view), trace
// [1000, 7500]: row A, "copy" [1000, 4000] on thread 1; row B, "kernel" [4010, 5000] and
// "late" [7000, 7500] on thread 2 (A has no edge near 7000).
inline std::shared_ptr<const strata::store::EventStore> twoRows()
{
    using namespace strata::store;
    StoreBuilder b;
    const ProcessId p = b.process(IdValue::number(1));
    const uint32_t a = b.thread(p, IdValue::number(1));
    const uint32_t k = b.thread(p, IdValue::number(2));
    b.completeSlice(a, 1000, 3000, b.type(b.intern("copy"), b.intern("op")), {});
    b.completeSlice(k, 4010, 990, b.type(b.intern("kernel"), b.intern("op")), {});
    b.completeSlice(k, 7000, 500, b.type(b.intern("late"), b.intern("op")), {});
    return StoreFinalizer::finalize(b);
}

inline strata::store::SliceRow row(const strata::store::EventStore& s, const char* name)
{
    for (uint32_t r = 0; r < s.sliceCount(); ++r) {
        if (s.str(s.sliceName(strata::store::SliceRow(r))) == name)
            return strata::store::SliceRow(r);
    }
    return {};
}

} // namespace markerprofile
