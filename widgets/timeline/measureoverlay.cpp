#include "measureoverlay.h"

#include "eventplace.h"
#include "timelineoverlay.h"

#include <common/unitformat.h>

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace strata::widgets {

using model::EventRef;

namespace {
constexpr double kArmPx = 6;
}

MeasureOverlay::MeasureOverlay(const store::EventStore& store, const TimelineOverlay& overlay,
    const TimelineFrame& frame, const QPalette& pal, const QFont& font)
    : m_store(store)
    , m_overlay(overlay)
    , m_frame(frame)
    , m_pal(pal)
    , m_font(font)
{
}

std::optional<analysis::EventGap> MeasureOverlay::gapOf(
    const store::EventStore& store, const model::Selection& selection)
{
    const std::optional<EventPlace> a = EventPlace::of(store, selection.current());
    const std::optional<EventPlace> b = EventPlace::of(store, selection.measure());
    if (!a || !b)
        return std::nullopt;
    return analysis::EventGap::between(a->range, b->range);
}

QString MeasureOverlay::label(const analysis::EventGap& gap)
{
    return gap.overlap() ? QStringLiteral("overlap %1").arg(UnitFormat::precise(-gap.delta()))
                         : QStringLiteral("Δ %1").arg(UnitFormat::precise(gap.delta()));
}

void MeasureOverlay::paintSnappedEdge(QPainter& p, const MarkerSnapper::Result& snap) const
{
    if (!snap.snapped())
        return;
    const QRectF r = m_overlay.eventRect(EventRef::slice(snap.slice));
    if (r.isEmpty())
        return;
    // A bracket on the edge, its arms pointing into the slice ([ on a start, ] on an end) and
    // reaching past the marker's line, so it shows beside it even on a 1 px slice; a rim keeps
    // it visible on any colour.
    const double x = std::floor(m_frame.xOf(snap.time));
    const double arm = snap.end ? -kArmPx : kArmPx;
    const double top = r.top() - 2, bottom = r.bottom() + 2;
    QPainterPath bracket;
    bracket.moveTo(x + arm, top);
    bracket.lineTo(x, top);
    bracket.lineTo(x, bottom);
    bracket.lineTo(x + arm, bottom);
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false);
    p.strokePath(bracket, QPen(m_pal.color(QPalette::Base), 5, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
    p.strokePath(bracket, QPen(m_pal.color(QPalette::Highlight), 3, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
    p.restore();
}

void MeasureOverlay::paintMeasure(QPainter& p, const model::Selection& selection) const
{
    const std::optional<analysis::EventGap> gap = gapOf(m_store, selection);
    if (!gap)
        return;
    const EventRef earlier = gap->secondFirst ? selection.measure() : selection.current();
    const EventRef later = gap->secondFirst ? selection.current() : selection.measure();
    QRectF a = m_overlay.eventRect(earlier), b = m_overlay.eventRect(later);
    if (a.isEmpty() && b.isEmpty())
        return;
    if (a.isEmpty()) // a hidden track: both guides end on the shown event's row
        a = b;
    if (b.isEmpty())
        b = a;
    const double x0 = m_frame.xOf(gap->from), x1 = m_frame.xOf(gap->to);
    // On one row the span runs through the gap itself; across rows, halfway between them.
    const double y = std::round((a.center().y() + b.center().y()) / 2) + 0.5;
    const QColor accent = m_pal.color(QPalette::Highlight);
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(QPen(accent, 1, Qt::DashLine));
    p.drawLine(
        QPointF(std::floor(x0) + 0.5, std::min(a.top(), y)), QPointF(std::floor(x0) + 0.5, std::max(a.bottom(), y)));
    p.drawLine(
        QPointF(std::floor(x1) + 0.5, std::min(b.top(), y)), QPointF(std::floor(x1) + 0.5, std::max(b.bottom(), y)));
    p.setPen(QPen(accent, 2));
    p.drawLine(QPointF(x0, y), QPointF(x1, y));
    const double tick = 4;
    p.drawLine(QPointF(x0, y - tick), QPointF(x0, y + tick));
    p.drawLine(QPointF(x1, y - tick), QPointF(x1, y + tick));

    const QString text = label(*gap);
    const QFontMetrics fm(m_font);
    const double w = fm.horizontalAdvance(text) + 12, h = fm.height() + 2;
    QRectF box((x0 + x1 - w) / 2, y - h - 3, w, h);
    box.moveLeft(std::clamp(box.left(), double(m_frame.canvas.left()), double(m_frame.canvas.right() + 1) - w));
    if (box.top() < m_frame.canvas.top())
        box.moveTop(y + 3);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(accent);
    p.drawRoundedRect(box, h / 2, h / 2);
    p.setFont(m_font);
    p.setPen(m_pal.color(QPalette::HighlightedText));
    p.drawText(box, Qt::AlignCenter, text);
    p.restore();
}

} // namespace strata::widgets
