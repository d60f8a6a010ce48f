#include "operatoraveragemodel.h"

#include <common/unitformat.h>

#include <cmath>

namespace strata::widgets {

OperatorAverageModel::OperatorAverageModel(QObject* parent)
    : NumberTableModel(ColumnCount, parent)
{
}

void OperatorAverageModel::setAverages(std::vector<analysis::OperatorAverage> averages)
{
    beginResetModel();
    m_rows = std::move(averages);
    endResetModel();
}

int OperatorAverageModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant OperatorAverageModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_rows.size() || index.column() >= ColumnCount)
        return QVariant();
    const analysis::OperatorAverage& r = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Name: return QString::fromStdString(r.name);
        case Average: return UnitFormat::duration(store::TimeNs(std::llround(r.averageNs)));
        case Count: return UnitFormat::count(quint64(r.count));
        }
        break;
    case SortRole:
        switch (index.column()) {
        case Name: return QString::fromStdString(r.name);
        case Average: return r.averageNs;
        case Count: return qulonglong(r.count);
        }
        break;
    case Qt::TextAlignmentRole: return alignment(index.column());
    case Qt::ToolTipRole:
        if (index.column() == Average)
            return tr("%1 ns").arg(UnitFormat::decimal(std::round(r.averageNs * 1e3) / 1e3, 3));
        if (index.column() == Name)
            return tr("%1 — double-click for its latency distribution").arg(QString::fromStdString(r.name));
        break;
    default: break;
    }
    return QVariant();
}

QString OperatorAverageModel::columnTitle(int column) const
{
    switch (column) {
    case Name: return tr("Operator");
    case Average: return tr("Average elapsed");
    case Count: return tr("Count");
    }
    return QString();
}

} // namespace strata::widgets
