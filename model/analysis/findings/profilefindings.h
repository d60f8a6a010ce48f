#pragma once
#include "findingsengine.h"

#include <analysis/breakdown/breakdownindex.h>
#include <analysis/collectives/jobindex.h>
#include <analysis/operators/operatorcatalog.h>
#include <store/eventstore.h>

#include <atomic>
#include <optional>
#include <vector>

namespace strata::analysis {

// The findings of the profile a window shows, whether one file or a job merged into one
// store (store::JobLayout), equal to what `strata-cli findings` says of the same input:
// for one file, FindingsEngine over the store; for a job, the per-profile rules over each
// rank on its own (store::RankStore, with its own operator catalog and time breakdown, as
// the CLI reads each rank's file) and the job's rules (the straggler) over the job's
// collectives (JobIndex). Every range is in the given store's tracks and times (a job's:
// the merged, aligned ones), so a view selects it as it is. No Qt; a dock runs it on its
// worker. Cost for a job: each rank's catalog and breakdown are built once per run, one
// rank at a time, with a copy of the job's string, type and argument tables while it lives.
class ProfileFindings {
public:
    struct Rank {
        int64_t rank = -1; // -1: one profile
        store::TimeRange extent; // the rank's own extent, the origin of its relative times
        FindingsResult result; // its findings and rules, ranges in the given store's tracks
    };
    struct Result {
        std::vector<Rank> ranks; // one entry for one profile
        std::optional<FindingsResult> job; // the job's rules; none for one profile
        // Every finding of every rank and of the job, ranked (FindingsEngine::rank), each with
        // its rank; rules: one per rule of the table, run where it ran on any rank (whyNot:
        // the first rank's reason when it ran on none).
        FindingsResult all;
    };

    // `window` is absolute in the store's times (a job's rank gets the part inside its own
    // extent); `job` may be null for one profile. Returns nullopt when `cancel` was raised.
    static std::optional<Result> run(const store::EventStore& store, const OperatorCatalog& catalog,
        const BreakdownIndex& breakdown, const JobIndex* job, store::TimeRange window,
        const FindingThresholds& thresholds, const std::atomic<bool>* cancel = nullptr);

private:
    static std::optional<Result> runJob(const store::EventStore& store, const JobIndex& job, store::TimeRange window,
        const FindingThresholds& thresholds, const std::atomic<bool>* cancel);
    static void gather(Result& out);
};

} // namespace strata::analysis
