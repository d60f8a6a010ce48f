#include "hostspans.h"
#include "findingrule.h"
#include "findingtext.h"

#include <analysis/breakdown/intervalset.h>

#include <algorithm>
#include <map>

namespace strata::analysis {

using store::TimeNs;

HostSpans::Result HostSpans::measure(const store::EventStore& store, const OperatorCatalog& catalog,
    const std::vector<store::TimeRange>& windows, const std::function<bool(std::string_view name)>& matches,
    size_t keep)
{
    Result out;
    std::vector<int8_t> typeMatches(store.types().size(), -1); // -1: not tested yet
    std::map<std::string, TimeNs> byName;
    // Per thread, its overflow lanes' slices with its own: slices that partly overlap on one
    // thread count once.
    std::map<uint32_t, std::vector<IntervalSet::Interval>> byThread;
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        const store::TrackId track(t);
        const store::TrackInfo& info = store.track(track);
        if ((info.kind != store::TrackKind::Thread && info.kind != store::TrackKind::Overflow)
            || info.role != store::TrackRole::Host || catalog.isDeviceTrack(track))
            continue;
        std::vector<IntervalSet::Interval>& spans
            = byThread[info.kind == store::TrackKind::Overflow ? info.parent.v : t];
        for (uint32_t d = 0; d < store.levelCount(track); ++d)
            for (size_t w = 0; w < windows.size(); ++w) {
                const store::TimeRange& window = windows[w];
                // A slice met by an earlier window as well (it started before this one and
                // reaches into it) is counted there: the windows are in order, disjoint.
                const TimeNs earlierEnd = w > 0 ? windows[w - 1].end : store::kTimeMin;
                const store::RowRange rows = store.slicesInRange(track, d, window.start, window.end);
                for (uint32_t i = rows.begin; i < rows.end; ++i) {
                    const store::SliceRow row(i);
                    const store::TypeId type = store.sliceType(row);
                    int8_t& m = typeMatches[type.v];
                    if (m < 0)
                        m = matches(store.str(store.sliceName(row))) ? 1 : 0;
                    if (!m)
                        continue;
                    const TimeNs a = std::max(store.sliceTs(row), window.start);
                    const TimeNs b = std::min(store.sliceEnd(row), window.end);
                    if (b <= a)
                        continue;
                    if (store.sliceTs(row) >= earlierEnd)
                        ++out.spans;
                    spans.push_back({ a, b });
                    byName[std::string(store.str(store.sliceName(row)))] += b - a;
                }
            }
    }
    for (auto& [thread, spans] : byThread) {
        const IntervalSet u = IntervalSet::unionOf(std::move(spans));
        out.totalNs += u.length();
        for (const IntervalSet::Interval& iv : u.intervals())
            out.longest.push_back({ store::TrackId(thread), iv.start, iv.end, -1 });
    }
    std::stable_sort(out.longest.begin(), out.longest.end(),
        [](const FindingRange& a, const FindingRange& b) { return a.end - a.start > b.end - b.start; });
    if (out.longest.size() > keep)
        out.longest.resize(keep);
    out.byName.assign(byName.begin(), byName.end());
    std::stable_sort(
        out.byName.begin(), out.byName.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    return out;
}

std::optional<Finding> HostSpans::shareOfStep(
    const Result& r, const FindingInputs& in, std::string_view id, double thresholdPct, std::string* stepText)
{
    const TimeNs stepNs = in.stepTimeNs();
    const double pct = FindingRule::percent(double(r.totalNs), double(stepNs));
    if (r.totalNs <= 0 || pct < thresholdPct)
        return std::nullopt;
    Finding f;
    f.id = std::string(id);
    f.severity = FindingRule::severityOf(pct, thresholdPct);
    f.value = pct;
    f.threshold = thresholdPct;
    f.unit = "%";
    f.atStakeNs = r.totalNs;
    f.ranges = r.longest;
    for (size_t i = 0; i < r.byName.size() && i < 5; ++i)
        f.operators.push_back(r.byName[i].first);
    *stepText = !in.trainingSteps.empty()
        ? "the " + FindingText::duration(stepNs) + " of its " + std::to_string(in.trainingSteps.size()) + " steps"
        : "the " + FindingText::duration(stepNs) + " window (no ProfilerStep found)";
    return f;
}

} // namespace strata::analysis
