#include "comparereport.h"

#include "csv.h"

#include <analysis/operators/operatorlevel.h>

#include <utility>

namespace strata::report {

namespace {

const char* const kColumns[] = { "name", "status", "a_count", "b_count", "a_total_ns", "b_total_ns", "delta_ns",
    "delta_pct", "a_avg_ns", "b_avg_ns", "delta_avg_ns", "normalised", "a_names", "b_names" };

// Sums of whole nanoseconds stay whole unless divided per step: integers then, as `ops` writes.
Json number(double v)
{
    return JsonNumber::nanoseconds(v);
}

std::string cell(const Json& v)
{
    if (v.is_array()) {
        std::string out;
        for (const auto& s : v)
            out += (out.empty() ? "" : ";") + s.get<std::string>();
        return out;
    }
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_null())
        return std::string();
    return v.dump();
}

Json latencySide(const analysis::LatencyStats& s)
{
    Json out;
    out["count"] = s.count;
    const bool any = s.count > 0;
    out["p50_ns"] = any ? Json(JsonNumber::round3(s.medianNs)) : Json();
    out["p90_ns"] = any ? Json(JsonNumber::round3(s.p90Ns)) : Json();
    out["p99_ns"] = any ? Json(JsonNumber::round3(s.p99Ns)) : Json();
    out["min_ns"] = any ? Json(s.minNs) : Json();
    out["max_ns"] = any ? Json(s.maxNs) : Json();
    out["mean_ns"] = any ? Json(JsonNumber::round3(s.meanNs)) : Json();
    return out;
}

} // namespace

Json CompareReport::sideJson(const analysis::CompareSideTotals& side, const std::string& file)
{
    Json out;
    out["file"] = file;
    out["busy_ns"] = side.busyNs;
    out["events"] = side.events;
    out["steps"] = side.steps;
    return out;
}

Json CompareReport::rowJson(const analysis::CompareRow& r)
{
    Json j;
    j["name"] = r.name;
    j["status"] = analysis::compareStatusName(r.status);
    j["a_count"] = number(r.aCount);
    j["b_count"] = number(r.bCount);
    j["a_total_ns"] = number(r.aTotalNs);
    j["b_total_ns"] = number(r.bTotalNs);
    j["delta_ns"] = number(r.deltaNs);
    j["delta_pct"] = r.deltaPct ? Json(JsonNumber::round6(*r.deltaPct)) : Json();
    j["a_avg_ns"] = JsonNumber::round3(r.aAvgNs);
    j["b_avg_ns"] = JsonNumber::round3(r.bAvgNs);
    j["delta_avg_ns"] = JsonNumber::round3(r.deltaAvgNs);
    j["normalised"] = r.normalisedMatch;
    j["a_names"] = r.aNames;
    j["b_names"] = r.bNames;
    return j;
}

Json CompareReport::latencyJson(
    const std::string& unit, const analysis::LatencyStats& a, const analysis::LatencyStats& b)
{
    Json out;
    out["unit"] = unit.empty() ? Json() : Json(unit);
    out["a"] = latencySide(a);
    out["b"] = latencySide(b);
    return out;
}

CompareReport::CompareReport(const analysis::CompareResult& result, std::string fileA, std::string fileB,
    analysis::LatencyStats latencyA, analysis::LatencyStats latencyB)
    : m_result(result)
    , m_fileA(std::move(fileA))
    , m_fileB(std::move(fileB))
    , m_latencyA(std::move(latencyA))
    , m_latencyB(std::move(latencyB))
{
}

Json CompareReport::toJson() const
{
    const analysis::CompareResult& result = m_result;
    const analysis::LatencyStats& latencyA = m_latencyA;
    const analysis::LatencyStats& latencyB = m_latencyB;
    Json out;
    out["level"] = analysis::operatorLevelName(result.level);
    out["a"] = sideJson(result.a, m_fileA);
    out["b"] = sideJson(result.b, m_fileB);
    Json rows = Json::array();
    for (const analysis::CompareRow& r : result.rows)
        rows.push_back(rowJson(r));
    out["rows"] = rows;
    out["latency"] = latencyJson(latencyA.unit.empty() ? latencyB.unit : latencyA.unit, latencyA, latencyB);
    return out;
}

std::string CompareReport::csvHeader()
{
    std::string line;
    for (const char* c : kColumns)
        line += (line.empty() ? "" : ",") + std::string(c);
    return line;
}

std::string CompareReport::csvLine(const Json& row)
{
    std::string line;
    for (const char* c : kColumns)
        line += (c == kColumns[0] ? "" : ",") + Csv::field(cell(row.at(c)));
    return line;
}

std::string CompareReport::json() const
{
    return toJson().dump(2) + "\n";
}

std::string CompareReport::csv() const
{
    std::string text = csvHeader() + "\n";
    for (const analysis::CompareRow& r : m_result.rows)
        text += csvLine(rowJson(r)) + "\n";
    return text;
}

} // namespace strata::report
