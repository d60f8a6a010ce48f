#include "comparereport.h"

#include "operatorreport.h"

#include <analysis/operators/operatorlevel.h>

#include <cmath>
#include <cstdint>

namespace strata::report {

namespace {

using Json = CompareReport::Json;

const char* const kColumns[] = { "name", "status", "a_count", "b_count", "a_total_ns", "b_total_ns", "delta_ns",
    "delta_pct", "a_avg_ns", "b_avg_ns", "delta_avg_ns", "normalised", "a_names", "b_names" };

// Sums of whole nanoseconds stay whole unless divided per step: integers then, as `ops` writes.
Json number(double v)
{
    if (std::floor(v) == v && std::fabs(v) < 9.0e15)
        return Json(static_cast<int64_t>(v));
    return Json(OperatorReport::round3(v));
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
    out["p50_ns"] = any ? Json(OperatorReport::round3(s.medianNs)) : Json();
    out["p90_ns"] = any ? Json(OperatorReport::round3(s.p90Ns)) : Json();
    out["p99_ns"] = any ? Json(OperatorReport::round3(s.p99Ns)) : Json();
    out["min_ns"] = any ? Json(s.minNs) : Json();
    out["max_ns"] = any ? Json(s.maxNs) : Json();
    out["mean_ns"] = any ? Json(OperatorReport::round3(s.meanNs)) : Json();
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
    j["delta_pct"] = r.deltaPct ? Json(std::round(*r.deltaPct * 1e6) / 1e6) : Json();
    j["a_avg_ns"] = OperatorReport::round3(r.aAvgNs);
    j["b_avg_ns"] = OperatorReport::round3(r.bAvgNs);
    j["delta_avg_ns"] = OperatorReport::round3(r.deltaAvgNs);
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

Json CompareReport::resultJson(const analysis::CompareResult& result, const std::string& fileA,
    const std::string& fileB, const analysis::LatencyStats& latencyA, const analysis::LatencyStats& latencyB)
{
    Json out;
    out["level"] = analysis::operatorLevelName(result.level);
    out["a"] = sideJson(result.a, fileA);
    out["b"] = sideJson(result.b, fileB);
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
        line += (c == kColumns[0] ? "" : ",") + OperatorReport::csvField(cell(row.at(c)));
    return line;
}

std::string CompareReport::csv(const analysis::CompareResult& result)
{
    std::string text = csvHeader() + "\n";
    for (const analysis::CompareRow& r : result.rows)
        text += csvLine(rowJson(r)) + "\n";
    return text;
}

} // namespace strata::report
