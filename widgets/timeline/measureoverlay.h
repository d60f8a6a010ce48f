#pragma once
#include "markersnapper.h"
#include "timelineframe.h"

#include <analysis/time/eventgap.h>
#include <state/selection.h>
#include <store/eventstore.h>

#include <QFont>
#include <QPalette>
#include <QRectF>

#include <optional>

class QPainter;

namespace strata::widgets {

class TimelineOverlay;

// What the timeline draws while the user measures, over the replayed track images (nothing
// here rebuilds track geometry): the slice edge a dragged marker snapped to, as a short bar
// on that edge of its slice (as Perfetto does), and the measured pair (Selection::measure):
// a span between the end of the earlier event and the start of the later one, with guides
// down to both events and a label with the exact gap (analysis::EventGap), or the overlap.
class MeasureOverlay {
public:
    MeasureOverlay(const store::EventStore& store, const TimelineOverlay& overlay, const TimelineFrame& frame,
        const QPalette& pal, const QFont& font);

    // The gap from the current event to the measure event; none when there is no pair.
    static std::optional<analysis::EventGap> gapOf(const store::EventStore& store, const model::Selection& selection);
    // The span's label: "Δ 369.000 µs", or "overlap 12.000 µs" when the later event starts first.
    static QString label(const analysis::EventGap& gap);

    void paintSnappedEdge(QPainter& p, const MarkerSnapper::Result& snap) const;
    void paintMeasure(QPainter& p, const model::Selection& selection) const;

private:
    const store::EventStore& m_store;
    const TimelineOverlay& m_overlay;
    const TimelineFrame& m_frame;
    const QPalette& m_pal;
    QFont m_font; // a copy: callers pass a temporary (TimelineWidget::labelFont)
};

} // namespace strata::widgets
