#include "diffvsdelegate.h"

#include "annotationstablemodel.h"

#include <state/annotationsmodel.h>

#include <QComboBox>

#include <algorithm>

namespace strata::widgets {

DiffVsDelegate::DiffVsDelegate(model::AnnotationsModel* annotations, QObject* parent)
    : QStyledItemDelegate(parent)
    , m_annotations(annotations)
{
}

QWidget* DiffVsDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex& index) const
{
    auto* combo = new QComboBox(parent);
    combo->setObjectName(QStringLiteral("diffVsEditor"));
    combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    combo->addItem(tr("(none)"), AnnotationsTableModel::kNoMarker);
    const uint rowId = index.data(AnnotationsTableModel::kMarkerIdRole).toUInt();
    for (const model::Marker& m : m_annotations->markers()) {
        if (m.id.v != rowId)
            combo->addItem(m.name, qint64(m.id.v));
    }
    auto* self = const_cast<DiffVsDelegate*>(this);
    connect(combo, qOverload<int>(&QComboBox::activated), self, [self, combo] {
        emit self->commitData(combo);
        emit self->closeEditor(combo);
    });
    return combo;
}

void DiffVsDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const
{
    auto* combo = static_cast<QComboBox*>(editor);
    const int i = combo->findData(index.data(Qt::EditRole).toLongLong());
    combo->setCurrentIndex(std::max(0, i));
}

void DiffVsDelegate::setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const
{
    model->setData(index, static_cast<QComboBox*>(editor)->currentData(), Qt::EditRole);
}

// Over the cell and rightwards as far as the items need; shifted left when the view ends
// first, but never off its left edge.
void DiffVsDelegate::updateEditorGeometry(QWidget* editor, const QStyleOptionViewItem& option, const QModelIndex&) const
{
    QRect r = option.rect;
    r.setWidth(std::max(r.width(), editor->sizeHint().width()));
    if (const QWidget* view = editor->parentWidget()) {
        if (r.right() >= view->width())
            r.moveRight(std::max(view->width() - 1, option.rect.right()));
        if (r.left() < 0)
            r.moveLeft(0);
    }
    editor->setGeometry(r);
}

} // namespace strata::widgets
