#pragma once
#include "findingrule.h"

namespace strata::analysis {

// hot-operator: one operator (a row of the operator table at the default level and scope
// over the window, "(none)" left out) takes the threshold's share of the device time or more
// (its self time over the table's busy time): the place to start. Severity info. Ranges: its
// longest device slices. Time at stake: its self time.
class HotOperatorRule : public FindingRule {
public:
    static constexpr std::string_view kId = "hot-operator";
    std::string_view id() const override { return kId; }
    std::string_view needs() const override { return "the operator table"; }
    RuleOutcome run(const FindingInputs& in, const FindingThresholds& t) const override;
};

} // namespace strata::analysis
