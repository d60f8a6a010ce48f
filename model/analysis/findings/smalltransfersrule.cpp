#include "smalltransfersrule.h"
#include "deviceslices.h"
#include "findingtext.h"

#include <algorithm>
#include <map>

namespace strata::analysis {

RuleOutcome SmallTransfersRule::run(const FindingInputs& in, const FindingThresholds& t) const
{
    const store::EventStore& s = *in.store;
    const OperatorCatalog& catalog = *in.catalog;
    const double maxBytes = t.get("small-transfers.max_bytes");
    size_t transfers = 0, sized = 0, small = 0;
    store::TimeNs memoryNs = 0, smallNs = 0;
    double smallBytes = 0;
    std::vector<FindingRange> ranges;
    std::map<std::string, store::TimeNs> names;
    DeviceSlices::forEach(s, catalog, in.window, [&](store::SliceRow row, store::TrackId track, store::WorkKind kind) {
        if (kind != store::WorkKind::Memory)
            return;
        ++transfers;
        memoryNs += s.sliceDur(row);
        const OperatorCatalog::Metrics& m = catalog.metrics(s.sliceArgs(row));
        if (!(m.has & OperatorCatalog::Metrics::kBytes))
            return;
        ++sized;
        if (m.bytes >= maxBytes)
            return;
        ++small;
        smallNs += s.sliceDur(row);
        smallBytes += m.bytes;
        names[std::string(s.str(s.sliceName(row)))] += s.sliceDur(row);
        ranges.push_back({ track, s.sliceTs(row), s.sliceEnd(row), -1 });
    });
    if (transfers == 0 && !DeviceSlices::any(s, catalog, store::WorkKind::Memory))
        return RuleOutcome::notRun("no memory transfers in this profile");
    if (transfers > 0 && sized == 0)
        return RuleOutcome::notRun("the memory transfers carry no sizes (no \"bytes\" arg)");
    const double threshold = t.get("small-transfers.time_pct");
    const double pct = percent(double(smallNs), double(memoryNs));
    if (small == 0 || pct < threshold)
        return RuleOutcome::found({});
    Finding f;
    f.id = std::string(kId);
    f.title = "Transfers under " + FindingText::bytes(maxBytes) + " take " + FindingText::percent(pct)
        + " of the memory time";
    f.severity = severityOf(pct, threshold);
    f.value = pct;
    f.threshold = threshold;
    f.unit = "%";
    f.atStakeNs = smallNs;
    std::stable_sort(ranges.begin(), ranges.end(),
        [](const FindingRange& a, const FindingRange& b) { return a.end - a.start > b.end - b.start; });
    if (ranges.size() > kMaxRanges)
        ranges.resize(kMaxRanges);
    f.ranges = std::move(ranges);
    std::vector<std::pair<std::string, store::TimeNs>> byTime(names.begin(), names.end());
    std::stable_sort(byTime.begin(), byTime.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    for (size_t i = 0; i < byTime.size() && i < 5; ++i)
        f.operators.push_back(byTime[i].first);
    f.cause = std::to_string(small) + " of " + std::to_string(transfers) + " transfers are under "
        + FindingText::bytes(maxBytes) + " (" + FindingText::bytes(smallBytes) + " in all) and take "
        + FindingText::duration(smallNs) + " of the " + FindingText::duration(memoryNs) + " memory time ("
        + FindingText::percent(pct) + "): per-transfer overhead dominates.";
    f.action = "Batch small transfers into larger ones: coalesce tensors before copying, or lay the data out so "
               "each DMA moves a contiguous block.";
    return RuleOutcome::found({ std::move(f) });
}

} // namespace strata::analysis
