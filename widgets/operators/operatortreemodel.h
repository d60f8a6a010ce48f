#pragma once
#include <analysis/operators/operatortree.h>

#include <QAbstractItemModel>

#include <memory>

namespace strata::widgets {

// The Operator Table as a Qt item model over an OperatorTree: one item per tree node,
// children under their parent. Read-only; setTree() swaps the whole tree (a model reset).
//
// Roles: DisplayRole is the text the table shows (durations through UnitFormat, so every
// dock reads alike); SortRole the raw number (or the name) for QSortFilterProxyModel;
// NodeRole the node's index in tree()->nodes; PercentRole the node's share of busy time
// for the percent bar.
class OperatorTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column {
        Name,
        Count,
        Percent, // next to the name: the bar is what the eye scans for
        Total,
        Self,
        Avg,
        Median,
        Min,
        Max,
        Bytes,
        Flops,
        Mfu,
        Hfu,
        Engines,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole + 1, NodeRole, PercentRole };

    explicit OperatorTreeModel(QObject* parent = nullptr);

    void setTree(std::shared_ptr<const analysis::OperatorTree> tree);
    const std::shared_ptr<const analysis::OperatorTree>& tree() const { return m_tree; }
    int nodeOf(const QModelIndex& index) const; // -1 for the root or another model's index
    QModelIndex indexOfNode(int node, int column = 0) const;
    // Whether the tree has any value for a metrics column (Bytes, Flops, Mfu, Hfu); the
    // table hides the columns that would be empty.
    bool columnHasData(int column) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = QModelIndex()) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    bool hasChildren(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    static QString bytesText(double bytes); // "4.81 MB"
    static QString flopsText(double flops); // "12.3 GFLOP"

private:
    QString toolTip(const analysis::OperatorTreeNode& n) const;

    std::shared_ptr<const analysis::OperatorTree> m_tree;
    std::vector<int> m_rowOf; // per node: its row under its parent
};

} // namespace strata::widgets
