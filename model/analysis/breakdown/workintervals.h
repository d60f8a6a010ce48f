#pragma once
#include "breakdowntimes.h"
#include "intervalset.h"

#include <array>
#include <set>
#include <vector>

namespace strata::analysis {

// The device work of one engine, device or rank as unions by kind, the pieces the time
// breakdown is measured from: all work, compute, communication, memory, other (sync and
// markers), compute ∩ communication, compute ∪ communication and compute ∪ communication ∪
// memory (the last two cut the span into BreakdownSegments). Any window's BreakdownTimes
// (without idle causes) is then a few binary searches per part. Immutable once made; a
// union with an empty kind shares the other's intervals, so a one-kind engine costs no more.
class WorkIntervals {
public:
    enum Part : uint8_t {
        All,
        Compute,
        Communication,
        Memory,
        Other,
        ComputeCommunication, // compute ∩ communication
        ComputeOrCommunication, // compute ∪ communication
        ComputeCommunicationMemory, // compute ∪ communication ∪ memory
    };
    static constexpr int kParts = 8;
    static constexpr int kKinds = 4; // Compute, Communication, Memory, Other: what slices are

    WorkIntervals() = default;
    // From the unions of the four kinds, in the order compute, communication, memory, other:
    // All and ComputeCommunication are derived.
    static WorkIntervals fromKinds(std::array<IntervalSet, kKinds> kinds);
    // The union of several (a device's engines, a rank's devices), kind by kind; the
    // intersection is taken again over the union, so compute on one engine hides
    // communication on another.
    static WorkIntervals unite(const std::vector<const WorkIntervals*>& parts);

    const IntervalSet& part(Part p) const { return m_parts[p]; }
    bool empty() const { return m_parts[All].empty(); }
    BreakdownTimes times(store::TimeRange window) const;
    // The stretches of one segment inside the window (clipped to it), longest first (ties:
    // the earlier first). Idle is the holes between the work inside the window. O(k log k)
    // in the intervals that overlap the window: no pass over the rest.
    std::vector<IntervalSet::Interval> segmentIntervals(BreakdownSegment segment, store::TimeRange window) const;
    // The bytes of its parts, each shared set once: `seen` holds the identities already counted.
    size_t residentBytes(std::set<const void*>& seen) const;

private:
    std::array<IntervalSet, kParts> m_parts;
};

} // namespace strata::analysis
