#pragma once
#include <store/types.h>

#include <cstddef>
#include <vector>

namespace strata::analysis {

// A union of time intervals kept as sorted, disjoint, positive-length intervals with the
// prefix sums of their lengths, so the part of the union inside any window is two binary
// searches: the building block of the time breakdown (BreakdownIndex), which keeps one per
// engine, device and rank and per kind of work. Intervals that touch ([a, b] and [b, c])
// are merged into one. Immutable once made; 24 bytes per interval.
class IntervalSet {
public:
    struct Interval {
        store::TimeNs start = 0;
        store::TimeNs end = 0;
        friend bool operator==(const Interval& a, const Interval& b) { return a.start == b.start && a.end == b.end; }
    };

    IntervalSet() = default;
    // The union of `intervals`, in any order, overlapping or not; empty ones are dropped.
    static IntervalSet unionOf(std::vector<Interval> intervals);
    // The union of intervals already sorted by start (the rows of one store level): one pass.
    static IntervalSet unionOfSorted(const std::vector<Interval>& intervals);
    // a ∪ b and a ∩ b, in one merge pass over both.
    static IntervalSet unite(const IntervalSet& a, const IntervalSet& b);
    static IntervalSet intersect(const IntervalSet& a, const IntervalSet& b);
    // The union of many sets (the engines of a device): a balanced tree of pairwise unions.
    static IntervalSet uniteAll(std::vector<const IntervalSet*> sets);

    bool empty() const { return m_start.empty(); }
    size_t size() const { return m_start.size(); }
    Interval at(size_t i) const { return { m_start[i], m_end[i] }; }
    std::vector<Interval> intervals() const;
    // Total length of the union.
    store::TimeNs length() const { return m_prefix.empty() ? 0 : m_prefix.back(); }
    // Length of the union inside [window.start, window.end] (clipped); 0 for an empty window.
    store::TimeNs measure(store::TimeRange window) const;
    // The part of the union inside the window, from the start of its first interval there to
    // the end of its last (both clipped); an empty range when nothing of it is inside.
    store::TimeRange hull(store::TimeRange window) const;
    // Indexes [first, last) of the intervals that overlap the window for a positive time.
    std::pair<size_t, size_t> overlapping(store::TimeRange window) const;
    size_t residentBytes() const;

private:
    void append(store::TimeNs start, store::TimeNs end); // extends the last interval when they touch
    void finish(); // prefix sums

    std::vector<store::TimeNs> m_start, m_end;
    std::vector<store::TimeNs> m_prefix; // [i] = length of intervals [0, i); size() + 1 entries
};

} // namespace strata::analysis
