#pragma once
#include "collectiverank.h"
#include "collectiveresult.h"

#include <store/joblayout.h>

#include <vector>

namespace strata::analysis {

// Puts the ranks of a job held in one store (store::JobLayout) on one time axis: what the
// collectives analysis reads of each rank (its block of tracks and its device tracks), the
// alignment a job opens with, and each rank's clock offset for an alignment, which the loader
// applies with store::StoreMerger::shiftRanks before the store is published. Reads the store
// as recorded: the offsets are ClockAligner's over the ranks' kernels and steps.
class JobAligner {
public:
    // Per rank of the layout, in its order: the rank's block of tracks and its device thread
    // tracks in the shared store; no launches (callers that want HTA's metric set them).
    static std::vector<CollectiveRank> ranksOf(const store::EventStore& store, const store::JobLayout& layout);
    // "as recorded" when every rank's time range (its slices and instants) overlaps every
    // other rank's (one clock, or clocks close enough to read as one); otherwise "collective
    // ends". A rank without events is left out of the test.
    static ClockAlignment defaultAlignment(const store::EventStore& store, const store::JobLayout& layout);
    // Per rank of the layout: the offset to subtract from its recorded times (0 for the
    // first rank, the reference, and for every rank under Recorded); 0 where the alignment
    // has no answer for a rank (no collective shared with the reference, no step).
    static std::vector<store::TimeNs> offsets(
        const store::EventStore& store, const store::JobLayout& layout, ClockAlignment alignment);
};

} // namespace strata::analysis
