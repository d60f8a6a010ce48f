#pragma once
#include <analysis/latency/latencystats.h>
#include <analysis/operators/operatortable.h>

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace strata::report {

// The operator table and the latency report as strata-cli prints them (`ops --json`,
// `ops --csv`, `latency --json`) and the operator docks export them: one writer, so a GUI
// export and the CLI's output for the same profile are equal files. Numbers are rounded
// here (nanoseconds to 3 decimals, shares to 6) and written by nlohmann_json; a CSV cell is
// the JSON value's own text.
//
// `range`: the window relative to the trace start, as --range takes it; nullopt for the
// whole trace ("range_ns": null).
class OperatorReport {
public:
    using Json = nlohmann::ordered_json;

    // "level" ... "transfer_ns", then "rows"; a `limit` above 0 keeps that many rows.
    static Json tableJson(
        const analysis::OperatorTable& t, const std::optional<store::TimeRange>& range, size_t limit = 0);
    static Json tableHeader(const analysis::OperatorTable& t, const std::optional<store::TimeRange>& range);
    static Json rowJson(const analysis::OperatorRow& r);
    static std::string tableCsv(const analysis::OperatorTable& t, size_t limit = 0);
    static std::string csvHeader(); // the columns of a row
    static std::string csvLine(const Json& row);

    static Json latencyJson(const analysis::LatencyStats& stats, const std::vector<analysis::OperatorAverage>& ops,
        const std::optional<store::TimeRange>& range);
    static Json averageJson(const analysis::OperatorAverage& op); // one of latencyJson's "operators"

    static double round3(double v); // a fraction of a nanosecond past 1e-3 carries nothing
    static std::string csvField(const std::string& s); // quoted when it holds , " or a line break
};

} // namespace strata::report
