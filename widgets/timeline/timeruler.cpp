#include "timeruler.h"

#include <common/unitformat.h>

#include <QPainter>

#include <cmath>

namespace strata::widgets {

using store::TimeNs;

TimeNs TimeRuler::majorStep(TimeNs span, double widthPx, double minLabelPx)
{
    if (span <= 0 || widthPx <= 0)
        return 1;
    const double target = double(span) * minLabelPx / widthPx;
    TimeNs decade = 1;
    while (double(decade) * 10 <= target && decade < TimeNs(1e17))
        decade *= 10;
    for (TimeNs m : { 1, 2, 5, 10 }) {
        if (double(decade * m) >= target)
            return decade * m;
    }
    return decade * 10;
}

TimeRuler::Ticks TimeRuler::compute(
    TimeNs visStart, TimeNs visEnd, TimeNs traceStart, double widthPx, double minLabelPx)
{
    Ticks out;
    const TimeNs span = visEnd - visStart;
    if (span <= 0 || widthPx < 2)
        return out;
    const TimeNs step = majorStep(span, widthPx, minLabelPx);
    out.step = step;
    // Minor ticks split a 1- or 5-step in five, a 2-step in four.
    TimeNs lead = step;
    while (lead >= 10 && lead % 10 == 0)
        lead /= 10;
    const TimeNs minor = step / (lead == 2 ? 4 : 5);
    const double pxPerNs = widthPx / double(span);

    const TimeNs relStart = visStart - traceStart;
    auto floorTo = [](TimeNs v, TimeNs s) { return (v >= 0 ? v / s : -((-v + s - 1) / s)) * s; };
    // Offset mode once absolute labels would need more than 8 significant digits.
    const QString farLabel = UnitFormat::time(visEnd - traceStart, step);
    int digits = 0;
    for (QChar c : farLabel)
        digits += c.isDigit();
    TimeNs origin = 0;
    if (digits > 8) {
        origin = floorTo(relStart, step);
        out.origin = UnitFormat::precise(origin);
    }

    const TimeNs tickStep = minor > 0 ? minor : step;
    for (TimeNs rel = floorTo(relStart, tickStep); rel <= visEnd - traceStart; rel += tickStep) {
        const TimeNs t = traceStart + rel;
        if (t < visStart)
            continue;
        RulerTick tick;
        tick.t = t;
        tick.x = double(t - visStart) * pxPerNs;
        tick.major = rel % step == 0;
        if (tick.major) {
            if (out.origin.isEmpty())
                tick.label = UnitFormat::time(rel, step);
            else
                tick.label = (rel == origin ? QString() : QStringLiteral("+")) + UnitFormat::time(rel - origin, step);
        }
        out.ticks.push_back(std::move(tick));
    }
    return out;
}

QRectF TimeRuler::labelRect(const QRect& rect, const RulerTick& tick, const QFontMetrics& fm)
{
    // Centred in the height the 7 px major tick marks leave at the bottom.
    const int baseline = rect.top() + (rect.height() - 7 + fm.ascent() - fm.descent()) / 2;
    return QRectF(
        rect.left() + std::floor(tick.x) + 4, baseline - fm.ascent(), fm.horizontalAdvance(tick.label), fm.height());
}

void TimeRuler::paint(
    QPainter& p, const QRect& rect, const Ticks& ticks, const QPalette& pal, const QFont& font, const QRectF& avoid)
{
    p.save();
    p.setClipRect(rect);
    p.setFont(font);
    const QFontMetrics fm(font);
    QColor tickColor = pal.color(QPalette::WindowText);
    tickColor.setAlpha(110);
    const int bottom = rect.bottom();
    p.setPen(tickColor);
    for (const RulerTick& t : ticks.ticks) {
        const int x = rect.left() + int(std::floor(t.x));
        p.drawLine(x, bottom - (t.major ? 7 : 3), x, bottom);
    }
    p.setPen(pal.color(QPalette::WindowText));
    for (const RulerTick& t : ticks.ticks) {
        if (t.label.isEmpty())
            continue;
        const QRectF label = labelRect(rect, t, fm);
        if (!avoid.isNull() && label.left() < avoid.right() + 6 && label.right() > avoid.left() - 6)
            continue;
        p.drawText(QPointF(label.left(), label.top() + fm.ascent()), t.label);
    }
    p.restore();
}

} // namespace strata::widgets
