#pragma once
// The hand-worked Kineto store of the time breakdown's tests (the index, the dock): two
// devices, compute, communication and a memcpy, and host launches that make each kind of
// idle gap. Its numbers are worked out below, so tests can state them.
#include <support/storetestutil.h>

#include <store/storefinalizer.h>

#include <memory>

namespace breakdowntest {

using strata::store::TimeNs;

// Times in ns.
//  host 100/100: launches corr 1 [0,5) · 2 [20,25) · 3 [100,105) · 4 [30,35) · 5 [36,38)
//  device 0 stream 7:  gemm [10,50) c1 · relu [55,80) c2 · conv [110,150) c3 · add [200,250) c4
//           stream 40: ncclKernel [40,120) c5 · ncclKernel [300,320) (no launch)
//           stream 8:  Memcpy HtoD [260,280)
//  device 1 stream 7:  gemm [400,420)
// Device 0: union [10,150) [200,250) [260,280) [300,320) = 230, span 310, idle 80,
// compute 155, communication 100, memory 20, overlap [40,50) [55,80) [110,120) = 45.
// Gaps on stream 7: 50→55 kernel wait (launch 20 before 50, 5 < 30), 80→110 host wait
// (launch 100 after 80), 150→200 other (launch 30, 50 ≥ 30); stream 40: 120→300 other.
inline std::shared_ptr<const strata::store::EventStore> kinetoStore()
{
    storetest::Builder s;
    const uint32_t host = s.thread(100, "python", 100, "main");
    const uint32_t s7 = s.thread(0, "python", 7, "stream 7");
    const uint32_t s40 = s.thread(0, "python", 40, "stream 40");
    const uint32_t s8 = s.thread(0, "python", 8, "stream 8");
    const uint32_t d1 = s.thread(1, "python", 7, "stream 7");
    const TimeNs launches[][2] = { { 0, 1 }, { 20, 2 }, { 100, 3 }, { 30, 4 }, { 36, 5 } };
    for (const auto& [ts, corr] : launches)
        s.X(host, "cudaLaunchKernel", "cuda_runtime", ts, 2, s.args({ { "correlation", int64_t(corr) } }));
    s.X(s7, "gemm", "kernel", 10, 40, s.args({ { "correlation", int64_t(1) } }));
    s.X(s7, "relu", "kernel", 55, 25, s.args({ { "correlation", int64_t(2) } }));
    s.X(s7, "conv", "kernel", 110, 40, s.args({ { "correlation", int64_t(3) } }));
    s.X(s7, "add", "kernel", 200, 50, s.args({ { "correlation", int64_t(4) } }));
    s.X(s40, "ncclKernel_AllReduce", "kernel", 40, 80, s.args({ { "correlation", int64_t(5) } }));
    s.X(s40, "ncclKernel_AllReduce", "kernel", 300, 20);
    s.X(s8, "Memcpy HtoD (Pageable -> Device)", "gpu_memcpy", 260, 20);
    s.X(d1, "gemm", "kernel", 400, 20);
    return strata::store::StoreFinalizer::finalize(s.b);
}

} // namespace breakdowntest
