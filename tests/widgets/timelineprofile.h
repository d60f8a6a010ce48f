#pragma once
// The profile of the timeline widget tests (times in ns, trace [0, 10000]):
//   pid 1 "Host"   tid 10 "main": aten::conv2d [1000,3000] > aten::convolution [1200,2000];
//                                 0_fused(layer1+conv)_3 [4000,5000]; 0_fused(layer1+conv)_7 [6000,7000]
//   pid 2 "NPU 0"  tid 1 "Compute": 0_fused(layer1.2+layer1.2.bn2)_3 [2000,3000], 1_..._9 [5000,6000]
//                  tid 2 "Task DMA": 0_fused(layer1.2+layer1.2.bn2)_4 cat "Task DMA" [1000,1500]
//                  counter "util": 0 → 10, 5000 → 50, 10000 → 0
//   thread instant "step_begin" on main @2500; global instant "checkpoint" @8000
//   flow (v2): 0_fused(layer1+conv)_3 → 1_fused(layer1.2+layer1.2.bn2)_9
#include "markerprofile.h"

#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <memory>

namespace timelineprofile {

inline std::shared_ptr<const strata::store::EventStore> make()
{
    using namespace strata::store;
    StoreBuilder b;
    auto ty = [&](const char* n, const char* cat = "op") { return b.type(b.intern(n), b.intern(cat)); };
    const auto [host, npu, main, compute, dma] = markerprofile::threads(b);

    const Arg args[] = { Arg::makeInt(b.intern("flops"), 42), Arg::makeString(b.intern("layer"), b.intern("conv1")) };
    b.completeSlice(main, 1000, 2000, ty("aten::conv2d"), b.argSet(args, 2));
    b.completeSlice(main, 1200, 800, ty("aten::convolution"), {});
    const SliceHandle from = b.completeSlice(main, 4000, 1000, ty("0_fused(layer1+conv)_3"), {});
    b.completeSlice(main, 6000, 1000, ty("0_fused(layer1+conv)_7"), {});
    b.completeSlice(compute, 2000, 1000, ty("0_fused(layer1.2+layer1.2.bn2)_3"), {});
    const SliceHandle to = b.completeSlice(compute, 5000, 1000, ty("1_fused(layer1.2+layer1.2.bn2)_9"), {});
    b.completeSlice(dma, 1000, 500, ty("0_fused(layer1.2+layer1.2.bn2)_4", "Task DMA"), {});
    b.threadInstant(main, 2500, ty("step_begin"), {});
    b.globalInstant(8000, ty("checkpoint"), {});
    b.counter(npu, b.intern("util"), 0, 10);
    b.counter(npu, b.intern("util"), 5000, 50);
    b.counter(npu, b.intern("util"), 10000, 0);
    b.flowV2(from, 7, false, true, b.intern("dep"), b.intern("flow"));
    b.flowV2(to, 7, true, false, b.intern("dep"), b.intern("flow"));
    return strata::store::StoreFinalizer::finalize(b);
}

} // namespace timelineprofile
