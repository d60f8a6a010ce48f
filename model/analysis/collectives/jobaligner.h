#pragma once
#include "collectiverank.h"
#include "collectiveresult.h"

#include <store/joblayout.h>

#include <vector>

namespace strata::analysis {

// Puts the ranks of a job held in one store (store::JobLayout) on one time axis: what the
// collectives analysis reads of each rank (its device tracks), the alignment a job opens
// with, and each rank's clock offset for an alignment, which the loader applies with
// store::StoreMerger::shiftRanks before the store is published.
class JobAligner {
public:
    // Per rank of the layout, in its order: the rank's device tracks in the shared store.
    static std::vector<CollectiveRank> ranksOf(const store::EventStore& store, const store::JobLayout& layout);
    // "as recorded" when every rank's time range overlaps every other rank's (one clock, or
    // clocks close enough to read as one); otherwise "collective ends".
    static ClockAlignment defaultAlignment(const store::EventStore& store, const store::JobLayout& layout);
    // Per rank of the layout: the offset to subtract from its recorded times (0 for the
    // reference rank and for every rank under Recorded); 0 where the alignment has no answer
    // for a rank (no matched collective, no step).
    static std::vector<store::TimeNs> offsets(
        const store::EventStore& store, const store::JobLayout& layout, ClockAlignment alignment);
};

} // namespace strata::analysis
