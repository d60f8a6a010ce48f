#include "summaryreport.h"
#include "texttable.h"

#include <analysis/breakdown/breakdownshares.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <sstream>
#include <utility>
#include <vector>

namespace strata::report {

namespace {

Json idJson(const store::EventStore& s, const store::IdValue& v)
{
    return v.isString ? Json(std::string(s.str(v.str))) : Json(v.num);
}

std::string idText(const store::EventStore& s, const store::IdValue& v)
{
    return v.isString ? std::string(s.str(v.str)) : std::to_string(v.num);
}

Json opt(const std::optional<double>& v)
{
    return v ? Json(*v) : Json(nullptr);
}

std::string fmt(const char* format, double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

std::string optText(const std::optional<double>& v, const char* format, double scale = 1.0)
{
    return v ? fmt(format, *v * scale) : std::string("-");
}

Json trackJson(const store::EventStore& s, const analysis::TrackSummaryRow& t)
{
    Json o;
    o["pid"] = idJson(s, t.pid);
    o["tid"] = t.hasTid ? idJson(s, t.tid) : Json(nullptr);
    o["process"] = t.processLabel;
    o["name"] = t.name;
    o["kind"] = store::trackKindName(t.kind);
    o["engine"] = analysis::engineKindName(t.engine);
    o["device"] = t.role == store::TrackRole::Device;
    o["role"] = store::trackRoleName(t.role);
    if (t.kind == store::TrackKind::Async)
        o["lane"] = t.lane;
    else
        o["overflow_lanes"] = t.overflowLanes;
    o["events"] = t.events;
    o["busy_ns"] = t.busyNs;
    o["utilization"] = t.utilization;
    o["avg_dur_ns"] = t.avgDurNs;
    o["bytes"] = opt(t.bytes);
    o["bandwidth_bytes_per_s"] = opt(t.bandwidthBytesPerS);
    o["flops"] = opt(t.flops);
    o["mfu"] = opt(t.mfu);
    o["hfu"] = opt(t.hfu);
    return o;
}

} // namespace

SummaryReport::SummaryReport(const store::EventStore& store, const analysis::TraceSummary& summary, std::string path,
    std::string format, bool wholeTrace)
    : m_store(store)
    , m_sum(summary)
    , m_path(std::move(path))
    , m_format(std::move(format))
    , m_wholeTrace(wholeTrace)
{
}

Json SummaryReport::toJson() const
{
    const store::EventStore& s = m_store;
    const analysis::TraceSummary& sum = m_sum;
    const store::TimeNs origin = sum.trace.extent.start;
    Json out;
    out["file"] = m_path;
    out["format"] = m_format;
    Json trace;
    trace["duration_ns"] = sum.trace.extent.duration();
    trace["time_range_ns"] = { sum.trace.extent.start, sum.trace.extent.end };
    trace["events"] = sum.trace.events();
    trace["slices"] = sum.trace.slices;
    trace["instants"] = sum.trace.instants;
    trace["counter_samples"] = sum.trace.counterSamples;
    trace["flows"] = sum.trace.flows;
    trace["tracks"] = sum.trace.tracks;
    trace["processes"] = sum.trace.processes;
    out["trace"] = trace;
    out["range_ns"] = { sum.window.start - origin, sum.window.end - origin };
    Json tracks = Json::array();
    for (const analysis::TrackSummaryRow& t : sum.tracks)
        tracks.push_back(trackJson(s, t));
    out["tracks"] = tracks;
    Json device;
    device["tracks"] = sum.device.tracks;
    device["busy_ns"] = sum.device.busyNs;
    device["utilization"] = sum.device.utilization;
    if (!sum.device.devices.empty()) {
        Json devices = Json::array();
        for (const analysis::DeviceBusyRow& d : sum.device.devices) {
            Json o;
            o["pid"] = idJson(s, d.pid);
            o["process"] = d.label;
            o["engines"] = d.engines;
            o["busy_ns"] = d.busyNs;
            o["utilization"] = d.utilization;
            devices.push_back(std::move(o));
        }
        device["devices"] = std::move(devices);
    }
    out["device"] = device;
    out["scope_fallback"] = sum.device.fallback.empty() ? Json(nullptr) : Json(sum.device.fallback);
    Json counters = Json::array();
    for (const analysis::CounterSummaryRow& c : sum.counters) {
        Json o;
        o["pid"] = idJson(s, c.pid);
        o["process"] = c.processLabel;
        o["name"] = c.name;
        o["samples"] = c.samples;
        o["min"] = opt(c.min);
        o["mean"] = opt(c.mean);
        o["max"] = opt(c.max);
        counters.push_back(std::move(o));
    }
    out["counters"] = counters;
    Json diag = Json::object();
    for (const auto& [kind, n] : sum.diagnostics)
        diag[kind] = n;
    out["diagnostics"] = diag;
    out["diagnostic_messages"] = sum.diagnosticMessages;
    return out;
}

std::string SummaryReport::json() const
{
    return toJson().dump(2) + "\n";
}

std::string SummaryReport::text() const
{
    const store::EventStore& s = m_store;
    const analysis::TraceSummary& sum = m_sum;
    const store::TimeNs origin = sum.trace.extent.start;
    std::ostringstream out;
    out << "file        " << m_path << "\n"
        << "format      " << m_format << "\n"
        << "duration    " << sum.trace.extent.duration() << " ns\n"
        << "events      " << sum.trace.events() << " (slices " << sum.trace.slices << ", instants "
        << sum.trace.instants << ", counter samples " << sum.trace.counterSamples << "), flows " << sum.trace.flows
        << "\n"
        << "tracks      " << sum.trace.tracks << " in " << sum.trace.processes << " processes\n"
        << "range_ns    " << sum.window.start - origin << ":" << sum.window.end - origin
        << (m_wholeTrace ? " (whole trace)" : "") << "\n\n";

    std::vector<std::vector<std::string>> rows { { "pid", "tid", "process", "track", "role", "engine", "events",
        "busy_ns", "util%", "avg_dur_ns", "bytes", "GB/s", "flops", "mfu", "hfu" } };
    for (const analysis::TrackSummaryRow& t : sum.tracks) {
        std::string name = t.name;
        if (t.overflowLanes)
            name += " (+" + std::to_string(t.overflowLanes) + " overflow)";
        rows.push_back({ idText(s, t.pid), t.hasTid ? idText(s, t.tid) : "-", t.processLabel, name,
            store::trackRoleName(t.role), analysis::engineKindName(t.engine), std::to_string(t.events),
            std::to_string(t.busyNs), fmt("%.2f", t.utilization * 100.0), fmt("%.1f", t.avgDurNs),
            optText(t.bytes, "%.0f"), optText(t.bandwidthBytesPerS, "%.3f", 1e-9), optText(t.flops, "%.4g"),
            optText(t.mfu, "%.4g"), optText(t.hfu, "%.4g") });
    }
    TextTable::print(out, rows, 6);
    out << "\n";
    // Busy per device is the union of its engines' work, against the window; under it the
    // device's breakdown line, as the summary docks show it (BreakdownShares).
    for (const analysis::DeviceBusyRow& d : sum.device.devices)
        out << "device      " << d.label << ": busy " << d.busyNs << " ns of " << sum.window.duration() << " ns ("
            << fmt("%.2f", d.utilization * 100.0) << "%), union of " << d.engines
            << (d.engines == 1 ? " engine\n" : " engines\n") << "            "
            << analysis::BreakdownShares::line(d.breakdown) << "\n";
    if (sum.device.devices.empty())
        out << "device      " << sum.device.tracks << " tracks, busy " << sum.device.busyNs << " ns, mean util "
            << fmt("%.2f", sum.device.utilization * 100.0) << "%"
            << (sum.device.fallback.empty() ? "" : " (" + sum.device.fallback + ": every thread)") << "\n";
    if (!sum.counters.empty()) {
        out << "\n";
        std::vector<std::vector<std::string>> crows { { "pid", "process", "counter", "samples", "min", "mean",
            "max" } };
        for (const analysis::CounterSummaryRow& c : sum.counters)
            crows.push_back({ idText(s, c.pid), c.processLabel, c.name, std::to_string(c.samples),
                optText(c.min, "%.6g"), optText(c.mean, "%.6g"), optText(c.max, "%.6g") });
        TextTable::print(out, crows, 3);
    }
    out << "\ndiagnostics" << (sum.diagnostics.empty() ? " none" : "") << "\n";
    for (const auto& [kind, n] : sum.diagnostics)
        out << "  " << kind << ": " << n << "\n";
    for (const auto& m : sum.diagnosticMessages)
        out << "  - " << m << "\n";
    return out.str();
}

} // namespace strata::report
