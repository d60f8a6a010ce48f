#include "workintervals.h"

#include <algorithm>

namespace strata::analysis {

WorkIntervals WorkIntervals::fromKinds(std::array<IntervalSet, kKinds> kinds)
{
    WorkIntervals w;
    for (int k = 0; k < kKinds; ++k)
        w.m_parts[Compute + k] = std::move(kinds[k]);
    w.m_parts[ComputeOrCommunication] = IntervalSet::unite(w.m_parts[Compute], w.m_parts[Communication]);
    w.m_parts[ComputeCommunicationMemory] = IntervalSet::unite(w.m_parts[ComputeOrCommunication], w.m_parts[Memory]);
    w.m_parts[All] = IntervalSet::unite(w.m_parts[ComputeCommunicationMemory], w.m_parts[Other]);
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
    const store::TimeNs cx = m_parts[ComputeOrCommunication].measure(window);
    const store::TimeNs cxm = m_parts[ComputeCommunicationMemory].measure(window);
    t.memoryAloneNs = cxm - cx;
    t.otherAloneNs = (t.spanNs - t.idleNs) - cxm;
    return t;
}

std::vector<IntervalSet::Interval> WorkIntervals::segmentIntervals(
    BreakdownSegment segment, store::TimeRange window) const
{
    // Each segment is a part minus another inside the window: both clipped, then one merge.
    const auto minus = [&window](const IntervalSet& a, const IntervalSet& b) {
        return IntervalSet::subtract(a.clipped(window), b.clipped(window)).intervals();
    };
    std::vector<IntervalSet::Interval> out;
    switch (segment) {
    case BreakdownSegment::Compute: out = minus(m_parts[Compute], m_parts[Communication]); break;
    case BreakdownSegment::CommOverlapped: out = m_parts[ComputeCommunication].clipped(window).intervals(); break;
    case BreakdownSegment::CommExposed: out = minus(m_parts[Communication], m_parts[Compute]); break;
    case BreakdownSegment::Memory:
        out = minus(m_parts[ComputeCommunicationMemory], m_parts[ComputeOrCommunication]);
        break;
    case BreakdownSegment::Other: out = minus(m_parts[All], m_parts[ComputeCommunicationMemory]); break;
    case BreakdownSegment::Idle: {
        const std::vector<IntervalSet::Interval> work = m_parts[All].clipped(window).intervals();
        for (size_t i = 1; i < work.size(); ++i)
            out.push_back({ work[i - 1].end, work[i].start });
        break;
    }
    }
    std::stable_sort(out.begin(), out.end(), [](const IntervalSet::Interval& a, const IntervalSet::Interval& b) {
        return a.end - a.start > b.end - b.start;
    });
    return out;
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
