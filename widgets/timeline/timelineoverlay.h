#pragma once
#include "timelineframe.h"
#include "timelinelayout.h"

#include <state/selection.h>
#include <store/eventstore.h>

#include <QPalette>
#include <QRectF>

class QPainter;

namespace strata::widgets {

class OperatorColors;
class OverlapLane;
struct TooltipContent;
class TrackImageCache;

// What is drawn over the replayed track geometry and changes without rebuilding it: hover
// and selection outlines, highlighted slices, flow arrows of the selected slice, the time
// selection band, the cursor line and global instant lines. Also where an event sits on
// screen, for hit boxes, reveal and tests.
class TimelineOverlay {
public:
    struct Hit {
        int row = -1; // layout row, -1 outside the track area
        model::EventRef event;
        bool header = false; // on a process header
        bool lane = false; // on an overlap lane
    };

    TimelineOverlay(const store::EventStore& store, const TimelineLayout& layout, const TimelineFrame& frame,
        const OperatorColors& colors, const QPalette& pal);

    // Widget rectangle of an event; empty when its track is hidden. A slice in a collapsed
    // process maps onto the process header. Slices keep at least 1 px of width.
    QRectF eventRect(model::EventRef e) const;
    // What is under a widget point: a row, and on the canvas the slice or instant there
    // (within 3 px), if any.
    Hit hitTest(QPoint pos) const;
    // The hover card at a widget point with its hit: the event there, an overlap lane's states
    // over the pixel (over its label, the visible range), a track's full name on its label or
    // a counter's value; empty elsewhere.
    TooltipContent card(const Hit& h, QPoint pos, const OverlapLane& lane) const;
    static store::TrackId instantTrack(const store::EventStore& store, store::InstantRow r);

    // The canvas columns (px from its left) with a global instant's line: at most one per
    // 4 px, however many instants there are.
    std::vector<int> globalInstantColumns() const;
    // Those lines' dashes in `areas` (widget px), in the content's dash phase: the track
    // images have them already (TrackRenderer), the header bands and the canvas under the
    // last row get them here, from one tile.
    void paintGlobalInstantLines(QPainter& p, const std::vector<int>& columns, const std::vector<QRect>& areas) const;
    // The selection's highlighted slices and instants. Plain: an accent ring around each
    // (narrow ones filled), the rest untouched. With Selection::highlightDimsOthers: veils the
    // canvas and lifts the highlighted slices back out of it, copied from the track images so
    // they keep their labels. At most one mark per pixel column per depth row.
    void paintHighlights(QPainter& p, const model::Selection& selection, const TrackImageCache& images) const;
    void paintTimeSelection(QPainter& p, store::TimeRange r) const;
    void paintOutline(QPainter& p, model::EventRef e, bool selected) const;
    // The flows of `slice` followed `depth` hops both ways (analysis::FlowChain), arrows whose
    // ends share pixel bins bundled into one with a count (FlowBundler).
    void paintFlows(QPainter& p, store::SliceRow slice, int depth = 1) const;
    void paintCursor(QPainter& p, double x) const;
    // The vertical scroll thumb at the canvas's right edge; null when everything fits.
    static QRectF scrollThumb(const TimelineFrame& f, int contentHeight);
    void paintScrollThumb(QPainter& p, int contentHeight, bool active) const;
    // A label pill in the ruler centred on x (the selection's duration, the cursor's time);
    // the ruler leaves out tick labels under it.
    QRectF rulerPill(double x, const QString& text, const QFont& font) const;
    void paintRulerPill(QPainter& p, const QRectF& box, const QString& text, bool accent) const;

private:
    QRectF sliceRect(store::SliceRow r) const;
    void paintHighlightedInstants(QPainter& p, const LayoutRow& row, const std::vector<store::InstantRow>& set) const;

    const store::EventStore& m_store;
    const TimelineLayout& m_layout;
    const TimelineFrame& m_frame;
    const OperatorColors& m_colors;
    const QPalette& m_pal;
};

} // namespace strata::widgets
