#pragma once
#include <QHash>
#include <QPointer>
#include <QStyledItemDelegate>

#include <vector>

class QAbstractItemModel;

namespace strata::widgets {

// Paints a name column so that rows whose names share a long start still read apart: the
// names of a cell's siblings (the rows shown under the same parent, after any filter) are
// fitted together by report::NameFit, the same rule as strata-cli's text tables, collapsing
// what they share at their start first ("…generated::AddmmBackward0" rather than
// "autograd::engine::e…ckward0"). The cell's pixel width is turned into characters by the
// font's average width, then narrowed until the text fits. The full name stays in the
// model's Qt::ToolTipRole. The fitted names are cached per parent and width, and dropped
// whenever the model changes.
class NameElideDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit NameElideDelegate(QObject* parent = nullptr);
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

    // The text a cell of `index`'s column shows in `width` pixels of `fm`'s font.
    QString shownText(const QModelIndex& index, const QFontMetrics& fm, int width) const;

private:
    // The siblings' names fitted to `chars` characters, in row order.
    const std::vector<QString>& fitted(const QModelIndex& index, int chars) const;
    void watch(const QAbstractItemModel* model) const;

    mutable QPointer<const QAbstractItemModel> m_model;
    // (parent row path, column, characters) -> the fitted names of that parent's rows
    mutable QHash<QString, std::vector<QString>> m_cache;
};

} // namespace strata::widgets
