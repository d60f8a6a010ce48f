#include "operatortreemodel.h"

#include <common/qstr.h>
#include <common/unitformat.h>

#include <analysis/operators/operatorlevel.h>

#include <QGuiApplication>
#include <QPalette>

#include <cmath>

namespace strata::widgets {

namespace {

QString durationText(double ns)
{
    return UnitFormat::duration(store::TimeNs(std::llround(ns)));
}

QString levelTitle(analysis::OperatorLevel l)
{
    switch (l) {
    case analysis::OperatorLevel::Module: return OperatorTreeModel::tr("Module");
    case analysis::OperatorLevel::Framework: return OperatorTreeModel::tr("Framework op");
    case analysis::OperatorLevel::Layer: return OperatorTreeModel::tr("Layer");
    case analysis::OperatorLevel::Hlo: return OperatorTreeModel::tr("HLO");
    case analysis::OperatorLevel::Op: return OperatorTreeModel::tr("Operator");
    case analysis::OperatorLevel::Command: return OperatorTreeModel::tr("Command");
    case analysis::OperatorLevel::Name: return OperatorTreeModel::tr("Name");
    }
    return QString();
}

} // namespace

OperatorTreeModel::OperatorTreeModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

QString OperatorTreeModel::bytesText(double bytes)
{
    return UnitFormat::bytes(bytes);
}
QString OperatorTreeModel::flopsText(double flops)
{
    return UnitFormat::flops(flops);
}

void OperatorTreeModel::setTree(std::shared_ptr<const analysis::OperatorTree> tree)
{
    beginResetModel();
    m_tree = std::move(tree);
    m_rowOf.clear();
    if (m_tree) {
        m_rowOf.assign(m_tree->nodes.size(), 0);
        for (size_t i = 0; i < m_tree->roots.size(); ++i)
            m_rowOf[size_t(m_tree->roots[i])] = int(i);
        for (const analysis::OperatorTreeNode& n : m_tree->nodes)
            for (size_t i = 0; i < n.children.size(); ++i)
                m_rowOf[size_t(n.children[i])] = int(i);
    }
    endResetModel();
}

int OperatorTreeModel::nodeOf(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this || !m_tree)
        return -1;
    return int(index.internalId());
}

QModelIndex OperatorTreeModel::indexOfNode(int node, int column) const
{
    if (!m_tree || node < 0 || size_t(node) >= m_tree->nodes.size())
        return QModelIndex();
    return createIndex(m_rowOf[size_t(node)], column, quintptr(node));
}

bool OperatorTreeModel::columnHasData(int column) const
{
    if (!m_tree)
        return false;
    switch (column) {
    case Bytes: return m_tree->hasBytes;
    case Flops: return m_tree->hasFlops;
    case Mfu: return m_tree->hasMfu;
    case Hfu: return m_tree->hasHfu;
    default: return true;
    }
}

QModelIndex OperatorTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (!m_tree || row < 0 || column < 0 || column >= ColumnCount)
        return QModelIndex();
    if (!parent.isValid()) {
        if (size_t(row) >= m_tree->roots.size())
            return QModelIndex();
        return createIndex(row, column, quintptr(m_tree->roots[size_t(row)]));
    }
    if (parent.column() != 0)
        return QModelIndex();
    const analysis::OperatorTreeNode& p = m_tree->nodes[size_t(nodeOf(parent))];
    if (size_t(row) >= p.children.size())
        return QModelIndex();
    return createIndex(row, column, quintptr(p.children[size_t(row)]));
}

QModelIndex OperatorTreeModel::parent(const QModelIndex& child) const
{
    const int n = nodeOf(child);
    if (n < 0)
        return QModelIndex();
    const int p = m_tree->nodes[size_t(n)].parent;
    return p < 0 ? QModelIndex() : createIndex(m_rowOf[size_t(p)], 0, quintptr(p));
}

int OperatorTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!m_tree)
        return 0;
    if (!parent.isValid())
        return int(m_tree->roots.size());
    if (parent.column() != 0)
        return 0;
    return int(m_tree->nodes[size_t(nodeOf(parent))].children.size());
}

int OperatorTreeModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

bool OperatorTreeModel::hasChildren(const QModelIndex& parent) const
{
    return rowCount(parent) > 0;
}

Qt::ItemFlags OperatorTreeModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (rowCount(index) == 0)
        f |= Qt::ItemNeverHasChildren;
    return f;
}

QVariant OperatorTreeModel::data(const QModelIndex& index, int role) const
{
    const int node = nodeOf(index);
    if (node < 0)
        return QVariant();
    const analysis::OperatorTreeNode& n = m_tree->nodes[size_t(node)];
    const analysis::OperatorRow& r = n.row;
    const int col = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (col) {
        case Name: return qstr(r.name);
        case Count: return UnitFormat::count(quint64(r.count));
        case Total: return UnitFormat::duration(r.totalNs);
        case Self: return UnitFormat::duration(r.selfNs);
        case Avg: return durationText(r.avgNs);
        case Min: return UnitFormat::duration(r.minNs);
        case Max: return UnitFormat::duration(r.maxNs);
        case Median: return durationText(r.medianNs);
        case Percent: return UnitFormat::percent(r.percent, 2);
        case Bytes: return r.hasBytes ? bytesText(r.bytes) : QString();
        case Flops: return r.hasFlops ? flopsText(r.flops) : QString();
        case Mfu: return r.mfu >= 0 ? UnitFormat::percent(r.mfu) : QString();
        case Hfu: return r.hfu >= 0 ? UnitFormat::percent(r.hfu) : QString();
        case Engines: {
            QStringList e;
            for (const std::string& s : r.engines)
                e << qstr(s);
            return e.join(QStringLiteral(", "));
        }
        }
        break;
    case SortRole:
        switch (col) {
        case Name: return qstr(r.name);
        case Count: return qulonglong(r.count);
        case Total: return qlonglong(r.totalNs);
        case Self: return qlonglong(r.selfNs);
        case Avg: return r.avgNs;
        case Min: return qlonglong(r.minNs);
        case Max: return qlonglong(r.maxNs);
        case Median: return r.medianNs;
        case Percent: return r.percent;
        case Bytes: return r.hasBytes ? r.bytes : -1.0;
        case Flops: return r.hasFlops ? r.flops : -1.0;
        case Mfu: return r.mfu;
        case Hfu: return r.hfu;
        case Engines: return data(index, Qt::DisplayRole);
        }
        break;
    case NodeRole: return node;
    case PercentRole: return r.percent;
    case Qt::TextAlignmentRole:
        if (col == Name || col == Engines)
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (col == Name && r.key == analysis::OperatorCatalog::kNoKey)
            return QGuiApplication::palette().brush(QPalette::PlaceholderText);
        break;
    case Qt::ToolTipRole:
        if (col == Name)
            return toolTip(n);
        if (col == Total || col == Self || col == Min || col == Max)
            return UnitFormat::precise(col == Total ? r.totalNs
                    : col == Self                   ? r.selfNs
                    : col == Min                    ? r.minNs
                                                    : r.maxNs);
        if (col == Avg || col == Median)
            return tr("%1 ns").arg(UnitFormat::decimal(col == Avg ? r.avgNs : r.medianNs, 3));
        if (col == Bytes && r.hasBytes)
            return tr("%1 bytes").arg(UnitFormat::decimal(r.bytes, 0));
        if (col == Flops && r.hasFlops)
            return tr("%1 FLOP").arg(UnitFormat::decimal(r.flops, 0));
        if (col == Percent)
            return tr("Self time as a share of the busy time of all tracks in scope");
        break;
    default: break;
    }
    return QVariant();
}

QString OperatorTreeModel::toolTip(const analysis::OperatorTreeNode& n) const
{
    const analysis::OperatorRow& r = n.row;
    QString tip = QStringLiteral("<b>%1</b>").arg(qstr(r.name).toHtmlEscaped());
    if (n.parent >= 0) {
        tip += QStringLiteral("<br><span>%1</span>")
                   .arg(QString::fromStdString(m_tree->pathText(n.parent)).toHtmlEscaped());
    }
    tip += QStringLiteral("<br>%1").arg(levelTitle(m_tree->levels[size_t(n.depth)]));
    if (!r.fusedMembers.empty()) {
        QStringList members;
        for (const std::string& m : r.fusedMembers)
            members << qstr(m).toHtmlEscaped();
        tip += QStringLiteral("<br>") + tr("Fused: %1").arg(members.join(QStringLiteral(", ")));
    }
    if (!n.categories.empty()) {
        QStringList cats;
        for (const std::string& c : n.categories)
            cats << qstr(c).toHtmlEscaped();
        tip += QStringLiteral("<br>") + tr("Category: %1").arg(cats.join(QStringLiteral(", ")));
    }
    tip += QStringLiteral("<br>")
        + tr("Execution %1 · data transfer %2")
              .arg(UnitFormat::duration(r.executionNs()), UnitFormat::duration(r.transferNs));
    tip += QStringLiteral("<br><i>%1</i>").arg(tr("Double-click: zoom to the longest instance"));
    return tip;
}

QVariant OperatorTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QVariant();
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Name: {
            if (!m_tree)
                return tr("Name");
            QStringList parts;
            for (analysis::OperatorLevel l : m_tree->levels)
                parts << levelTitle(l);
            return parts.join(QStringLiteral(" \u203a "));
        }
        case Count: return tr("Count");
        case Total: return tr("Total");
        case Self: return tr("Self");
        case Avg: return tr("Avg");
        case Min: return tr("Min");
        case Max: return tr("Max");
        case Median: return tr("Median");
        case Percent: return tr("% Busy");
        case Bytes: return tr("Bytes");
        case Flops: return tr("FLOPs");
        case Mfu: return tr("MFU");
        case Hfu: return tr("HFU");
        case Engines: return tr("Engines");
        }
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant((section == Name || section == Engines ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Total: return tr("Summed duration of the slices");
        case Self: return tr("Total minus the time of their direct children");
        case Avg: return tr("Mean duration");
        case Median: return tr("Median duration (exact)");
        case Percent:
            return tr(
                "Self time as a share of the busy time of all tracks in scope; rows of one level add up to 100 %");
        case Mfu: return tr("Model FLOPs utilisation, duration-weighted mean");
        case Hfu: return tr("Hardware FLOPs utilisation, duration-weighted mean");
        case Engines: return tr("Engines (tracks) the slices ran on");
        default: break;
        }
    }
    return QVariant();
}

} // namespace strata::widgets
