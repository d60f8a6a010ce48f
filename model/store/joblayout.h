#pragma once
#include "types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace strata::store {

class EventStore;

// One rank of a job merged into one store (StoreMerger): which processes and tracks are its,
// the file it came from and the clock offset applied to its times.
struct JobRank {
    int64_t rank = 0;
    std::string file; // the member file, as the user opened it
    bool rankFromName = false; // no distributedInfo.rank in the file: the number in its name
    TimeNs offsetNs = 0; // subtracted from the recorded times: aligned = recorded - offsetNs
    uint32_t processBegin = 0, processCount = 0; // its ProcessIds: [begin, begin + count)
    uint32_t trackBegin = 0, trackCount = 0; // its TrackIds: [begin, begin + count), display order

    friend bool operator==(const JobRank& a, const JobRank& b);
};

// The ranks of a job held in one store, in rank order. A job's store keeps this in its
// metadata (key kRankKey, one entry per rank, plus kAlignmentKey), so snapshots and .strata
// files carry a whole job with no section of their own, and a store that is not a job has
// none of these keys. Invariant of a decoded layout: ranks strictly increasing; process and
// track blocks contiguous, in rank order, non-overlapping, inside the store (the global
// instant track, when there is one, belongs to no rank). A layout that breaks it is not a job
// (of() returns an empty layout and says why in *error).
class JobLayout {
public:
    static constexpr std::string_view kRankKey = "strata.job.rank";
    static constexpr std::string_view kAlignmentKey = "strata.job.alignment";

    // The layout a store's metadata describes; empty when the store is not a job.
    static JobLayout of(const EventStore& store, std::string* error = nullptr);
    // The same from metadata entries and the store's process and track counts.
    static JobLayout fromMetadata(const std::vector<std::pair<std::string, std::string>>& metadata, size_t processCount,
        size_t trackCount, std::string* error = nullptr);

    // One metadata value for a rank: "rank=3;processes=4+2;tracks=10+7;offset_ns=-1500;name=0;file=PATH"
    // (the file last, so it may hold any character). decode() is its inverse.
    static std::string encode(const JobRank& r);
    static std::optional<JobRank> decode(std::string_view value);

    bool isJob() const { return !m_ranks.empty(); }
    const std::vector<JobRank>& ranks() const { return m_ranks; }
    // "recorded", "collectives" or "first-step" (analysis::clockAlignmentName); "recorded"
    // when the metadata does not say.
    const std::string& alignment() const { return m_alignment; }
    // Index into ranks() of the rank holding the process or track; -1 for none (not a job, the
    // global instant track).
    int rankIndexOfProcess(ProcessId p) const;
    int rankIndexOfTrack(TrackId t) const;

    void setRanks(std::vector<JobRank> ranks) { m_ranks = std::move(ranks); }
    void setAlignment(std::string a) { m_alignment = std::move(a); }
    // The metadata entries that describe this layout (kAlignmentKey, then kRankKey per rank).
    std::vector<std::pair<std::string, std::string>> metadataEntries() const;

private:
    std::vector<JobRank> m_ranks;
    std::string m_alignment = "recorded";
};

} // namespace strata::store
