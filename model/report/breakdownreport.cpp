#include "breakdownreport.h"
#include "texttable.h"

#include "csv.h"

#include <cstdio>
#include <sstream>
#include <utility>

namespace strata::report {

namespace {

using analysis::BreakdownTimes;

// The figures of one level, in the order every level writes them.
void putTimes(Json& o, const BreakdownTimes& t)
{
    o["span_ns"] = t.spanNs;
    o["idle_ns"] = t.idleNs;
    o["compute_ns"] = t.computeNs;
    o["non_compute_ns"] = t.nonComputeNs;
    o["communication_ns"] = t.communicationNs;
    o["memory_ns"] = t.memoryNs;
    o["other_ns"] = t.otherNs;
    o["comm_overlap_ns"] = t.commOverlapNs;
    o["comm_exposed_ns"] = t.commExposedNs;
    const auto pct = t.commOverlapPct();
    o["comm_overlap_pct"] = pct ? Json(JsonNumber::round6(*pct)) : Json(nullptr);
    Json causes;
    causes["host_wait_ns"] = t.idleCauses.hostWaitNs;
    causes["kernel_wait_ns"] = t.idleCauses.kernelWaitNs;
    causes["other_ns"] = t.idleCauses.otherNs;
    o["idle_causes"] = causes;
}

Json idJson(const store::EventStore& s, const store::IdValue& v)
{
    return v.isString ? Json(std::string(s.str(v.str))) : Json(v.num);
}

std::string idText(const store::EventStore& s, const store::IdValue& v)
{
    return v.isString ? std::string(s.str(v.str)) : std::to_string(v.num);
}

std::string micros(store::TimeNs ns)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.3f", double(ns) / 1e3);
    return buf;
}

std::string pctText(const BreakdownTimes& t)
{
    const auto pct = t.commOverlapPct();
    if (!pct)
        return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", *pct);
    return buf;
}

std::vector<std::string> textRow(const std::string& name, const std::string& kind, const BreakdownTimes& t)
{
    return { name, kind, micros(t.spanNs), micros(t.idleNs), micros(t.computeNs), micros(t.nonComputeNs),
        micros(t.communicationNs), micros(t.memoryNs), micros(t.otherNs), micros(t.commOverlapNs),
        micros(t.commExposedNs), pctText(t), micros(t.idleCauses.hostWaitNs), micros(t.idleCauses.kernelWaitNs),
        micros(t.idleCauses.otherNs) };
}

std::string csvRow(const std::vector<std::string>& head, const BreakdownTimes& t)
{
    std::string line;
    for (const std::string& f : head)
        line += Csv::field(f) + ",";
    const auto pct = t.commOverlapPct();
    char pctBuf[40] = "";
    if (pct)
        std::snprintf(pctBuf, sizeof pctBuf, "%.6f", JsonNumber::round6(*pct));
    for (store::TimeNs v : { t.spanNs, t.idleNs, t.computeNs, t.nonComputeNs, t.communicationNs, t.memoryNs, t.otherNs,
             t.commOverlapNs, t.commExposedNs })
        line += std::to_string(v) + ",";
    line += std::string(pctBuf) + "," + std::to_string(t.idleCauses.hostWaitNs) + ","
        + std::to_string(t.idleCauses.kernelWaitNs) + "," + std::to_string(t.idleCauses.otherNs) + "\n";
    return line;
}

} // namespace

BreakdownReport::BreakdownReport(std::vector<Rank> ranks)
    : m_ranks(std::move(ranks))
{
}

Json BreakdownReport::toJson() const
{
    Json out;
    out["threshold_ns"] = m_ranks.empty() ? Json(nullptr) : Json(m_ranks.front().breakdown.thresholdNs);
    Json ranks = Json::array();
    for (const Rank& r : m_ranks) {
        const store::EventStore& s = *r.store;
        const analysis::RankBreakdown& b = r.breakdown;
        Json o;
        o["rank"] = b.rank ? Json(*b.rank) : Json(nullptr);
        o["file"] = r.file;
        const store::TimeNs start = r.traceExtent().start;
        o["range_ns"] = { b.window.start - start, b.window.end - start };
        o["device_work"] = !b.devices.empty();
        putTimes(o, b.times);
        Json devices = Json::array();
        for (const analysis::DeviceBreakdown& d : b.devices) {
            Json dj;
            dj["pid"] = idJson(s, d.pid);
            dj["device"] = d.label;
            putTimes(dj, d.times);
            Json engines = Json::array();
            for (const analysis::EngineBreakdown& e : d.engines) {
                Json ej;
                ej["track"] = e.label;
                ej["kind"] = analysis::breakdownKindName(e.kind);
                putTimes(ej, e.times);
                engines.push_back(std::move(ej));
            }
            dj["engines"] = std::move(engines);
            devices.push_back(std::move(dj));
        }
        o["devices"] = std::move(devices);
        ranks.push_back(std::move(o));
    }
    out["ranks"] = std::move(ranks);
    return out;
}

std::string BreakdownReport::json() const
{
    return toJson().dump(2) + "\n";
}

std::string BreakdownReport::csv() const
{
    std::string out = "rank,file,level,pid,device,track,kind,span_ns,idle_ns,compute_ns,non_compute_ns,"
                      "communication_ns,memory_ns,other_ns,comm_overlap_ns,comm_exposed_ns,comm_overlap_pct,"
                      "host_wait_ns,kernel_wait_ns,idle_other_ns\n";
    for (const Rank& r : m_ranks) {
        const analysis::RankBreakdown& b = r.breakdown;
        const std::string rank = b.rank ? std::to_string(*b.rank) : std::string();
        out += csvRow({ rank, r.file, "rank", "", "", "", "" }, b.times);
        for (const analysis::DeviceBreakdown& d : b.devices) {
            const std::string pid = idText(*r.store, d.pid);
            out += csvRow({ rank, r.file, "device", pid, d.label, "", "" }, d.times);
            for (const analysis::EngineBreakdown& e : d.engines)
                out += csvRow(
                    { rank, r.file, "engine", pid, d.label, e.label, analysis::breakdownKindName(e.kind) }, e.times);
        }
    }
    return out;
}

std::string BreakdownReport::text() const
{
    std::ostringstream out;
    for (size_t i = 0; i < m_ranks.size(); ++i) {
        const Rank& r = m_ranks[i];
        const analysis::RankBreakdown& b = r.breakdown;
        const store::TimeNs origin = r.traceExtent().start;
        if (i)
            out << "\n";
        out << "file        " << r.file << "\n"
            << "rank        " << (b.rank ? std::to_string(*b.rank) : std::string("-")) << "\n"
            << "range_ns    " << b.window.start - origin << ":" << b.window.end - origin << "\n"
            << "times in µs; kernel wait: gaps under " << b.thresholdNs << " ns\n";
        if (b.devices.empty()) {
            out << "no device work\n";
            continue;
        }
        out << "\n";
        std::vector<std::vector<std::string>> rows { { "work", "kind", "span", "idle", "compute", "non-compute", "comm",
            "memory", "other", "overlap", "exposed", "overlap%", "host wait", "kernel wait", "idle other" } };
        rows.push_back(textRow("all devices", "", b.times));
        for (const analysis::DeviceBreakdown& d : b.devices) {
            rows.push_back(textRow("  " + d.label, "", d.times));
            for (const analysis::EngineBreakdown& e : d.engines)
                rows.push_back(textRow("    " + e.label, analysis::breakdownKindName(e.kind), e.times));
        }
        TextTable::print(out, rows, 2);
    }
    return out.str();
}

} // namespace strata::report
