#include "summarygroupmodel.h"

#include <QFont>

#include <algorithm>

namespace strata::widgets {

SummaryGroupModel::SummaryGroupModel(int columns, QObject* parent)
    : QAbstractItemModel(parent)
    , m_columns(columns)
{
}

void SummaryGroupModel::setSummary(std::shared_ptr<const analysis::TraceSummary> summary)
{
    bool same = summary && m_summary && rowsIn(*summary) == m_identity.size();
    if (same) {
        for (size_t i = 0; i < m_identity.size() && same; ++i)
            same = keyOf(*summary, i).identity == m_identity[i]
                && keyOf(*summary, i).process == keyOf(*m_summary, i).process;
    }
    if (same) {
        m_summary = std::move(summary);
        updateColumnsSeen(true);
        const int last = columnCount() - 1;
        if (!m_groups.empty())
            emit dataChanged(index(0, 0), index(int(m_groups.size()) - 1, last));
        for (size_t g = 0; g < m_groups.size(); ++g) {
            const QModelIndex parent = index(int(g), 0);
            if (!m_groups[g].rows.empty())
                emit dataChanged(index(0, 0, parent), index(int(m_groups[g].rows.size()) - 1, last, parent));
        }
        return;
    }
    beginResetModel();
    m_summary = std::move(summary);
    regroup();
    updateColumnsSeen(false);
    endResetModel();
}

void SummaryGroupModel::regroup()
{
    m_groups.clear();
    m_identity.clear();
    if (!m_summary)
        return;
    const analysis::TraceSummary& s = *m_summary;
    const size_t n = rowsIn(s);
    m_identity.reserve(n);
    for (size_t i = 0; i < n; ++i) {
        const RowKey key = keyOf(s, i);
        m_identity.push_back(key.identity);
        const store::ProcessId p = key.process;
        // Rows come in display order, a process's rows together; search anyway, it is cheap.
        auto it = std::find_if(m_groups.begin(), m_groups.end(), [&](const Group& g) { return g.process == p; });
        if (it == m_groups.end()) {
            Group g;
            g.process = p;
            g.label = QString::fromStdString(key.processLabel);
            m_groups.push_back(std::move(g));
            it = m_groups.end() - 1;
        }
        it->rows.push_back(uint32_t(i));
    }
}

void SummaryGroupModel::updateColumnsSeen(bool sticky)
{
    const int columns = columnCount();
    if (!sticky)
        m_columnsSeen.assign(size_t(columns), false);
    m_columnsSeen.resize(size_t(columns), false);
    if (!m_summary)
        return;
    const size_t n = rowsIn(*m_summary);
    for (int c = 0; c < columns; ++c) {
        for (size_t i = 0; i < n && !m_columnsSeen[size_t(c)]; ++i)
            m_columnsSeen[size_t(c)] = rowData(*m_summary, i, c, ValueRole).isValid();
    }
}

bool SummaryGroupModel::columnHasData(int column) const
{
    return column >= 0 && size_t(column) < m_columnsSeen.size() && m_columnsSeen[size_t(column)];
}

int SummaryGroupModel::summaryRow(const QModelIndex& index) const
{
    if (!index.isValid() || index.internalId() == 0)
        return -1;
    const size_t g = size_t(index.internalId() - 1);
    if (g >= m_groups.size() || size_t(index.row()) >= m_groups[g].rows.size())
        return -1;
    return int(m_groups[g].rows[size_t(index.row())]);
}

QModelIndex SummaryGroupModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= columnCount())
        return QModelIndex();
    if (!parent.isValid())
        return size_t(row) < m_groups.size() ? createIndex(row, column, quintptr(0)) : QModelIndex();
    if (parent.internalId() != 0 || size_t(parent.row()) >= m_groups.size())
        return QModelIndex();
    if (size_t(row) >= m_groups[size_t(parent.row())].rows.size())
        return QModelIndex();
    return createIndex(row, column, quintptr(parent.row()) + 1);
}

QModelIndex SummaryGroupModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return QModelIndex();
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int SummaryGroupModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_groups.size());
    if (parent.column() != 0 || parent.internalId() != 0 || size_t(parent.row()) >= m_groups.size())
        return 0;
    return int(m_groups[size_t(parent.row())].rows.size());
}

int SummaryGroupModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() && parent.column() != 0 ? 0 : m_columns;
}

Qt::ItemFlags SummaryGroupModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.internalId() != 0)
        f |= Qt::ItemNeverHasChildren;
    return f;
}

QVariant SummaryGroupModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_summary)
        return QVariant();
    if (index.internalId() == 0) {
        if (size_t(index.row()) >= m_groups.size())
            return QVariant();
        if (role == Qt::FontRole && index.column() == 0) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return groupData(*m_summary, m_groups[size_t(index.row())], index.column(), role);
    }
    const int row = summaryRow(index);
    return row < 0 ? QVariant() : rowData(*m_summary, size_t(row), index.column(), role);
}

} // namespace strata::widgets
