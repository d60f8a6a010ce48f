#include "wrappingdelegate.h"

#include <QApplication>
#include <QHeaderView>
#include <QTreeView>

#include <algorithm>

namespace strata::widgets {

WrappingDelegate::WrappingDelegate(QTreeView* view)
    : QStyledItemDelegate(view)
    , m_view(view)
{
}

QSize WrappingDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    int width = m_view->header()->sectionSize(index.column());
    if (index.column() == 0) {
        int depth = m_view->rootIsDecorated() ? 1 : 0;
        for (QModelIndex p = index.parent(); p.isValid(); p = p.parent())
            ++depth;
        width -= depth * m_view->indentation();
    }
    if (width <= 0 || !(opt.features & QStyleOptionViewItem::WrapText))
        return QStyledItemDelegate::sizeHint(option, index);
    // The style wraps only within a valid rect: any height will do, the width is what counts.
    opt.rect = QRect(0, 0, width, std::max(opt.rect.height(), 1 << 16));
    const QWidget* widget = opt.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    return style->sizeFromContents(QStyle::CT_ItemViewItem, &opt, QSize(), widget);
}

} // namespace strata::widgets
