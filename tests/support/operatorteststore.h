#pragma once
// The store the operator tests share (tst_operatoraggregator computes its tables by hand;
// the Operator Table's tests check their trees against them), and it with its catalog.
#include <support/storetestutil.h>

#include <analysis/operators/operatorcatalog.h>
#include <store/storefinalizer.h>

#include <memory>

namespace operatortest {

// Times in ns; categories as RBLN and Kineto traces write them:
//  pid 1 "NPU 0"
//    Neural Engine Clusters  0_fused(bn1+conv1+relu)_1 [0,100)   conv2d, 1000 B, 5000 FLOP, MFU 50
//                            0_fused(bn1+conv1+relu)_2 [100,400) conv2d, 3000 B, 15000 FLOP, MFU 30
//                            0_layer1.0.conv1_3        [500,700) conv2d, 500 B
//                            0_fc_4                    [800,850) linear
//    Task DMA                0_fused(bn1+conv1+relu)_0 [0,40)    dma_load_weight, 4096 B
//                            0_layer1.0.conv1_5        [450,510) dma_load_weight, 2048 B
//  pid 100 "python3 model.py" / MainThread
//    ProfilerStep#1 [0,1000) > aten::conv2d [100,500) (layer1.0.conv1) > aten::convolution [150,450)
//                           > aten::conv2d [600,800) (layer1.0.conv2)
//    ProfilerStep#2 [1100,2000) > aten::conv2d [1200,1700) (layer1.0.conv1)
//    ProfilerStep#3 [2100,3200)
inline std::shared_ptr<const strata::store::EventStore> handStore()
{
    storetest::Builder s;
    const uint32_t nec = s.thread(1, "NPU 0", 1, "Neural Engine Clusters");
    const uint32_t dma = s.thread(1, "NPU 0", 2, "Task DMA");
    const uint32_t main = s.thread(100, "python3 model.py", 100, "MainThread");
    const char* ne = "Neural Engine Clusters";
    s.X(nec, "0_fused(bn1+conv1+relu)_1", ne, 0, 100,
        s.args({ { "opcode", "conv2d" }, { "bytes", 1000 }, { "flops", 5000 }, { "mfu", 50.0 } }));
    s.X(nec, "0_fused(bn1+conv1+relu)_2", ne, 100, 300,
        s.args({ { "opcode", "conv2d" }, { "bytes", 3000 }, { "flops", 15000 }, { "mfu", 30.0 } }));
    s.X(nec, "0_layer1.0.conv1_3", ne, 500, 200, s.args({ { "opcode", "conv2d" }, { "bytes", 500 } }));
    s.X(nec, "0_fc_4", ne, 800, 50, s.args({ { "opcode", "linear" } }));
    s.X(dma, "0_fused(bn1+conv1+relu)_0", "Task DMA", 0, 40,
        s.args({ { "opcode", "dma_load_weight" }, { "bytes", 4096 } }));
    s.X(dma, "0_layer1.0.conv1_5", "Task DMA", 450, 60, s.args({ { "opcode", "dma_load_weight" }, { "bytes", 2048 } }));
    s.X(main, "ProfilerStep#1", "user_annotation", 0, 1000);
    s.X(main, "aten::conv2d", "cpu_op", 100, 400, s.args({ { "layer", "layer1.0.conv1" } }));
    s.X(main, "aten::convolution", "cpu_op", 150, 300);
    s.X(main, "aten::conv2d", "cpu_op", 600, 200, s.args({ { "layer", "layer1.0.conv2" } }));
    s.X(main, "ProfilerStep#2", "user_annotation", 1100, 900);
    s.X(main, "aten::conv2d", "cpu_op", 1200, 500, s.args({ { "layer", "layer1.0.conv1" } }));
    s.X(main, "ProfilerStep#3", "user_annotation", 2100, 1100);
    return strata::store::StoreFinalizer::finalize(s.b);
}

// The hand store with its catalog, as a test class holds them for all its cases.
struct HandCatalog {
    std::shared_ptr<const strata::store::EventStore> store = handStore();
    strata::analysis::OperatorCatalog catalog { *store };
};

} // namespace operatortest
