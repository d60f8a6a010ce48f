#pragma once
#include "markersnapper.h"
#include "timelineframe.h"
#include "timelinelayout.h"

#include <state/annotationsmodel.h>
#include <state/marker.h>
#include <store/eventstore.h>

#include <QFont>
#include <QMetaObject>
#include <QPalette>
#include <QPointer>
#include <QRectF>

class QMenu;
class QPainter;
class QWidget;

namespace strata::model {
class Selection;
}

namespace strata::widgets {

// The markers on the timeline: each is a line across the ruler and the tracks in its
// colour, with a flag carrying its name at the top of the ruler. Pressing a line or a flag
// (within kGrabPx) selects the marker and drags it; it snaps to the nearest slice edge of
// the row under the pointer, else of any row on screen (MarkerSnapper), unless Alt is held.
// The markers live in the shared AnnotationsModel; this keeps only the drag (and the edge
// it snapped to, which the timeline highlights) and draws what the model holds.
class MarkerLayer {
public:
    static constexpr int kGrabPx = 4;

    // Repaints `view` when the markers or the selected marker change.
    void setModel(model::AnnotationsModel* model, QWidget* view);
    model::AnnotationsModel* model() const { return m_model; }

    // The marker whose flag or line is under pos (the nearest line within kGrabPx).
    model::MarkerId hitTest(const TimelineFrame& f, QPoint pos, const QFont& font) const;
    void paint(QPainter& p, const TimelineFrame& f, const QPalette& pal, const QFont& font) const;
    QRectF flagRect(const TimelineFrame& f, const model::Marker& m, const QFont& font) const;

    // Adds and selects a marker at `time`, moved onto the nearest slice edge when `snap`:
    // of the row under widget y first (MarkerSnapper::kNoRow: any row).
    model::MarkerId addAt(const store::EventStore& store, const TimelineLayout& layout, const TimelineFrame& f,
        store::TimeNs time, int y, bool snap);
    bool removeSelected();

    // A left press on a marker selects it and starts a drag; false when none is there.
    bool press(const TimelineFrame& f, QPoint pos, const QFont& font);
    void dragTo(
        const store::EventStore& store, const TimelineLayout& layout, const TimelineFrame& f, QPoint pos, bool snap);
    bool release(); // true when it ended a drag
    bool isDragging() const { return m_drag.valid(); }
    void cancelDrag();
    // The slice edge the dragged marker sits on; not snapped outside a drag or when free.
    const MarkerSnapper::Result& snappedEdge() const { return m_snap; }

    // The timeline's context menu for a point of the ruler or the canvas: add a marker
    // there, markers at the ends of the time selection, remove the marker under the point.
    // Null without a model. The caller owns the menu.
    QMenu* createMenu(QWidget* parent, const store::EventStore& store, const TimelineLayout& layout,
        const TimelineFrame& f, QPoint pos, const QFont& font, const model::Selection* selection);

private:
    QPointer<model::AnnotationsModel> m_model;
    QMetaObject::Connection m_changed, m_selectedChanged;
    model::MarkerId m_drag;
    MarkerSnapper::Result m_snap;
    double m_grabDx = 0; // pointer x minus the marker's x at the press
};

} // namespace strata::widgets
