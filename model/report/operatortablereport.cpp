#include "operatortablereport.h"

#include "csv.h"

#include <analysis/operators/operatorlevel.h>

namespace strata::report {

namespace {

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

} // namespace

OperatorTableReport::OperatorTableReport(
    const analysis::OperatorTable& table, const std::optional<store::TimeRange>& range, size_t limit)
    : m_table(table)
    , m_range(range)
    , m_limit(limit)
{
}

Json OperatorTableReport::rangeJson(const std::optional<store::TimeRange>& range)
{
    return range ? Json::array({ range->start, range->end }) : Json();
}

Json OperatorTableReport::rowJson(const analysis::OperatorRow& r)
{
    Json j;
    j["name"] = r.name;
    j["count"] = r.count;
    j["total_ns"] = r.totalNs;
    j["self_ns"] = r.selfNs;
    j["avg_ns"] = JsonNumber::round3(r.avgNs);
    j["min_ns"] = r.minNs;
    j["max_ns"] = r.maxNs;
    j["median_ns"] = JsonNumber::round3(r.medianNs);
    j["percent"] = JsonNumber::round6(r.percent);
    j["execution_ns"] = r.executionNs();
    j["transfer_ns"] = r.transferNs;
    j["bytes"] = r.hasBytes ? JsonNumber::count(r.bytes) : Json();
    j["flops"] = r.hasFlops ? JsonNumber::count(r.flops) : Json();
    j["mfu"] = r.mfu >= 0 ? Json(JsonNumber::round6(r.mfu)) : Json();
    j["hfu"] = r.hfu >= 0 ? Json(JsonNumber::round6(r.hfu)) : Json();
    j["engines"] = r.engines;
    j["fused"] = r.fusedMembers;
    return j;
}

Json OperatorTableReport::header(const analysis::OperatorTable& t, const std::optional<store::TimeRange>& range)
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

Json OperatorTableReport::toJson() const
{
    Json out = header(m_table, m_range);
    Json rows = Json::array();
    for (const analysis::OperatorRow& r : m_table.rows) {
        if (m_limit && rows.size() >= m_limit)
            break;
        rows.push_back(rowJson(r));
    }
    out["rows"] = rows;
    return out;
}

std::string OperatorTableReport::json() const
{
    return toJson().dump(2) + "\n";
}

std::string OperatorTableReport::csvHeader()
{
    std::string line;
    for (const char* c : kColumns)
        line += (line.empty() ? "" : ",") + std::string(c);
    return line;
}

std::string OperatorTableReport::csvLine(const Json& row)
{
    std::string line;
    for (const char* c : kColumns)
        line += (c == kColumns[0] ? "" : ",") + Csv::field(cell(c, row.at(c)));
    return line;
}

std::string OperatorTableReport::csv() const
{
    std::string text = csvHeader() + "\n";
    size_t n = 0;
    for (const analysis::OperatorRow& r : m_table.rows) {
        if (m_limit && n++ >= m_limit)
            break;
        text += csvLine(rowJson(r)) + "\n";
    }
    return text;
}

} // namespace strata::report
