#include "timelinemouse.h"

#include "timelinenavigator.h"
#include "timelinewidget.h"

#include <state/trackfilter.h>

#include <QMouseEvent>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace strata::widgets {

using model::Viewport;
using store::TimeNs;
using store::TimeRange;

bool TimelineMouse::onLabelEdge(const TimelineFrame& f, QPoint pos)
{
    return std::abs(pos.x() - f.labels.right()) <= 3 && pos.y() >= f.ruler.top();
}

void TimelineMouse::press(QMouseEvent* e)
{
    m_w.setFocus(Qt::MouseFocusReason);
    if (!m_w.m_store)
        return;
    const QPoint pos = e->position().toPoint();
    const TimelineFrame f = m_w.frame();
    m_pressPos = pos;
    m_pressVisible = m_w.m_viewport->visible();
    m_pressScroll = m_w.m_scrollY;
    if (m_w.m_keyHelp) {
        m_w.setKeyHelpVisible(false);
        return;
    }
    if (e->button() == Qt::MiddleButton) {
        m_drag = Drag::PanMiddle;
        return;
    }
    if (e->button() != Qt::LeftButton)
        return;
    if (m_w.m_markers.press(f, pos, m_w.labelFont())) {
        m_w.clearHover();
        return;
    }
    if (onLabelEdge(f, pos)) {
        m_drag = Drag::ResizeLabels;
    } else if (f.overview.contains(pos)) {
        pressOverview(f, pos);
    } else if (f.ruler.contains(pos)) {
        m_drag = Drag::PanRuler;
        m_w.setCursor(Qt::ClosedHandCursor);
    } else if (m_w.m_skew.click(f, pos, *m_w.m_selection)) {
        m_w.clearHover(); // the card described the collective; the selection now shows it
    } else if (TimelineOverlay::scrollThumb(f, m_w.m_layout.contentHeight()).adjusted(-2, 0, 0, 0).contains(pos)) {
        m_drag = Drag::Scrollbar;
    } else {
        const TimelineOverlay::Hit h = m_w.hitTest(pos);
        if (h.header) {
            const LayoutRow& row = m_w.m_layout.rows()[h.row];
            if (m_w.m_filter)
                m_w.m_filter->setCollapsed(row.process, !row.collapsed);
        } else if (f.canvas.contains(pos)) {
            m_drag = Drag::Pending;
            m_pressTime = f.timeAt(pos.x());
        }
    }
    m_w.update();
}

void TimelineMouse::pressOverview(const TimelineFrame& f, QPoint pos)
{
    const TimeRange trace = m_w.m_viewport->traceRange();
    const QRectF win = OverviewBar::windowRect(f.overview, trace, m_pressVisible);
    if (!win.contains(pos)) { // jump the window's centre to the click, then drag it
        const TimeNs span = m_pressVisible.duration();
        const TimeNs c = OverviewBar::timeAt(f.overview, trace, pos.x());
        m_w.m_viewport->setVisible({ c - span / 2, c - span / 2 + span }, Viewport::Nav::Jump);
        m_pressVisible = m_w.m_viewport->visible();
    }
    m_grabOffset = pos.x() - OverviewBar::windowRect(f.overview, trace, m_pressVisible).left();
    m_drag = Drag::Overview;
}

void TimelineMouse::hoverAt(const TimelineFrame& f, QPoint pos)
{
    m_w.updateHover(pos);
    const int row = m_w.m_hoverRow;
    const bool onHeader = (row >= 0 && m_w.m_layout.rows()[row].kind == LayoutRow::Kind::Process)
        || (f.skew.contains(pos) && !m_w.m_hover.empty());
    m_w.setCursor(m_w.m_markers.hitTest(f, pos, m_w.labelFont()).valid() ? Qt::SizeHorCursor
            : onLabelEdge(f, pos)                                        ? Qt::SplitHCursor
            : f.ruler.contains(pos)                                      ? Qt::OpenHandCursor
            : onHeader                                                   ? Qt::PointingHandCursor
                                                                         : Qt::ArrowCursor);
}

void TimelineMouse::move(QMouseEvent* e)
{
    if (!m_w.m_store)
        return;
    const QPoint pos = e->position().toPoint();
    const TimelineFrame f = m_w.frame();
    const int dx = pos.x() - m_pressPos.x();
    if (m_w.m_markers.isDragging()) {
        m_w.m_markers.dragTo(*m_w.m_store, m_w.m_layout, f, pos, /*snap*/ !(e->modifiers() & Qt::AltModifier));
        m_w.update(); // the snapped edge's highlight follows
        return;
    }
    switch (m_drag) {
    case Drag::None: hoverAt(f, pos); return;
    case Drag::Pending:
        if ((pos - m_pressPos).manhattanLength() < 4)
            return;
        m_drag = Drag::Select;
        m_w.clearHover();
        [[fallthrough]];
    case Drag::Select:
        m_w.m_selection->setTimeSelection(
            { m_pressTime, f.timeAt(std::clamp(pos.x(), f.canvas.left(), f.canvas.right() + 1)) });
        break;
    case Drag::PanRuler:
    case Drag::PanMiddle: {
        const TimeNs delta = std::llround(-dx * double(m_pressVisible.duration()) / f.canvas.width());
        m_w.m_viewport->setVisible({ m_pressVisible.start + delta, m_pressVisible.end + delta }, Viewport::Nav::Step);
        if (m_drag == Drag::PanMiddle)
            m_w.setScrollY(m_pressScroll - (pos.y() - m_pressPos.y()));
        break;
    }
    case Drag::Overview: {
        const TimeNs start = OverviewBar::timeAt(f.overview, m_w.m_viewport->traceRange(), pos.x() - m_grabOffset);
        m_w.m_viewport->setVisible({ start, start + m_pressVisible.duration() }, Viewport::Nav::Step);
        break;
    }
    case Drag::Scrollbar: {
        const int content = m_w.m_layout.contentHeight();
        const double track = f.canvas.height() - TimelineOverlay::scrollThumb(f, content).height();
        if (track > 0)
            m_w.setScrollY(m_pressScroll + int((pos.y() - m_pressPos.y()) * (content - f.canvas.height()) / track));
        break;
    }
    case Drag::ResizeLabels: m_w.setLabelWidth(pos.x()); break;
    }
    m_w.update();
}

void TimelineMouse::release(QMouseEvent* e)
{
    const QPoint pos = e->position().toPoint();
    if (m_w.m_markers.release()) {
        m_w.unsetCursor();
        return;
    }
    model::Selection* selection = m_w.m_selection;
    if (m_drag == Drag::Pending) {
        const TimelineOverlay::Hit h = m_w.hitTest(pos);
        selection->clearTimeSelection();
        const model::EventRef cur = selection->current();
        if ((e->modifiers() & Qt::ShiftModifier) && cur.valid() && h.event.valid() && h.event != cur) {
            selection->setMeasure(h.event); // Shift+click: measure from the selected event to this one
        } else {
            selection->clearMeasure();
            selection->setCurrent(h.event);
        }
        if (e->modifiers() & Qt::ControlModifier) // Ctrl+click: open its source line
            selection->requestSource(h.event);
    } else if (m_drag == Drag::Select) {
        if (selection->timeSelection().duration() <= 0)
            selection->clearTimeSelection();
    }
    m_drag = Drag::None;
    m_w.unsetCursor();
    if (m_w.m_store && m_w.rect().contains(pos))
        m_w.updateHover(pos);
    m_w.update();
}

void TimelineMouse::doubleClick(QMouseEvent* e)
{
    const TimelineOverlay::Hit h = m_w.hitTest(e->position().toPoint());
    if (h.event.valid() && !h.header) {
        m_w.m_selection->setCurrent(h.event);
        m_w.m_selection->clearTimeSelection();
        m_w.navigator().focus(*m_w.m_store, *m_w.m_selection);
    } else if (h.header) {
        press(e); // a second click toggles back, as a single click would
    }
}

void TimelineMouse::wheel(QWheelEvent* e)
{
    if (!m_w.m_store)
        return;
    const QPoint ad = e->angleDelta();
    const double notches = (ad.y() != 0 ? ad.y() : ad.x()) / 120.0;
    const TimelineFrame f = m_w.frame();
    const TimelineNavigator nav = m_w.navigator();
    if (e->modifiers() & Qt::ControlModifier) {
        const QPointF pos = e->position();
        const TimeNs anchor = f.canvas.contains(pos.toPoint()) ? f.timeAt(pos.x()) : f.t0 + (f.t1 - f.t0) / 2;
        nav.zoomBy(std::pow(TimelineWidget::kZoomStep, notches), anchor);
    } else if (e->modifiers() & Qt::ShiftModifier) {
        nav.panBy(-notches * TimelineWidget::kPanStep);
    } else if (std::abs(ad.x()) > std::abs(ad.y())) {
        nav.panBy(-ad.x() / 120.0 * TimelineWidget::kPanStep);
    } else {
        const int dy = !e->pixelDelta().isNull() ? e->pixelDelta().y()
                                                 : int(std::lround(notches * 3 * TimelineLayout::kRowPitch));
        m_w.setScrollY(m_w.m_scrollY - dy);
    }
    e->accept();
}

} // namespace strata::widgets
