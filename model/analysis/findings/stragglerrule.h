#pragma once
#include "findingrule.h"

namespace strata::analysis {

// straggler (a job): one rank arrives last at the threshold's share of the collectives it
// takes part in or more (CollectiveAnalysis's verdict over the collectives every rank of
// which starts inside its rank's window), and the others' wait for it, averaged over the
// other ranks, reaches the wait threshold's share of their step time (their ProfilerSteps'
// summed duration in the window, the window's length without steps). Ranges: the waits of
// the other ranks at the collectives it arrived last at, longest first, each on the waiting
// rank's kernel row. Time at stake: that mean wait.
class StragglerRule : public FindingRule {
public:
    static constexpr std::string_view kId = "straggler";
    std::string_view id() const override { return kId; }
    std::string_view needs() const override { return "a job: two or more ranks with matched collectives"; }
    Scope scope() const override { return Scope::Job; }
    RuleOutcome run(const FindingInputs&, const FindingThresholds&) const override
    {
        return RuleOutcome::notRun("not a job: open the folder of the job's ranks to compare them");
    }
    RuleOutcome runJob(const JobFindingInputs& in, const FindingThresholds& t) const override;
};

} // namespace strata::analysis
