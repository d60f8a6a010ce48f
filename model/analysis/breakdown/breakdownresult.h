#pragma once
// The time breakdown of one profile (one rank) over a window, as `strata-cli breakdown`
// prints it and a dock shows it: plain values, filled by BreakdownCalculator::compute().
#include "breakdowntimes.h"

#include <store/trackinfo.h>
#include <store/workkind.h>

#include <optional>
#include <string>
#include <vector>

namespace strata::analysis {

// A kind of work as the breakdown names it: "compute", "communication", "memory", or
// "other" (sync markers, and anything else that is not the first three).
inline const char* breakdownKindName(store::WorkKind k)
{
    return k == store::WorkKind::Compute      ? "compute"
        : k == store::WorkKind::Communication ? "communication"
        : k == store::WorkKind::Memory        ? "memory"
                                              : "other";
}

struct EngineBreakdown {
    store::TrackId track;
    std::string label; // EventStore::trackLabel
    store::WorkKind kind = store::WorkKind::Compute; // BreakdownIndex::Engine::kind
    BreakdownTimes times;
};

struct DeviceBreakdown {
    store::ProcessId process;
    store::IdValue pid; // as written in the file
    std::string label; // EventStore::processLabel
    BreakdownTimes times;
    std::vector<EngineBreakdown> engines; // in track order
};

struct RankBreakdown {
    std::optional<int64_t> rank; // the trace's distributedInfo rank, when it states one
    store::TimeRange window; // absolute
    store::TimeNs thresholdNs = 0; // kernel-wait threshold of the idle causes
    BreakdownTimes times; // all device work of the file
    std::vector<DeviceBreakdown> devices; // empty: the profile has no device work
};

} // namespace strata::analysis
