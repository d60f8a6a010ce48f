#pragma once
// Small hand-built Kineto-like stores for the findings rules' tests: each makes one rule's
// measure equal to a given number, so a test can put it exactly at the rule's default
// threshold and just below. Times in ns; one GPU (pid 0, stream 7 compute, stream 24
// communication, stream 8 copies) and one host thread (pid 100).
#include <support/storetestutil.h>

#include <analysis/breakdown/breakdownindex.h>
#include <analysis/findings/findingsengine.h>
#include <analysis/operators/operatorcatalog.h>
#include <store/storefinalizer.h>

#include <memory>
#include <string>

namespace findingtest {

using strata::store::TimeNs;
using Store = std::shared_ptr<const strata::store::EventStore>;

struct Gpu {
    storetest::Builder s;
    uint32_t host = s.thread(100, "python", 100, "main");
    uint32_t compute = s.thread(0, "python", 7, "stream 7");
    uint32_t comm = s.thread(0, "python", 24, "stream 24");
    uint32_t copies = s.thread(0, "python", 8, "stream 8");

    void kernel(const char* name, TimeNs ts, TimeNs dur) { s.X(compute, name, "kernel", ts, dur); }
    void nccl(TimeNs ts, TimeNs dur) { s.X(comm, "ncclKernel_AllReduce", "kernel", ts, dur); }
    void copy(const char* name, TimeNs ts, TimeNs dur, int64_t bytes)
    {
        s.X(copies, name, "gpu_memcpy", ts, dur, s.args({ { "bytes", bytes } }));
    }
    void hostSpan(const char* name, const char* cat, TimeNs ts, TimeNs dur) { s.X(host, name, cat, ts, dur); }
    Store finish() { return strata::store::StoreFinalizer::finalize(s.b); }
};

// device-idle: work [0, 40) and [40 + gap, 100): idle `gap` of a 100 ns span.
inline Store idleGap(TimeNs gap)
{
    Gpu g;
    g.kernel("gemm", 0, 40);
    g.kernel("gemm", 40 + gap, 60 - gap);
    return g.finish();
}

// exposed-communication: compute [0, 100 - exposed), communication [100 - exposed, 100).
inline Store exposedComm(TimeNs exposed)
{
    Gpu g;
    g.kernel("gemm", 0, 100 - exposed);
    g.nccl(100 - exposed, exposed);
    return g.finish();
}

// launch-bound: 100 kernels of 50 ns, each launched by a cudaLaunchKernel (correlation id);
// `shorter` of them have a 60 ns launch (10 ns longer than the kernel), the rest a 5 ns one.
inline Store launches(int shorter)
{
    Gpu g;
    for (int i = 0; i < 100; ++i) {
        const TimeNs t = TimeNs(i) * 100;
        const auto corr = g.s.args({ { "correlation", int64_t(i + 1) } });
        g.s.X(g.host, "cudaLaunchKernel", "cuda_runtime", t, i < shorter ? 60 : 5, corr);
        g.s.X(g.compute, "gemm", "kernel", t + 10, 50, corr);
    }
    return g.finish();
}

// sync-stall and dataloader-wait: a host span of `name` lasting `dur` inside a 100 ns
// forward pass (no steps: the trace is the step).
inline Store hostWait(const char* name, const char* category, TimeNs dur)
{
    Gpu g;
    g.hostSpan("forward", "cpu_op", 0, 100);
    g.hostSpan(name, category, 50, dur);
    return g.finish();
}

// pageable-memcpy: one 20 ns copy of 1000 bytes, from pageable memory or not.
inline Store copy(bool pageable)
{
    Gpu g;
    g.kernel("gemm", 0, 100);
    g.copy(pageable ? "Memcpy HtoD (Pageable -> Device)" : "Memcpy HtoD (Pinned -> Device)", 100, 20, 1000);
    return g.finish();
}

// small-transfers: a 65535-byte copy of `smallDur` and a 65536-byte one of 90 ns.
inline Store transfers(TimeNs smallDur)
{
    Gpu g;
    g.copy("Memcpy HtoD (Pinned -> Device)", 0, smallDur, 65535);
    g.copy("Memcpy HtoD (Pinned -> Device)", 200, 90, 65536);
    return g.finish();
}

// step-variance: ProfilerStep#1.. on the host, back to back, of these durations.
inline Store steps(const std::vector<TimeNs>& durations)
{
    Gpu g;
    TimeNs t = 0;
    for (size_t i = 0; i < durations.size(); ++i) {
        const std::string name = "ProfilerStep#" + std::to_string(i + 1);
        g.hostSpan(name.c_str(), "user_annotation", t, durations[i]);
        g.kernel("gemm", t, durations[i] / 2);
        t += durations[i];
    }
    return g.finish();
}

// hot-operator: kernels gemm (`hot` ns), relu and add sharing the rest of 100 ns.
inline Store operators(TimeNs hot)
{
    Gpu g;
    g.kernel("gemm", 0, hot);
    g.kernel("relu", 100, 30);
    g.kernel("add", 200, 70 - hot);
    return g.finish();
}

// A job's rank: ProfilerStep#1 [0, 1000) on the host and all-reduces on stream 24 at 100 and
// 300 (+ `late`), 100 ns each.
inline Store rank(TimeNs late)
{
    Gpu g;
    g.hostSpan("ProfilerStep#1", "user_annotation", 0, 1000);
    g.kernel("gemm", 0, 100);
    g.nccl(100 + late, 100);
    g.nccl(300 + late, 100);
    return g.finish();
}

// The findings of a store over `window` (the whole trace by default), as strata-cli runs them.
inline strata::analysis::FindingsResult run(const Store& s, const strata::analysis::FindingThresholds& t = {},
    strata::store::TimeRange window = { INT64_MIN, INT64_MAX })
{
    const strata::analysis::OperatorCatalog catalog(*s);
    const strata::analysis::BreakdownIndex index(*s, &catalog.launches());
    return strata::analysis::FindingsEngine::run(*s, catalog, index, window, t);
}

} // namespace findingtest
