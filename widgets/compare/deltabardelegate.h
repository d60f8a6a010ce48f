#pragma once
#include <QStyledItemDelegate>

namespace strata::widgets {

// Draws a row's change (a signed fraction of the table's largest change, read from `role`,
// in [-1, 1]) as a bar behind the cell's right-aligned text: red for slower (positive),
// green for faster (negative), its length |fraction| of the cell. The colours come from
// ThemePalette, so they read on light and dark themes; a selected row keeps its bar.
class DeltaBarDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit DeltaBarDelegate(int role, QObject* parent = nullptr);
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

    // The bar's rectangle inside `cell` for `fraction` (empty for 0), as paint() draws it.
    static QRect barRect(const QRect& cell, double fraction);

private:
    int m_role;
};

} // namespace strata::widgets
