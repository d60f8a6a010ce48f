#pragma once
#include "breakdownindex.h"
#include "breakdownresult.h"

#include <store/joblayout.h>

#include <optional>

namespace strata::analysis {

// The time breakdown of a profile over a window, from its BreakdownIndex: the rank, each
// device and each of its engines, with the names a report prints. O(engines x log N) per
// call, no Qt: strata-cli runs it on its thread, a dock on its worker.
class BreakdownCalculator {
public:
    // `window` is absolute; the whole trace is store.extent().
    static RankBreakdown compute(const store::EventStore& store, const BreakdownIndex& index, store::TimeRange window,
        store::TimeNs thresholdNs = BreakdownIndex::kDefaultThresholdNs);
    // One rank of a job's merged store (store::JobLayout): its devices (the processes of its
    // block) and their engines, with the labels its own file gives them (the merger's "rank R
    // · " taken off), and the rank's times over its devices' tracks; the rank is its number.
    // What compute() gives over the rank's own store, for any window holding all its work.
    static RankBreakdown computeRank(const store::EventStore& store, const BreakdownIndex& index,
        const store::JobRank& rank, store::TimeRange window,
        store::TimeNs thresholdNs = BreakdownIndex::kDefaultThresholdNs);
    // The rank a trace states (Kineto's distributedInfo.rank), none otherwise.
    static std::optional<int64_t> rankOf(const store::EventStore& store);
};

} // namespace strata::analysis
