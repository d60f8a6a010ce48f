#pragma once
#include "jsonnumber.h"

#include <analysis/breakdown/breakdownresult.h>
#include <store/eventstore.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace strata::report {

// The time breakdown of one or more profiles (one rank each) as `strata-cli breakdown`
// prints it (text, --json, --csv) and a dock exports it: per rank, per device and per engine,
// span, idle, compute, non-compute, communication, memory, other, the compute/communication
// overlap and the idle causes. The JSON's key names are what scripts read; they never change.
class BreakdownReport {
public:
    struct Rank {
        Rank(std::string f, const store::EventStore* s, analysis::RankBreakdown b,
            std::optional<store::TimeRange> e = std::nullopt)
            : file(std::move(f))
            , store(s)
            , breakdown(std::move(b))
            , extent(e)
        {
        }

        std::string file; // as named on the command line
        const store::EventStore* store = nullptr;
        analysis::RankBreakdown breakdown;
        // The rank's trace in the store's times when the store holds more than the rank (a
        // job's merged store: StoreMerger::rankExtents); none: the store's extent.
        std::optional<store::TimeRange> extent;
        store::TimeRange traceExtent() const { return extent ? *extent : store->extent(); }
    };

    explicit BreakdownReport(std::vector<Rank> ranks);

    // {"threshold_ns", "ranks": [{"rank", "file", "range_ns", "device_work", times...,
    // "idle_causes", "devices": [{"pid", "device", times..., "engines": [{"track", "kind",
    // times...}]}]}]}
    Json toJson() const;
    std::string json() const; // toJson() indented by 2, with a final newline
    // One row per rank, device and engine: rank,file,level,pid,device,track,kind, the times
    // in ns, comm_overlap_pct, host_wait_ns,kernel_wait_ns,idle_other_ns.
    std::string csv() const;
    // Per rank: the file, window and a table in µs (3 decimals: every ns), rank first, then
    // each device and its engines indented; "no device work" when the profile has none.
    std::string text() const;

private:
    std::vector<Rank> m_ranks;
};

} // namespace strata::report
