#pragma once
#include "breakdowntimes.h"
#include "intervalset.h"

#include <array>
#include <set>
#include <vector>

namespace strata::analysis {

// The device work of one engine, device or rank as unions by kind, the pieces the time
// breakdown is measured from: all work, compute, communication, memory, other (sync and
// markers), and compute ∩ communication. Any window's BreakdownTimes (without idle causes)
// is then a few binary searches per part. Immutable once made.
class WorkIntervals {
public:
    enum Part : uint8_t { All, Compute, Communication, Memory, Other, ComputeCommunication };
    static constexpr int kParts = 6;
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
    // The bytes of its parts, each shared set once: `seen` holds the identities already counted.
    size_t residentBytes(std::set<const void*>& seen) const;

private:
    std::array<IntervalSet, kParts> m_parts;
};

} // namespace strata::analysis
