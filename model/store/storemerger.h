#pragma once
#include "eventstore.h"
#include "joblayout.h"

#include <memory>
#include <string>
#include <vector>

namespace strata::store {

// Puts the finalized stores of a job's ranks into one store, the one every dock reads, so a
// job of N ranks opens in one window as one profile. Ranks are appended in rank order, each
// as soon as it is loaded, and each rank's store is released as it is appended, so the peak
// is the merged store plus the ranks not yet appended, not twice the job.
//
// The merged store keeps every invariant of a finalized store (EventStore, TrackInfo): rank
// r's processes and tracks form one contiguous block after rank r-1's, in the rank's own
// display order (the global instants of every rank go to one global track, first); strings
// and types are interned once across ranks (an operator of one name is one type in the job);
// slice, instant, counter, flow and memory rows keep their order inside each rank with
// offsets added. Each process is named "rank R · NAME" (NAME its name, else "Process PID").
// The rank's metadata keys are prefixed "rank R · "; the JobLayout entries are added.
class StoreMerger {
public:
    explicit StoreMerger(std::string alignment = "recorded");

    // Appends the next rank (rank numbers strictly increasing): its columns are copied and
    // `store` is released here, so it is freed now unless the caller still holds it.
    void append(int64_t rank, const std::string& file, bool rankFromName, std::shared_ptr<const EventStore> store);
    size_t rankCount() const;

    // The merged store, with the JobLayout (every offset 0). The merger is empty afterwards.
    std::unique_ptr<EventStore> finish();

    // Moves each rank's times by its offset (aligned = recorded - offsetNs; offsets per entry
    // of JobLayout::of(store).ranks()), keeping every order invariant, and records the offsets
    // and `alignment` in the layout. For the loader, before the store is published: the store
    // is immutable once any reader has it.
    static void shiftRanks(EventStore& store, const std::vector<TimeNs>& offsetsNs, const std::string& alignment);
};

} // namespace strata::store
