#pragma once
#include <store/types.h>

#include <optional>

namespace strata::analysis {

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
// idleCauses sums the engines' gaps (one engine's gap may be another's work, so they need
// not add up to idle).
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
    IdleCauses idleCauses;

    // 100 · overlap / communication; none without communication.
    std::optional<double> commOverlapPct() const
    {
        if (communicationNs <= 0)
            return std::nullopt;
        return 100.0 * double(commOverlapNs) / double(communicationNs);
    }
};

} // namespace strata::analysis
