#pragma once
#include "collectiveresult.h"
#include "commkernels.h"
#include "profilersteps.h"

#include <vector>

namespace strata::analysis {

// Puts ranks recorded on different hosts' clocks on one time axis: per rank the offset to
// subtract from its recorded times, the first rank being the reference (offset 0).
//  - Recorded: every offset 0 (ranks on one host share a clock).
//  - CollectiveEnds: a blocking collective releases every rank at nearly the same moment, so
//    a rank's offset is the median, over the collectives it shares with the reference, of
//    (its end - the reference's end); matched as CollectiveMatcher does, which needs no clock.
//    The median of an even count is the mean of the middle two, rounded down.
//  - FirstStep: its first ProfilerStep's start - the reference's.
// A rank with nothing to compare (no shared collective, no step) keeps offset 0.
class ClockAligner {
public:
    static std::vector<store::TimeNs> offsets(ClockAlignment alignment,
        const std::vector<std::vector<CommSeries>>& series, const std::vector<std::vector<ProfilerStep>>& steps);
    // CollectiveEnds' offsets from collectives already matched, `rankCount` long: on top of
    // the offsets they were matched with (matching itself does not depend on offsets); the
    // median of each rank's endDiffs().
    static std::vector<store::TimeNs> byCollectiveEnds(
        const std::vector<MatchedCollective>& collectives, size_t rankCount);
    // Per rank, `rankCount` long: its end - the reference's at each collective both take part
    // in, in the collectives' order (none for the reference itself).
    static std::vector<std::vector<store::TimeNs>> endDiffs(
        const std::vector<MatchedCollective>& collectives, size_t rankCount);
    // The median of v; of an even count, the mean of the middle two rounded down.
    static store::TimeNs median(std::vector<store::TimeNs> v);
};

} // namespace strata::analysis
