#include "eventstore.h"

#include <algorithm>

namespace strata::store {

const char* trackKindName(TrackKind k)
{
    switch (k) {
    case TrackKind::Thread: return "thread";
    case TrackKind::Overflow: return "overflow";
    case TrackKind::Async: return "async";
    case TrackKind::Counter: return "counter";
    case TrackKind::ProcessInstants: return "process_instants";
    case TrackKind::GlobalInstants: return "global_instants";
    }
    return "unknown";
}

namespace {
std::string idText(const StringPool& pool, const IdValue& v)
{
    return v.isString ? std::string(pool.view(v.str)) : std::to_string(v.num);
}
} // namespace

std::string EventStore::processLabel(ProcessId p) const
{
    if (!p.valid())
        return "Global";
    const ProcessInfo& info = m_processes[p.v];
    const std::string id = idText(m_strings, info.pid);
    if (info.name.valid() && !str(info.name).empty())
        return std::string(str(info.name)) + (info.pid.isString ? std::string() : " (" + id + ")");
    return info.pid.isString ? id : "Process " + id;
}

const char* trackRoleName(TrackRole r)
{
    switch (r) {
    case TrackRole::Host: return "host";
    case TrackRole::Device: return "device";
    case TrackRole::Annotation: return "annotation";
    }
    return "host";
}

std::string EventStore::trackLabel(TrackId t) const
{
    const TrackInfo& tr = m_tracks[t.v];
    std::string base;
    if (tr.name.valid() && !str(tr.name).empty())
        base = std::string(str(tr.name));
    switch (tr.kind) {
    case TrackKind::Thread:
        if (base.empty())
            return tr.tid.isString ? idText(m_strings, tr.tid) : "Thread " + idText(m_strings, tr.tid);
        return base;
    case TrackKind::Overflow: return trackLabel(tr.parent) + " (overlap " + std::to_string(tr.lane) + ")";
    case TrackKind::Async: return base.empty() ? "Async " + std::to_string(tr.lane) : base;
    case TrackKind::Counter: return base;
    case TrackKind::ProcessInstants: return "Process instants";
    case TrackKind::GlobalInstants: return "Global instants";
    }
    return base;
}

TrackId EventStore::sliceTrack(SliceRow r) const
{
    auto it = std::upper_bound(m_trackRowStart.begin(), m_trackRowStart.end(), r.v);
    return TrackId(static_cast<uint32_t>(it - m_trackRowStart.begin()) - 1);
}

RowRange EventStore::level(TrackId t, uint32_t depth) const
{
    const TrackInfo& tr = m_tracks[t.v];
    if (depth >= tr.levelCount)
        return {};
    return m_levels[tr.levelBegin + depth];
}

uint32_t EventStore::firstStartAtOrAfter(RowRange r, TimeNs t) const
{
    uint32_t lo = r.begin, hi = r.end;
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (m_ts[mid] < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

uint32_t EventStore::firstStartAfter(RowRange r, TimeNs t) const
{
    uint32_t lo = r.begin, hi = r.end;
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (m_ts[mid] <= t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

RowRange EventStore::slicesInRange(TrackId t, uint32_t depth, TimeNs t0, TimeNs t1) const
{
    const RowRange lv = level(t, depth);
    if (lv.empty() || t1 < t0)
        return { lv.begin, lv.begin };
    uint32_t lo = lv.begin, hi = lv.end;
    while (lo < hi) { // first row whose end >= t0
        const uint32_t mid = lo + (hi - lo) / 2;
        if (m_ts[mid] + m_dur[mid] < t0)
            lo = mid + 1;
        else
            hi = mid;
    }
    const uint32_t first = lo;
    hi = lv.end;
    while (lo < hi) { // first row whose ts > t1
        const uint32_t mid = lo + (hi - lo) / 2;
        if (m_ts[mid] <= t1)
            lo = mid + 1;
        else
            hi = mid;
    }
    return { first, lo };
}

SliceRow EventStore::hitTestLevel(TrackId t, uint32_t depth, TimeNs time, TimeNs tolerance) const
{
    const RowRange lv = level(t, depth);
    if (lv.empty())
        return SliceRow();
    const RowRange r = slicesInRange(t, depth, time, time);
    // Prefer the last match: with zero-length slices at `time` the later one is drawn on top.
    for (uint32_t i = r.end; i > r.begin; --i) {
        if (m_ts[i - 1] <= time && time <= m_ts[i - 1] + m_dur[i - 1])
            return SliceRow(i - 1);
    }
    // Nearest neighbour within tolerance: r.begin is the first slice starting after `time`,
    // r.begin - 1 the last one ending before it.
    SliceRow best;
    TimeNs bestDist = tolerance; // compared with <=, so kTimeMax means "any distance"
    if (r.begin < lv.end) {
        const TimeNs d = m_ts[r.begin] - time;
        if (d >= 0 && d <= bestDist) {
            best = SliceRow(r.begin);
            bestDist = d;
        }
    }
    if (r.begin > lv.begin) {
        const uint32_t p = r.begin - 1;
        const TimeNs d = time - (m_ts[p] + m_dur[p]);
        if (d >= 0 && (d < bestDist || (!best.valid() && d <= bestDist)))
            best = SliceRow(p);
    }
    return best;
}

SliceRow EventStore::hitTest(TrackId t, TimeNs time, TimeNs tolerance) const
{
    const uint32_t n = m_tracks[t.v].levelCount;
    for (uint32_t d = n; d > 0; --d) {
        const SliceRow r = hitTestLevel(t, d - 1, time, 0);
        if (r.valid())
            return r;
    }
    SliceRow best;
    TimeNs bestDist = 0;
    for (uint32_t d = 0; d < n; ++d) {
        const SliceRow r = hitTestLevel(t, d, time, tolerance);
        if (!r.valid())
            continue;
        const TimeNs dist = time < m_ts[r.v] ? m_ts[r.v] - time : time - sliceEnd(r);
        if (!best.valid() || dist < bestDist) {
            best = r;
            bestDist = dist;
        }
    }
    return best;
}

RowRange EventStore::children(SliceRow r) const
{
    const TrackId t = sliceTrack(r);
    const uint32_t d = m_depth[r.v] + 1u;
    const RowRange lv = level(t, d);
    if (lv.empty())
        return {};
    const TimeNs ts = m_ts[r.v], end = sliceEnd(r);
    auto first = std::lower_bound(m_ts.begin() + lv.begin, m_ts.begin() + lv.end, ts);
    auto last = std::upper_bound(first, m_ts.begin() + lv.end, end);
    auto b = static_cast<uint32_t>(first - m_ts.begin());
    auto e = static_cast<uint32_t>(last - m_ts.begin());
    while (b < e && m_parent[b] != r)
        ++b;
    while (e > b && m_parent[e - 1] != r)
        --e;
    return { b, e };
}

std::vector<SliceRow> EventStore::ancestors(SliceRow r) const
{
    std::vector<SliceRow> out;
    for (SliceRow p = m_parent[r.v]; p.valid(); p = m_parent[p.v])
        out.push_back(p);
    return out;
}

TimeNs EventStore::sliceSelf(SliceRow r) const
{
    TimeNs self = m_dur[r.v];
    const RowRange c = children(r);
    for (uint32_t i = c.begin; i < c.end; ++i)
        self -= m_dur[i];
    return std::max<TimeNs>(self, 0);
}

RowRange EventStore::instantsInRange(TrackId t, TimeNs t0, TimeNs t1) const
{
    const RowRange all = m_tracks[t.v].instants;
    auto first = std::lower_bound(m_instTs.begin() + all.begin, m_instTs.begin() + all.end, t0);
    auto last = std::upper_bound(first, m_instTs.begin() + all.end, t1);
    return { static_cast<uint32_t>(first - m_instTs.begin()), static_cast<uint32_t>(last - m_instTs.begin()) };
}

RowRange EventStore::counterRange(CounterId c, TimeNs t0, TimeNs t1) const
{
    const RowRange all = m_counters[c.v].samples;
    auto begin = m_ctrTs.begin() + all.begin, end = m_ctrTs.begin() + all.end;
    auto first = std::upper_bound(begin, end, t0);
    if (first != begin)
        --first;
    auto last = std::upper_bound(first, end, t1);
    return { static_cast<uint32_t>(first - m_ctrTs.begin()), static_cast<uint32_t>(last - m_ctrTs.begin()) };
}

std::vector<FlowId> EventStore::flowsOut(SliceRow r) const
{
    auto range = std::equal_range(m_flows.begin(), m_flows.end(), r, [](const auto& a, const auto& b) {
        if constexpr (std::is_same_v<std::decay_t<decltype(a)>, FlowEdge>)
            return a.from < b;
        else
            return a < b.from;
    });
    std::vector<FlowId> out;
    for (auto it = range.first; it != range.second; ++it)
        out.push_back(FlowId(static_cast<uint32_t>(it - m_flows.begin())));
    return out;
}

std::vector<FlowId> EventStore::flowsIn(SliceRow r) const
{
    auto first = std::lower_bound(
        m_flowsByTo.begin(), m_flowsByTo.end(), r, [this](uint32_t f, SliceRow row) { return m_flows[f].to < row; });
    std::vector<FlowId> out;
    for (auto it = first; it != m_flowsByTo.end() && m_flows[*it].to == r; ++it)
        out.push_back(FlowId(*it));
    return out;
}

size_t EventStore::residentBytes() const
{
    auto cap = [](const auto& v) { return v.capacity() * sizeof(typename std::decay_t<decltype(v)>::value_type); };
    return sizeof(*this) + m_strings.residentBytes() + m_types.residentBytes() + m_args.residentBytes()
        + cap(m_processes) + cap(m_tracks) + cap(m_levels) + cap(m_ts) + cap(m_dur) + cap(m_type) + cap(m_argSet)
        + cap(m_parent) + cap(m_depth) + cap(m_trackRowStart) + cap(m_instTs) + cap(m_instType) + cap(m_instArgs)
        + cap(m_counters) + cap(m_ctrTs) + cap(m_ctrValue) + cap(m_flows) + cap(m_flowsByTo) + cap(m_height)
        + m_memory.residentBytes();
}

} // namespace strata::store
