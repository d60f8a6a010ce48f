#include "percentbardelegate.h"

#include <common/timelinestyle.h>

#include <QApplication>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace strata::widgets {

PercentBarDelegate::PercentBarDelegate(int role, QObject* parent)
    : QStyledItemDelegate(parent)
    , m_role(role)
{
}

PercentBarDelegate::PercentBarDelegate(int role, int colorRole, QObject* parent)
    : QStyledItemDelegate(parent)
    , m_role(role)
    , m_colorRole(colorRole)
{
}

void PercentBarDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget); // background, selection, focus

    const QVariant percent = index.data(m_role);
    const double share = std::clamp(percent.toDouble(), 0.0, 100.0) / 100.0;
    const bool selected = opt.state & QStyle::State_Selected;
    const QPalette& pal = opt.palette;
    const QRect r = opt.rect.adjusted(3, 3, -3, -3);
    const bool hued = m_colorRole >= 0;
    if (hued && percent.isValid()) {
        const double track = selected ? 0.0 : 0.06;
        painter->fillRect(r, TimelineStyle::mix(pal.color(QPalette::Base), pal.color(QPalette::Text), track));
    }
    if (share > 0 && r.width() > 0) {
        const QColor hue = hued ? index.data(m_colorRole).value<QColor>() : QColor();
        const QColor bar = selected
            ? TimelineStyle::mix(pal.color(QPalette::Highlight), pal.color(QPalette::HighlightedText), 0.35)
            : TimelineStyle::mix(
                pal.color(QPalette::Base), hue.isValid() ? hue : pal.color(QPalette::Highlight), hued ? 0.5 : 0.38);
        const int w = std::max(1, int(std::lround(r.width() * share)));
        painter->fillRect(QRect(r.left(), r.top(), w, r.height()), bar);
    }
    painter->setPen(pal.color(selected ? QPalette::HighlightedText : QPalette::Text));
    painter->setFont(opt.font);
    painter->drawText(opt.rect.adjusted(4, 0, -6, 0), Qt::AlignRight | Qt::AlignVCenter, text);
}

} // namespace strata::widgets
