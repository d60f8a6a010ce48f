#include "realignview.h"

#include <state/selection.h>
#include <state/session.h>
#include <state/trackfilter.h>
#include <state/viewport.h>
#include <store/joblayout.h>

namespace strata::app {

using store::JobLayout;
using store::JobRank;
using store::TimeNs;

namespace {

std::vector<TimeNs> offsetsOf(const JobLayout& layout)
{
    std::vector<TimeNs> out;
    for (const JobRank& r : layout.ranks())
        out.push_back(r.offsetNs);
    return out;
}

} // namespace

std::optional<RealignView> RealignView::capture(const model::Session& session, int scrollY)
{
    const std::shared_ptr<const store::EventStore>& store = session.store();
    if (!store)
        return std::nullopt;
    const store::EventStore& s = *store;
    const JobLayout layout = JobLayout::of(s);
    if (!layout.isJob())
        return std::nullopt;
    RealignView v;
    v.m_offsets = offsetsOf(layout);
    v.m_visible = session.viewport()->visible();
    v.m_scrollY = scrollY;
    const model::Selection* sel = session.selection();
    if (sel->hasTimeSelection())
        v.m_timeSelection = sel->timeSelection();
    v.m_currentLatest = sel->currentIsLatest();
    const model::EventRef current = sel->current();
    if (current.kind == model::EventRef::Kind::Slice && current.row < s.sliceCount()) {
        const store::SliceRow row(current.row);
        const store::TrackId track = s.sliceTrack(row);
        const int rank = layout.rankIndexOfTrack(track);
        if (rank >= 0) {
            const JobRank& r = layout.ranks()[size_t(rank)];
            v.m_selected
                = SelectedSlice { { rank, track.v - r.trackBegin }, s.sliceDepth(row), s.sliceTs(row) + r.offsetNs };
            v.m_anchor = rank;
        }
    }
    const model::TrackFilter* filter = session.trackFilter();
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        if (!filter->isHidden(store::TrackId(t)))
            continue;
        const int rank = layout.rankIndexOfTrack(store::TrackId(t));
        v.m_hidden.push_back({ rank, rank >= 0 ? t - layout.ranks()[size_t(rank)].trackBegin : t });
    }
    for (uint32_t p = 0; p < s.processCount(); ++p) {
        if (!filter->isCollapsed(store::ProcessId(p)))
            continue;
        const int rank = layout.rankIndexOfProcess(store::ProcessId(p));
        v.m_collapsed.push_back({ rank, rank >= 0 ? p - layout.ranks()[size_t(rank)].processBegin : p });
    }
    return v;
}

// aligned = recorded - offset: a time of the anchor rank moves by old offset - new offset.
TimeNs RealignView::shiftFor(const std::vector<TimeNs>& offsets) const
{
    const size_t a = size_t(m_anchor);
    return a < offsets.size() && a < m_offsets.size() ? m_offsets[a] - offsets[a] : 0;
}

store::TimeRange RealignView::visibleFor(const std::vector<TimeNs>& offsets) const
{
    const TimeNs d = shiftFor(offsets);
    return { m_visible.start + d, m_visible.end + d };
}

void RealignView::apply(model::Session& session) const
{
    const std::shared_ptr<const store::EventStore>& store = session.store();
    if (!store)
        return;
    const store::EventStore& s = *store;
    const JobLayout layout = JobLayout::of(s);
    const std::vector<JobRank>& ranks = layout.ranks();
    if (ranks.size() != m_offsets.size())
        return; // not the job captured
    const std::vector<TimeNs> offsets = offsetsOf(layout);
    const TimeNs d = shiftFor(offsets);

    model::TrackFilter* filter = session.trackFilter();
    for (const Place& h : m_hidden) {
        const uint32_t t = h.rank >= 0 ? ranks[size_t(h.rank)].trackBegin + h.at : h.at;
        if (t < s.trackCount() && (h.rank < 0 || h.at < ranks[size_t(h.rank)].trackCount))
            filter->setHidden(store::TrackId(t), true);
    }
    for (const Place& c : m_collapsed) {
        const uint32_t p = c.rank >= 0 ? ranks[size_t(c.rank)].processBegin + c.at : c.at;
        if (p < s.processCount() && (c.rank < 0 || c.at < ranks[size_t(c.rank)].processCount))
            filter->setCollapsed(store::ProcessId(p), true);
    }

    session.viewport()->setVisible(visibleFor(offsets));
    model::Selection* sel = session.selection();
    const model::EventRef slice = selectedIn(s, layout);
    // Set in the order they were picked: the later one is what "current selection" means.
    if (slice.valid() && !m_currentLatest)
        sel->setCurrent(slice);
    if (m_timeSelection)
        sel->setTimeSelection({ m_timeSelection->start + d, m_timeSelection->end + d });
    if (slice.valid() && m_currentLatest)
        sel->setCurrent(slice);
}

model::EventRef RealignView::selectedIn(const store::EventStore& s, const JobLayout& layout) const
{
    if (!m_selected || size_t(m_selected->track.rank) >= layout.ranks().size())
        return {};
    const JobRank& r = layout.ranks()[size_t(m_selected->track.rank)];
    if (m_selected->track.at >= r.trackCount)
        return {};
    const store::TrackId track(r.trackBegin + m_selected->track.at);
    if (m_selected->depth >= s.levelCount(track))
        return {};
    const TimeNs start = m_selected->recordedStart - r.offsetNs;
    const store::RowRange level = s.level(track, m_selected->depth);
    const uint32_t i = s.firstStartAtOrAfter(level, start);
    if (i < level.end && s.sliceTs(store::SliceRow(i)) == start)
        return model::EventRef::slice(store::SliceRow(i));
    return {};
}

} // namespace strata::app
