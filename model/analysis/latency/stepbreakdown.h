#pragma once
#include <analysis/breakdown/breakdownindex.h>
#include <analysis/operators/operatorcatalog.h>
#include <store/eventstore.h>

#include <atomic>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace strata::analysis {

// One instance of the repeated unit (a step) and what the device did inside it.
struct StepRow {
    uint32_t index = 0; // 1-based, in start order
    store::SliceRow row; // the step's slice
    std::string name; // the slice's name: "ProfilerStep#6"
    store::TimeNs startNs = 0; // absolute
    store::TimeNs durNs = 0;
    // The union of the Device scope's busy intervals (depth-0 slices of the device tracks and
    // their overflow lanes, or of every thread when there is no device track) clipped to
    // [start, start + dur]: overlapping streams count once, so busy <= dur.
    store::TimeNs busyNs = 0;
    store::TimeNs idleNs = 0; // durNs - busyNs
    // The operator (OperatorAggregator at the catalog's default level and scope, slices that
    // start in the step, "(none)" left out) with the largest total time; "" when none.
    std::string topOperator;
    store::TimeNs topOperatorNs = 0;
    bool outlier = false; // durNs > kOutlierRatio x the median duration
    // The time breakdown over [start, start + dur] (BreakdownIndex::rank): compute,
    // communication and commExposed are its figures; the step's idle is idleNs above (the
    // step's duration, not the breakdown's span, is what the shares are of). Absent without
    // the index or when the profile has no device work.
    std::optional<BreakdownTimes> breakdown;
    // 100 x ns / durNs; 0 for an empty step.
    double percentOfStep(store::TimeNs ns) const { return durNs > 0 ? 100.0 * double(ns) / double(durNs) : 0.0; }
};

// Mean, standard deviation (population, numpy's default) and coefficient of variation
// (std / mean; 0 when the mean is 0) of one column over the steps.
struct StepSpread {
    double meanNs = 0;
    double stdDevNs = 0;
    double cv = 0;
};

struct StepTable {
    std::string unit; // the unit the steps are instances of
    std::vector<StepRow> steps;
    double medianNs = 0; // of the durations (LatencyAnalyzer::percentile, 50)
    StepSpread duration, busy, idle;
    bool deviceFallback = false; // no device track: busy is every thread's union
};

// The Latency dock's Steps tab and `strata-cli latency --json`'s "steps": one row per
// instance of the unit, as LatencyAnalyzer finds them (the same rows, in the same order), with
// the device's busy and idle time inside each, where its time went (compute, communication,
// exposed communication: the BreakdownIndex over the step) and its top operator. Outliers are the steps
// over 1.5 x the median duration, as a straggler step is what a user looks for.
//
// Cost: one pass over the device tracks' depth-0 slices in the steps' span (sorted and
// merged once), then per step a binary search into the merged intervals and one
// OperatorAggregator call over the step; no Qt, for the thread pool and the CLI alike.
class StepBreakdown {
public:
    static constexpr double kOutlierRatio = 1.5;

    // unit: the resolved unit name (LatencyStats::unit); "" gives no steps. cancel (may be
    // null): checked between steps; a cancelled run returns what it has. breakdown (may be
    // null): the profile's BreakdownIndex, for each step's StepRow::breakdown (O(log N) a step).
    static StepTable compute(const store::EventStore& store, const OperatorCatalog& catalog, std::string_view unit,
        store::TimeRange window = { store::kTimeMin, store::kTimeMax }, const std::atomic<bool>* cancel = nullptr,
        const BreakdownIndex* breakdown = nullptr);
    static StepSpread spread(const std::vector<double>& values);
};

} // namespace strata::analysis
