#pragma once
#include <QStyledItemDelegate>

namespace strata::widgets {

// Draws a utilisation (SummaryGroupModel::PercentRole, 0–100) as a bar behind the cell's
// right-aligned text, in the engine's colour (BarColorRole: the timeline's and the busy
// chart's orange for compute, blue for data transfer) mixed into the base colour so the
// text stays readable on light and dark themes and on a selected row.
class SummaryBarDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

} // namespace strata::widgets
