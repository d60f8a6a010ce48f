#pragma once
#include "jsonnumber.h"

#include <analysis/latency/latencystats.h>
#include <analysis/latency/stepbreakdown.h>

#include <optional>
#include <string>
#include <vector>

namespace strata::report {

// The latency of a repeated unit as `strata-cli latency --json` prints it and the Latency
// dock exports it (the statistics, the histogram and the per-operator averages, each also as
// CSV). Figures are rounded to 3 decimals (JsonNumber); the CSV views hold the JSON's values.
//
// `ops`: the operators' average time per unit instance; `range`: the window relative to the
// trace start, nullopt for the whole trace ("range_ns": null).
class LatencyReport {
public:
    explicit LatencyReport(const analysis::LatencyStats& stats, const std::vector<analysis::OperatorAverage>& ops = {},
        const std::optional<store::TimeRange>& range = std::nullopt);

    // "unit", "default_unit", "range_ns", "count", "min_ns" ... "p99_9_ns", "histogram",
    // "operators".
    Json toJson() const;
    std::string json() const; // toJson() indented by 2, with a final newline
    // The statistics as "statistic,value" lines (unit, count, min_ns ... p99_9_ns).
    std::string csv() const;
    std::string histogramCsv() const; // start_ns,end_ns,count
    // Furiosa's per-operator table: name,average_ns,count; JSON: toJson()'s "operators".
    std::string averagesCsv() const;
    std::string averagesJson() const;

    static Json averageJson(const analysis::OperatorAverage& op); // one of the "operators"
    // Appends the Steps table (StepBreakdown) to a toJson(): "steps", one object per step
    // (index, name, start_ns from the trace start `origin`, dur_ns, device_busy_ns, idle_ns,
    // compute_ns, communication_ns, comm_exposed_ns (StepRow::breakdown; null without device
    // work), top_operator, top_operator_ns, outlier), and "steps_spread" (mean, std and cv of
    // dur_ns, device_busy_ns and idle_ns; "device_scope_fallback" when there is no device
    // track).
    static void addSteps(Json& out, const analysis::StepTable& steps, store::TimeNs origin);

private:
    const analysis::LatencyStats& m_stats;
    const std::vector<analysis::OperatorAverage> m_ops; // a copy: the default {} is a temporary
    const std::optional<store::TimeRange> m_range;
};

} // namespace strata::report
