#include "intervalset.h"

#include <algorithm>

namespace strata::analysis {

using store::TimeNs;

void IntervalSet::Builder::append(TimeNs start, TimeNs end)
{
    if (end <= start)
        return;
    if (!m_data->end.empty() && start <= m_data->end.back()) {
        m_data->end.back() = std::max(m_data->end.back(), end);
        return;
    }
    m_data->start.push_back(start);
    m_data->end.push_back(end);
}

void IntervalSet::Builder::reserve(size_t n)
{
    m_data->start.reserve(n);
    m_data->end.reserve(n);
}

IntervalSet IntervalSet::Builder::finish()
{
    Data& d = *m_data;
    d.start.shrink_to_fit();
    d.end.shrink_to_fit();
    d.blockPrefix.assign(d.start.size() / kBlock + 1, 0);
    TimeNs total = 0;
    for (size_t i = 0; i < d.start.size(); ++i) {
        if (i % kBlock == 0)
            d.blockPrefix[i / kBlock] = total;
        total += d.end[i] - d.start[i];
    }
    if (d.start.size() % kBlock == 0)
        d.blockPrefix.back() = total;
    d.total = total;
    IntervalSet out;
    out.m_data = std::move(m_data);
    return out;
}

TimeNs IntervalSet::prefix(size_t i) const
{
    const Data& d = *m_data;
    TimeNs sum = d.blockPrefix[i / kBlock];
    for (size_t k = i - i % kBlock; k < i; ++k)
        sum += d.end[k] - d.start[k];
    return sum;
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
    Builder b;
    for (const Interval& i : intervals)
        b.append(i.start, i.end);
    return b.finish();
}

IntervalSet IntervalSet::unite(const IntervalSet& a, const IntervalSet& b)
{
    if (b.empty())
        return a;
    if (a.empty())
        return b;
    Builder out;
    out.reserve(a.size() + b.size());
    const Data &x = *a.m_data, &y = *b.m_data;
    size_t i = 0, j = 0;
    while (i < x.start.size() || j < y.start.size()) {
        if (j == y.start.size() || (i < x.start.size() && x.start[i] <= y.start[j])) {
            out.append(x.start[i], x.end[i]);
            ++i;
        } else {
            out.append(y.start[j], y.end[j]);
            ++j;
        }
    }
    return out.finish();
}

IntervalSet IntervalSet::intersect(const IntervalSet& a, const IntervalSet& b)
{
    Builder out;
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const Interval x = a.at(i), y = b.at(j);
        out.append(std::max(x.start, y.start), std::min(x.end, y.end)); // disjoint inputs: disjoint pieces
        if (x.end < y.end)
            ++i;
        else
            ++j;
    }
    return out.finish();
}

IntervalSet IntervalSet::subtract(const IntervalSet& a, const IntervalSet& b)
{
    if (b.empty() || a.empty())
        return a;
    Builder out;
    size_t j = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        TimeNs from = a.at(i).start;
        const TimeNs to = a.at(i).end;
        // b's intervals ending at or before `from` cut nothing of this or a later interval.
        while (j < b.size() && b.at(j).end <= from)
            ++j;
        for (size_t k = j; k < b.size() && b.at(k).start < to; ++k) {
            out.append(from, std::min(to, b.at(k).start));
            from = std::max(from, b.at(k).end);
        }
        out.append(from, to);
    }
    return out.finish();
}

IntervalSet IntervalSet::uniteAll(std::vector<const IntervalSet*> sets)
{
    sets.erase(std::remove_if(sets.begin(), sets.end(), [](const IntervalSet* s) { return s->empty(); }), sets.end());
    if (sets.empty())
        return IntervalSet();
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
    if (w.empty() || empty())
        return { 0, 0 };
    const Data& d = *m_data;
    // Ends are increasing too (disjoint, sorted): the first interval ending after the window's
    // start, and the first starting at or after its end.
    const size_t first = size_t(std::upper_bound(d.end.begin(), d.end.end(), w.start) - d.end.begin());
    const size_t last = size_t(std::lower_bound(d.start.begin(), d.start.end(), w.end) - d.start.begin());
    return { first, std::max(first, last) };
}

TimeNs IntervalSet::measure(store::TimeRange w) const
{
    const auto [first, last] = overlapping(w);
    if (first == last)
        return 0;
    const Data& d = *m_data;
    TimeNs total = prefix(last) - prefix(first);
    total -= std::max<TimeNs>(0, w.start - d.start[first]);
    total -= std::max<TimeNs>(0, d.end[last - 1] - w.end);
    return total;
}

store::TimeRange IntervalSet::hull(store::TimeRange w) const
{
    const auto [first, last] = overlapping(w);
    if (first == last)
        return { w.start, w.start };
    return { std::max(w.start, m_data->start[first]), std::min(w.end, m_data->end[last - 1]) };
}

IntervalSet IntervalSet::clipped(store::TimeRange w) const
{
    const auto [first, last] = overlapping(w);
    Builder out;
    out.reserve(last - first);
    for (size_t i = first; i < last; ++i)
        out.append(std::max(w.start, m_data->start[i]), std::min(w.end, m_data->end[i]));
    return out.finish();
}

size_t IntervalSet::residentBytes() const
{
    if (!m_data)
        return 0;
    return (m_data->start.capacity() + m_data->end.capacity() + m_data->blockPrefix.capacity()) * sizeof(TimeNs);
}

} // namespace strata::analysis
