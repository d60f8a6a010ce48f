#include "timelinelayout.h"

#include <state/trackfilter.h>
#include <store/joblayout.h>

#include <algorithm>

namespace strata::widgets {

using store::TrackKind;

void TimelineLayout::build(const store::EventStore* store, const model::TrackFilter* filter,
    const std::vector<uint8_t>& lanes, const std::vector<int>& processRanks)
{
    m_rows.clear();
    m_trackRow.clear();
    m_height = 0;
    if (!store)
        return;
    m_trackRow.assign(store->trackCount(), -1);
    int y = 0;
    int header = -1;
    for (uint32_t i = 0; i < store->trackCount(); ++i) {
        const store::TrackId id(i);
        const store::TrackInfo& t = store->track(id);
        if (filter && filter->isHidden(id))
            continue;
        if (t.process.valid() && (header < 0 || m_rows[header].process != t.process)) {
            LayoutRow h;
            h.kind = LayoutRow::Kind::Process;
            h.process = t.process;
            h.y = y;
            h.height = kHeaderHeight;
            h.collapsed = filter && filter->isCollapsed(t.process);
            auto rankOf = [&](store::ProcessId p) { return p.v < processRanks.size() ? processRanks[p.v] : -1; };
            h.rankStart = header >= 0 && rankOf(t.process) >= 0 && rankOf(t.process) != rankOf(m_rows[header].process);
            y += h.height;
            header = int(m_rows.size());
            m_rows.push_back(h);
            if (t.process.v < lanes.size() && lanes[t.process.v]) {
                LayoutRow lane;
                lane.kind = LayoutRow::Kind::Lane;
                lane.process = t.process;
                lane.y = y;
                lane.height = kLaneHeight;
                lane.indent = 1;
                y += lane.height;
                m_rows.push_back(lane);
            }
        }
        if (header >= 0 && t.process.valid()) {
            ++m_rows[header].trackCount;
            if (m_rows[header].collapsed)
                continue;
        }
        LayoutRow r;
        r.kind = LayoutRow::Kind::Track;
        r.process = t.process;
        r.track = id;
        r.y = y;
        r.levels = t.levelCount;
        if (t.kind == TrackKind::Overflow)
            r.indent = 1;
        else if ((t.kind == TrackKind::Async || t.kind == TrackKind::Counter) && t.name.valid())
            r.indent = nestingDepth(store->str(t.name));
        switch (t.kind) {
        case TrackKind::Counter: r.height = kCounterHeight; break;
        case TrackKind::ProcessInstants:
        case TrackKind::GlobalInstants: r.height = kInstantTrackHeight; break;
        default:
            r.instantStrip = t.instants.empty() ? 0 : kInstantStrip;
            r.height = r.instantStrip + 2 * kTrackPad + int(std::max<uint32_t>(1, t.levelCount)) * kRowPitch;
            break;
        }
        y += r.height;
        m_trackRow[i] = int(m_rows.size());
        m_rows.push_back(r);
    }
    m_height = y;
}

int TimelineLayout::nestingDepth(std::string_view name)
{
    constexpr std::string_view kSeparator = " / ";
    int depth = 0;
    for (size_t at = name.find(kSeparator); at != std::string_view::npos && depth < kMaxIndent;
         at = name.find(kSeparator, at + kSeparator.size()))
        ++depth;
    return depth;
}

int TimelineLayout::rowAt(int contentY) const
{
    if (contentY < 0 || contentY >= m_height)
        return -1;
    auto it
        = std::upper_bound(m_rows.begin(), m_rows.end(), contentY, [](int y, const LayoutRow& r) { return y < r.y; });
    return int(it - m_rows.begin()) - 1;
}

int TimelineLayout::rowOfProcess(store::ProcessId p) const
{
    for (size_t i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].kind == LayoutRow::Kind::Process && m_rows[i].process == p)
            return int(i);
    }
    return -1;
}

std::vector<int> TimelineLayout::processRanks(const store::EventStore& store)
{
    const store::JobLayout job = store::JobLayout::of(store);
    std::vector<int> out;
    if (!job.isJob())
        return out;
    out.assign(store.processCount(), -1);
    for (size_t r = 0; r < job.ranks().size(); ++r) {
        const store::JobRank& rank = job.ranks()[r];
        for (uint32_t p = rank.processBegin; p < rank.processBegin + rank.processCount && p < out.size(); ++p)
            out[p] = int(r);
    }
    return out;
}

int TimelineLayout::revealRow(const store::EventStore& store, store::TrackId t) const
{
    if (t.v >= store.trackCount())
        return -1;
    const int row = rowOfTrack(t);
    const store::ProcessId p = store.track(t).process;
    const int header = p.valid() ? rowOfProcess(p) : -1;
    if (header < 0)
        return row;
    for (int i = header + 1; i < row; ++i) {
        const LayoutRow& r = m_rows[size_t(i)];
        if (r.kind != LayoutRow::Kind::Lane && store.track(r.track).kind != store::TrackKind::ProcessInstants)
            return row;
    }
    return header;
}

int TimelineLayout::rowOfLane(store::ProcessId p) const
{
    const int header = rowOfProcess(p);
    const size_t next = size_t(header) + 1;
    return header >= 0 && next < m_rows.size() && m_rows[next].kind == LayoutRow::Kind::Lane ? int(next) : -1;
}

std::pair<int, int> TimelineLayout::rowsIn(int y0, int y1) const
{
    auto first = std::upper_bound(m_rows.begin(), m_rows.end(), y0, [](int y, const LayoutRow& r) { return y < r.y; });
    if (first != m_rows.begin())
        --first;
    auto last = std::lower_bound(first, m_rows.end(), y1, [](const LayoutRow& r, int y) { return r.y < y; });
    return { int(first - m_rows.begin()), int(last - m_rows.begin()) };
}

int TimelineLayout::depthAt(const LayoutRow& r, int contentY)
{
    const int inSlices = contentY - (r.y + r.instantStrip + kTrackPad);
    if (inSlices < 0)
        return -1;
    return inSlices / kRowPitch;
}

} // namespace strata::widgets
