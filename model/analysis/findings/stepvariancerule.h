#pragma once
#include "findingrule.h"

namespace strata::analysis {

// step-variance: the steps (the default unit's instances that start in the window,
// StepBreakdown) vary: their duration's coefficient of variation reaches the threshold, or
// a step takes the outlier ratio times the median or more. Ranges: those outlier steps, else
// the steps over the median, longest first. Time at stake: the time the steps take beyond
// the median, sum(max(0, step - median)).
class StepVarianceRule : public FindingRule {
public:
    static constexpr std::string_view kId = "step-variance";
    std::string_view id() const override { return kId; }
    std::string_view needs() const override { return "two or more steps"; }
    RuleOutcome run(const FindingInputs& in, const FindingThresholds& t) const override;
};

} // namespace strata::analysis
