#include "pageablememcpyrule.h"
#include "deviceslices.h"
#include "findingtext.h"

#include <algorithm>
#include <map>

namespace strata::analysis {

RuleOutcome PageableMemcpyRule::run(const FindingInputs& in, const FindingThresholds& t) const
{
    const store::EventStore& s = *in.store;
    const OperatorCatalog& catalog = *in.catalog;
    if (!DeviceSlices::any(s, catalog, store::WorkKind::Memory))
        return RuleOutcome::notRun("no memory transfers in this profile");
    size_t copies = 0;
    double bytes = 0;
    store::TimeNs timeNs = 0;
    std::vector<FindingRange> ranges;
    std::map<std::string, store::TimeNs> names;
    DeviceSlices::forEach(s, catalog, in.window, [&](store::SliceRow row, store::TrackId track, store::WorkKind kind) {
        if (kind != store::WorkKind::Memory)
            return;
        const std::string_view name = s.str(s.sliceName(row));
        if (name.find("Pageable") == std::string_view::npos)
            return;
        ++copies;
        const OperatorCatalog::Metrics& m = catalog.metrics(s.sliceArgs(row));
        if (m.has & OperatorCatalog::Metrics::kBytes)
            bytes += m.bytes;
        timeNs += s.sliceDur(row);
        names[std::string(name)] += s.sliceDur(row);
        ranges.push_back({ track, s.sliceTs(row), s.sliceEnd(row), -1 });
    });
    const double threshold = t.get("pageable-memcpy.copies");
    if (copies == 0 || double(copies) < threshold)
        return RuleOutcome::found({});
    Finding f;
    f.id = std::string(kId);
    f.title = std::to_string(copies) + (copies == 1 ? " copy uses" : " copies use") + " pageable host memory";
    f.severity = FindingSeverity::Warning;
    f.value = double(copies);
    f.threshold = threshold;
    f.unit = "copies";
    f.atStakeNs = timeNs;
    std::stable_sort(ranges.begin(), ranges.end(),
        [](const FindingRange& a, const FindingRange& b) { return a.end - a.start > b.end - b.start; });
    if (ranges.size() > kMaxRanges)
        ranges.resize(kMaxRanges);
    f.ranges = std::move(ranges);
    for (const auto& [name, ns] : names)
        f.operators.push_back(name);
    f.cause = std::to_string(copies) + (copies == 1 ? " copy moves " : " copies move ") + FindingText::bytes(bytes)
        + " from or to pageable host memory in " + FindingText::duration(timeNs)
        + "; each is staged through a pinned buffer and blocks the host until it is done.";
    f.action = "Allocate the host tensors in pinned memory (DataLoader(pin_memory=True), tensor.pin_memory()) and "
               "copy with non_blocking=True.";
    return RuleOutcome::found({ std::move(f) });
}

} // namespace strata::analysis
