#include "rankstore.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <string>

namespace strata::store {

namespace {

// Empty ranges move too: a track's slice range starts where its rows would lie, and
// EventStore::sliceTrack needs those starts in track order.
RowRange moved(RowRange r, uint32_t base)
{
    return { r.begin - base, r.end - base };
}

// The merge names a process "rank R · NAME", NAME being "Process PID" (or the string pid)
// when the rank's file named none: undone here, so a rule's text names it as for the file.
StringId ownName(const EventStore& m, const ProcessInfo& p, const std::string& prefix, StringPool& pool)
{
    std::string name(m.str(p.name));
    if (name.compare(0, prefix.size(), prefix) == 0)
        name.erase(0, prefix.size());
    const std::string unnamed = p.pid.isString ? std::string(m.str(p.pid.str)) : "Process " + std::to_string(p.pid.num);
    return name.empty() || name == unnamed ? StringId() : pool.intern(name);
}

template <typename T> void copyColumn(Column<T>& to, const Column<T>& from, RowRange rows)
{
    to.resizeUninitialized(rows.size());
    if (!rows.empty())
        std::memcpy(to.data(), from.data() + rows.begin, rows.size() * sizeof(T));
}

} // namespace

std::unique_ptr<EventStore> RankStore::extract(const EventStore& merged, const JobRank& rank)
{
    auto out = std::make_unique<EventStore>();
    EventStore& s = *out;
    // Same ids as the merged store: interning its strings in id order gives each its id.
    for (uint32_t i = 1; i < merged.strings().size(); ++i)
        s.m_strings.intern(merged.str(StringId(i)));
    s.m_types = merged.m_types;
    s.m_args = merged.m_args;
    copyTracks(merged, rank, s);
    RowRange slices { std::numeric_limits<uint32_t>::max(), 0 }, instants = slices;
    for (uint32_t t = rank.trackBegin; t < rank.trackBegin + rank.trackCount; ++t) {
        const TrackInfo& info = merged.track(TrackId(t));
        slices = { std::min(slices.begin, info.slices.begin), std::max(slices.end, info.slices.end) };
        instants = { std::min(instants.begin, info.instants.begin), std::max(instants.end, info.instants.end) };
    }
    if (slices.begin > slices.end)
        slices = {};
    if (instants.begin > instants.end)
        instants = {};
    for (TrackInfo& t : s.m_tracks) {
        t.slices = moved(t.slices, slices.begin);
        t.instants = moved(t.instants, instants.begin);
        s.m_trackRowStart.push_back(t.slices.begin);
    }
    for (RowRange& lv : s.m_levels)
        lv = moved(lv, slices.begin);
    copyRows(merged, s, slices, instants);
    copyCountersAndFlows(merged, rank, s, slices);
    copyWholeTrace(merged, rank, s);
    return out;
}

void RankStore::copyTracks(const EventStore& m, const JobRank& r, EventStore& s)
{
    const std::string prefix = "rank " + std::to_string(r.rank) + " \u00b7 ";
    for (uint32_t p = r.processBegin; p < r.processBegin + r.processCount; ++p) {
        ProcessInfo info = m.process(ProcessId(p));
        info.name = ownName(m, info, prefix, s.m_strings);
        s.m_processes.push_back(info);
    }
    // The rank's levels are one block of the merged level table, as its tracks' rows are.
    uint32_t levelBase = std::numeric_limits<uint32_t>::max(), levelEnd = 0;
    for (uint32_t t = r.trackBegin; t < r.trackBegin + r.trackCount; ++t) {
        const TrackInfo& info = m.track(TrackId(t));
        if (info.levelCount) {
            levelBase = std::min(levelBase, info.levelBegin);
            levelEnd = std::max(levelEnd, info.levelBegin + info.levelCount);
        }
    }
    if (levelBase > levelEnd)
        levelBase = levelEnd = 0;
    uint32_t counterBase = std::numeric_limits<uint32_t>::max();
    for (uint32_t t = r.trackBegin; t < r.trackBegin + r.trackCount; ++t)
        if (m.track(TrackId(t)).counter.valid())
            counterBase = std::min(counterBase, m.track(TrackId(t)).counter.v);
    for (uint32_t t = r.trackBegin; t < r.trackBegin + r.trackCount; ++t) {
        TrackInfo info = m.track(TrackId(t));
        if (info.process.valid())
            info.process = ProcessId(info.process.v - r.processBegin);
        if (info.parent.valid())
            info.parent = TrackId(info.parent.v - r.trackBegin);
        if (info.counter.valid())
            info.counter = CounterId(info.counter.v - counterBase);
        info.levelBegin = info.levelCount ? info.levelBegin - levelBase : 0;
        s.m_tracks.push_back(info);
    }
    s.m_levels.assign(m.m_levels.begin() + levelBase, m.m_levels.begin() + levelEnd);
}

void RankStore::copyRows(const EventStore& m, EventStore& s, RowRange slices, RowRange instants)
{
    copyColumn(s.m_ts, m.m_ts, slices);
    copyColumn(s.m_dur, m.m_dur, slices);
    copyColumn(s.m_type, m.m_type, slices);
    copyColumn(s.m_argSet, m.m_argSet, slices);
    copyColumn(s.m_parent, m.m_parent, slices);
    copyColumn(s.m_depth, m.m_depth, slices);
    for (SliceRow& p : s.m_parent)
        if (p.valid())
            p = SliceRow(p.v - slices.begin);
    // A rank of a job without heights is full height in the merged column: 255 throughout.
    if (m.hasSliceHeights()) {
        const bool any = std::any_of(
            m.m_height.data() + slices.begin, m.m_height.data() + slices.end, [](uint8_t h) { return h != 255; });
        if (any)
            copyColumn(s.m_height, m.m_height, slices);
    }
    copyColumn(s.m_instTs, m.m_instTs, instants);
    copyColumn(s.m_instType, m.m_instType, instants);
    copyColumn(s.m_instArgs, m.m_instArgs, instants);
}

void RankStore::copyCountersAndFlows(const EventStore& m, const JobRank& r, EventStore& s, RowRange slices)
{
    const auto owns = [&](TrackId t) { return t.valid() && t.v >= r.trackBegin && t.v < r.trackBegin + r.trackCount; };
    uint32_t sampleBase = std::numeric_limits<uint32_t>::max(), sampleEnd = 0;
    for (const CounterSeries& c : m.m_counters)
        if (owns(c.track) && !c.samples.empty()) {
            sampleBase = std::min(sampleBase, c.samples.begin);
            sampleEnd = std::max(sampleEnd, c.samples.end);
        }
    if (sampleBase > sampleEnd)
        sampleBase = sampleEnd = 0;
    for (CounterSeries c : m.m_counters) {
        if (!owns(c.track))
            continue;
        c.process = c.process.valid() ? ProcessId(c.process.v - r.processBegin) : c.process;
        c.track = TrackId(c.track.v - r.trackBegin);
        c.samples = moved(c.samples, sampleBase);
        s.m_counters.push_back(c);
    }
    s.m_ctrTs.assign(m.m_ctrTs.begin() + sampleBase, m.m_ctrTs.begin() + sampleEnd);
    s.m_ctrValue.assign(m.m_ctrValue.begin() + sampleBase, m.m_ctrValue.begin() + sampleEnd);

    // A flow never crosses ranks (each came from one rank's file), and the merged tables are
    // the ranks' tables one after the other: the rank's edges are one block of each, in order.
    const auto inRank = [&](const FlowEdge& e) { return e.from.v >= slices.begin && e.from.v < slices.end; };
    uint32_t flowBase = std::numeric_limits<uint32_t>::max();
    for (uint32_t f = 0; f < m.m_flows.size(); ++f)
        if (inRank(m.m_flows[f])) {
            flowBase = std::min(flowBase, f);
            FlowEdge e = m.m_flows[f];
            e.from = SliceRow(e.from.v - slices.begin);
            e.to = SliceRow(e.to.v - slices.begin);
            s.m_flows.push_back(e);
        }
    for (uint32_t f : m.m_flowsByTo)
        if (inRank(m.m_flows[f]))
            s.m_flowsByTo.push_back(f - flowBase);
}

void RankStore::copyWholeTrace(const EventStore& m, const JobRank& r, EventStore& s)
{
    const std::string prefix = "rank " + std::to_string(r.rank) + " \u00b7 ";
    for (const auto& [key, value] : m.metadata())
        if (key.compare(0, prefix.size(), prefix) == 0)
            s.m_metadata.emplace_back(key.substr(prefix.size()), value);
    TimeNs lo = std::numeric_limits<TimeNs>::max(), hi = std::numeric_limits<TimeNs>::min();
    for (size_t i = 0; i < s.m_ts.size(); ++i) {
        lo = std::min(lo, s.m_ts[i]);
        hi = std::max(hi, s.m_ts[i] + s.m_dur[i]);
    }
    for (TimeNs t : s.m_instTs) {
        lo = std::min(lo, t);
        hi = std::max(hi, t);
    }
    for (TimeNs t : s.m_ctrTs) {
        lo = std::min(lo, t);
        hi = std::max(hi, t);
    }
    s.m_extent = lo <= hi ? TimeRange { lo, hi } : TimeRange {};
}

} // namespace strata::store
