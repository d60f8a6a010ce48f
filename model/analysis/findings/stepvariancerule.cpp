#include "stepvariancerule.h"
#include "findingtext.h"

#include <algorithm>

namespace strata::analysis {

RuleOutcome StepVarianceRule::run(const FindingInputs& in, const FindingThresholds& t) const
{
    if (!in.hasSteps())
        return RuleOutcome::notRun("no steps: no repeated step (as ProfilerStep#N) in this window");
    const StepTable& table = *in.steps;
    if (table.steps.size() < 2)
        return RuleOutcome::notRun("one step: a variance needs two or more");
    const double cvThreshold = t.get("step-variance.cv_pct");
    const double ratio = t.get("step-variance.outlier_ratio");
    const double median = table.medianNs;
    const double cvPct = 100.0 * table.duration.cv;
    std::vector<const StepRow*> outliers, slow;
    double worst = 0;
    store::TimeNs beyond = 0;
    for (const StepRow& s : table.steps) {
        if (median > 0)
            worst = std::max(worst, double(s.durNs) / median);
        if (double(s.durNs) > median) {
            slow.push_back(&s);
            beyond += s.durNs - store::TimeNs(median);
        }
        if (median > 0 && double(s.durNs) >= ratio * median)
            outliers.push_back(&s);
    }
    const bool byCv = cvPct >= cvThreshold;
    if (!byCv && outliers.empty())
        return RuleOutcome::found({});
    Finding f;
    f.id = std::string(kId);
    f.value = byCv ? cvPct : worst;
    f.threshold = byCv ? cvThreshold : ratio;
    f.unit = byCv ? "%" : "x median";
    f.title = byCv ? "Step time varies: coefficient of variation " + FindingText::percent(cvPct)
                   : "A step takes " + FindingText::number(worst, 2) + " x the median step";
    f.severity = severityOf(f.value, byCv ? cvThreshold : ratio);
    f.atStakeNs = beyond;
    std::vector<const StepRow*>& listed = outliers.empty() ? slow : outliers;
    std::stable_sort(
        listed.begin(), listed.end(), [](const StepRow* a, const StepRow* b) { return a->durNs > b->durNs; });
    for (size_t i = 0; i < listed.size() && i < kMaxRanges; ++i)
        f.ranges.push_back(
            { in.store->sliceTrack(listed[i]->row), listed[i]->startNs, listed[i]->startNs + listed[i]->durNs, -1 });
    std::string names;
    for (size_t i = 0; i < outliers.size() && i < 5; ++i)
        names += (i ? ", " : "") + outliers[i]->name + " " + FindingText::duration(outliers[i]->durNs);
    f.cause = std::to_string(table.steps.size()) + " steps of " + table.unit + ": median "
        + FindingText::duration(store::TimeNs(median)) + ", mean "
        + FindingText::duration(store::TimeNs(table.duration.meanNs)) + ", coefficient of variation "
        + FindingText::percent(cvPct) + "; "
        + (outliers.empty() ? std::string("no step reaches ") + FindingText::number(ratio, 2) + " x the median"
                            : std::to_string(outliers.size()) + " outlier steps (" + names + ")")
        + ".";
    f.action = "Look at what the slow steps do that the others do not: data loading, a checkpoint, garbage "
               "collection, a recompilation, or a rank waiting at a collective.";
    return RuleOutcome::found({ std::move(f) });
}

} // namespace strata::analysis
