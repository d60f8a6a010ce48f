#pragma once
#include "operatorcatalog.h"
#include "operatortable.h"
#include <analysis/time/windowrule.h>
#include <store/eventstore.h>

#include <atomic>

namespace strata::analysis {

// The operator table (as the Neuron profiler's Operator Table widget shows it): slices
// grouped by their key at one level of the operator hierarchy, with count,
// total/self/avg/min/max/median duration, share of busy time, bytes, FLOPs, MFU/HFU,
// engines, fused members and the execution vs data-transfer split.
//
// Which slices: those of the thread tracks (and their overflow lanes) in scope — device
// engine tracks by default when the trace has any, else every thread — that START inside
// the window [start, end). A slice counts with its whole duration. Self time subtracts
// every direct child, including children that start after the window ends.
//
// Percent: a row's self time over the table's busyNs, the summed self time of all rows,
// which equals the busy time of the tracks in scope (each overflow lane counted as its own
// track). Rows of one level therefore add up to 100 %, whatever the nesting.
//
// Cost: two binary searches per track level, then one pass over the rows in the window,
// split into chunks over up to `threads` cores (0: as many as there are, at most 4; each
// keeps its own accumulators, merged at the end). Never call it on the GUI thread for a
// whole trace.
class OperatorAggregator {
public:
    // Slices that start in the window count whole (see the class comment).
    static constexpr WindowRule kWindowRule = WindowRule::StartsIn;
    static OperatorTable aggregate(const store::EventStore& store, const OperatorCatalog& catalog, OperatorLevel level,
        store::TimeRange window, OperatorScope scope, const std::atomic<bool>* cancel = nullptr, unsigned threads = 0);
    // With defaultScope(catalog).
    static OperatorTable aggregate(
        const store::EventStore& store, const OperatorCatalog& catalog, OperatorLevel level, store::TimeRange window);
    // Device when the trace has a device track with slices, else All.
    static OperatorScope defaultScope(const OperatorCatalog& catalog);
    static store::TimeRange wholeTrace() { return { store::kTimeMin, store::kTimeMax }; }
    static bool inScope(
        const store::EventStore& store, const OperatorCatalog& catalog, store::TrackId track, OperatorScope scope);
};

} // namespace strata::analysis
