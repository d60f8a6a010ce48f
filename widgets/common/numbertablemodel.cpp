#include "numbertablemodel.h"

namespace strata::widgets {

NumberTableModel::NumberTableModel(int columns, QObject* parent)
    : QAbstractTableModel(parent)
    , m_columns(columns)
{
}

int NumberTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_columns;
}

QVariant NumberTableModel::alignment(int column)
{
    return QVariant((column == 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
}

QVariant NumberTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= m_columns)
        return QVariant();
    if (role == Qt::DisplayRole)
        return columnTitle(section);
    if (role == Qt::TextAlignmentRole)
        return alignment(section);
    return QVariant();
}

} // namespace strata::widgets
