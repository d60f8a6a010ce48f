#pragma once
#include "comparerow.h"
#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatorcatalog.h>
#include <analysis/operators/operatortable.h>
#include <store/eventstore.h>

#include <atomic>
#include <vector>

namespace strata::analysis {

class OperatorWindowIndex;

// One side of a comparison: a finished store, its catalog and the window to aggregate
// (slices starting inside it count, as in OperatorAggregator).
struct CompareInput {
    const store::EventStore* store = nullptr;
    const OperatorCatalog* catalog = nullptr;
    store::TimeRange window = OperatorAggregator::wholeTrace();
    // Optional: the side's window index. When it is built for the comparison's level and
    // scope, the side's counts and totals come from it (the same numbers, without visiting
    // every slice of a wide window); otherwise OperatorAggregator runs.
    const OperatorWindowIndex* index = nullptr;
    // Optional: the side's stepStarts(). When given, its step count in the window is two
    // binary searches instead of a pass over the thread tracks.
    const std::vector<store::TimeNs>* stepStarts = nullptr;
};

struct CompareOptions {
    OperatorLevel level = OperatorLevel::Op;
    OperatorScope scope = OperatorScope::Device;
    bool perStep = false; // divide counts and totals by each side's step count (when > 0)
    double thresholdPct = 2.0; // |Δ %| below it is "unchanged"
};

// The Compare table (HTA's TraceDiff, TraceLens' report diff): the operator table of A and of
// B at one level, scope and window each, joined by normalised name. Cost per side: a query of
// its window index when the caller gives one (about a millisecond on 10M events); else one
// index-building pass over its rows in scope when the window holds more than a quarter of
// them, or an OperatorAggregator pass over the window; plus counting its steps (binary
// searches with CompareInput::stepStarts, else a pass over the thread tracks). Then a hash
// join over the rows. Never on the GUI thread for a whole trace.
class CompareAggregator {
public:
    static CompareResult compare(const CompareInput& a, const CompareInput& b, const CompareOptions& options,
        const std::atomic<bool>* cancel = nullptr);
    // The join alone, over tables already aggregated with the same level and scope.
    static CompareResult join(const OperatorTable& a, const OperatorTable& b, uint64_t stepsA, uint64_t stepsB,
        const CompareOptions& options);
    // Device when both profiles have device tracks with slices, else All.
    static OperatorScope defaultScope(const OperatorCatalog& a, const OperatorCatalog& b);
    // The number of instances of the profile's repeated unit (LatencyAnalyzer::defaultUnit)
    // that start inside the window; 0 when the profile has none.
    static uint64_t steps(const store::EventStore& store, const OperatorCatalog& catalog, store::TimeRange window);
    // The start times of all those instances in the whole trace, ascending; empty when none.
    // One pass over the thread tracks: a caller comparing many windows keeps it per profile.
    static std::vector<store::TimeNs> stepStarts(const store::EventStore& store, const OperatorCatalog& catalog);
    // How many of `starts` lie in [window.start, window.end).
    static uint64_t steps(const std::vector<store::TimeNs>& starts, store::TimeRange window);
    // Status of a row from its counts and Δ %, as compare() decides it (compare() also calls a
    // row slower when A's slices took no time and B's some, which has no Δ %).
    static CompareStatus status(double aCount, double bCount, std::optional<double> deltaPct, double thresholdPct);
};

} // namespace strata::analysis
