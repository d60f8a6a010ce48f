#pragma once
#include "findingrule.h"

namespace strata::analysis {

// small-transfers: transfers smaller than the size threshold (the "bytes" arg of device
// memory work) take the time threshold's share of the memory time or more (the summed
// duration of all device memory work that starts in the window): per-transfer overhead
// dominates, the DMA case of Neuron and Sophgo. Time at stake: the small transfers' time.
class SmallTransfersRule : public FindingRule {
public:
    static constexpr std::string_view kId = "small-transfers";
    std::string_view id() const override { return kId; }
    std::string_view needs() const override { return "memory transfers with their sizes"; }
    RuleOutcome run(const FindingInputs& in, const FindingThresholds& t) const override;
};

} // namespace strata::analysis
