#pragma once
#include "findingrule.h"

namespace strata::analysis {

// sync-stall: host time in synchronising calls (HostSpans over isSyncCall's names) reaches
// the threshold's share of the step time (FindingInputs::stepTimeNs: the steps' summed
// duration, the window's length without steps): the host waits for the device instead of
// running ahead. Time at stake: that host time. Ranges: the longest calls.
class SyncStallRule : public FindingRule {
public:
    static constexpr std::string_view kId = "sync-stall";
    std::string_view id() const override { return kId; }
    std::string_view needs() const override { return "host threads"; }
    RuleOutcome run(const FindingInputs& in, const FindingThresholds& t) const override;
    // The calls that block the host until the device is done: CUDA's device, stream and event
    // synchronisation (runtime and driver), synchronous cudaMemcpy, HIP's equivalents, MTIA's
    // synchronize and synchronizeStream, Neuron's nrt_tensor_read and nrt_tensor_write.
    static bool isSyncCall(std::string_view name);
};

} // namespace strata::analysis
