#pragma once
#include "collectiverank.h"
#include "commkernels.h"
#include "profilersteps.h"

#include <vector>

namespace strata::analysis {

// Holistic Trace Analysis's straggler metric (TraceAnalysis.get_potential_stragglers with
// num_candidates = 1, hta/analyzers/straggler.py), so the CLI can show it beside Strata's:
//  1. A kernel's iteration is the ProfilerStep#N (host span) holding its launch call. With
//     more than one step name in the job, kernels launched at or after a rank's last step
//     start are left out (HTA's incomplete last iteration); the iterations are the step
//     numbers left.
//  2. mean iteration time = (latest end - earliest start of the events of those iterations)
//     / their count; the events are host slices starting inside a kept step and launched
//     device work of a kept iteration.
//  3. Candidates: NCCL kernels ("ncclKernel*", and NCCL 2.19's renamed "ncclDevKernel*") of
//     an iteration above 0 lasting at least 1 % of the mean iteration time; per (rank,
//     stream, iteration, name) the last one.
//  4. The (stream, name) whose durations vary most across ranks (sample standard deviation
//     per iteration, averaged over iterations) is the one to watch.
//  5. In each iteration the rank starting that kernel latest scores one; the rank with the
//     most scores is the straggler (ties: the first rank).
// Times are aligned by the offsets first; HTA itself reads them as recorded.
class HtaStraggler {
public:
    // The index into `ranks` of the straggler; -1 when there is no candidate kernel.
    static int rankOf(const std::vector<CollectiveRank>& ranks, const std::vector<std::vector<CommSeries>>& series,
        const std::vector<std::vector<ProfilerStep>>& steps, const std::vector<store::TimeNs>& offsets);
    // HTA's threshold: kernels shorter than this share of the mean iteration are left out.
    static constexpr double kMinNormalizedDuration = 0.01;
};

} // namespace strata::analysis
