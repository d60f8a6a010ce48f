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

inline std::shared_ptr<const strata::store::EventStore> make()
{
    using namespace strata::store;
    StoreBuilder b;
    auto ty = [&](const char* n, const char* cat = "op") { return b.type(b.intern(n), b.intern(cat)); };
    const ProcessId host = b.process(IdValue::number(1));
    b.setProcessName(host, b.intern("Host"));
    const uint32_t main = b.thread(host, IdValue::number(10));
    b.setThreadName(main, b.intern("main"));
    const ProcessId npu = b.process(IdValue::number(2));
    b.setProcessName(npu, b.intern("NPU 0"));
    const uint32_t compute = b.thread(npu, IdValue::number(1)), dma = b.thread(npu, IdValue::number(2));
    b.setThreadName(compute, b.intern("Compute"));
    b.setThreadName(dma, b.intern("Task DMA"));
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

inline strata::store::SliceRow row(const strata::store::EventStore& s, const char* name)
{
    for (uint32_t r = 0; r < s.sliceCount(); ++r) {
        if (s.str(s.sliceName(strata::store::SliceRow(r))) == name)
            return strata::store::SliceRow(r);
    }
    return {};
}

} // namespace markerprofile
