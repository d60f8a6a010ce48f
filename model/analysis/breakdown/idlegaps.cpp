#include "idlegaps.h"

#include <algorithm>

namespace strata::analysis {

using store::TimeNs;

IdleGaps::IdleGaps(const std::vector<Work>& work, TimeNs thresholdNs)
    : m_threshold(thresholdNs)
{
    TimeNs ranUntil = 0;
    for (size_t i = 0; i < work.size(); ++i) {
        const Work& w = work[i];
        if (i > 0 && w.start > ranUntil) {
            m_start.push_back(ranUntil);
            m_end.push_back(w.start);
            m_hostWait.push_back(w.launch != kNoLaunch && w.launch > ranUntil);
        }
        ranUntil = i == 0 ? w.end : std::max(ranUntil, w.end);
    }
    IdleCauses sum;
    m_blockPrefix.reserve(m_start.size() / kBlock + 1);
    for (size_t i = 0; i < m_start.size(); ++i) {
        if (i % kBlock == 0)
            m_blockPrefix.push_back(sum);
        add(sum, causeOf(i, m_threshold), m_end[i] - m_start[i]);
    }
    if (m_start.size() % kBlock == 0)
        m_blockPrefix.push_back(sum);
    m_start.shrink_to_fit();
    m_end.shrink_to_fit();
    m_hostWait.shrink_to_fit();
}

void IdleGaps::add(IdleCauses& to, Cause c, TimeNs ns)
{
    (c == HostWait ? to.hostWaitNs : c == KernelWait ? to.kernelWaitNs : to.otherNs) += ns;
}

IdleCauses IdleGaps::prefix(size_t gap) const
{
    IdleCauses sum = m_blockPrefix[gap / kBlock];
    for (size_t k = gap - gap % kBlock; k < gap; ++k)
        add(sum, causeOf(k, m_threshold), m_end[k] - m_start[k]);
    return sum;
}

IdleGaps::Cause IdleGaps::causeOf(size_t gap, TimeNs thresholdNs) const
{
    if (m_hostWait[gap])
        return HostWait;
    return m_end[gap] - m_start[gap] < thresholdNs ? KernelWait : Other;
}

IdleCauses IdleGaps::measure(store::TimeRange w, TimeNs thresholdNs) const
{
    IdleCauses out;
    if (w.empty() || m_start.empty())
        return out;
    const size_t first = size_t(std::upper_bound(m_end.begin(), m_end.end(), w.start) - m_end.begin());
    const size_t last = size_t(std::lower_bound(m_start.begin(), m_start.end(), w.end) - m_start.begin());
    if (first >= last)
        return out;
    if (thresholdNs == m_threshold) {
        const IdleCauses a = prefix(first), b = prefix(last);
        out.hostWaitNs = b.hostWaitNs - a.hostWaitNs;
        out.kernelWaitNs = b.kernelWaitNs - a.kernelWaitNs;
        out.otherNs = b.otherNs - a.otherNs;
    } else {
        for (size_t i = first; i < last; ++i)
            add(out, causeOf(i, thresholdNs), m_end[i] - m_start[i]);
    }
    // The window cuts the first and last gaps; each keeps its cause.
    add(out, causeOf(first, thresholdNs), -std::max<TimeNs>(0, w.start - m_start[first]));
    add(out, causeOf(last - 1, thresholdNs), -std::max<TimeNs>(0, m_end[last - 1] - w.end));
    return out;
}

size_t IdleGaps::residentBytes() const
{
    return (m_start.capacity() + m_end.capacity()) * sizeof(TimeNs) + m_hostWait.capacity()
        + m_blockPrefix.capacity() * sizeof(IdleCauses);
}

} // namespace strata::analysis
