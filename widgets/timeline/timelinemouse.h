#pragma once
#include "timelineframe.h"

#include <store/types.h>

#include <QPoint>

class QMouseEvent;
class QWheelEvent;

namespace strata::widgets {

class TimelineWidget;

// The timeline's pointer gestures. A press decides what a drag does: select a time range on
// the canvas (a move under 4 px is still a click), pan by the ruler or the middle button,
// move the overview's window or the scroll thumb, resize the label column, or drag a
// marker. Each move is computed from the state at the press, so a long drag does not
// accumulate rounding. The wheel zooms at the cursor (Ctrl), pans (Shift, or a horizontal
// wheel) or scrolls the tracks. The widget forwards its mouse events here and keeps
// painting, hover and geometry.
class TimelineMouse {
public:
    enum class Drag { None, Pending, Select, PanRuler, PanMiddle, Overview, Scrollbar, ResizeLabels };

    explicit TimelineMouse(TimelineWidget& w)
        : m_w(w)
    {
    }

    Drag drag() const { return m_drag; }
    void reset() { m_drag = Drag::None; }

    void press(QMouseEvent* e);
    void move(QMouseEvent* e);
    void release(QMouseEvent* e);
    void doubleClick(QMouseEvent* e);
    void wheel(QWheelEvent* e);

private:
    static bool onLabelEdge(const TimelineFrame& f, QPoint pos);
    void pressOverview(const TimelineFrame& f, QPoint pos);
    void hoverAt(const TimelineFrame& f, QPoint pos);

    TimelineWidget& m_w;
    Drag m_drag = Drag::None;
    QPoint m_pressPos;
    store::TimeRange m_pressVisible;
    store::TimeNs m_pressTime = 0;
    int m_pressScroll = 0;
    double m_grabOffset = 0; // pointer x minus the overview window's left edge at the press
};

} // namespace strata::widgets
