#include "deltabardelegate.h"

#include <common/themepalette.h>

#include <QApplication>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace strata::widgets {

DeltaBarDelegate::DeltaBarDelegate(int role, QObject* parent)
    : QStyledItemDelegate(parent)
    , m_role(role)
{
}

QRect DeltaBarDelegate::barRect(const QRect& cell, double fraction)
{
    const QRect r = cell.adjusted(3, 3, -3, -3);
    const double share = std::clamp(std::fabs(fraction), 0.0, 1.0);
    if (share <= 0 || r.width() <= 0)
        return {};
    // At least a pixel, so a tiny change still shows which way it went.
    const int w = std::max(1, int(std::lround(r.width() * share)));
    return { r.left(), r.top(), w, r.height() };
}

void DeltaBarDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget); // background, selection, focus

    const double fraction = index.data(m_role).toDouble();
    const bool selected = opt.state & QStyle::State_Selected;
    const QPalette& pal = opt.palette;
    const QRect bar = barRect(opt.rect, fraction);
    if (!bar.isEmpty()) {
        const ThemePalette theme = ThemePalette::from(pal);
        const QColor hue = fraction > 0 ? theme.slower : theme.faster;
        // Lightened into the base so the cell's text stays readable over it; on a selected
        // row the full hue, which reads on the highlight.
        const QColor fill = selected ? hue : ThemePalette::mix(theme.base, hue, 0.45);
        painter->fillRect(bar, fill);
    }
    painter->setPen(pal.color(selected ? QPalette::HighlightedText : QPalette::Text));
    painter->setFont(opt.font);
    painter->drawText(opt.rect.adjusted(4, 0, -6, 0), Qt::AlignRight | Qt::AlignVCenter, text);
}

} // namespace strata::widgets
