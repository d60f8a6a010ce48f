// Operator-table and latency benchmark (not a test): catalog build time, whole-trace
// aggregation per level, and 100 random windows per level (median / max), on one trace;
// then "top operators between two markers" (the Annotations dock: op level, default scope,
// top 8): OperatorWindowIndex build time and size, and its query time against the
// aggregator's on the same random marker pairs (and the whole trace), results compared.
// Budgets (10M-event trace, 2 cores): whole trace <= 300 ms, a window <= 50 ms, a marker
// pair <= 20 ms.
//
//   bench_ops FILE [--repeat N] [--windows N] [--seed S] [--threads N] [--level L]
//                  [--pairs N] [--table 0|1]
#include "benchload.h"
#include <analysis/latency/latencyanalyzer.h>
#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatorcatalog.h>
#include <analysis/operators/operatorwindowindex.h>

#include <profileloader.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
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

// The Annotations dock's operator step for a marker pair: the aggregator's table cut to the
// top `kTop` rows, and the index's answer, timed on the same windows and compared.
void benchPairs(const EventStore& s, const OperatorCatalog& catalog, int repeat, int pairs, unsigned seed)
{
    constexpr size_t kTop = 8;
    const OperatorScope scope = OperatorAggregator::defaultScope(catalog);
    std::vector<double> buildMs;
    std::unique_ptr<OperatorWindowIndex> index;
    for (int i = 0; i < repeat; ++i) {
        const auto a = Clock::now();
        index = std::make_unique<OperatorWindowIndex>(s, catalog, OperatorLevel::Op, scope);
        buildMs.push_back(ms(a, Clock::now()));
    }
    const auto a1 = Clock::now();
    const OperatorWindowIndex single(s, catalog, OperatorLevel::Op, scope, nullptr, 1);
    const double singleMs = ms(a1, Clock::now());
    std::printf("\nmarker pairs      op level, %s scope, top %zu\n", operatorScopeName(scope), kTop);
    std::printf("index build       median %.1f ms, min %.1f ms (one thread: %.1f ms)\n", medianOf(buildMs),
        *std::min_element(buildMs.begin(), buildMs.end()), singleMs);
    std::printf("index size        %.2f MB, %.3f bytes/slice (%zu blocks of %u rows)\n",
        double(index->residentBytes()) / 1e6, double(index->residentBytes()) / double(s.sliceCount()),
        index->blockCount(), OperatorWindowIndex::kBlockRows);

    // Two independent points anywhere in the trace, as markers are dropped; the first is
    // the whole trace. Windows as PairMetricsComputer asks: the later marker included.
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(0, 1);
    const TimeRange ext = s.extent();
    std::vector<double> indexMs, aggMs;
    int mismatches = 0;
    for (int i = 0; i < pairs; ++i) {
        TimeNs t0 = ext.start, t1 = ext.end;
        if (i > 0) {
            t0 = ext.start + TimeNs(u(rng) * double(ext.duration()));
            t1 = ext.start + TimeNs(u(rng) * double(ext.duration()));
            if (t0 > t1)
                std::swap(t0, t1);
        }
        const TimeRange w { t0, t1 + 1 };
        auto a = Clock::now();
        const OperatorWindowIndex::Result got = index->query(s, catalog, w, kTop);
        indexMs.push_back(ms(a, Clock::now()));
        a = Clock::now();
        const OperatorTable want = OperatorAggregator::aggregate(s, catalog, OperatorLevel::Op, w, scope);
        aggMs.push_back(ms(a, Clock::now()));
        bool same = got.events == want.events && got.busyNs == want.busyNs
            && got.rows.size() == std::min(kTop, want.rows.size());
        for (size_t r = 0; same && r < got.rows.size(); ++r)
            same = got.rows[r].key == want.rows[r].key && got.rows[r].count == want.rows[r].count
                && got.rows[r].totalNs == want.rows[r].totalNs && got.rows[r].selfNs == want.rows[r].selfNs;
        mismatches += !same;
        if (i == 0)
            std::printf("whole trace       index %.3f ms, aggregator %.1f ms (%llu slices)\n", indexMs[0], aggMs[0],
                static_cast<unsigned long long>(want.events));
    }
    std::printf("%d marker pairs  index median %.3f ms, max %.3f ms; aggregator median %.1f ms, max %.1f ms\n", pairs,
        medianOf(indexMs), *std::max_element(indexMs.begin(), indexMs.end()), medianOf(aggMs),
        *std::max_element(aggMs.begin(), aggMs.end()));
    std::printf("results differ    %d of %d (must be 0)\n", mismatches, pairs);
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr,
            "usage: bench_ops FILE [--repeat N] [--windows N] [--seed S] [--threads N] [--level L] "
            "[--pairs N] [--table 0|1]\n");
        return 2;
    }
    int repeat = 5, windows = 100, pairs = 200;
    bool table = true;
    unsigned seed = 1;
    unsigned threads = 0; // 0: as many as there are cores, at most 4
    int onlyLevel = -1;
    for (int i = 2; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--repeat"))
            repeat = std::max(1, std::atoi(argv[i + 1]));
        else if (!std::strcmp(argv[i], "--windows"))
            windows = std::max(1, std::atoi(argv[i + 1]));
        else if (!std::strcmp(argv[i], "--pairs"))
            pairs = std::max(0, std::atoi(argv[i + 1]));
        else if (!std::strcmp(argv[i], "--table"))
            table = std::atoi(argv[i + 1]) != 0;
        else if (!std::strcmp(argv[i], "--seed"))
            seed = unsigned(std::atoi(argv[i + 1]));
        else if (!std::strcmp(argv[i], "--threads"))
            threads = unsigned(std::atoi(argv[i + 1]));
        else if (!std::strcmp(argv[i], "--level")) {
            OperatorLevel l;
            if (parseOperatorLevel(argv[i + 1], &l))
                onlyLevel = int(l);
        }
    }

    const auto t0 = Clock::now();
    const strata::importers::LoadResult r = benchload::open(argv[1]);
    if (!r.store) {
        std::fprintf(stderr, "bench_ops: %s\n", r.error.c_str());
        return 2;
    }
    const EventStore& s = *r.store;
    const auto t1 = Clock::now();
    std::printf("file              %s\nslices            %zu\ntypes             %zu\narg sets          %zu\n", argv[1],
        s.sliceCount(), s.types().size(), s.args().setCount());
    std::printf("load              %.0f ms\n", ms(t0, t1));

    std::vector<double> buildMs;
    std::unique_ptr<OperatorCatalog> catalog;
    for (int i = 0; i < repeat; ++i) {
        const auto a = Clock::now();
        catalog = std::make_unique<OperatorCatalog>(s);
        buildMs.push_back(ms(a, Clock::now()));
    }
    std::printf("catalog build     median %.1f ms, min %.1f ms (%zu types, %zu arg identities, %zu keys, %.1f MB)\n",
        medianOf(buildMs), *std::min_element(buildMs.begin(), buildMs.end()), catalog->typeCount(),
        catalog->argIdentityCount(), catalog->keyCount(), double(catalog->residentBytes()) / 1e6);
    const OperatorScope scope = OperatorAggregator::defaultScope(*catalog);
    std::printf("default scope     %s\n\n", operatorScopeName(scope));

    if (table)
        std::printf("%-10s %-7s %10s %10s %8s %10s %10s %10s\n", "level", "scope", "slices", "rows", "whole", "(min)",
            "win med", "win max");
    std::mt19937_64 rng(seed);
    const TimeRange ext = s.extent();
    const double span = double(ext.duration());
    for (int l = 0; l < kOperatorLevelCount; ++l) {
        const auto level = static_cast<OperatorLevel>(l);
        if (!table || (onlyLevel >= 0 && l != onlyLevel))
            continue;
        for (OperatorScope sc : { scope, OperatorScope::All }) {
            std::vector<double> whole;
            OperatorTable t;
            for (int i = 0; i < repeat; ++i) {
                const auto a = Clock::now();
                t = OperatorAggregator::aggregate(
                    s, *catalog, level, OperatorAggregator::wholeTrace(), sc, nullptr, threads);
                whole.push_back(ms(a, Clock::now()));
            }
            // Windows: width log-uniform between 0.1 % and 10 % of the trace, anywhere in it.
            std::vector<double> win;
            std::uniform_real_distribution<double> u(0, 1);
            for (int i = 0; i < windows; ++i) {
                const double width = span * std::pow(10.0, -3.0 + 2.0 * u(rng));
                const TimeNs start = ext.start + TimeNs(u(rng) * (span - width));
                const auto a = Clock::now();
                OperatorAggregator::aggregate(
                    s, *catalog, level, { start, start + TimeNs(width) }, sc, nullptr, threads);
                win.push_back(ms(a, Clock::now()));
            }
            std::printf("%-10s %-7s %10llu %10zu %7.1f %9.1f %9.2f %9.2f   ms\n", operatorLevelName(level),
                operatorScopeName(sc), static_cast<unsigned long long>(t.events), t.rows.size(), medianOf(whole),
                *std::min_element(whole.begin(), whole.end()), medianOf(win),
                *std::max_element(win.begin(), win.end()));
            if (scope == OperatorScope::All)
                break;
        }
    }

    if (pairs > 0)
        benchPairs(s, *catalog, repeat, pairs, seed);

    const auto la = Clock::now();
    const LatencyStats st = LatencyAnalyzer::analyze(s, *catalog, "");
    std::printf("\nlatency           %.1f ms (default unit \"%s\", %llu instances, median %.0f ns, p99 %.0f ns)\n",
        ms(la, Clock::now()), st.unit.c_str(), static_cast<unsigned long long>(st.count), st.medianNs, st.p99Ns);
    return 0;
}
