#include "timelinenavigator.h"

#include <algorithm>
#include <cmath>

namespace strata::widgets {

using model::EventRef;
using model::Viewport;
using store::TimeNs;
using store::TimeRange;

TimeNs TimelineNavigator::minSpan() const
{
    return std::max<TimeNs>(Viewport::kMinSpanNs, (std::max(1, m_width) + kPxPerNsLimit - 1) / kPxPerNsLimit);
}

void TimelineNavigator::zoomBy(double factor, TimeNs anchor, Viewport::Nav nav) const
{
    const double span = double(m_viewport->visible().duration());
    const double target = std::max(double(minSpan()), span * factor);
    if (span <= 0 || std::llround(target) == std::llround(span))
        return;
    m_viewport->zoom(target / span, anchor, nav);
}

void TimelineNavigator::panBy(double fraction) const
{
    const TimeNs delta = std::llround(double(m_viewport->visible().duration()) * fraction);
    if (delta != 0)
        m_viewport->pan(delta, Viewport::Nav::Step);
}

void TimelineNavigator::zoomTo(TimeRange r) const
{
    const TimeNs span = std::max(r.duration(), minSpan());
    const TimeNs start = r.start + r.duration() / 2 - span / 2;
    m_viewport->setVisible({ start, start + span }, Viewport::Nav::Jump);
}

void TimelineNavigator::focus(const store::EventStore& store, const model::Selection& selection) const
{
    if (selection.hasTimeSelection() && selection.timeSelection().duration() > 0) {
        zoomTo(selection.timeSelection());
        return;
    }
    const EventRef e = selection.current();
    if (e.kind == EventRef::Kind::Slice && e.row < store.sliceCount()) {
        const store::SliceRow r(e.row);
        const TimeNs margin = std::max<TimeNs>(store.sliceDur(r) / 10, 1);
        zoomTo({ store.sliceTs(r) - margin, store.sliceEnd(r) + margin });
    } else if (e.kind == EventRef::Kind::Instant && e.row < store.instantCount()) {
        const TimeNs t = store.instantTs(store::InstantRow(e.row));
        const TimeNs span = m_viewport->visible().duration();
        m_viewport->setVisible({ t - span / 2, t - span / 2 + span }, Viewport::Nav::Jump);
    }
}

void TimelineNavigator::reveal(TimeRange r) const
{
    const TimeRange vis = m_viewport->visible();
    if (r.duration() <= vis.duration()) {
        if (r.start >= vis.start && r.end <= vis.end)
            return;
        const TimeNs start = r.start + r.duration() / 2 - vis.duration() / 2;
        m_viewport->setVisible({ start, start + vis.duration() }, Viewport::Nav::Jump);
        return;
    }
    const TimeNs margin = r.duration() / 20;
    zoomTo({ r.start - margin, r.end + margin });
}

} // namespace strata::widgets
