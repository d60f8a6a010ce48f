#include "trackfilter.h"

namespace strata::model {

TrackFilter::TrackFilter(QObject* parent)
    : QObject(parent)
{
}

void TrackFilter::setHidden(store::TrackId t, bool hidden)
{
    const bool changedNow = hidden ? m_hidden.insert(t.v).second : m_hidden.erase(t.v) > 0;
    if (changedNow)
        emit changed();
}

void TrackFilter::setCollapsed(store::ProcessId p, bool collapsed)
{
    const bool changedNow = collapsed ? m_collapsed.insert(p.v).second : m_collapsed.erase(p.v) > 0;
    if (changedNow)
        emit changed();
}

void TrackFilter::clear()
{
    if (m_hidden.empty() && m_collapsed.empty())
        return;
    m_hidden.clear();
    m_collapsed.clear();
    emit changed();
}

} // namespace strata::model
