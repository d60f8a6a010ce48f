#pragma once
// A job's merged store made by hand, for the tests of what reads one (JobAligner, JobIndex,
// the Ranks dock) without the loader: each rank's events are written by a function of the
// rank, in a process block of its own (pids 1000 (r + 1) and up, so processes sort in rank
// order), and the store carries the JobLayout metadata entries a merge writes. The same
// function writes one rank alone, for the store that rank's own file would give.
#include <support/storetestutil.h>

#include <store/eventstore.h>
#include <store/joblayout.h>
#include <store/storefinalizer.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace jobtest {

using namespace strata::store;

// Writes rank r's events; pid(r, k) is its k-th process id.
using RankFill = std::function<void(storetest::Builder& b, int rank)>;

inline int64_t pid(int rank, int k)
{
    return 1000 * (int64_t(rank) + 1) + k;
}

// A job of three ranks to test with. Rank r: two steps (the second 1000 + 100 r ns), a gemm
// and two all-reduces on stream 7, rank 2 arriving last (60 ns after rank 0, 40 after rank
// 1); rank 1 also runs a gemm on stream 8 under its first all-reduce.
inline void plantedStraggler(storetest::Builder& s, int r)
{
    const uint32_t host = s.thread(pid(r, 0), "python", 1, "main");
    const uint32_t stream = s.thread(pid(r, 1), "python", 7, "stream 7");
    s.X(host, "ProfilerStep#1", "user_annotation", 0, 1000);
    s.X(host, "ProfilerStep#2", "user_annotation", 1000, 1000 + 100 * r);
    s.X(stream, "gemm", "kernel", 100, 200 + 50 * r);
    const TimeNs arrival = r == 2 ? 60 : 20 * r;
    s.X(stream, "ncclKernel_AllReduce", "kernel", 400 + arrival, 400 - arrival);
    s.X(stream, "ncclKernel_AllReduce", "kernel", 1400 + arrival, 400 - arrival);
    if (r == 1)
        s.X(s.thread(pid(r, 1), "python", 8, "stream 8"), "gemm", "kernel", 500, 100);
}

// The layout of a store written by fill for `ranks` ranks, from which process each track is in.
inline JobLayout layoutOf(const EventStore& s, int ranks, const std::vector<TimeNs>& offsets)
{
    std::vector<JobRank> out(static_cast<size_t>(ranks), JobRank());
    for (int r = 0; r < ranks; ++r) {
        out[size_t(r)].rank = r;
        out[size_t(r)].file = "/job/rank-" + std::to_string(r) + ".json";
        out[size_t(r)].offsetNs = r < int(offsets.size()) ? offsets[size_t(r)] : 0;
        out[size_t(r)].processBegin = uint32_t(s.processCount());
        out[size_t(r)].trackBegin = uint32_t(s.trackCount());
    }
    for (uint32_t p = 0; p < s.processCount(); ++p) {
        JobRank& r = out[size_t(s.process(ProcessId(p)).pid.num / 1000 - 1)];
        r.processBegin = std::min(r.processBegin, p);
        ++r.processCount;
    }
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        const TrackInfo& info = s.track(TrackId(t));
        if (!info.process.valid())
            continue; // the global instants belong to no rank
        JobRank& r = out[size_t(s.process(info.process).pid.num / 1000 - 1)];
        r.trackBegin = std::min(r.trackBegin, t);
        ++r.trackCount;
    }
    JobLayout layout;
    layout.setRanks(std::move(out));
    return layout;
}

// The job of `ranks` ranks in one store, with its layout (alignment and offsets as given).
inline std::shared_ptr<const EventStore> merged(
    const RankFill& fill, int ranks, const std::string& alignment = "recorded", std::vector<TimeNs> offsets = {})
{
    storetest::Builder first;
    for (int r = 0; r < ranks; ++r)
        fill(first, r);
    const JobLayout shape = layoutOf(*StoreFinalizer::finalize(first.b), ranks, offsets);
    storetest::Builder b;
    for (int r = 0; r < ranks; ++r)
        fill(b, r);
    JobLayout layout = shape;
    layout.setAlignment(alignment);
    for (const auto& [key, value] : layout.metadataEntries())
        b.b.addMetadata(key, value);
    return StoreFinalizer::finalize(b.b);
}

// Rank r alone, as its own file would load.
inline std::shared_ptr<const EventStore> single(const RankFill& fill, int rank)
{
    storetest::Builder b;
    fill(b, rank);
    return StoreFinalizer::finalize(b.b);
}

} // namespace jobtest
