#include "latencyanalyzer.h"

#include "latencybinning.h"
#include "latencyunitpicker.h"

#include <analysis/operators/nameparser.h>
#include <analysis/operators/operatoraggregator.h>

#include <algorithm>
#include <cmath>

namespace strata::analysis {

namespace {

bool unitTrack(const store::EventStore& store, store::TrackId t)
{
    const store::TrackKind k = store.track(t).kind;
    return k == store::TrackKind::Thread || k == store::TrackKind::Overflow || k == store::TrackKind::Async;
}

} // namespace

std::string LatencyAnalyzer::defaultUnit(const store::EventStore& store, const OperatorCatalog& catalog)
{
    return LatencyUnitPicker::pick(store, catalog);
}

std::vector<store::SliceRow> LatencyAnalyzer::instanceRows(
    const store::EventStore& store, const OperatorCatalog& catalog, std::string_view unit, store::TimeRange window)
{
    std::vector<uint8_t> match(store.types().size(), 0);
    for (uint32_t t = 0; t < match.size(); ++t) {
        const std::string_view name = store.str(store.types().get(store::TypeId(t)).name);
        match[t] = name == unit || NameParser::stripStepNumber(name) == unit;
    }
    const bool ownCatalog = catalog.typeCount() >= store.types().size();
    const uint32_t opKey = unit.empty() || !ownCatalog ? OperatorCatalog::kNoKey : catalog.findKey(unit);
    std::vector<store::SliceRow> found;
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        const store::TrackId track(t);
        if (!unitTrack(store, track))
            continue;
        for (uint32_t d = 0; d < store.levelCount(track); ++d) {
            // A level is sorted by start: the window is one run of rows.
            const store::RowRange lv = store.level(track, d);
            const uint32_t begin = store.firstStartAtOrAfter(lv, window.start);
            const uint32_t end = store.firstStartAtOrAfter({ begin, lv.end }, window.end);
            for (uint32_t r = begin; r < end; ++r) {
                const store::SliceRow row(r);
                const store::TypeId type = store.sliceType(row);
                if (match[type.v]
                    || (opKey != OperatorCatalog::kNoKey
                        && catalog.key(OperatorLevel::Op, row, type, store.sliceArgs(row)) == opKey))
                    found.push_back(row);
            }
        }
    }
    std::stable_sort(found.begin(), found.end(),
        [&store](store::SliceRow a, store::SliceRow b) { return store.sliceTs(a) < store.sliceTs(b); });
    return found;
}

std::vector<std::pair<store::TimeNs, store::TimeNs>> LatencyAnalyzer::instances(
    const store::EventStore& store, const OperatorCatalog& catalog, std::string_view unit, store::TimeRange window)
{
    std::vector<std::pair<store::TimeNs, store::TimeNs>> found; // (ts, dur)
    for (const store::SliceRow row : instanceRows(store, catalog, unit, window))
        found.emplace_back(store.sliceTs(row), store.sliceDur(row));
    return found;
}

std::vector<store::TimeNs> LatencyAnalyzer::durations(
    const store::EventStore& store, const OperatorCatalog& catalog, std::string_view unit, store::TimeRange window)
{
    const std::vector<std::pair<store::TimeNs, store::TimeNs>> found = instances(store, catalog, unit, window);
    std::vector<store::TimeNs> out;
    out.reserve(found.size());
    for (const auto& f : found)
        out.push_back(f.second);
    return out;
}

double LatencyAnalyzer::percentile(const std::vector<store::TimeNs>& sorted, double p)
{
    if (sorted.empty())
        return 0;
    const double h = double(sorted.size() - 1) * std::clamp(p, 0.0, 100.0) / 100.0;
    const auto lo = static_cast<size_t>(std::floor(h));
    const size_t hi = std::min(lo + 1, sorted.size() - 1);
    return double(sorted[lo]) + (h - double(lo)) * double(sorted[hi] - sorted[lo]);
}

std::vector<LatencyBin> LatencyAnalyzer::histogram(const std::vector<store::TimeNs>& sorted, int bins)
{
    std::vector<LatencyBin> out;
    if (sorted.empty())
        return out;
    const double lo = double(sorted.front()), hi = double(sorted.back());
    const int n = hi > lo ? std::max(1, bins) : 1;
    const double width = n > 1 ? (hi - lo) / n : std::max(1.0, hi - lo);
    out.resize(size_t(n));
    for (int i = 0; i < n; ++i) {
        out[size_t(i)].startNs = lo + width * i;
        out[size_t(i)].endNs = i + 1 == n ? std::max(hi, lo + width) : lo + width * (i + 1);
    }
    for (store::TimeNs v : sorted) {
        auto i = static_cast<int>((double(v) - lo) / width);
        ++out[size_t(std::clamp(i, 0, n - 1))].count;
    }
    return out;
}

LatencyStats LatencyAnalyzer::summarize(std::vector<store::TimeNs> durations, int bins)
{
    LatencyStats s;
    s.samples = durations;
    std::sort(durations.begin(), durations.end());
    s.count = durations.size();
    if (durations.empty())
        return s;
    s.minNs = durations.front();
    s.maxNs = durations.back();
    long double sum = 0;
    for (store::TimeNs d : durations)
        sum += d;
    s.meanNs = double(sum / durations.size());
    s.medianNs = percentile(durations, 50);
    s.p90Ns = percentile(durations, 90);
    s.p95Ns = percentile(durations, 95);
    s.p97Ns = percentile(durations, 97);
    s.p99Ns = percentile(durations, 99);
    s.p99_9Ns = percentile(durations, 99.9);
    s.histogram = histogram(durations, bins);
    s.logHistogram = LatencyBinning::logarithmic(durations, bins);
    return s;
}

LatencyStats LatencyAnalyzer::analyze(const store::EventStore& store, const OperatorCatalog& catalog,
    std::string_view unit, store::TimeRange window, int bins)
{
    const bool picked = unit.empty();
    const std::string name = picked ? defaultUnit(store, catalog) : std::string(unit);
    LatencyStats s
        = summarize(name.empty() ? std::vector<store::TimeNs>() : durations(store, catalog, name, window), bins);
    s.unit = name;
    s.defaultUnit = picked;
    return s;
}

std::vector<OperatorAverage> LatencyAnalyzer::operatorAverages(
    const store::EventStore& store, const OperatorCatalog& catalog, store::TimeRange window)
{
    const OperatorTable table = OperatorAggregator::aggregate(store, catalog, OperatorLevel::Op, window);
    std::vector<OperatorAverage> out;
    for (const OperatorRow& r : table.rows)
        out.push_back({ r.name, r.avgNs, r.count });
    std::stable_sort(out.begin(), out.end(), [](const OperatorAverage& a, const OperatorAverage& b) {
        return a.averageNs != b.averageNs ? a.averageNs > b.averageNs : a.name < b.name;
    });
    return out;
}

} // namespace strata::analysis
