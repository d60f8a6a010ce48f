#pragma once
#include "findingrule.h"

namespace strata::analysis {

// exposed-communication: communication that no compute hides (the time breakdown's comm
// exposed, over all device work of the profile: BreakdownIndex::rank) reaches the
// threshold's share of the span. Ranges: the longest exposed stretches, each on a
// communication engine that runs then. Time at stake: the exposed communication.
class ExposedCommunicationRule : public FindingRule {
public:
    static constexpr std::string_view kId = "exposed-communication";
    static constexpr size_t kStretches = 10;
    std::string_view id() const override { return kId; }
    std::string_view needs() const override { return "communication kernels (the time breakdown)"; }
    RuleOutcome run(const FindingInputs& in, const FindingThresholds& t) const override;
};

} // namespace strata::analysis
