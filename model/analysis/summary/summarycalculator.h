#pragma once
#include "summaryindex.h"
#include "summaryresult.h"

#include <analysis/breakdown/breakdownindex.h>

namespace strata::analysis {

// The summaries' numbers for one window, from the store and its SummaryIndex: one row per
// thread track (its overflow lanes folded in) and per async lane, one per counter series,
// plus the trace facts and import diagnostics. O(levels x log N) per call, no Qt: the GUI
// runs it on its thread pool, strata-cli on the main thread, and both show the same struct.
class SummaryCalculator {
public:
    // `window` is absolute; the whole trace is store.extent(). An empty window yields rows
    // with zero events and no counter samples. With `breakdown`, device busy time is the
    // union of each device's work (DeviceScope::devices).
    static TraceSummary compute(const store::EventStore& store, const SummaryIndex& index, store::TimeRange window,
        const BreakdownIndex* breakdown = nullptr);
    // One row, for callers that show a single track.
    static TrackSummaryRow trackRow(
        const store::EventStore& store, const SummaryIndex& index, store::TrackId track, store::TimeRange window);
    static CounterSummaryRow counterRow(
        const store::EventStore& store, const SummaryIndex& index, store::CounterId counter, store::TimeRange window);
    // The Device scope over those rows: the device tracks, or every thread (not annotation
    // lanes) when there is none.
    static DeviceScope deviceScope(const std::vector<TrackSummaryRow>& tracks);
    // Makes a device scope's busy time the union of each device's work over the window.
    static void unionBusy(
        DeviceScope& scope, const store::EventStore& store, const BreakdownIndex& breakdown, store::TimeRange window);
};

} // namespace strata::analysis
