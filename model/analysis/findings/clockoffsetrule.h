#pragma once
#include "findingrule.h"

namespace strata::analysis {

// clock-offset (a job): the clocks of some ranks look offset from the first rank's as the job
// is aligned (ClockOffsetCheck, with the thresholds clock-offset.offset_us and
// clock-offset.spread_ratio): they end every collective apart from it by the same amount, so
// the waits, skews and straggler read on these times are partly the clocks'. Over every
// collective of the job, whatever the window: clocks do not change with it. Ranges: the
// waits the offsets make up, longest first, each on the waiting rank's kernel row (as
// recorded, as the straggler's). Time at stake: the waits the offsets make up, averaged over
// the ranks. The fix is to align the ranks by collective ends.
class ClockOffsetRule : public FindingRule {
public:
    static constexpr std::string_view kId = "clock-offset";
    std::string_view id() const override { return kId; }
    std::string_view needs() const override { return "a job: two or more ranks with matched collectives"; }
    Scope scope() const override { return Scope::Job; }
    RuleOutcome run(const FindingInputs&, const FindingThresholds&) const override
    {
        return RuleOutcome::notRun("not a job: the ranks' clocks are compared in a job");
    }
    RuleOutcome runJob(const JobFindingInputs& in, const FindingThresholds& t) const override;
};

} // namespace strata::analysis
