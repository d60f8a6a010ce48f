#pragma once
#include "findingrule.h"

namespace strata::analysis {

// launch-bound: the threshold's share of kernels or more run shorter than the host call that
// launched them (the launch attribution, LaunchIndex; Holistic Trace Analysis's
// runtime_cutoff idea): the host cannot launch fast enough to keep the device busy. Kernels
// are the launched device work that is not a copy or memset, counted when they start in the
// window. Time at stake: what the short kernels' launches take beyond the kernels,
// sum(launch - kernel). Ranges: the short kernels with the widest such margin.
class LaunchBoundRule : public FindingRule {
public:
    static constexpr std::string_view kId = "launch-bound";
    std::string_view id() const override { return kId; }
    std::string_view needs() const override { return "the launch attribution (kernels tied to their launch calls)"; }
    RuleOutcome run(const FindingInputs& in, const FindingThresholds& t) const override;
};

} // namespace strata::analysis
