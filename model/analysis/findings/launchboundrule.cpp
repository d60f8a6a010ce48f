#include "launchboundrule.h"
#include "findingtext.h"

#include <algorithm>
#include <map>

namespace strata::analysis {

RuleOutcome LaunchBoundRule::run(const FindingInputs& in, const FindingThresholds& t) const
{
    const store::EventStore& s = *in.store;
    const OperatorCatalog& catalog = *in.catalog;
    const auto& links = catalog.launches().links();
    const bool attributed = std::any_of(
        links.begin(), links.end(), [](const LaunchIndex::Link& l) { return l.launch != LaunchIndex::kNone; });
    if (!attributed)
        return RuleOutcome::notRun("no launch attribution: no kernel in this profile is tied to the host call that "
                                   "launched it (Kineto's correlation ids)");
    struct Short {
        store::SliceRow kernel;
        store::TimeNs margin;
    };
    std::vector<Short> shorts;
    size_t kernels = 0;
    store::TimeNs kernelNs = 0, launchNs = 0;
    std::map<std::string, size_t> names;
    for (const LaunchIndex::Link& l : links) {
        if (l.launch == LaunchIndex::kNone)
            continue;
        const store::SliceRow kernel(l.device), launch(l.launch);
        const store::TimeNs ts = s.sliceTs(kernel);
        if (ts < in.window.start || ts >= in.window.end
            || catalog.typeWork(s.sliceType(kernel)) == store::WorkKind::Memory)
            continue;
        ++kernels;
        const store::TimeNs k = s.sliceDur(kernel), c = s.sliceDur(launch);
        if (k >= c)
            continue;
        shorts.push_back({ kernel, c - k });
        kernelNs += k;
        launchNs += c;
        ++names[std::string(s.str(s.sliceName(kernel)))];
    }
    const double threshold = t.get("launch-bound.kernels_pct");
    const double pct = percent(double(shorts.size()), double(kernels));
    if (kernels == 0 || pct < threshold)
        return RuleOutcome::found({});
    Finding f;
    f.id = std::string(kId);
    f.title = FindingText::percent(pct) + " of kernels run shorter than their launch call";
    f.severity = severityOf(pct, threshold);
    f.value = pct;
    f.threshold = threshold;
    f.unit = "%";
    f.atStakeNs = launchNs - kernelNs;
    std::stable_sort(shorts.begin(), shorts.end(), [](const Short& a, const Short& b) { return a.margin > b.margin; });
    for (size_t i = 0; i < shorts.size() && i < kMaxRanges; ++i)
        f.ranges.push_back(
            { s.sliceTrack(shorts[i].kernel), s.sliceTs(shorts[i].kernel), s.sliceEnd(shorts[i].kernel), -1 });
    std::vector<std::pair<std::string, size_t>> byCount(names.begin(), names.end());
    std::stable_sort(byCount.begin(), byCount.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    for (size_t i = 0; i < byCount.size() && i < 5; ++i)
        f.operators.push_back(byCount[i].first);
    f.cause = std::to_string(shorts.size()) + " of " + std::to_string(kernels) + " kernels run shorter than "
        + "their launch call: together they run " + FindingText::duration(kernelNs) + " while their launches take "
        + FindingText::duration(launchNs) + ", so the host, not the device, sets the pace.";
    f.action = "Give the device more work per launch: larger batches, fused kernels (torch.compile), or capture "
               "the step in a CUDA graph so one launch replays many kernels.";
    return RuleOutcome::found({ std::move(f) });
}

} // namespace strata::analysis
