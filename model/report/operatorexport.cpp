#include "operatorexport.h"

#include <analysis/operators/operatorlevel.h>
#include <report/operatorreport.h>

namespace strata::report {

using report::OperatorReport;
using Json = OperatorReport::Json;

std::string OperatorExport::csvField(const std::string& s)
{
    return OperatorReport::csvField(s);
}

std::string OperatorExport::opsJson(const analysis::OperatorTable& table, const std::optional<store::TimeRange>& range)
{
    return OperatorReport::tableJson(table, range).dump(2) + "\n";
}

std::string OperatorExport::opsCsv(const analysis::OperatorTable& table)
{
    return OperatorReport::tableCsv(table);
}

std::string OperatorExport::treeCsv(const analysis::OperatorTree& tree)
{
    std::string text = "depth,path," + OperatorReport::csvHeader() + "\n";
    std::vector<int> stack(tree.roots.rbegin(), tree.roots.rend());
    while (!stack.empty()) {
        const int n = stack.back();
        stack.pop_back();
        const analysis::OperatorTreeNode& node = tree.nodes[size_t(n)];
        const std::string parent = node.parent >= 0 ? tree.pathText(node.parent) : std::string();
        text += std::to_string(node.depth) + "," + csvField(parent) + ","
            + OperatorReport::csvLine(OperatorReport::rowJson(node.row)) + "\n";
        stack.insert(stack.end(), node.children.rbegin(), node.children.rend());
    }
    return text;
}

std::string OperatorExport::treeJson(const analysis::OperatorTree& tree, const std::optional<store::TimeRange>& range)
{
    Json out = OperatorReport::tableHeader(tree.table, range);
    Json levels = Json::array();
    for (analysis::OperatorLevel l : tree.levels)
        levels.push_back(analysis::operatorLevelName(l));
    out["levels"] = levels;
    // Children nest under "children", built bottom-up so every node is complete once.
    std::vector<Json> made(tree.nodes.size());
    for (size_t i = tree.nodes.size(); i-- > 0;) {
        const analysis::OperatorTreeNode& node = tree.nodes[i];
        Json j = OperatorReport::rowJson(node.row);
        if (size_t(node.depth) + 1 < tree.levels.size()) {
            Json kids = Json::array();
            for (int c : node.children)
                kids.push_back(std::move(made[size_t(c)]));
            j["children"] = std::move(kids);
        }
        made[i] = std::move(j);
    }
    Json rows = Json::array();
    for (int r : tree.roots)
        rows.push_back(std::move(made[size_t(r)]));
    out["rows"] = rows;
    return out.dump(2) + "\n";
}

std::string OperatorExport::latencyJson(const analysis::LatencyStats& stats,
    const std::vector<analysis::OperatorAverage>& ops, const std::optional<store::TimeRange>& range)
{
    return OperatorReport::latencyJson(stats, ops, range).dump(2) + "\n";
}

std::string OperatorExport::latencyStatsCsv(const analysis::LatencyStats& stats)
{
    const Json j = OperatorReport::latencyJson(stats, {}, std::nullopt);
    std::string text = "statistic,value\n";
    for (const char* key : { "unit", "count", "min_ns", "max_ns", "mean_ns", "median_ns", "p90_ns", "p95_ns", "p97_ns",
             "p99_ns", "p99_9_ns" }) {
        const Json& v = j.at(key);
        text += std::string(key) + "," + csvField(v.is_string() ? v.get<std::string>() : v.dump()) + "\n";
    }
    return text;
}

std::string OperatorExport::histogramCsv(const analysis::LatencyStats& stats)
{
    const Json j = OperatorReport::latencyJson(stats, {}, std::nullopt);
    std::string text = "start_ns,end_ns,count\n";
    for (const Json& b : j.at("histogram"))
        text += b.at("start_ns").dump() + "," + b.at("end_ns").dump() + "," + b.at("count").dump() + "\n";
    return text;
}

std::string OperatorExport::operatorAveragesCsv(const std::vector<analysis::OperatorAverage>& ops)
{
    std::string text = "name,average_ns,count\n";
    for (const analysis::OperatorAverage& o : ops)
        text += csvField(o.name) + "," + Json(OperatorReport::round3(o.averageNs)).dump() + ","
            + std::to_string(o.count) + "\n";
    return text;
}

std::string OperatorExport::operatorAveragesJson(const std::vector<analysis::OperatorAverage>& ops)
{
    Json list = Json::array();
    for (const analysis::OperatorAverage& o : ops)
        list.push_back(OperatorReport::averageJson(o));
    return list.dump(2) + "\n";
}

} // namespace strata::report
