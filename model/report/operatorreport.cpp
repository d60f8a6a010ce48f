#include "operatorreport.h"

#include <analysis/operators/operatorlevel.h>

#include <cmath>
#include <cstdint>

namespace strata::report {

namespace {

using Json = OperatorReport::Json;

// Byte and FLOP sums are whole numbers in practice: written as integers when they are.
Json count(double v)
{
    if (std::floor(v) == v && std::fabs(v) < 9.0e15)
        return Json(static_cast<int64_t>(v));
    return Json(v);
}

// Rounding also drops binary noise such as 97829.25000000001.
double round6(double v)
{
    return std::round(v * 1e6) / 1e6;
}

const char* const kColumns[] = { "name", "count", "total_ns", "self_ns", "avg_ns", "min_ns", "max_ns", "median_ns",
    "percent", "execution_ns", "transfer_ns", "bytes", "flops", "mfu", "hfu", "engines", "fused" };

std::string join(const Json& list, const char* sep)
{
    std::string out;
    for (const auto& v : list)
        out += (out.empty() ? "" : sep) + v.get<std::string>();
    return out;
}

std::string cell(const std::string& column, const Json& v)
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

Json rangeJson(const std::optional<store::TimeRange>& range)
{
    return range ? Json::array({ range->start, range->end }) : Json();
}

} // namespace

double OperatorReport::round3(double v)
{
    return std::round(v * 1e3) / 1e3;
}

std::string OperatorReport::csvField(const std::string& s)
{
    if (s.find_first_of(",\"\n\r") == std::string::npos)
        return s;
    std::string out = "\"";
    for (char c : s)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

Json OperatorReport::rowJson(const analysis::OperatorRow& r)
{
    Json j;
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
    j["bytes"] = r.hasBytes ? count(r.bytes) : Json();
    j["flops"] = r.hasFlops ? count(r.flops) : Json();
    j["mfu"] = r.mfu >= 0 ? Json(round6(r.mfu)) : Json();
    j["hfu"] = r.hfu >= 0 ? Json(round6(r.hfu)) : Json();
    j["engines"] = r.engines;
    j["fused"] = r.fusedMembers;
    return j;
}

Json OperatorReport::tableHeader(const analysis::OperatorTable& t, const std::optional<store::TimeRange>& range)
{
    Json out;
    out["level"] = analysis::operatorLevelName(t.level);
    out["scope"] = analysis::operatorScopeName(t.scope);
    out["range_ns"] = rangeJson(range);
    out["events"] = t.events;
    out["busy_ns"] = t.busyNs;
    out["execution_ns"] = t.executionNs;
    out["transfer_ns"] = t.transferNs;
    return out;
}

Json OperatorReport::tableJson(
    const analysis::OperatorTable& t, const std::optional<store::TimeRange>& range, size_t limit)
{
    Json out = tableHeader(t, range);
    Json rows = Json::array();
    for (const analysis::OperatorRow& r : t.rows) {
        if (limit && rows.size() >= limit)
            break;
        rows.push_back(rowJson(r));
    }
    out["rows"] = rows;
    return out;
}

std::string OperatorReport::csvHeader()
{
    std::string line;
    for (const char* c : kColumns)
        line += (line.empty() ? "" : ",") + std::string(c);
    return line;
}

std::string OperatorReport::csvLine(const Json& row)
{
    std::string line;
    for (const char* c : kColumns)
        line += (c == kColumns[0] ? "" : ",") + csvField(cell(c, row.at(c)));
    return line;
}

std::string OperatorReport::tableCsv(const analysis::OperatorTable& t, size_t limit)
{
    std::string text = csvHeader() + "\n";
    size_t n = 0;
    for (const analysis::OperatorRow& r : t.rows) {
        if (limit && n++ >= limit)
            break;
        text += csvLine(rowJson(r)) + "\n";
    }
    return text;
}

Json OperatorReport::averageJson(const analysis::OperatorAverage& op)
{
    return { { "name", op.name }, { "average_ns", round3(op.averageNs) }, { "count", op.count } };
}

Json OperatorReport::latencyJson(const analysis::LatencyStats& st, const std::vector<analysis::OperatorAverage>& ops,
    const std::optional<store::TimeRange>& range)
{
    Json out;
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
    Json hist = Json::array();
    for (const analysis::LatencyBin& b : st.histogram)
        hist.push_back({ { "start_ns", round3(b.startNs) }, { "end_ns", round3(b.endNs) }, { "count", b.count } });
    out["histogram"] = hist;
    Json list = Json::array();
    for (const analysis::OperatorAverage& o : ops)
        list.push_back(averageJson(o));
    out["operators"] = list;
    return out;
}

} // namespace strata::report
