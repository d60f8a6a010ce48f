#pragma once
#include "jsonnumber.h"

#include <analysis/operators/operatortable.h>

#include <cstddef>
#include <optional>
#include <string>

namespace strata::report {

// The operator table as `strata-cli ops --json` and `--csv` print it and the operator docks
// export it: one writer, so a GUI export and the CLI's output for the same profile are equal
// files. Numbers are rounded as JsonNumber says; a CSV cell is the JSON value's own text
// (engines joined by ';', fused members by '+').
//
// `range`: the window relative to the trace start, as --range takes it; nullopt for the
// whole trace ("range_ns": null). A `limit` above 0 keeps that many rows.
class OperatorTableReport {
public:
    explicit OperatorTableReport(const analysis::OperatorTable& table,
        const std::optional<store::TimeRange>& range = std::nullopt, size_t limit = 0);

    Json toJson() const; // "level" ... "transfer_ns", then "rows"
    std::string json() const; // toJson() indented by 2, with a final newline
    std::string csv() const; // csvHeader(), then one csvLine per row

    // The parts the operator tree's report and the compare dock reuse.
    static Json header(const analysis::OperatorTable& t, const std::optional<store::TimeRange>& range);
    static Json rowJson(const analysis::OperatorRow& r);
    static std::string csvHeader(); // the columns of a row
    static std::string csvLine(const Json& row);
    static Json rangeJson(const std::optional<store::TimeRange>& range); // [start, end] or null

private:
    const analysis::OperatorTable& m_table;
    const std::optional<store::TimeRange> m_range;
    const size_t m_limit;
};

} // namespace strata::report
