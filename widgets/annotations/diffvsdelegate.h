#pragma once
#include <QStyledItemDelegate>

namespace strata::model {
class AnnotationsModel;
}

namespace strata::widgets {

// The Diff vs cell's editor: a combo box of the other markers (and "none"). Picking one
// commits at once, so one click chooses the pair. The cell is as narrow as the name it
// shows; the editor is as wide as its longest item, so "(none)" never reads "(no".
class DiffVsDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    DiffVsDelegate(model::AnnotationsModel* annotations, QObject* parent = nullptr);

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override;
    void updateEditorGeometry(
        QWidget* editor, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    model::AnnotationsModel* m_annotations;
};

} // namespace strata::widgets
