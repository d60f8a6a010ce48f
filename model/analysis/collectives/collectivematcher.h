#pragma once
#include "collectiveresult.h"
#include "commkernels.h"

#include <vector>

namespace strata::analysis {

// Matches communication kernels across ranks and measures each match: the n-th kernel of one
// name and channel on every rank that has at least n + 1 of them is one collective (at least
// two ranks take part). Arrivals and ends are aligned by the ranks' offsets first; then skew
// = last start - first start, each rank's wait = last start - its start, the last arrival
// (none when all start together), and the shortest duration (TraceLens's comm_latency).
// Collectives are numbered in order of their first arrival.
class CollectiveMatcher {
public:
    // series: per rank, CommKernels::of(); offsets: per rank, subtracted from its times.
    static std::vector<MatchedCollective> match(
        const std::vector<std::vector<CommSeries>>& series, const std::vector<store::TimeNs>& offsets);
    // Per rank: waits, last arrivals and collectives taken part in (offsets left 0).
    static std::vector<RankCollectives> perRank(const std::vector<MatchedCollective>& collectives, size_t rankCount);
    // The rank that arrived last most often (ties: smaller total wait, then the first), with
    // the others' waits at those collectives; htaRank left -1.
    static StragglerVerdict straggler(
        const std::vector<MatchedCollective>& collectives, const std::vector<RankCollectives>& ranks);
};

} // namespace strata::analysis
