#pragma once
// A job merged into one store as StoreMerger lays it out, built by hand: per rank r a host
// process "rank r · python" (pid 10r+1, thread "python") and a device process "rank r · GPU r"
// (pid 10r+2, thread "stream 7"), in rank order, with the store's JobLayout in its metadata
// (tests/support/jobteststore.h writes ranks by a function; this one is the skew strip's
// pattern, at any number of ranks and collectives).
// Per step k (100 µs apart) every device runs a "gemm" kernel [100k, 100k+4) µs and then an
// NCCL AllReduce that ends on every rank at once, 2 µs after the last arrival; rank r arrives
// at 100k+5 µs + 10r ns, the straggler `lateNs` later (at most 90 µs). The JobIndex is the
// one the session builds for it.
#include <analysis/collectives/jobindex.h>
#include <store/joblayout.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <memory>
#include <string>
#include <vector>

namespace collectivejob {

using strata::store::TimeNs;
constexpr TimeNs kStepNs = 100000;
constexpr TimeNs kArriveNs = 5000; // into the step: the collective's first arrivals
constexpr TimeNs kWorkNs = 2000; // the collective's work, net of waiting
constexpr const char* kKernel = "ncclDevKernel_AllReduce_Sum_f32_RING_LL";

struct Job {
    std::shared_ptr<const strata::store::EventStore> store;
    std::shared_ptr<const strata::analysis::JobIndex> index;
};

inline TimeNs arrival(int rank, int step, int straggler, TimeNs lateNs)
{
    return step * kStepNs + kArriveNs + rank * 10 + (rank == straggler ? lateNs : 0);
}

inline std::shared_ptr<const strata::store::EventStore> build(
    int ranks, int steps, int straggler, TimeNs lateNs, const strata::store::JobLayout* layout)
{
    using namespace strata::store;
    StoreBuilder b;
    const TypeId step = b.type(b.intern("train_step"), b.intern("cpu_op"));
    const TypeId gemm = b.type(b.intern("gemm"), b.intern("kernel"));
    const TypeId nccl = b.type(b.intern(kKernel), b.intern("kernel"));
    const TimeNs lastEnd = arrival(ranks - 1, 0, -1, 0) + (straggler >= 0 ? lateNs : 0) + kWorkNs;
    for (int r = 0; r < ranks; ++r) {
        const ProcessId host = b.process(IdValue::number(10 * r + 1));
        b.setProcessName(host, b.intern("rank " + std::to_string(r) + " · python"));
        const uint32_t python = b.thread(host, IdValue::number(1));
        b.setThreadName(python, b.intern("python"));
        const ProcessId gpu = b.process(IdValue::number(10 * r + 2));
        b.setProcessName(gpu, b.intern("rank " + std::to_string(r) + " · GPU " + std::to_string(r)));
        const uint32_t stream = b.thread(gpu, IdValue::number(7));
        b.setThreadName(stream, b.intern("stream 7"));
        for (int k = 0; k < steps; ++k) {
            b.completeSlice(python, k * kStepNs, kStepNs - 100, step, {});
            b.completeSlice(stream, k * kStepNs, 4000, gemm, {});
            const TimeNs start = arrival(r, k, straggler, lateNs);
            b.completeSlice(stream, start, k * kStepNs + lastEnd - start, nccl, {});
        }
    }
    if (layout) {
        for (auto& [key, value] : layout->metadataEntries())
            b.addMetadata(key, value);
    }
    return StoreFinalizer::finalize(b);
}

// `steps` collectives over `ranks` ranks; `straggler` -1 for none.
inline Job make(int ranks, int steps, int straggler = -1, TimeNs lateNs = 0)
{
    using namespace strata::store;
    // Built once to learn where the finalizer put each rank's processes and tracks (by pid,
    // so in rank order), then again with the layout in the metadata.
    const auto plain = build(ranks, steps, straggler, lateNs, nullptr);
    std::vector<JobRank> jr(static_cast<size_t>(ranks));
    for (int r = 0; r < ranks; ++r) {
        jr[size_t(r)].rank = r;
        jr[size_t(r)].file = "/tmp/job/worker" + std::to_string(r) + ".pt.trace.json";
        jr[size_t(r)].processBegin = uint32_t(2 * r);
        jr[size_t(r)].processCount = 2;
        jr[size_t(r)].trackBegin = UINT32_MAX;
    }
    for (uint32_t t = 0; t < plain->trackCount(); ++t) {
        const ProcessId p = plain->track(TrackId(t)).process;
        if (!p.valid())
            continue;
        JobRank& r = jr[p.v / 2];
        r.trackBegin = std::min(r.trackBegin, t);
        r.trackCount = t + 1 - r.trackBegin;
    }
    JobLayout layout;
    layout.setRanks(jr);
    auto store = build(ranks, steps, straggler, lateNs, &layout);
    return { store, strata::analysis::JobIndex::build(*store) };
}

} // namespace collectivejob
