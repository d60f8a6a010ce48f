#pragma once
#include <store/types.h>

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace strata::analysis {

// A union of time intervals kept as sorted, disjoint, positive-length intervals with blocked
// prefix sums of their lengths, so the part of the union inside any window is two binary
// searches and at most kBlock additions: the building block of the time breakdown
// (BreakdownIndex), which keeps one per engine, device and rank and per kind of work.
// Intervals that touch ([a, b] and [b, c]) are merged into one. Immutable once made, and
// copies share the intervals (an engine's work of one kind is also its union of all work, a
// one-device rank is its device). About 17 bytes per interval.
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
    // a − b: the parts of a's intervals that no interval of b covers, in one merge pass.
    static IntervalSet subtract(const IntervalSet& a, const IntervalSet& b);
    // The union of many sets (the engines of a device): a balanced tree of pairwise unions.
    static IntervalSet uniteAll(std::vector<const IntervalSet*> sets);

    static constexpr size_t kBlock = 16;

    bool empty() const { return !m_data || m_data->start.empty(); }
    size_t size() const { return m_data ? m_data->start.size() : 0; }
    Interval at(size_t i) const { return { m_data->start[i], m_data->end[i] }; }
    std::vector<Interval> intervals() const;
    // Total length of the union.
    store::TimeNs length() const { return m_data ? m_data->total : 0; }
    // Length of the union inside [window.start, window.end] (clipped); 0 for an empty window.
    store::TimeNs measure(store::TimeRange window) const;
    // The part of the union inside the window, from the start of its first interval there to
    // the end of its last (both clipped); an empty range when nothing of it is inside.
    store::TimeRange hull(store::TimeRange window) const;
    // Indexes [first, last) of the intervals that overlap the window for a positive time.
    std::pair<size_t, size_t> overlapping(store::TimeRange window) const;
    // The intervals [first, last) clipped to the window, as a set of their own.
    IntervalSet clipped(store::TimeRange window) const;
    // Bytes of the intervals (a set sharing them with another counts them too).
    size_t residentBytes() const;
    // The same for every set sharing these intervals: callers that sum residentBytes() over
    // many sets count each identity once.
    const void* identity() const { return m_data.get(); }

private:
    struct Data {
        std::vector<store::TimeNs> start, end;
        std::vector<store::TimeNs> blockPrefix; // [k] = length of intervals [0, k * kBlock)
        store::TimeNs total = 0;
    };
    // Length of intervals [0, i).
    store::TimeNs prefix(size_t i) const;
    // Builds a set by appending intervals in start order; touching ones are merged.
    class Builder {
    public:
        void append(store::TimeNs start, store::TimeNs end);
        void reserve(size_t n);
        IntervalSet finish();

    private:
        std::shared_ptr<Data> m_data = std::make_shared<Data>();
    };

    std::shared_ptr<const Data> m_data;
};

} // namespace strata::analysis
