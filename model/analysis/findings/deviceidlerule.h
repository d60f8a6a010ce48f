#pragma once
#include "findingrule.h"

namespace strata::analysis {

// device-idle: a device (a GPU, a Neuron core: the process holding device tracks) stands
// idle for the threshold's share of its span or more (the time breakdown's idle and span over
// the window, BreakdownIndex::device). Its cause says whether host wait or kernel wait
// dominates its engines' gaps (the idle causes) and its ranges are the device's longest idle
// gaps. Time at stake: the device's idle time.
class DeviceIdleRule : public FindingRule {
public:
    static constexpr std::string_view kId = "device-idle";
    static constexpr size_t kGaps = 10; // longest gaps listed
    std::string_view id() const override { return kId; }
    std::string_view needs() const override { return "device work (the time breakdown)"; }
    RuleOutcome run(const FindingInputs& in, const FindingThresholds& t) const override;
};

} // namespace strata::analysis
