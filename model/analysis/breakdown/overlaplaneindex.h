#pragma once
#include <store/types.h>

#include <array>
#include <cstdint>
#include <vector>

namespace strata::analysis {

class BreakdownIndex;
class WorkIntervals;

// What each device is doing at each pixel of the timeline's overlap lane: compute only,
// compute with communication (overlapped), communication exposed, memory only, other, or
// idle, built once per profile from the BreakdownIndex's per-device unions by kind, as a
// level-of-detail index does for slices.
//
// Per device (a lane: a device with device work) the four unions are merged into one list
// of state-change boundaries b_0 < … < b_m with the state of each segment [b_k, b_k+1), and
// blocked prefix sums of the time per busy state. The time per state in any window is then
// two binary searches and at most kBlock additions, so a lane's pixels cost
// O(width × log N) and never a pass over events. 8 bytes a boundary, 1 its segment's state
// and 40/kBlock of prefix sums: 11.5 bytes a boundary.
//
// A state covers what the device does while several kinds run: compute with communication
// is Overlapped, compute with memory or other is Compute, communication with memory is
// Exposed, memory with other is Memory (the precedence of the Time Breakdown's segments).
class OverlapLaneIndex {
public:
    // None: before the device's first work or after its last (outside its span).
    enum State : uint8_t { None, Idle, Compute, Overlapped, Exposed, Memory, Other };
    static constexpr int kStates = 7;
    using StateTimes = std::array<store::TimeNs, kStates>; // ns per State
    static constexpr size_t kBlock = 16;

    OverlapLaneIndex() = default;
    explicit OverlapLaneIndex(const BreakdownIndex& breakdown);

    // Whether any device communicates: the lane is shown by default only then.
    bool hasCommunication() const { return m_communication; }
    size_t laneCount() const { return m_lanes.size(); }
    // The lane of a device process; -1 when it has no device work.
    int laneOf(store::ProcessId process) const;
    store::ProcessId process(size_t lane) const { return m_lanes[lane].process; }

    // Time per state inside `window` (absolute, clipped to the window); None is the part of
    // the window outside the device's span.
    StateTimes times(size_t lane, store::TimeRange window) const;
    // The state of each of `width` pixels across `range`: pixel i covers
    // [t0 + i·span/width, t0 + (i+1)·span/width). Per pixel the state that covers the most
    // time of it (None only when none of it lies in the device's span; the part outside the
    // span does not compete), so a busy run thinner than a pixel still shows when it is the
    // larger part of its pixel, and a pixel mostly idle reads idle. Ties go to the state
    // listed first in kPrecedence.
    std::vector<State> pixels(size_t lane, store::TimeRange range, int width) const;
    // The rule pixels() applies to one pixel's times.
    static State dominant(const StateTimes& t);
    // Ties between equal times: the overlapping and busier states first.
    static constexpr std::array<State, 6> kPrecedence = { Overlapped, Exposed, Compute, Memory, Other, Idle };

    size_t boundaryCount() const;
    size_t residentBytes() const;

private:
    static constexpr int kBusy = 5; // Compute … Other: the states with prefix sums
    using BusyTimes = std::array<store::TimeNs, kBusy>;
    struct Lane {
        store::ProcessId process;
        std::vector<store::TimeNs> at; // boundaries, strictly increasing; empty: no work
        std::vector<uint8_t> state; // per segment [at[k], at[k+1]): at.size() - 1 entries
        std::vector<BusyTimes> blockPrefix; // [j]: busy time of segments [0, j·kBlock)
    };
    static Lane build(store::ProcessId process, const WorkIntervals& work);
    // Busy time per state of the lane's span before t (t clamped into the span).
    static BusyTimes before(const Lane& lane, store::TimeNs t, size_t& hint);

    std::vector<Lane> m_lanes;
    std::vector<int32_t> m_laneOfProcess; // by ProcessId, -1 without a lane
    bool m_communication = false;
};

} // namespace strata::analysis
