#pragma once
#include <QStyledItemDelegate>

class QTreeView;

namespace strata::widgets {

// A tree view's item delegate whose rows are as tall as their text wrapped at its column's
// width. QTreeView asks a delegate for a row's height with no width in the option, so a
// plain delegate sizes a wrapping cell for one line and elides the rest; this one gives the
// style the cell's width (the column's, less the tree's indentation in the first column).
// For a view with word wrap on and uniform row heights off; after a column changes width
// the view must lay its items out again (QTreeView::doItemsLayout) for heights to follow.
class WrappingDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit WrappingDelegate(QTreeView* view);

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    QTreeView* m_view;
};

} // namespace strata::widgets
