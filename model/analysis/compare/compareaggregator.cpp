#include "compareaggregator.h"

#include "namenormalizer.h"

#include <analysis/latency/latencyanalyzer.h>
#include <analysis/operators/operatorwindowindex.h>
#include <store/parallel.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

namespace strata::analysis {

namespace {

constexpr size_t kMaxNames = 8; // raw names a row lists per side (CompareRow::aNames)

// One side's operator-table rows that share a normalised name.
struct Side {
    uint64_t count = 0;
    double totalNs = 0;
    std::vector<const OperatorRow*> rows;
};

struct Group {
    std::string name;
    Side a, b;
};

// Raw names by total time (longest first, ties by name), at most kMaxNames; every key.
void describe(const Side& side, std::vector<std::string>* names, std::vector<uint32_t>* keys)
{
    std::vector<const OperatorRow*> rows = side.rows;
    std::sort(rows.begin(), rows.end(), [](const OperatorRow* x, const OperatorRow* y) {
        return x->totalNs != y->totalNs ? x->totalNs > y->totalNs : x->name < y->name;
    });
    keys->reserve(rows.size());
    for (const OperatorRow* r : rows) {
        if (names->size() < kMaxNames)
            names->push_back(r->name);
        keys->push_back(r->key);
    }
}

bool shareRawName(const Side& a, const Side& b)
{
    std::unordered_set<std::string_view> names;
    for (const OperatorRow* r : a.rows)
        names.insert(r->name);
    for (const OperatorRow* r : b.rows)
        if (names.count(r->name))
            return true;
    return false;
}

CompareSideTotals totals(const OperatorTable& table, uint64_t steps)
{
    CompareSideTotals t;
    t.window = table.window;
    t.busyNs = table.busyNs;
    t.events = table.events;
    t.steps = steps;
    return t;
}

// Whether the window holds more than a quarter of the side's rows in scope. Building a window
// index over every row took 35-54 ms per side on a 10M-event trace where aggregating the whole
// trace took 100-225 ms (bench_compare, same run: the aggregator also keeps medians, metrics
// and engines the join does not read), so past about that share one index pass beats
// aggregating the window. Two binary searches per track level.
bool wideWindow(const CompareInput& in, OperatorScope scope)
{
    const store::EventStore& s = *in.store;
    uint64_t all = 0, inside = 0;
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        const store::TrackId track(t);
        if (!OperatorAggregator::inScope(s, *in.catalog, track, scope))
            continue;
        for (uint32_t d = 0; d < s.levelCount(track); ++d) {
            const store::RowRange lv = s.level(track, d);
            const uint32_t b = s.firstStartAtOrAfter(lv, in.window.start);
            all += lv.size();
            inside += s.firstStartAtOrAfter({ b, lv.end }, in.window.end) - b;
        }
    }
    return inside * 4 > all;
}

OperatorTable fromIndex(const CompareInput& in, const OperatorWindowIndex& index, const CompareOptions& options)
{
    const store::TimeRange extent = in.store->extent();
    OperatorTable t;
    t.level = options.level;
    t.scope = options.scope;
    t.window = { std::max(in.window.start, extent.start), std::min(in.window.end, extent.end) };
    const OperatorWindowIndex::Result r = index.query(*in.store, *in.catalog, in.window);
    t.events = r.events;
    t.busyNs = r.busyNs;
    t.rows.reserve(r.rows.size());
    for (const OperatorWindowIndex::Row& ir : r.rows) {
        OperatorRow& row = t.rows.emplace_back();
        row.key = ir.key;
        row.name = std::string(OperatorWindowIndex::keyName(*in.catalog, ir.key));
        row.count = ir.count;
        row.totalNs = ir.totalNs;
        row.selfNs = ir.selfNs;
        row.avgNs = ir.count ? double(ir.totalNs) / double(ir.count) : 0;
    }
    return t;
}

// One side's table: from the caller's window index when it fits, from an index built here
// for a wide window, else from the aggregator. The join reads key, name, count and totals
// only, which an index gives exactly as the aggregator does.
OperatorTable aggregate(const CompareInput& in, const CompareOptions& options, const std::atomic<bool>* cancel)
{
    const OperatorWindowIndex* given = in.index;
    if (given && given->built() && given->level() == options.level && given->scope() == options.scope)
        return fromIndex(in, *given, options);
    if (wideWindow(in, options.scope)) {
        const OperatorWindowIndex own(*in.store, *in.catalog, options.level, options.scope, cancel);
        if (own.built())
            return fromIndex(in, own, options);
        if (cancel && cancel->load())
            return OperatorTable();
    }
    return OperatorAggregator::aggregate(*in.store, *in.catalog, options.level, in.window, options.scope, cancel);
}

} // namespace

CompareStatus CompareAggregator::status(
    double aCount, double bCount, std::optional<double> deltaPct, double thresholdPct)
{
    if (aCount <= 0 && bCount > 0)
        return CompareStatus::Added;
    if (bCount <= 0 && aCount > 0)
        return CompareStatus::Removed;
    // No Δ % (A took no time) or no change at all: nothing to call slower or faster.
    if (!deltaPct || *deltaPct == 0 || std::abs(*deltaPct) < thresholdPct)
        return CompareStatus::Unchanged;
    return *deltaPct > 0 ? CompareStatus::Slower : CompareStatus::Faster;
}

CompareResult CompareAggregator::join(
    const OperatorTable& a, const OperatorTable& b, uint64_t stepsA, uint64_t stepsB, const CompareOptions& options)
{
    CompareResult result;
    result.level = a.level;
    result.scope = a.scope;
    result.perStep = options.perStep;
    result.thresholdPct = options.thresholdPct;
    result.a = totals(a, stepsA);
    result.b = totals(b, stepsB);

    std::vector<Group> groups;
    std::unordered_map<std::string, size_t> byName;
    auto add = [&](const OperatorTable& table, bool sideA) {
        for (const OperatorRow& r : table.rows) {
            std::string name = NameNormalizer::normalize(r.name);
            auto [it, added] = byName.emplace(name, groups.size());
            if (added)
                groups.push_back(Group { std::move(name), {}, {} });
            Side& side = sideA ? groups[it->second].a : groups[it->second].b;
            side.count += r.count;
            side.totalNs += double(r.totalNs);
            side.rows.push_back(&r);
        }
    };
    add(a, true);
    add(b, false);

    const double perA = options.perStep && stepsA > 0 ? double(stepsA) : 1.0;
    const double perB = options.perStep && stepsB > 0 ? double(stepsB) : 1.0;
    result.rows.reserve(groups.size());
    for (Group& g : groups) {
        CompareRow row;
        row.name = std::move(g.name);
        row.aAvgNs = g.a.count ? g.a.totalNs / double(g.a.count) : 0;
        row.bAvgNs = g.b.count ? g.b.totalNs / double(g.b.count) : 0;
        row.deltaAvgNs = row.bAvgNs - row.aAvgNs;
        row.aCount = double(g.a.count) / perA;
        row.bCount = double(g.b.count) / perB;
        row.aTotalNs = g.a.totalNs / perA;
        row.bTotalNs = g.b.totalNs / perB;
        row.deltaNs = row.bTotalNs - row.aTotalNs;
        if (g.a.count > 0 && row.aTotalNs != 0)
            row.deltaPct = 100.0 * row.deltaNs / row.aTotalNs;
        row.status = status(row.aCount, row.bCount, row.deltaPct, options.thresholdPct);
        // A took no time and B some: slower, though there is no percentage to show.
        if (row.status == CompareStatus::Unchanged && !row.deltaPct && row.deltaNs > 0)
            row.status = CompareStatus::Slower;
        describe(g.a, &row.aNames, &row.aKeys);
        describe(g.b, &row.bNames, &row.bKeys);
        row.normalisedMatch = g.a.count > 0 && g.b.count > 0 && !shareRawName(g.a, g.b);
        result.rows.push_back(std::move(row));
    }
    std::sort(result.rows.begin(), result.rows.end(), [](const CompareRow& x, const CompareRow& y) {
        const double dx = std::abs(x.deltaNs), dy = std::abs(y.deltaNs);
        return dx != dy ? dx > dy : x.name < y.name;
    });
    return result;
}

CompareResult CompareAggregator::compare(
    const CompareInput& a, const CompareInput& b, const CompareOptions& options, const std::atomic<bool>* cancel)
{
    const auto started = std::chrono::steady_clock::now();
    CompareResult result;
    result.level = options.level;
    result.scope = options.scope;
    result.perStep = options.perStep;
    result.thresholdPct = options.thresholdPct;
    if (!a.store || !a.catalog || !b.store || !b.catalog)
        return result;
    const OperatorTable ta = aggregate(a, options, cancel);
    if (cancel && cancel->load())
        return result;
    const OperatorTable tb = aggregate(b, options, cancel);
    if (cancel && cancel->load())
        return result;
    // Without step starts each side's count is a single-threaded pass: the two run side by side.
    uint64_t counted[2] = { 0, 0 };
    const CompareInput* sides[2] = { &a, &b };
    auto count = [&](unsigned i) {
        const CompareInput& in = *sides[i];
        counted[i] = in.stepStarts ? steps(*in.stepStarts, in.window) : steps(*in.store, *in.catalog, in.window);
    };
    if (a.stepStarts || b.stepStarts) {
        count(0);
        count(1);
    } else {
        store::Parallel::parts(2, count);
    }
    const uint64_t stepsA = counted[0], stepsB = counted[1];
    result = join(ta, tb, stepsA, stepsB, options);
    result.level = options.level;
    result.scope = options.scope;
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

OperatorScope CompareAggregator::defaultScope(const OperatorCatalog& a, const OperatorCatalog& b)
{
    return a.hasDeviceTracks() && b.hasDeviceTracks() ? OperatorScope::Device : OperatorScope::All;
}

uint64_t CompareAggregator::steps(
    const store::EventStore& store, const OperatorCatalog& catalog, store::TimeRange window)
{
    const std::string unit = LatencyAnalyzer::defaultUnit(store, catalog);
    return unit.empty() ? 0 : LatencyAnalyzer::instances(store, catalog, unit, window).size();
}

std::vector<store::TimeNs> CompareAggregator::stepStarts(const store::EventStore& store, const OperatorCatalog& catalog)
{
    std::vector<store::TimeNs> out;
    const std::string unit = LatencyAnalyzer::defaultUnit(store, catalog);
    if (unit.empty())
        return out;
    const auto found = LatencyAnalyzer::instances(store, catalog, unit);
    out.reserve(found.size());
    for (const auto& f : found)
        out.push_back(f.first);
    return out;
}

uint64_t CompareAggregator::steps(const std::vector<store::TimeNs>& starts, store::TimeRange window)
{
    if (window.end <= window.start)
        return 0;
    const auto begin = std::lower_bound(starts.begin(), starts.end(), window.start);
    return uint64_t(std::lower_bound(begin, starts.end(), window.end) - begin);
}

} // namespace strata::analysis
