#pragma once
#include "eventstore.h"
#include "joblayout.h"

#include <memory>

namespace strata::store {

// One rank of a job's merged store (StoreMerger) as a store of its own, so an analysis made
// for one profile (the findings rules, as strata-cli findings runs them on each rank's file)
// reads exactly that rank. It holds the rank's processes (their names without the merge's
// "rank R · " prefix), tracks, slices, instants, counters, flows and metadata (keys without
// the prefix, the job's layout left out), in the merged store's order: rank track
// JobRank::trackBegin + t of the merged store is TrackId t here, and times stay the merged
// store's (aligned), so what an analysis finds here maps back by adding trackBegin. The
// string, type and argument tables are copies of the merged store's (same ids), so a
// rank costs those tables once more while it lives; the global instants, memory accesses,
// diagnostics and skipped content are not carried (no rule reads them). The extent is the
// range of the rank's own times.
class RankStore {
public:
    // `rank` is one of JobLayout::of(merged).ranks().
    static std::unique_ptr<EventStore> extract(const EventStore& merged, const JobRank& rank);

private:
    static void copyTracks(const EventStore& m, const JobRank& r, EventStore& s);
    static void copyRows(const EventStore& m, EventStore& s, RowRange slices, RowRange instants);
    static void copyCountersAndFlows(const EventStore& m, const JobRank& r, EventStore& s, RowRange slices);
    static void copyWholeTrace(const EventStore& m, const JobRank& r, EventStore& s);
};

} // namespace strata::store
