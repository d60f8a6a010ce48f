#pragma once
// A job whose ranks sit on hosts with offset clocks, in the pattern of tests/bench/gen_job.py:
// rank r on host r * hosts / ranks, host h's clock reading h x hostOffsetNs later than the
// true one. Written by a jobtest::RankFill, so the same ranks serve as their own stores
// (jobtest::single: what each rank's file loads to) and as one merged job
// (jobtest::merged: what the window opens "as recorded").
// Rank r, per step k of kStepNs (true time): a ProfilerStep#k on its host thread and, on its
// "stream 7", a gemm before each of two all-reduces. Every rank arrives at an all-reduce
// within a 10 µs jitter; the straggler arrives 50, 70 or 90 µs later besides (its lateness
// varies, as a real one's does); the all-reduce ends on every rank 30 µs after the last
// arrival, give or take 100 ns.
#include <analysis/collectives/collectiverank.h>
#include <support/jobteststore.h>

#include <algorithm>
#include <string>

namespace clockjob {

using strata::store::EventStore;
using strata::store::TimeNs;

constexpr TimeNs kStepNs = 1000000;
constexpr const char* kAllReduce = "ncclDevKernel_AllReduce_Sum_f32_RING_LL";

struct Shape {
    int ranks = 8;
    int hosts = 2;
    TimeNs hostOffsetNs = 0;
    int straggler = 5; // -1: none
    int steps = 4;
};

// 8 ranks on `hosts` hosts whose clocks read `hostOffsetNs` apart, rank 5 the straggler.
inline Shape shapeOf(int hosts, TimeNs hostOffsetNs)
{
    Shape s;
    s.hosts = hosts;
    s.hostOffsetNs = hostOffsetNs;
    return s;
}

// A fixed pseudo-random number in [0, range] for (rank, collective): a multiplicative hash,
// so that two ranks' jitters differ by varying amounts from one collective to the next.
inline TimeNs jitter(int rank, int collective, TimeNs range)
{
    const uint64_t h = (uint64_t(rank + 1) * 2654435761u) ^ (uint64_t(collective + 1) * 40503u * 2246822519u);
    return TimeNs(((h * 2654435761u) >> 16) % uint64_t(range + 1));
}

// The offset of rank r's clock from the true one.
inline TimeNs clockOf(const Shape& s, int rank)
{
    return TimeNs(rank * s.hosts / s.ranks) * s.hostOffsetNs;
}

// Rank r's arrival at collective i, true time.
inline TimeNs arrival(const Shape& s, int rank, int i)
{
    const TimeNs base = TimeNs(i / 2) * kStepNs + 100000 + (i % 2) * 400000;
    return base + jitter(rank, i, 10000) + (rank == s.straggler ? 50000 + 20000 * (i % 3) : 0);
}

inline jobtest::RankFill fill(const Shape& s)
{
    return [s](storetest::Builder& b, int r) {
        const uint32_t host = b.thread(jobtest::pid(r, 0), "python", 1, "main");
        const uint32_t stream = b.thread(jobtest::pid(r, 1), "python", 7, "stream 7");
        const TimeNs clock = clockOf(s, r);
        for (int k = 0; k < s.steps; ++k) {
            const std::string step = "ProfilerStep#" + std::to_string(k);
            b.X(host, step.c_str(), "user_annotation", clock + k * kStepNs, kStepNs - 1000);
            for (int i = 2 * k; i < 2 * k + 2; ++i) {
                TimeNs last = 0;
                for (int q = 0; q < s.ranks; ++q)
                    last = std::max(last, arrival(s, q, i));
                const TimeNs start = arrival(s, r, i);
                const TimeNs end = last + 30000 + jitter(r, i + 7, 100);
                b.X(stream, "gemm", "kernel", clock + start - 90000, 80000);
                b.X(stream, kAllReduce, "kernel", clock + start, end - start);
            }
        }
    };
}

// The ranks each as its own store, as their files load, and as the collectives analysis
// takes them (rank numbers 0 up, no launches).
struct Singles {
    std::vector<std::shared_ptr<const EventStore>> stores;
    std::vector<strata::analysis::CollectiveRank> ranks;
};

inline Singles singles(const Shape& s)
{
    Singles out;
    for (int r = 0; r < s.ranks; ++r) {
        out.stores.push_back(jobtest::single(fill(s), r));
        strata::analysis::CollectiveRank in;
        in.rank = r;
        in.store = out.stores.back().get();
        out.ranks.push_back(std::move(in));
    }
    return out;
}

} // namespace clockjob
