#pragma once
// Two small profiles for the compare views' tests (A, the baseline, and B) and a Comparison
// of them. Times in ns; both traces span [0, 2 ms].
//
//   A  NPU 0 (pid 1)  Neural Engine  [0, 600 µs) 4 GFLOP, [800 µs, 1.2 ms) 1 GFLOP  busy 1 ms
//                     Task DMA       [100 µs, 150 µs) 4 MB                          busy 50 µs
//                     Vector Engine  [0, 100 µs)                          only in A
//                     Queue_3        [0, 200 µs)                          B's Queue_7 once normalised
//   B  NPU 0 (pid 2)  Neural Engine  [0, 900 µs) 4 GFLOP, [1 ms, 1.6 ms) 1 GFLOP    busy 1.5 ms (+50 %)
//                     Task DMA       [100 µs, 150 µs) 2 MB                          (−50 % bytes)
//                     Queue_7        [0, 200 µs)
//                     Matrix Engine  [0, 300 µs)                          only in B
//   both: python3 / MainThread "ProfilerStep#k" over [0, 2 ms): A 4 steps of 500 µs, B 4
//   steps of 400 µs, each after a 100 µs gap.
#include <support/widgettestutil.h>

#include <state/comparison.h>
#include <store/storefinalizer.h>

namespace comparetest {

using strata::store::TimeNs;

inline std::shared_ptr<const strata::store::EventStore> profile(bool b)
{
    widgettest::Builder s;
    const int npu = b ? 2 : 1;
    const uint32_t engine = s.thread(npu, "NPU 0", 1, "Neural Engine");
    const uint32_t dma = s.thread(npu, "NPU 0", 2, "Task DMA");
    const uint32_t queue = s.thread(npu, "NPU 0", 4, b ? "Queue_7" : "Queue_3");
    const uint32_t host = s.thread(100, "python3", 100, "MainThread");
    if (!b) {
        s.X(engine, "matmul", "kernel", 0, 600000, s.args({ { "flops", 4e9 } }));
        s.X(engine, "conv", "kernel", 800000, 400000, s.args({ { "flops", 1e9 } }));
        s.X(dma, "dma", "memcpy", 100000, 50000, s.args({ { "bytes", 4e6 } }));
        s.X(s.thread(npu, "NPU 0", 3, "Vector Engine"), "add", "kernel", 0, 100000);
    } else {
        s.X(engine, "matmul", "kernel", 0, 900000, s.args({ { "flops", 4e9 } }));
        s.X(engine, "conv", "kernel", 1000000, 600000, s.args({ { "flops", 1e9 } }));
        s.X(dma, "dma", "memcpy", 100000, 50000, s.args({ { "bytes", 2e6 } }));
        s.X(s.thread(npu, "NPU 0", 5, "Matrix Engine"), "gemm", "kernel", 0, 300000);
    }
    s.X(queue, "wait", "kernel", 0, 200000);
    for (int k = 0; k < 4; ++k) {
        const std::string name = "ProfilerStep#" + std::to_string(k + 1);
        s.X(host, name.c_str(), "user_annotation", TimeNs(k) * 500000 + (b ? 100000 : 0), b ? 400000 : 500000);
    }
    return strata::store::StoreFinalizer::finalize(s.b);
}

// A session showing A and a comparison with B, as the main window holds them.
struct Pair {
    strata::model::Session a;
    strata::model::Comparison comparison { &a };

    void open()
    {
        widgettest::open(a, profile(false), QStringLiteral("/data/a.json"));
        comparison.start(profile(true), QStringLiteral("/data/b.json"), strata::model::LoadInfo());
    }
};

} // namespace comparetest
