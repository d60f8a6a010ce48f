#include "summarybardelegate.h"

#include "summarygroupmodel.h"
#include "timeline/timelinestyle.h"

#include <QApplication>
#include <QPainter>

#include <algorithm>

namespace strata::widgets {

void SummaryBarDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget); // background, selection, focus

    const QVariant percent = index.data(SummaryGroupModel::PercentRole);
    const bool selected = opt.state & QStyle::State_Selected;
    const QPalette& pal = opt.palette;
    if (percent.isValid()) {
        const double share = std::clamp(percent.toDouble(), 0.0, 100.0) / 100.0;
        const QRect r = opt.rect.adjusted(3, 3, -3, -3);
        // A track for the bar, so 3 % and 0 % read as small shares of something.
        painter->fillRect(r, TimelineStyle::mix(pal.color(QPalette::Base), pal.color(QPalette::Text), selected ? 0.0 : 0.06));
        const QColor hue = index.data(SummaryGroupModel::BarColorRole).value<QColor>();
        const QColor bar = selected ? TimelineStyle::mix(pal.color(QPalette::Highlight), pal.color(QPalette::HighlightedText), 0.35)
                                    : TimelineStyle::mix(pal.color(QPalette::Base), hue.isValid() ? hue : pal.color(QPalette::Highlight), 0.5);
        if (share > 0 && r.width() > 0)
            painter->fillRect(QRect(r.left(), r.top(), std::max(1, int(r.width() * share + 0.5)), r.height()), bar);
    }
    painter->setPen(pal.color(selected ? QPalette::HighlightedText : QPalette::Text));
    painter->setFont(opt.font);
    painter->drawText(opt.rect.adjusted(4, 0, -6, 0), Qt::AlignRight | Qt::AlignVCenter, text);
}

} // namespace strata::widgets
