#include "idlegaps.h"

#include <algorithm>

namespace strata::analysis {

using store::TimeNs;

namespace {

IntervalSet unionOfWork(const std::vector<IdleGaps::Work>& work)
{
    std::vector<IntervalSet::Interval> intervals;
    intervals.reserve(work.size());
    for (const IdleGaps::Work& w : work)
        intervals.push_back({ w.start, w.end });
    return IntervalSet::unionOfSorted(intervals);
}

} // namespace

IdleGaps::IdleGaps(const std::vector<Work>& work, TimeNs thresholdNs)
    : IdleGaps(unionOfWork(work), work, thresholdNs)
{
}

IdleGaps::IdleGaps(const IntervalSet& union_, const std::vector<Work>& work, TimeNs thresholdNs)
    : m_threshold(thresholdNs)
    , m_union(union_)
{
    const size_t gaps = m_union.size() > 0 ? m_union.size() - 1 : 0;
    m_hostWait.assign(gaps, 0);
    // The next work of gap g is the first item starting at its end (the union's next start).
    size_t next = 0;
    for (size_t g = 0; g < gaps; ++g) {
        const TimeNs end = gapEnd(g);
        while (next < work.size() && work[next].start < end)
            ++next;
        if (next < work.size())
            m_hostWait[g] = work[next].launch != kNoLaunch && work[next].launch > gapStart(g);
    }
    IdleCauses sum;
    m_blockPrefix.reserve(gaps / kBlock + 1);
    for (size_t g = 0; g < gaps; ++g) {
        if (g % kBlock == 0)
            m_blockPrefix.push_back(sum);
        add(sum, causeOf(g, m_threshold), gapEnd(g) - gapStart(g));
    }
    if (gaps % kBlock == 0)
        m_blockPrefix.push_back(sum);
}

void IdleGaps::add(IdleCauses& to, Cause c, TimeNs ns)
{
    (c == HostWait ? to.hostWaitNs : c == KernelWait ? to.kernelWaitNs : to.otherNs) += ns;
}

IdleCauses IdleGaps::prefix(size_t gap) const
{
    IdleCauses sum = m_blockPrefix[gap / kBlock];
    for (size_t k = gap - gap % kBlock; k < gap; ++k)
        add(sum, causeOf(k, m_threshold), gapEnd(k) - gapStart(k));
    return sum;
}

IdleGaps::Cause IdleGaps::causeOf(size_t gap, TimeNs thresholdNs) const
{
    if (m_hostWait[gap])
        return HostWait;
    return gapEnd(gap) - gapStart(gap) < thresholdNs ? KernelWait : Other;
}

IdleCauses IdleGaps::measure(store::TimeRange w, TimeNs thresholdNs) const
{
    IdleCauses out;
    const size_t gaps = m_hostWait.size();
    if (w.empty() || gaps == 0)
        return out;
    // Gap starts and ends both increase: the first gap ending after the window's start, and
    // the first starting at or after its end.
    size_t lo = 0, hi = gaps;
    while (lo < hi) {
        const size_t mid = (lo + hi) / 2;
        if (gapEnd(mid) <= w.start)
            lo = mid + 1;
        else
            hi = mid;
    }
    const size_t first = lo;
    hi = gaps;
    while (lo < hi) {
        const size_t mid = (lo + hi) / 2;
        if (gapStart(mid) < w.end)
            lo = mid + 1;
        else
            hi = mid;
    }
    const size_t last = lo;
    if (first >= last)
        return out;
    if (thresholdNs == m_threshold) {
        const IdleCauses a = prefix(first), b = prefix(last);
        out.hostWaitNs = b.hostWaitNs - a.hostWaitNs;
        out.kernelWaitNs = b.kernelWaitNs - a.kernelWaitNs;
        out.otherNs = b.otherNs - a.otherNs;
    } else {
        for (size_t g = first; g < last; ++g)
            add(out, causeOf(g, thresholdNs), gapEnd(g) - gapStart(g));
    }
    // The window cuts the first and last gaps; each keeps its cause.
    add(out, causeOf(first, thresholdNs), -std::max<TimeNs>(0, w.start - gapStart(first)));
    add(out, causeOf(last - 1, thresholdNs), -std::max<TimeNs>(0, gapEnd(last - 1) - w.end));
    return out;
}

size_t IdleGaps::residentBytes() const
{
    return m_hostWait.capacity() + m_blockPrefix.capacity() * sizeof(IdleCauses);
}

} // namespace strata::analysis
