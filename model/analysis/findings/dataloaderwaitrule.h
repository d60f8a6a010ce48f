#pragma once
#include "findingrule.h"

namespace strata::analysis {

// dataloader-wait: host time in data-loader spans (a name holding "dataloader" in any case,
// as PyTorch's "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__") reaches the
// threshold's share of the step time (FindingInputs::stepTimeNs): the step waits for its
// input. Time at stake: that host time. Ranges: the longest spans.
class DataLoaderWaitRule : public FindingRule {
public:
    static constexpr std::string_view kId = "dataloader-wait";
    std::string_view id() const override { return kId; }
    std::string_view needs() const override { return "host threads"; }
    RuleOutcome run(const FindingInputs& in, const FindingThresholds& t) const override;
    static bool isDataLoaderSpan(std::string_view name);
};

} // namespace strata::analysis
