// Compare benchmark (not a test): two profiles loaded side by side and the Compare table
// between them. Prints the process RSS after loading one profile (with its catalog) and
// after two, then times CompareAggregator::compare at every level for the whole traces
// and for random marker-pair windows (an independent pair of markers on each side, as a
// user drops them anywhere), with and without each side's OperatorWindowIndex, and with
// the step counts both ways. Budgets (two 10M-event traces, 2 cores): memory within 2x of
// one, whole trace <= 300 ms, a marker-pair window <= 50 ms.
//
//   bench_compare A [B] [--repeat N] [--pairs N] [--seed S]   (B defaults to A, loaded again)
#include "benchload.h"
#include <analysis/compare/compareaggregator.h>
#include <analysis/operators/operatorwindowindex.h>

#include <profileloader.h>

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace strata::store;
using namespace strata::analysis;
using Clock = std::chrono::steady_clock;

double ms(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double, std::milli>(b - a).count();
}

double medianOf(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

double maxOf(const std::vector<double>& v)
{
    return v.empty() ? 0 : *std::max_element(v.begin(), v.end());
}

uint64_t rssKb()
{
    std::ifstream f("/proc/self/status");
    std::string line;
    while (std::getline(f, line))
        if (line.rfind("VmRSS:", 0) == 0)
            return std::stoull(line.substr(6));
    return 0;
}

// One profile as a window holds it: the store and its catalog.
struct Side {
    std::shared_ptr<const EventStore> store;
    std::unique_ptr<OperatorCatalog> catalog;
};

bool load(const char* path, Side* side)
{
    const auto t0 = Clock::now();
    strata::importers::LoadResult r = benchload::open(path);
    if (!r.store) {
        std::fprintf(stderr, "bench_compare: %s\n", r.error.c_str());
        return false;
    }
    side->store = r.store;
    side->catalog = std::make_unique<OperatorCatalog>(*side->store);
    malloc_trim(0);
    std::printf("loaded            %s: %zu slices in %.1f s (with catalog), store %.0f MB, catalog %.1f MB\n", path,
        side->store->sliceCount(), ms(t0, Clock::now()) / 1e3, double(side->store->residentBytes()) / 1e6,
        double(side->catalog->residentBytes()) / 1e6);
    return true;
}

// A marker pair anywhere in the trace: two independent points, the later one included.
TimeRange markerPair(const EventStore& s, std::mt19937_64& rng)
{
    std::uniform_real_distribution<double> u(0, 1);
    const TimeRange ext = s.extent();
    TimeNs t0 = ext.start + TimeNs(u(rng) * double(ext.duration()));
    TimeNs t1 = ext.start + TimeNs(u(rng) * double(ext.duration()));
    if (t0 > t1)
        std::swap(t0, t1);
    return { t0, t1 + 1 };
}

bool sameRows(const CompareResult& x, const CompareResult& y)
{
    if (x.rows.size() != y.rows.size() || x.a.steps != y.a.steps || x.b.steps != y.b.steps || x.a.events != y.a.events
        || x.b.events != y.b.events)
        return false;
    for (size_t i = 0; i < x.rows.size(); ++i)
        if (x.rows[i].name != y.rows[i].name || x.rows[i].aTotalNs != y.rows[i].aTotalNs
            || x.rows[i].bTotalNs != y.rows[i].bTotalNs || x.rows[i].aCount != y.rows[i].aCount
            || x.rows[i].bCount != y.rows[i].bCount || x.rows[i].status != y.rows[i].status)
            return false;
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    mallopt(M_MMAP_THRESHOLD, 256 * 1024); // as strata and strata-cli: big temporaries go back
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_compare A [B] [--repeat N] [--pairs N] [--seed S]\n");
        return 2;
    }
    const char* pathA = argv[1];
    const char* pathB = argc > 2 && std::strncmp(argv[2], "--", 2) != 0 ? argv[2] : argv[1];
    int repeat = 3, pairs = 200;
    unsigned seed = 1;
    for (int i = pathB == argv[1] ? 2 : 3; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--repeat"))
            repeat = std::max(1, std::atoi(argv[i + 1]));
        else if (!std::strcmp(argv[i], "--pairs"))
            pairs = std::max(0, std::atoi(argv[i + 1]));
        else if (!std::strcmp(argv[i], "--seed"))
            seed = unsigned(std::atoi(argv[i + 1]));
    }

    const uint64_t base = rssKb();
    Side a, b;
    if (!load(pathA, &a))
        return 2;
    const uint64_t one = rssKb();
    if (!load(pathB, &b))
        return 2;
    const uint64_t two = rssKb();
    std::printf("RSS               before %.0f MB, one profile %.0f MB, two %.0f MB: two / one = %.2f (growth %.2f)\n",
        base / 1e3, one / 1e3, two / 1e3, double(two) / double(one), double(two - base) / double(one - base));

    const OperatorScope scope = CompareAggregator::defaultScope(*a.catalog, *b.catalog);
    const OperatorLevel defaultLevel = a.catalog->defaultLevel();
    // Once per profile, as a window keeps it with its analyses.
    auto st = Clock::now();
    const std::vector<TimeNs> startsA = CompareAggregator::stepStarts(*a.store, *a.catalog);
    const std::vector<TimeNs> startsB = CompareAggregator::stepStarts(*b.store, *b.catalog);
    std::printf("step starts       %zu in A, %zu in B: %.1f ms for both (once per profile)\n", startsA.size(),
        startsB.size(), ms(st, Clock::now()));
    CompareInput inA { a.store.get(), a.catalog.get() }, inB { b.store.get(), b.catalog.get() };
    inA.stepStarts = &startsA;
    inB.stepStarts = &startsB;
    std::printf("\nwhole trace       %s scope, median / min of %d\n", operatorScopeName(scope), repeat);
    std::printf(
        "%-10s %8s %10s %10s %10s %10s %10s\n", "level", "rows", "A slices", "median", "min", "indexes", "indexed");
    double worstWhole = 0, worstIndexed = 0;
    for (int l = 0; l < kOperatorLevelCount; ++l) {
        CompareOptions o;
        o.level = OperatorLevel(l);
        o.scope = scope;
        std::vector<double> t;
        CompareResult r;
        for (int i = 0; i < repeat; ++i) {
            const auto t0 = Clock::now();
            r = CompareAggregator::compare(inA, inB, o);
            t.push_back(ms(t0, Clock::now()));
        }
        // As a dock that keeps each side's window index of its level: built once, then queried.
        auto t0 = Clock::now();
        const OperatorWindowIndex ia(*a.store, *a.catalog, o.level, scope), ib(*b.store, *b.catalog, o.level, scope);
        const double buildMs = ms(t0, Clock::now());
        CompareInput xa = inA, xb = inB;
        xa.index = &ia;
        xb.index = &ib;
        t0 = Clock::now();
        const CompareResult x = CompareAggregator::compare(xa, xb, o);
        const double indexedMs = ms(t0, Clock::now());
        if (!sameRows(r, x))
            std::printf("results differ at %s\n", operatorLevelName(o.level));
        worstWhole = std::max(worstWhole, medianOf(t));
        worstIndexed = std::max(worstIndexed, indexedMs);
        std::printf("%-10s %8zu %10llu %8.1f %8.1f %8.1f %8.1f   ms\n", operatorLevelName(o.level), r.rows.size(),
            static_cast<unsigned long long>(r.a.events), medianOf(t), *std::min_element(t.begin(), t.end()), buildMs,
            indexedMs);
    }
    std::printf(
        "slowest level     %.1f ms; %.1f ms with the window indexes (budget 300 ms)\n", worstWhole, worstIndexed);
    {
        CompareOptions o;
        o.level = defaultLevel;
        o.scope = scope;
        const auto t0 = Clock::now();
        CompareAggregator::compare({ a.store.get(), a.catalog.get() }, { b.store.get(), b.catalog.get() }, o);
        std::printf("cold, %-11s %.1f ms (steps counted by a pass over each store)\n", operatorLevelName(o.level),
            ms(t0, Clock::now()));
    }

    if (pairs == 0)
        return 0;
    // Marker pairs at the default level: the aggregator, then each side's window index.
    CompareOptions o;
    o.level = defaultLevel;
    o.scope = scope;
    auto t0 = Clock::now();
    const OperatorWindowIndex indexA(*a.store, *a.catalog, o.level, scope);
    const OperatorWindowIndex indexB(*b.store, *b.catalog, o.level, scope);
    std::printf("\nmarker pairs      %d window pairs, %s level; window indexes built in %.1f ms (%.1f + %.1f MB)\n",
        pairs, operatorLevelName(o.level), ms(t0, Clock::now()), double(indexA.residentBytes()) / 1e6,
        double(indexB.residentBytes()) / 1e6);
    std::mt19937_64 rng(seed);
    std::vector<double> aggMs, indexMs, stepMs, queryMs;
    int mismatches = 0;
    for (int i = 0; i < pairs; ++i) {
        const TimeRange wa = markerPair(*a.store, rng), wb = markerPair(*b.store, rng);
        CompareInput ia = inA, ib = inB;
        ia.window = wa;
        ib.window = wb;
        t0 = Clock::now();
        const CompareResult x = CompareAggregator::compare(ia, ib, o);
        aggMs.push_back(ms(t0, Clock::now()));
        ia.index = &indexA;
        ib.index = &indexB;
        t0 = Clock::now();
        const CompareResult y = CompareAggregator::compare(ia, ib, o);
        indexMs.push_back(ms(t0, Clock::now()));
        t0 = Clock::now();
        indexA.query(*a.store, *a.catalog, wa);
        queryMs.push_back(ms(t0, Clock::now()));
        // Without the step starts: the steps counted by a pass over the window.
        t0 = Clock::now();
        const uint64_t scanned = CompareAggregator::steps(*a.store, *a.catalog, wa);
        stepMs.push_back(ms(t0, Clock::now()));
        mismatches += !sameRows(x, y) || scanned != x.a.steps;
    }
    std::printf("aggregator        median %.1f ms, max %.1f ms\n", medianOf(aggMs), maxOf(aggMs));
    std::printf("window index      median %.1f ms, max %.1f ms (budget 50 ms)\n", medianOf(indexMs), maxOf(indexMs));
    std::printf("index query       median %.2f ms, max %.2f ms (one side)\n", medianOf(queryMs), maxOf(queryMs));
    std::printf("steps by a pass   median %.1f ms, max %.1f ms (one side, without step starts)\n", medianOf(stepMs),
        maxOf(stepMs));
    std::printf("results differ    %d of %d (must be 0)\n", mismatches, pairs);
    return 0;
}
