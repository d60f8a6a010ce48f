// Operator-table and latency benchmark (not a test): catalog build time, whole-trace
// aggregation per level, and 100 random windows per level (median / max), on one trace.
// Budgets (10M-event trace, 2 cores): whole trace <= 300 ms, a window <= 50 ms.
//
//   bench_ops FILE [--repeat N] [--windows N] [--seed S] [--threads N] [--level L]
#include <profileloader.h>
#include <store/latencyanalyzer.h>
#include <store/operatoraggregator.h>
#include <store/operatorcatalog.h>

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

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_ops FILE [--repeat N] [--windows N] [--seed S] [--threads N] [--level L]\n");
        return 2;
    }
    int repeat = 5, windows = 100;
    unsigned seed = 1;
    int onlyLevel = -1;
    for (int i = 2; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--repeat"))
            repeat = std::max(1, std::atoi(argv[i + 1]));
        else if (!std::strcmp(argv[i], "--windows"))
            windows = std::max(1, std::atoi(argv[i + 1]));
        else if (!std::strcmp(argv[i], "--seed"))
            seed = unsigned(std::atoi(argv[i + 1]));
        else if (!std::strcmp(argv[i], "--threads"))
            OperatorAggregator::setThreadCount(unsigned(std::atoi(argv[i + 1])));
        else if (!std::strcmp(argv[i], "--level")) {
            OperatorLevel l;
            if (parseOperatorLevel(argv[i + 1], &l))
                onlyLevel = int(l);
        }
    }

    const auto t0 = Clock::now();
    const strata::importers::LoadResult r = strata::importers::ProfileLoader::load(argv[1]);
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

    std::printf("%-10s %-7s %10s %10s %8s %10s %10s %10s\n", "level", "scope", "slices", "rows", "whole", "(min)",
        "win med", "win max");
    std::mt19937_64 rng(seed);
    const TimeRange ext = s.extent();
    const double span = double(ext.duration());
    for (int l = 0; l < kOperatorLevelCount; ++l) {
        const auto level = static_cast<OperatorLevel>(l);
        if (onlyLevel >= 0 && l != onlyLevel)
            continue;
        for (OperatorScope sc : { scope, OperatorScope::All }) {
            std::vector<double> whole;
            OperatorTable t;
            for (int i = 0; i < repeat; ++i) {
                const auto a = Clock::now();
                t = OperatorAggregator::aggregate(s, *catalog, level, OperatorAggregator::wholeTrace(), sc);
                whole.push_back(ms(a, Clock::now()));
            }
            // Windows: width log-uniform between 0.1 % and 10 % of the trace, anywhere in it.
            std::vector<double> win;
            std::uniform_real_distribution<double> u(0, 1);
            for (int i = 0; i < windows; ++i) {
                const double width = span * std::pow(10.0, -3.0 + 2.0 * u(rng));
                const TimeNs start = ext.start + TimeNs(u(rng) * (span - width));
                const auto a = Clock::now();
                OperatorAggregator::aggregate(s, *catalog, level, { start, start + TimeNs(width) }, sc);
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

    const auto la = Clock::now();
    const LatencyStats st = LatencyAnalyzer::analyze(s, *catalog, "");
    std::printf("\nlatency           %.1f ms (default unit \"%s\", %llu instances, median %.0f ns, p99 %.0f ns)\n",
        ms(la, Clock::now()), st.unit.c_str(), static_cast<unsigned long long>(st.count), st.medianNs, st.p99Ns);
    return 0;
}
