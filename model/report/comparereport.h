#pragma once
#include "jsonnumber.h"

#include <analysis/compare/comparerow.h>
#include <analysis/latency/latencystats.h>

#include <string>

namespace strata::report {

// The Compare table as `strata-cli diff` prints it (--json, --csv), for the dock's export to
// write the same file. Keys: "level"; "a" and "b", each {file, busy_ns, events, steps};
// "rows", each {name, status, a_count, b_count, a_total_ns, b_total_ns, delta_ns, delta_pct,
// a_avg_ns, b_avg_ns, delta_avg_ns, normalised, a_names, b_names}; "latency": {unit, a, b},
// each side {count, p50_ns, p90_ns, p99_ns, min_ns, max_ns, mean_ns}. Whole numbers (counts
// and totals when not per step) are written as integers, so with one raw name per side a
// row's counts and totals read exactly as `strata-cli ops --json` writes them; averages and
// per-step figures are rounded to 3 decimals, Δ % to 6. delta_pct is null when A has none.
//
// fileA, fileB: the files as the command line named them; latencyA, latencyB: each side's
// latency of one unit (empty stats when neither profile has a repeated unit). The CSV needs
// neither.
class CompareReport {
public:
    explicit CompareReport(const analysis::CompareResult& result, std::string fileA = {}, std::string fileB = {},
        analysis::LatencyStats latencyA = {}, analysis::LatencyStats latencyB = {});

    Json toJson() const;
    std::string json() const; // toJson() indented by 2, with a final newline
    std::string csv() const; // csvHeader(), then one csvLine per row

    // The parts the Compare dock's export of its shown rows reuses.
    static Json sideJson(const analysis::CompareSideTotals& side, const std::string& file);
    static Json rowJson(const analysis::CompareRow& row);
    // unit: the unit both sides were analysed with ("" when neither profile has one: null).
    static Json latencyJson(const std::string& unit, const analysis::LatencyStats& a, const analysis::LatencyStats& b);
    static std::string csvHeader(); // the keys of a row
    static std::string csvLine(const Json& row); // names joined with ';'

private:
    const analysis::CompareResult& m_result;
    const std::string m_fileA, m_fileB;
    const analysis::LatencyStats m_latencyA, m_latencyB;
};

} // namespace strata::report
