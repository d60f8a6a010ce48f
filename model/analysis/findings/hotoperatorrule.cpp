#include "hotoperatorrule.h"
#include "deviceslices.h"
#include "findingtext.h"

#include <analysis/operators/operatorlevel.h>

#include <algorithm>

namespace strata::analysis {

RuleOutcome HotOperatorRule::run(const FindingInputs& in, const FindingThresholds& t) const
{
    const OperatorTable& table = *in.operators;
    if (table.busyNs <= 0)
        return RuleOutcome::notRun("no operator time in this window");
    const OperatorRow* hot = nullptr;
    for (const OperatorRow& r : table.rows)
        if (r.key != OperatorCatalog::kNoKey && (!hot || r.percent > hot->percent))
            hot = &r;
    const double threshold = t.get("hot-operator.device_pct");
    if (!hot || hot->percent < threshold)
        return RuleOutcome::found({});
    Finding f;
    f.id = std::string(kId);
    f.title = hot->name + " takes " + FindingText::percent(hot->percent) + " of the device time";
    f.severity = FindingSeverity::Info;
    f.value = hot->percent;
    f.threshold = threshold;
    f.unit = "%";
    f.atStakeNs = hot->selfNs;
    f.operators = { hot->name };
    const store::EventStore& s = *in.store;
    DeviceSlices::forEach(s, *in.catalog, in.window, [&](store::SliceRow row, store::TrackId track, store::WorkKind) {
        if (in.catalog->key(table.level, row, s.sliceType(row), s.sliceArgs(row)) == hot->key)
            f.ranges.push_back({ track, s.sliceTs(row), s.sliceEnd(row), -1 });
    });
    std::stable_sort(f.ranges.begin(), f.ranges.end(),
        [](const FindingRange& a, const FindingRange& b) { return a.end - a.start > b.end - b.start; });
    if (f.ranges.size() > kMaxRanges)
        f.ranges.resize(kMaxRanges);
    f.cause = hot->name + " (" + operatorLevelName(table.level) + " level) runs " + std::to_string(hot->count)
        + " times for " + FindingText::duration(hot->selfNs) + " of self time, " + FindingText::percent(hot->percent)
        + " of the " + FindingText::duration(table.busyNs) + " the devices are busy.";
    f.action = "Start here: a faster kernel or algorithm for this operator, a better data type or layout, or "
               "fewer calls, recovers the most device time.";
    return RuleOutcome::found({ std::move(f) });
}

} // namespace strata::analysis
