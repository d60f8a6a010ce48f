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
// display order; the global instants of every rank go to one global track, TrackId 0, sorted
// by (time, rank), which belongs to no rank, and each carries its rank as its last arg
// "rank" (so shiftRanks moves it with its rank); strings and types are interned once across
// ranks (an operator of one name is one type in the job) and argument sets deduplicated;
// slice, instant, counter, flow and memory rows keep their order inside each rank with
// offsets added. Processes and memory spaces are named "rank R · NAME" (a process's NAME is
// its name, else "Process PID", or a string pid as it is); pids are kept as they are (ranks
// on different hosts share pids: nothing may key by pid). The rank's metadata keys and
// diagnostic messages are prefixed "rank R · "; diagnostic counts and skipped content are
// summed. The JobLayout entries come last in the metadata.
//
// Memory: the slice and instant columns grow by realloc (Column::growUninitialized) and the
// argument words, hashes and offsets by PodVector, so appending a rank costs the rank's own
// size plus its id maps (4 bytes per string, type and argument set of the rank) and the
// argument index's rehash, not a copy of what is merged so far; the smaller tables (tracks,
// levels, counters, flows) are vectors that double. Measured on 1M-event Kineto ranks: an
// append's peak is the merged store after it plus the rank plus a few MB, and it takes about
// 0.45 s of CPU per million events (most of it deduplicating argument sets).
// After an exception (a table past its 32-bit ids) the merger is not to be used again.
class StoreMerger {
public:
    explicit StoreMerger(std::string alignment = "recorded");

    // Appends the next rank (rank numbers strictly increasing, else std::invalid_argument;
    // `store` must not be null): its columns are copied and `store` is released here, so it
    // is freed now unless the caller still holds it. A rank with no events is a rank with
    // empty blocks. The rank's argument table may keep repeated sets (ArgTable::keepRepeats):
    // each set is looked up in the job's table here anyway.
    void append(int64_t rank, const std::string& file, bool rankFromName, std::shared_ptr<const EventStore> store);
    size_t rankCount() const;

    // The merged store, with the JobLayout (every offset 0). The merger is empty afterwards.
    std::unique_ptr<EventStore> finish();

    // Moves each rank's times by its offset (aligned = recorded - offsetNs; offsets per entry
    // of JobLayout::of(store).ranks()), keeping every order invariant, and records the offsets
    // and `alignment` in the layout. A store shifted before moves by the difference to the
    // offsets it records, so shifting again re-aligns. Every time of a rank's tracks moves
    // (slices, instants, counter samples, its global instants, its memory spaces' accesses and
    // regions); flows hold slice rows, not times. The extent becomes the range of the times
    // held. Refuses (std::invalid_argument, the store unchanged) a store that is not a job, a
    // wrong count of offsets, an unknown alignment, or a shift that would move a time out of
    // the store's range. For the loader, before the store is published: the store is
    // immutable once any reader has it.
    static void shiftRanks(EventStore& store, const std::vector<TimeNs>& offsetsNs, const std::string& alignment);
    // Per entry of JobLayout::of(store).ranks(): the range of the times the rank holds (its
    // tracks' slices, instants and counter samples, its global instants, its memory
    // accesses), in the store's times: its own file's extent moved by its offset, so a report
    // of one rank of a job reads what it reads of the rank's own store. Empty for a rank
    // with no times; none for a store that is not a job.
    static std::vector<TimeRange> rankExtents(const EventStore& store);

private:
    struct GlobalInstant {
        TimeNs ts;
        TypeId type;
        ArgSetId args;
    };
    struct RankMaps; // a rank's ids in the merged store

    void mapTables(const EventStore& src, RankMaps& m);
    void appendTracks(const EventStore& src, int64_t rank, const RankMaps& m, JobRank& entry);
    void appendSlices(const EventStore& src, const RankMaps& m);
    void appendInstants(const EventStore& src, int64_t rank, const RankMaps& m);
    void appendCountersAndFlows(const EventStore& src, const RankMaps& m);
    void appendMemory(const EventStore& src, int64_t rank, const RankMaps& m);
    void appendWholeTrace(const EventStore& src, int64_t rank);
    void placeGlobalInstants();
    static void shiftTracks(EventStore& s, const JobRank& r, TimeNs delta);
    // The times outside the ranks' track blocks, each by its owner's delta (-1: none).
    static void shiftOwned(EventStore& s, RowRange globalRows, const std::vector<int>& global,
        const std::vector<int>& space, const std::vector<int>& access, const std::vector<TimeNs>& delta);

    std::string m_alignment;
    std::unique_ptr<EventStore> m_store;
    std::vector<JobRank> m_ranks;
    std::vector<GlobalInstant> m_global; // every rank's, in rank order; placed by finish()
    bool m_anyExtent = false;
};

} // namespace strata::store
