#include "stepbreakdown.h"

#include "latencyanalyzer.h"

#include <analysis/operators/operatoraggregator.h>

#include <algorithm>
#include <cmath>
#include <utility>

namespace strata::analysis {

namespace {

using Interval = std::pair<store::TimeNs, store::TimeNs>; // [start, end)

bool threadLike(const store::TrackInfo& t)
{
    return t.kind == store::TrackKind::Thread || t.kind == store::TrackKind::Overflow;
}

// The Device scope's depth-0 intervals meeting [lo, hi), sorted and merged into disjoint
// intervals. A depth-0 level never overlaps itself, so at most one slice before the first
// that starts in the span reaches into it.
std::vector<Interval> busyUnion(const store::EventStore& store, store::TimeRange span, bool& fallback)
{
    bool anyDevice = false;
    for (uint32_t t = 0; t < store.trackCount() && !anyDevice; ++t) {
        const store::TrackInfo& info = store.track(store::TrackId(t));
        anyDevice = threadLike(info) && info.role == store::TrackRole::Device;
    }
    fallback = !anyDevice;
    std::vector<Interval> all;
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        const store::TrackId track(t);
        const store::TrackInfo& info = store.track(track);
        const bool in = anyDevice ? info.role == store::TrackRole::Device : info.role != store::TrackRole::Annotation;
        if (!threadLike(info) || !in || store.levelCount(track) == 0)
            continue;
        const store::RowRange lv = store.level(track, 0);
        uint32_t begin = store.firstStartAtOrAfter(lv, span.start);
        if (begin > lv.begin && store.sliceEnd(store::SliceRow(begin - 1)) > span.start)
            --begin;
        const uint32_t end = store.firstStartAtOrAfter({ begin, lv.end }, span.end);
        for (uint32_t r = begin; r < end; ++r) {
            const store::SliceRow row(r);
            if (store.sliceDur(row) > 0)
                all.emplace_back(store.sliceTs(row), store.sliceEnd(row));
        }
    }
    std::sort(all.begin(), all.end());
    std::vector<Interval> merged;
    for (const Interval& i : all) {
        if (!merged.empty() && i.first <= merged.back().second)
            merged.back().second = std::max(merged.back().second, i.second);
        else
            merged.push_back(i);
    }
    return merged;
}

store::TimeNs busyIn(const std::vector<Interval>& merged, store::TimeNs start, store::TimeNs end)
{
    // The first interval ending after the start; the intervals are disjoint, so ends ascend.
    auto it = std::upper_bound(
        merged.begin(), merged.end(), start, [](store::TimeNs t, const Interval& i) { return t < i.second; });
    store::TimeNs busy = 0;
    for (; it != merged.end() && it->first < end; ++it)
        busy += std::min(end, it->second) - std::max(start, it->first);
    return busy;
}

void topOperator(const store::EventStore& store, const OperatorCatalog& catalog, StepRow& step)
{
    const OperatorTable table = OperatorAggregator::aggregate(store, catalog, catalog.defaultLevel(),
        { step.startNs, step.startNs + step.durNs }, OperatorAggregator::defaultScope(catalog), nullptr, 1);
    for (const OperatorRow& r : table.rows) {
        if (r.key == 0)
            continue; // "(none)": the slices without an operator at this level
        if (r.totalNs > step.topOperatorNs || (r.totalNs == step.topOperatorNs && r.name < step.topOperator)) {
            step.topOperator = r.name;
            step.topOperatorNs = r.totalNs;
        }
    }
}

} // namespace

StepSpread StepBreakdown::spread(const std::vector<double>& values)
{
    StepSpread s;
    if (values.empty())
        return s;
    long double sum = 0;
    for (double v : values)
        sum += v;
    s.meanNs = double(sum / values.size());
    long double squares = 0;
    for (double v : values)
        squares += (v - s.meanNs) * (v - s.meanNs);
    s.stdDevNs = std::sqrt(double(squares / values.size()));
    s.cv = s.meanNs != 0 ? s.stdDevNs / s.meanNs : 0;
    return s;
}

StepTable StepBreakdown::compute(const store::EventStore& store, const OperatorCatalog& catalog, std::string_view unit,
    store::TimeRange window, const std::atomic<bool>* cancel, const BreakdownIndex* breakdown)
{
    StepTable out;
    out.unit = std::string(unit);
    if (unit.empty())
        return out;
    const std::vector<store::SliceRow> rows = LatencyAnalyzer::instanceRows(store, catalog, unit, window);
    if (rows.empty())
        return out;
    store::TimeRange span { store.sliceTs(rows.front()), store.sliceTs(rows.front()) };
    for (const store::SliceRow r : rows)
        span.end = std::max(span.end, store.sliceEnd(r));
    const std::vector<Interval> merged = busyUnion(store, span, out.deviceFallback);
    std::vector<double> durations, busy, idle;
    for (const store::SliceRow r : rows) {
        if (cancel && cancel->load())
            break;
        StepRow step;
        step.index = uint32_t(out.steps.size() + 1);
        step.row = r;
        step.name = std::string(store.str(store.sliceName(r)));
        step.startNs = store.sliceTs(r);
        step.durNs = store.sliceDur(r);
        step.busyNs = busyIn(merged, step.startNs, step.startNs + step.durNs);
        step.idleNs = step.durNs - step.busyNs;
        if (breakdown && breakdown->hasDeviceWork())
            step.breakdown = breakdown->rank({ step.startNs, step.startNs + step.durNs });
        topOperator(store, catalog, step);
        durations.push_back(double(step.durNs));
        busy.push_back(double(step.busyNs));
        idle.push_back(double(step.idleNs));
        out.steps.push_back(std::move(step));
    }
    std::vector<store::TimeNs> sorted;
    for (const StepRow& s : out.steps)
        sorted.push_back(s.durNs);
    std::sort(sorted.begin(), sorted.end());
    out.medianNs = LatencyAnalyzer::percentile(sorted, 50);
    for (StepRow& s : out.steps)
        s.outlier = double(s.durNs) > kOutlierRatio * out.medianNs;
    out.duration = spread(durations);
    out.busy = spread(busy);
    out.idle = spread(idle);
    return out;
}

} // namespace strata::analysis
