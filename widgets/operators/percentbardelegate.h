#pragma once
#include <QStyledItemDelegate>

namespace strata::widgets {

// Draws a share (0–100, read from `role`) as a bar behind the cell's text: the eye finds
// the heavy rows of a long table without reading numbers. Colours are mixed from the
// palette (Highlight into Base), so the bar reads on light and dark themes, and stays
// visible on a selected row.
class PercentBarDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit PercentBarDelegate(int role, QObject* parent = nullptr);
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    int m_role;
};

} // namespace strata::widgets
