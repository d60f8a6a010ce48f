#include "findingsboard.h"

namespace strata::model {

FindingsBoard::FindingsBoard(QObject* parent)
    : QObject(parent)
{
}

void FindingsBoard::publish(std::shared_ptr<const analysis::FindingsResult> result)
{
    if (!result && !m_result)
        return;
    m_result = std::move(result);
    const bool hadPick = m_current != -1;
    m_current = -1;
    emit changed();
    if (hadPick)
        emit currentChanged(-1);
}

void FindingsBoard::setCurrent(int index)
{
    const int count = m_result ? int(m_result->findings.size()) : 0;
    if (index < -1 || index >= count || index == m_current)
        return;
    m_current = index;
    emit currentChanged(index);
}

const analysis::Finding* FindingsBoard::currentFinding() const
{
    return m_current >= 0 ? &m_result->findings[size_t(m_current)] : nullptr;
}

} // namespace strata::model
