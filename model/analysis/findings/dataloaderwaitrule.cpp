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
    std::string of;
    std::optional<Finding> f = HostSpans::shareOfStep(r, in, kId, t.get("dataloader-wait.wait_pct"), &of);
    if (!f)
        return RuleOutcome::found({});
    const std::string pct = FindingText::percent(f->value);
    f->title = "The data loader takes " + pct + " of the step time";
    f->cause = "The host spends " + FindingText::duration(r.totalNs) + " in " + std::to_string(r.spans)
        + " data-loader spans, " + pct + " of " + of + ": the step waits for its input.";
    f->action = "Load data ahead of the step: DataLoader(num_workers > 0, pin_memory=True, persistent_workers=True, "
                "prefetch_factor), and move decoding and augmentation off the training process.";
    return RuleOutcome::found({ std::move(*f) });
}

} // namespace strata::analysis
