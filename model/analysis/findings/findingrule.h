#pragma once
#include "finding.h"
#include "findinginputs.h"
#include "findingthresholds.h"

#include <string_view>

namespace strata::analysis {

// One findings rule: reads the finished analyses (FindingInputs) and returns zero or more
// findings, or says why it could not run. A rule is a small class with a constexpr kId, its
// thresholds in FindingThresholds' table and one line in FindingRules' list. A rule of the
// job (scope() Job) reads the ranks of a job together and is asked through runJob; the others
// read one profile (one rank) through run.
class FindingRule {
public:
    enum class Scope { Profile, Job };

    virtual ~FindingRule() = default;
    virtual std::string_view id() const = 0;
    // What it reads, for "did not run" texts and the docs: "the launch attribution".
    virtual std::string_view needs() const = 0;
    virtual Scope scope() const { return Scope::Profile; }
    virtual RuleOutcome run(const FindingInputs& in, const FindingThresholds& t) const = 0;
    virtual RuleOutcome runJob(const JobFindingInputs&, const FindingThresholds&) const
    {
        return RuleOutcome::notRun("not a rule of a job");
    }

    // Warning at the threshold, critical from twice the threshold.
    static FindingSeverity severityOf(double value, double threshold)
    {
        return threshold > 0 && value >= 2 * threshold ? FindingSeverity::Critical : FindingSeverity::Warning;
    }
    // 100 x part / whole; 0 for an empty whole.
    static double percent(double part, double whole) { return whole > 0 ? 100.0 * part / whole : 0.0; }
    // How many ranges a finding lists, most telling first.
    static constexpr size_t kMaxRanges = 20;
};

} // namespace strata::analysis
