#include "dataloaderwaitrule.h"
#include "findingtext.h"
#include "hostspans.h"

#include <cctype>

namespace strata::analysis {

bool DataLoaderWaitRule::isDataLoaderSpan(std::string_view name)
{
    static constexpr std::string_view kWord = "dataloader";
    for (size_t i = 0; i + kWord.size() <= name.size(); ++i) {
        size_t k = 0;
        while (k < kWord.size() && std::tolower(static_cast<unsigned char>(name[i + k])) == kWord[k])
            ++k;
        if (k == kWord.size())
            return true;
    }
    return false;
}

RuleOutcome DataLoaderWaitRule::run(const FindingInputs& in, const FindingThresholds& t) const
{
    const HostSpans::Result r
        = HostSpans::measure(*in.store, *in.catalog, in.stepWindows(), &isDataLoaderSpan, kMaxRanges);
    const store::TimeNs stepNs = in.stepTimeNs();
    const double threshold = t.get("dataloader-wait.wait_pct");
    const double pct = percent(double(r.totalNs), double(stepNs));
    if (r.totalNs <= 0 || pct < threshold)
        return RuleOutcome::found({});
    Finding f;
    f.id = std::string(kId);
    f.title = "The data loader takes " + FindingText::percent(pct) + " of the step time";
    f.severity = severityOf(pct, threshold);
    f.value = pct;
    f.threshold = threshold;
    f.unit = "%";
    f.atStakeNs = r.totalNs;
    f.ranges = r.longest;
    for (size_t i = 0; i < r.byName.size() && i < 5; ++i)
        f.operators.push_back(r.byName[i].first);
    const std::string of = !in.trainingSteps.empty()
        ? "the " + FindingText::duration(stepNs) + " of its " + std::to_string(in.trainingSteps.size()) + " steps"
        : "the " + FindingText::duration(stepNs) + " window (no ProfilerStep found)";
    f.cause = "The host spends " + FindingText::duration(r.totalNs) + " in " + std::to_string(r.spans)
        + " data-loader spans, " + FindingText::percent(pct) + " of " + of + ": the step waits for its input.";
    f.action = "Load data ahead of the step: DataLoader(num_workers > 0, pin_memory=True, persistent_workers=True, "
               "prefetch_factor), and move decoding and augmentation off the training process.";
    return RuleOutcome::found({ std::move(f) });
}

} // namespace strata::analysis
