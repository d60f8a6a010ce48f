#include "workintervals.h"

namespace strata::analysis {

WorkIntervals WorkIntervals::fromKinds(std::array<IntervalSet, kKinds> kinds)
{
    WorkIntervals w;
    for (int k = 0; k < kKinds; ++k)
        w.m_parts[Compute + k] = std::move(kinds[k]);
    w.m_parts[All] = IntervalSet::uniteAll(
        { &w.m_parts[Compute], &w.m_parts[Communication], &w.m_parts[Memory], &w.m_parts[Other] });
    w.m_parts[ComputeCommunication] = IntervalSet::intersect(w.m_parts[Compute], w.m_parts[Communication]);
    return w;
}

WorkIntervals WorkIntervals::unite(const std::vector<const WorkIntervals*>& parts)
{
    if (parts.size() == 1)
        return *parts.front();
    std::array<IntervalSet, kKinds> kinds;
    for (int k = 0; k < kKinds; ++k) {
        std::vector<const IntervalSet*> sets;
        sets.reserve(parts.size());
        for (const WorkIntervals* p : parts)
            sets.push_back(&p->m_parts[Compute + k]);
        kinds[k] = IntervalSet::uniteAll(sets);
    }
    return fromKinds(std::move(kinds));
}

BreakdownTimes WorkIntervals::times(store::TimeRange window) const
{
    BreakdownTimes t;
    const store::TimeRange span = m_parts[All].hull(window);
    if (span.empty())
        return t;
    t.spanNs = span.duration();
    t.idleNs = t.spanNs - m_parts[All].measure(window);
    t.computeNs = m_parts[Compute].measure(window);
    t.nonComputeNs = t.spanNs - t.computeNs - t.idleNs;
    t.communicationNs = m_parts[Communication].measure(window);
    t.memoryNs = m_parts[Memory].measure(window);
    t.otherNs = m_parts[Other].measure(window);
    t.commOverlapNs = m_parts[ComputeCommunication].measure(window);
    t.commExposedNs = t.communicationNs - t.commOverlapNs;
    return t;
}

size_t WorkIntervals::residentBytes(std::set<const void*>& seen) const
{
    size_t n = 0;
    for (const IntervalSet& s : m_parts)
        if (seen.insert(s.identity()).second)
            n += s.residentBytes();
    return n;
}

} // namespace strata::analysis
