#include "notshownnote.h"

#include <common/timelinestyle.h>

#include <QFontMetrics>
#include <QPainter>

#include <algorithm>

namespace strata::widgets {

void NotShownNote::paintBanner(
    QPainter& p, const QRect& area, const QString& text, const QPalette& pal, const QFont& font)
{
    const TimelineStyle st = TimelineStyle::from(pal);
    // A tint of the highlight colour so the line reads as a notice, not as a track header.
    p.fillRect(area, TimelineStyle::mix(st.window, pal.color(QPalette::Highlight), 0.14));
    p.fillRect(QRect(area.left(), area.bottom(), area.width(), 1), st.border);
    p.setFont(font);
    p.setPen(st.windowText);
    const QRect inner = area.adjusted(8, 0, -8, 0);
    const QString shown = QFontMetrics(font).elidedText(text, Qt::ElideRight, inner.width());
    p.drawText(inner, Qt::AlignVCenter | Qt::AlignLeft | Qt::TextSingleLine, shown);
}

void NotShownNote::paintCentred(
    QPainter& p, const QRect& area, const QString& text, const QPalette& pal, const QFont& font)
{
    const TimelineStyle st = TimelineStyle::from(pal);
    const int width = std::min(area.width() - 32, 640);
    if (width <= 0 || area.height() <= 0)
        return;
    const QFontMetrics fm(font);
    const QRect needed = fm.boundingRect(QRect(0, 0, width, area.height()), Qt::TextWordWrap | Qt::AlignCenter, text);
    QRect box(0, 0, width + 24, needed.height() + 20);
    box.moveCenter(area.center());
    p.setFont(font);
    p.fillRect(box, st.window);
    p.setPen(st.border);
    p.drawRect(box.adjusted(0, 0, -1, -1));
    p.setPen(st.windowText);
    p.drawText(box.adjusted(12, 10, -12, -10), Qt::TextWordWrap | Qt::AlignCenter, text);
}

} // namespace strata::widgets
