#pragma once
#include <store/eventstore.h>

#include <cstdint>
#include <limits>
#include <vector>

namespace strata::analysis {

class LaunchIndex;

// One rank of a job as the collectives analysis reads it: its rank number, the store holding
// it and the device tracks that are its GPU. The same input serves ranks loaded as separate
// stores (one per file) and ranks that share one store (a process group per rank): the block
// of tracks says which part of the store is this rank.
struct CollectiveRank {
    int64_t rank = 0;
    const store::EventStore* store = nullptr;
    // The rank's block of tracks [trackBegin, trackEnd) in a store it shares with other ranks
    // (store::JobRank's): its steps, launches and kernels are read there only. The default
    // is the whole store.
    uint32_t trackBegin = 0;
    uint32_t trackEnd = std::numeric_limits<uint32_t>::max();
    // The device tracks to consider (their overflow lanes are added); empty: every device
    // track of the block.
    std::vector<store::TrackId> tracks;
    // Ties kernels to their launch calls, for the step a kernel belongs to (Holistic Trace
    // Analysis's straggler metric); null: no kernel has a step and that metric has no answer.
    const LaunchIndex* launches = nullptr;

    bool owns(store::TrackId t) const { return t.v >= trackBegin && t.v < trackEnd; }
};

} // namespace strata::analysis
