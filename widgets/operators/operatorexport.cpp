#include "operatorexport.h"

#include <store/operatorlevel.h>

// Header-only, from the system (the CLI links the same library): the GUI must write numbers
// exactly as strata-cli does, and the JSON library's number formatting is what decides that.
#include <nlohmann/json.hpp>

#include <cmath>

namespace strata::widgets {

namespace {

using nlohmann::ordered_json;

// --- from app/cli/opscommand.cpp: keep in step --------------------------------------------

ordered_json count(double v)
{
    if (std::floor(v) == v && std::fabs(v) < 9.0e15)
        return ordered_json(static_cast<int64_t>(v));
    return ordered_json(v);
}

double round3(double v) { return std::round(v * 1e3) / 1e3; }
double round6(double v) { return std::round(v * 1e6) / 1e6; }

ordered_json rowJson(const store::OperatorRow& r)
{
    ordered_json j;
    j["name"] = r.name;
    j["count"] = r.count;
    j["total_ns"] = r.totalNs;
    j["self_ns"] = r.selfNs;
    j["avg_ns"] = round3(r.avgNs);
    j["min_ns"] = r.minNs;
    j["max_ns"] = r.maxNs;
    j["median_ns"] = round3(r.medianNs);
    j["percent"] = round6(r.percent);
    j["execution_ns"] = r.executionNs();
    j["transfer_ns"] = r.transferNs;
    j["bytes"] = r.hasBytes ? count(r.bytes) : ordered_json();
    j["flops"] = r.hasFlops ? count(r.flops) : ordered_json();
    j["mfu"] = r.mfu >= 0 ? ordered_json(round6(r.mfu)) : ordered_json();
    j["hfu"] = r.hfu >= 0 ? ordered_json(round6(r.hfu)) : ordered_json();
    j["engines"] = r.engines;
    j["fused"] = r.fusedMembers;
    return j;
}

const char* const kOpsColumns[] = {"name", "count", "total_ns", "self_ns", "avg_ns", "min_ns", "max_ns", "median_ns",
    "percent", "execution_ns", "transfer_ns", "bytes", "flops", "mfu", "hfu", "engines", "fused"};

std::string join(const ordered_json& list, const char* sep)
{
    std::string out;
    for (const auto& v : list)
        out += (out.empty() ? "" : sep) + v.get<std::string>();
    return out;
}

// A CSV cell is the JSON value's own text, so both formats carry identical numbers.
std::string cell(const std::string& column, const ordered_json& v)
{
    if (column == "engines")
        return join(v, ";");
    if (column == "fused")
        return join(v, "+");
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_null())
        return std::string();
    return v.dump();
}

std::string opsCsvLine(const ordered_json& row)
{
    std::string line;
    for (const char* c : kOpsColumns)
        line += (c == kOpsColumns[0] ? "" : ",") + OperatorExport::csvField(cell(c, row.at(c)));
    return line;
}

std::string opsCsvHeader()
{
    std::string line;
    for (const char* c : kOpsColumns)
        line += (line.empty() ? "" : ",") + std::string(c);
    return line;
}

ordered_json rangeJson(const std::optional<store::TimeRange>& range)
{
    return range ? ordered_json::array({range->start, range->end}) : ordered_json();
}

ordered_json tableHeader(const store::OperatorTable& t, const std::optional<store::TimeRange>& range)
{
    ordered_json out;
    out["level"] = store::operatorLevelName(t.level);
    out["scope"] = store::operatorScopeName(t.scope);
    out["range_ns"] = rangeJson(range);
    out["events"] = t.events;
    out["busy_ns"] = t.busyNs;
    out["execution_ns"] = t.executionNs;
    out["transfer_ns"] = t.transferNs;
    return out;
}

// --- from app/cli/latencycommand.cpp ------------------------------------------------------

ordered_json latencyObject(const store::LatencyStats& st, const std::vector<store::OperatorAverage>& ops,
    const std::optional<store::TimeRange>& range)
{
    ordered_json out;
    out["unit"] = st.unit;
    out["default_unit"] = st.defaultUnit;
    out["range_ns"] = rangeJson(range);
    out["count"] = st.count;
    out["min_ns"] = st.minNs;
    out["max_ns"] = st.maxNs;
    out["mean_ns"] = round3(st.meanNs);
    out["median_ns"] = round3(st.medianNs);
    out["p90_ns"] = round3(st.p90Ns);
    out["p95_ns"] = round3(st.p95Ns);
    out["p97_ns"] = round3(st.p97Ns);
    out["p99_ns"] = round3(st.p99Ns);
    out["p99_9_ns"] = round3(st.p99_9Ns);
    ordered_json hist = ordered_json::array();
    for (const store::LatencyBin& b : st.histogram)
        hist.push_back({{"start_ns", round3(b.startNs)}, {"end_ns", round3(b.endNs)}, {"count", b.count}});
    out["histogram"] = hist;
    ordered_json list = ordered_json::array();
    for (const store::OperatorAverage& o : ops)
        list.push_back({{"name", o.name}, {"average_ns", round3(o.averageNs)}, {"count", o.count}});
    out["operators"] = list;
    return out;
}

} // namespace

std::string OperatorExport::csvField(const std::string& s)
{
    if (s.find_first_of(",\"\n\r") == std::string::npos)
        return s;
    std::string out = "\"";
    for (char c : s)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string OperatorExport::opsJson(const store::OperatorTable& table, const std::optional<store::TimeRange>& range)
{
    ordered_json out = tableHeader(table, range);
    ordered_json rows = ordered_json::array();
    for (const store::OperatorRow& row : table.rows)
        rows.push_back(rowJson(row));
    out["rows"] = rows;
    return out.dump(2) + "\n";
}

std::string OperatorExport::opsCsv(const store::OperatorTable& table)
{
    std::string text = opsCsvHeader() + "\n";
    for (const store::OperatorRow& row : table.rows)
        text += opsCsvLine(rowJson(row)) + "\n";
    return text;
}

std::string OperatorExport::treeCsv(const OperatorTree& tree)
{
    std::string text = "depth,path," + opsCsvHeader() + "\n";
    std::vector<int> stack(tree.roots.rbegin(), tree.roots.rend());
    while (!stack.empty()) {
        const int n = stack.back();
        stack.pop_back();
        const OperatorTreeNode& node = tree.nodes[size_t(n)];
        const std::string parent = node.parent >= 0 ? tree.pathText(node.parent) : std::string();
        text += std::to_string(node.depth) + "," + csvField(parent) + "," + opsCsvLine(rowJson(node.row)) + "\n";
        stack.insert(stack.end(), node.children.rbegin(), node.children.rend());
    }
    return text;
}

std::string OperatorExport::treeJson(const OperatorTree& tree, const std::optional<store::TimeRange>& range)
{
    ordered_json out = tableHeader(tree.table, range);
    ordered_json levels = ordered_json::array();
    for (store::OperatorLevel l : tree.levels)
        levels.push_back(store::operatorLevelName(l));
    out["levels"] = levels;
    // Children nest under "children", built bottom-up so every node is complete once.
    std::vector<ordered_json> made(tree.nodes.size());
    for (size_t i = tree.nodes.size(); i-- > 0;) {
        const OperatorTreeNode& node = tree.nodes[i];
        ordered_json j = rowJson(node.row);
        if (size_t(node.depth) + 1 < tree.levels.size()) {
            ordered_json kids = ordered_json::array();
            for (int c : node.children)
                kids.push_back(std::move(made[size_t(c)]));
            j["children"] = std::move(kids);
        }
        made[i] = std::move(j);
    }
    ordered_json rows = ordered_json::array();
    for (int r : tree.roots)
        rows.push_back(std::move(made[size_t(r)]));
    out["rows"] = rows;
    return out.dump(2) + "\n";
}

std::string OperatorExport::latencyJson(const store::LatencyStats& stats,
    const std::vector<store::OperatorAverage>& ops, const std::optional<store::TimeRange>& range)
{
    return latencyObject(stats, ops, range).dump(2) + "\n";
}

std::string OperatorExport::latencyStatsCsv(const store::LatencyStats& stats)
{
    const ordered_json j = latencyObject(stats, {}, std::nullopt);
    std::string text = "statistic,value\n";
    for (const char* key : {"unit", "count", "min_ns", "max_ns", "mean_ns", "median_ns", "p90_ns", "p95_ns", "p97_ns",
             "p99_ns", "p99_9_ns"}) {
        const ordered_json& v = j.at(key);
        text += std::string(key) + "," + csvField(v.is_string() ? v.get<std::string>() : v.dump()) + "\n";
    }
    return text;
}

std::string OperatorExport::histogramCsv(const store::LatencyStats& stats)
{
    const ordered_json j = latencyObject(stats, {}, std::nullopt);
    std::string text = "start_ns,end_ns,count\n";
    for (const ordered_json& b : j.at("histogram"))
        text += b.at("start_ns").dump() + "," + b.at("end_ns").dump() + "," + b.at("count").dump() + "\n";
    return text;
}

std::string OperatorExport::operatorAveragesCsv(const std::vector<store::OperatorAverage>& ops)
{
    std::string text = "name,average_ns,count\n";
    for (const store::OperatorAverage& o : ops)
        text += csvField(o.name) + "," + ordered_json(round3(o.averageNs)).dump() + "," + std::to_string(o.count) + "\n";
    return text;
}

std::string OperatorExport::operatorAveragesJson(const std::vector<store::OperatorAverage>& ops)
{
    ordered_json list = ordered_json::array();
    for (const store::OperatorAverage& o : ops)
        list.push_back({{"name", o.name}, {"average_ns", round3(o.averageNs)}, {"count", o.count}});
    return list.dump(2) + "\n";
}

} // namespace strata::widgets
