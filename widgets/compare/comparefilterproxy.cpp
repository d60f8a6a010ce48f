#include "comparefilterproxy.h"

#include "comparetablemodel.h"

namespace strata::widgets {

CompareFilterProxy::CompareFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(CompareTableModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void CompareFilterProxy::setText(const QString& text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_text)
        return;
    m_text = trimmed;
    invalidateRowsFilter();
}

void CompareFilterProxy::setStatus(std::optional<analysis::CompareStatus> status)
{
    if (status == m_status)
        return;
    m_status = status;
    invalidateRowsFilter();
}

bool CompareFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (sourceParent.isValid())
        return false;
    const auto* model = qobject_cast<const CompareTableModel*>(sourceModel());
    const analysis::CompareRow* row = model ? model->rowAt(sourceRow) : nullptr;
    if (!row)
        return true;
    if (m_status && row->status != *m_status)
        return false;
    if (m_text.isEmpty())
        return true;
    auto has = [this](const std::string& name) {
        return QString::fromStdString(name).contains(m_text, Qt::CaseInsensitive);
    };
    if (has(row->name))
        return true;
    for (const std::string& n : row->aNames)
        if (has(n))
            return true;
    for (const std::string& n : row->bNames)
        if (has(n))
            return true;
    return false;
}

} // namespace strata::widgets
