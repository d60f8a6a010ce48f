#pragma once
#include <store/eventstore.h>

#include <cstdint>
#include <vector>

namespace strata::analysis {

class LaunchIndex;

// One rank of a job as the collectives analysis reads it: its rank number, the store holding
// it and the device tracks that are its GPU. The same input serves ranks loaded as separate
// stores (one per file) and ranks that share one store (a process group per rank): the tracks
// say which part of the store is this rank.
struct CollectiveRank {
    int64_t rank = 0;
    const store::EventStore* store = nullptr;
    // The device tracks to consider (their overflow lanes are added); empty: every device track.
    std::vector<store::TrackId> tracks;
    // Ties kernels to their launch calls, for the step a kernel belongs to (Holistic Trace
    // Analysis's straggler metric); null: no kernel has a step and that metric has no answer.
    const LaunchIndex* launches = nullptr;
};

} // namespace strata::analysis
