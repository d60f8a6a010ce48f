#include "intervalset.h"

#include <algorithm>

namespace strata::analysis {

using store::TimeNs;

void IntervalSet::append(TimeNs start, TimeNs end)
{
    if (end <= start)
        return;
    if (!m_end.empty() && start <= m_end.back()) {
        m_end.back() = std::max(m_end.back(), end);
        return;
    }
    m_start.push_back(start);
    m_end.push_back(end);
}

void IntervalSet::finish()
{
    m_start.shrink_to_fit();
    m_end.shrink_to_fit();
    m_prefix.assign(m_start.size() + 1, 0);
    for (size_t i = 0; i < m_start.size(); ++i)
        m_prefix[i + 1] = m_prefix[i] + (m_end[i] - m_start[i]);
}

IntervalSet IntervalSet::unionOf(std::vector<Interval> intervals)
{
    const auto byStart = [](const Interval& a, const Interval& b) { return a.start < b.start; };
    if (!std::is_sorted(intervals.begin(), intervals.end(), byStart))
        std::sort(intervals.begin(), intervals.end(), byStart);
    return unionOfSorted(intervals);
}

IntervalSet IntervalSet::unionOfSorted(const std::vector<Interval>& intervals)
{
    IntervalSet out;
    for (const Interval& i : intervals)
        out.append(i.start, i.end);
    out.finish();
    return out;
}

IntervalSet IntervalSet::unite(const IntervalSet& a, const IntervalSet& b)
{
    IntervalSet out;
    out.m_start.reserve(a.size() + b.size());
    out.m_end.reserve(a.size() + b.size());
    size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
        if (j == b.size() || (i < a.size() && a.m_start[i] <= b.m_start[j])) {
            out.append(a.m_start[i], a.m_end[i]);
            ++i;
        } else {
            out.append(b.m_start[j], b.m_end[j]);
            ++j;
        }
    }
    out.finish();
    return out;
}

IntervalSet IntervalSet::intersect(const IntervalSet& a, const IntervalSet& b)
{
    IntervalSet out;
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const TimeNs s = std::max(a.m_start[i], b.m_start[j]);
        const TimeNs e = std::min(a.m_end[i], b.m_end[j]);
        if (s < e) {
            out.m_start.push_back(s); // both inputs are disjoint, so the pieces are too
            out.m_end.push_back(e);
        }
        if (a.m_end[i] < b.m_end[j])
            ++i;
        else
            ++j;
    }
    out.finish();
    return out;
}

IntervalSet IntervalSet::uniteAll(std::vector<const IntervalSet*> sets)
{
    if (sets.empty())
        return IntervalSet();
    if (sets.size() == 1)
        return *sets.front();
    std::vector<IntervalSet> level;
    for (size_t k = 0; k + 1 < sets.size(); k += 2)
        level.push_back(unite(*sets[k], *sets[k + 1]));
    if (sets.size() % 2)
        level.push_back(*sets.back());
    while (level.size() > 1) {
        std::vector<IntervalSet> next;
        for (size_t k = 0; k + 1 < level.size(); k += 2)
            next.push_back(unite(level[k], level[k + 1]));
        if (level.size() % 2)
            next.push_back(std::move(level.back()));
        level = std::move(next);
    }
    return std::move(level.front());
}

std::vector<IntervalSet::Interval> IntervalSet::intervals() const
{
    std::vector<Interval> out(size());
    for (size_t i = 0; i < size(); ++i)
        out[i] = at(i);
    return out;
}

std::pair<size_t, size_t> IntervalSet::overlapping(store::TimeRange w) const
{
    if (w.empty())
        return { 0, 0 };
    // Ends are increasing too (disjoint, sorted): the first interval ending after the window's
    // start, and the first starting at or after its end.
    const size_t first = size_t(std::upper_bound(m_end.begin(), m_end.end(), w.start) - m_end.begin());
    const size_t last = size_t(std::lower_bound(m_start.begin(), m_start.end(), w.end) - m_start.begin());
    return { first, std::max(first, last) };
}

TimeNs IntervalSet::measure(store::TimeRange w) const
{
    const auto [first, last] = overlapping(w);
    if (first == last)
        return 0;
    TimeNs total = m_prefix[last] - m_prefix[first];
    total -= std::max<TimeNs>(0, w.start - m_start[first]);
    total -= std::max<TimeNs>(0, m_end[last - 1] - w.end);
    return total;
}

store::TimeRange IntervalSet::hull(store::TimeRange w) const
{
    const auto [first, last] = overlapping(w);
    if (first == last)
        return { w.start, w.start };
    return { std::max(w.start, m_start[first]), std::min(w.end, m_end[last - 1]) };
}

size_t IntervalSet::residentBytes() const
{
    return (m_start.capacity() + m_end.capacity() + m_prefix.capacity()) * sizeof(TimeNs);
}

} // namespace strata::analysis
