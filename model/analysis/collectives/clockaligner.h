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
};

} // namespace strata::analysis
