#include "themestyle.h"

#include "themepalette.h"

#include <QPainter>
#include <QPainterPath>
#include <QStyleFactory>
#include <QStyleOption>

#include <algorithm>

namespace strata::widgets {

namespace {

// The indicator's square, centred in its rect, half a pixel in so a 1-px line is crisp.
QRectF square(const QRect& rect)
{
    const int side = std::min(rect.width(), rect.height()) - 2;
    QRectF r(0, 0, side, side);
    r.moveCenter(QRectF(rect).center());
    return r.adjusted(0.5, 0.5, -0.5, -0.5);
}

struct Look {
    QColor ring, fill, mark;
};

// The ring, the fill and the mark (dot, tick) of an indicator in `option`'s state.
Look lookOf(const QStyleOption* option)
{
    const QPalette& pal = option->palette;
    const bool enabled = option->state & QStyle::State_Enabled;
    const bool on = option->state & (QStyle::State_On | QStyle::State_NoChange);
    const QColor base = pal.color(QPalette::Base);
    const QColor highlight = pal.color(QPalette::Active, QPalette::Highlight);
    Look look;
    look.fill = base;
    if (enabled && (option->state & QStyle::State_Sunken))
        look.fill = ThemePalette::mix(base, pal.color(QPalette::Text), 0.15);
    look.ring = ThemeStyle::ring(pal, enabled);
    if (enabled && (on || (option->state & QStyle::State_MouseOver)))
        look.ring = highlight;
    look.mark = enabled ? pal.color(QPalette::Active, QPalette::HighlightedText) : base;
    if (on)
        look.fill = enabled ? highlight : ThemeStyle::ring(pal, false);
    return look;
}

} // namespace

ThemeStyle::ThemeStyle()
    : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion")))
{
}

QColor ThemeStyle::ring(const QPalette& palette, bool enabled)
{
    // 0.6 of the way from the base to the text keeps 3 : 1 against the base and the window
    // of both themes' palettes (tst_Theme measures it); disabled ones fade to half of that.
    const QPalette::ColorGroup group = enabled ? QPalette::Active : QPalette::Disabled;
    return ThemePalette::mix(
        palette.color(group, QPalette::Base), palette.color(QPalette::Active, QPalette::Text), enabled ? 0.6 : 0.3);
}

void ThemeStyle::drawPrimitive(
    PrimitiveElement element, const QStyleOption* option, QPainter* painter, const QWidget* widget) const
{
    switch (element) {
    case PE_IndicatorRadioButton: drawRadio(option, painter); return;
    case PE_IndicatorCheckBox: drawCheckBox(option, painter); return;
    default: QProxyStyle::drawPrimitive(element, option, painter, widget);
    }
}

void ThemeStyle::drawRadio(const QStyleOption* option, QPainter* painter)
{
    const Look look = lookOf(option);
    const QRectF circle = square(option->rect);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(QPen(look.ring, 1.0));
    painter->setBrush(look.fill);
    painter->drawEllipse(circle);
    if (option->state & State_On) {
        const double d = circle.width() * 0.4;
        painter->setPen(Qt::NoPen);
        painter->setBrush(look.mark);
        painter->drawEllipse(QRectF(circle.center() - QPointF(d, d) / 2, QSizeF(d, d)));
    }
    painter->restore();
}

void ThemeStyle::drawCheckBox(const QStyleOption* option, QPainter* painter)
{
    const Look look = lookOf(option);
    const QRectF box = square(option->rect);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(QPen(look.ring, 1.0));
    painter->setBrush(look.fill);
    painter->drawRoundedRect(box, 2.0, 2.0);
    QPen mark(look.mark, std::max(1.5, box.width() / 7), Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
    painter->setPen(mark);
    painter->setBrush(Qt::NoBrush);
    const double w = box.width(), h = box.height();
    if (option->state & State_NoChange) {
        painter->drawLine(
            QPointF(box.left() + w * 0.27, box.center().y()), QPointF(box.right() - w * 0.27, box.center().y()));
    } else if (option->state & State_On) {
        QPainterPath tick;
        tick.moveTo(box.left() + w * 0.24, box.top() + h * 0.52);
        tick.lineTo(box.left() + w * 0.42, box.top() + h * 0.70);
        tick.lineTo(box.left() + w * 0.76, box.top() + h * 0.32);
        painter->drawPath(tick);
    }
    painter->restore();
}

} // namespace strata::widgets
