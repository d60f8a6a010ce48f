#pragma once
#include <analysis/operators/operatortree.h>

#include <analysis/latency/latencystats.h>
#include <analysis/operators/operatortable.h>

#include <optional>
#include <string>
#include <vector>

namespace strata::report {

// The text of every table the operator docks export. The operator table and the latency
// report are written by report::OperatorReport, as strata-cli writes them, so a GUI export
// and `strata-cli ops --level L --scope S [--range A:B] --csv` (or `--json`, or
// `latency --json`) of the same profile are equal files; the tree and the CSV views of the
// latency report are built from the same rows and values.
//
// `range`: the window relative to the trace start, as --range takes it; nullopt for the
// whole trace (the CLI then writes "range_ns": null).
class OperatorExport {
public:
    // strata-cli ops --json / --csv
    static std::string opsJson(const analysis::OperatorTable& table, const std::optional<store::TimeRange>& range);
    static std::string opsCsv(const analysis::OperatorTable& table);
    // Every node of the tree, depth first in table order: "depth" and "path" (the ancestors'
    // names joined by " › ") before the ops columns.
    static std::string treeCsv(const analysis::OperatorTree& tree);
    static std::string treeJson(const analysis::OperatorTree& tree, const std::optional<store::TimeRange>& range);

    // strata-cli latency --json
    static std::string latencyJson(const analysis::LatencyStats& stats,
        const std::vector<analysis::OperatorAverage>& ops, const std::optional<store::TimeRange>& range);
    // The statistics as "statistic,value" lines (unit, count, min_ns ... p99_9_ns), the
    // values as latencyJson writes them.
    static std::string latencyStatsCsv(const analysis::LatencyStats& stats);
    static std::string histogramCsv(const analysis::LatencyStats& stats); // start_ns,end_ns,count
    // Furiosa's per-operator table: name,average_ns,count; JSON: latencyJson's "operators" array.
    static std::string operatorAveragesCsv(const std::vector<analysis::OperatorAverage>& ops);
    static std::string operatorAveragesJson(const std::vector<analysis::OperatorAverage>& ops);

    static std::string csvField(const std::string& s); // quoted when it holds , " or a newline
};

} // namespace strata::report
