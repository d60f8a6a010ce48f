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
    const size_t n = m_start.size();
    m_hostPrefix.assign(n + 1, 0);
    m_kernelPrefix.assign(n + 1, 0);
    m_allPrefix.assign(n + 1, 0);
    for (size_t i = 0; i < n; ++i) {
        const TimeNs len = m_end[i] - m_start[i];
        const Cause c = causeOf(i, m_threshold);
        m_hostPrefix[i + 1] = m_hostPrefix[i] + (c == HostWait ? len : 0);
        m_kernelPrefix[i + 1] = m_kernelPrefix[i] + (c == KernelWait ? len : 0);
        m_allPrefix[i + 1] = m_allPrefix[i] + len;
    }
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
    auto add = [&out](Cause c, TimeNs ns) {
        (c == HostWait ? out.hostWaitNs : c == KernelWait ? out.kernelWaitNs : out.otherNs) += ns;
    };
    if (thresholdNs == m_threshold) {
        out.hostWaitNs = m_hostPrefix[last] - m_hostPrefix[first];
        out.kernelWaitNs = m_kernelPrefix[last] - m_kernelPrefix[first];
        out.otherNs = (m_allPrefix[last] - m_allPrefix[first]) - out.hostWaitNs - out.kernelWaitNs;
    } else {
        for (size_t i = first; i < last; ++i)
            add(causeOf(i, thresholdNs), m_end[i] - m_start[i]);
    }
    // The window cuts the first and last gaps; each keeps its cause.
    add(causeOf(first, thresholdNs), -std::max<TimeNs>(0, w.start - m_start[first]));
    add(causeOf(last - 1, thresholdNs), -std::max<TimeNs>(0, m_end[last - 1] - w.end));
    return out;
}

size_t IdleGaps::residentBytes() const
{
    return (m_start.capacity() + m_end.capacity() + m_hostPrefix.capacity() + m_kernelPrefix.capacity()
               + m_allPrefix.capacity())
        * sizeof(TimeNs)
        + m_hostWait.capacity();
}

} // namespace strata::analysis
