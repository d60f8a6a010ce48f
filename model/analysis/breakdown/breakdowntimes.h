#pragma once
#include <store/types.h>

#include <cstdint>
#include <optional>

namespace strata::analysis {

// The pieces a span is cut into, each instant of it in exactly one (the Time Breakdown
// dock's bar), in drawing order: compute while no communication runs, compute and
// communication together, communication while no compute runs, memory while neither runs,
// other work while none of those runs, and idle. So memory and other count here only where
// nothing ahead of them in that order runs; their full unions are memoryNs and otherNs.
enum class BreakdownSegment : uint8_t { Compute, CommOverlapped, CommExposed, Memory, Other, Idle };
constexpr int kBreakdownSegments = 6;

// Idle time between consecutive device work on one engine, by cause (Holistic Trace
// Analysis's idle-time breakdown; IdleGaps decides it): the host launched the next work only
// after the previous ended (host wait), the gap is shorter than the threshold (kernel wait:
// launch overhead), or anything else (other).
struct IdleCauses {
    store::TimeNs hostWaitNs = 0;
    store::TimeNs kernelWaitNs = 0;
    store::TimeNs otherNs = 0;
    IdleCauses& operator+=(const IdleCauses& o)
    {
        hostWaitNs += o.hostWaitNs;
        kernelWaitNs += o.kernelWaitNs;
        otherNs += o.otherNs;
        return *this;
    }
};

// The time breakdown of some device work (an engine, a device, a rank) over a window, every
// figure clipped to it (WindowRule::Clipped), in ns:
//   span = from the start of the first work inside the window to the end of the last;
//   idle = span - union of all work;  compute = union of compute work;
//   nonCompute = span - compute - idle (work that is not compute while no compute runs);
//   communication, memory, other = unions of their kinds (they may overlap each other);
//   commOverlap = |compute ∩ communication|;  commExposed = communication - commOverlap.
//   memoryAlone, otherAlone = the Memory and Other segments (BreakdownSegment);
//   compute - overlap + overlap + exposed + memoryAlone + otherAlone + idle = span.
// idleCauses: an engine's idle split by cause (they add up to its idle); a device's or a
// rank's are the sums over its engines (HTA reports causes per stream only), so they add up
// to the engines' idle summed, which may exceed the device's own idle: one engine's gap may
// be another's work.
struct BreakdownTimes {
    store::TimeNs spanNs = 0;
    store::TimeNs idleNs = 0;
    store::TimeNs computeNs = 0;
    store::TimeNs nonComputeNs = 0;
    store::TimeNs communicationNs = 0;
    store::TimeNs memoryNs = 0;
    store::TimeNs otherNs = 0;
    store::TimeNs commOverlapNs = 0;
    store::TimeNs commExposedNs = 0;
    store::TimeNs memoryAloneNs = 0;
    store::TimeNs otherAloneNs = 0;
    IdleCauses idleCauses;

    store::TimeNs segmentNs(BreakdownSegment s) const
    {
        switch (s) {
        case BreakdownSegment::Compute: return computeNs - commOverlapNs;
        case BreakdownSegment::CommOverlapped: return commOverlapNs;
        case BreakdownSegment::CommExposed: return commExposedNs;
        case BreakdownSegment::Memory: return memoryAloneNs;
        case BreakdownSegment::Other: return otherAloneNs;
        case BreakdownSegment::Idle: return idleNs;
        }
        return 0;
    }

    // 100 · overlap / communication; none without communication.
    std::optional<double> commOverlapPct() const
    {
        if (communicationNs <= 0)
            return std::nullopt;
        return 100.0 * double(commOverlapNs) / double(communicationNs);
    }
};

} // namespace strata::analysis
