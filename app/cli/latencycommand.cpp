// strata-cli latency FILE [--unit NAME] [--range A:B] [--bins N] [--json]
#include "cliargs.h"
#include "clicommandregistry.h"
#include "cliload.h"

#include <analysis/latency/latencyanalyzer.h>
#include <analysis/operators/operatorcatalog.h>
#include <report/operatorreport.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace strata::app {
namespace {

using report::OperatorReport;
using Json = OperatorReport::Json;

const char* kUsage = "usage: strata-cli latency FILE [--unit NAME] [--range A:B] [--bins N] [--json]\n";

// The text form prints each figure as the JSON would, so both show the same numbers.
std::string num(const Json& v)
{
    return v.dump();
}

int runLatency(const std::vector<std::string>& argv)
{
    const CliArgs args(argv, { "json" }, { "unit", "range", "bins" });
    if (!args.ok() || args.positional().size() != 1) {
        std::fprintf(stderr, "strata-cli: %s\n%s", args.ok() ? "latency takes one FILE" : args.error().c_str(), kUsage);
        return 2;
    }
    std::optional<analysis::RelativeRange> range;
    std::string error;
    if (!args.range(&range, &error)) {
        std::fprintf(stderr, "strata-cli: %s\n", error.c_str());
        return 2;
    }
    int bins = 30;
    if (auto v = args.value("bins")) {
        bins = std::atoi(v->c_str());
        if (bins < 1 || bins > 10000) {
            std::fprintf(stderr, "strata-cli: --bins takes 1..10000\n%s", kUsage);
            return 2;
        }
    }
    const std::string unit = args.value("unit").value_or("");
    const importers::LoadResult r = loadOrReport(args.positional()[0]);
    if (!r.store)
        return 2;
    const store::EventStore& s = *r.store;
    const analysis::OperatorCatalog& catalog = *indexOf<analysis::OperatorCatalog>(r);
    const store::TimeRange window
        = range ? range->resolve(s.extent()) : store::TimeRange { store::kTimeMin, store::kTimeMax };
    const analysis::LatencyStats st = analysis::LatencyAnalyzer::analyze(s, catalog, unit, window, bins);
    if (!unit.empty() && st.count == 0) {
        std::fprintf(stderr, "strata-cli: no slice is an instance of \"%s\"\n", unit.c_str());
        return 2;
    }

    const Json out = OperatorReport::latencyJson(st, analysis::LatencyAnalyzer::operatorAverages(s, catalog, window),
        range ? std::optional(range->closed(s.extent())) : std::nullopt);
    const Json& ops = out["operators"];
    if (args.flag("json")) {
        std::cout << out.dump(2) << "\n";
        return 0;
    }

    std::cout << "================================================\n"
              << "  Latency of \"" << st.unit << "\"" << (st.defaultUnit ? " (default unit)" : "") << "\n"
              << "================================================\n";
    const std::pair<const char*, const char*> lines[] = { { "Counts", "count" }, { "Min latency (ns)", "min_ns" },
        { "Max latency (ns)", "max_ns" }, { "Mean latency (ns)", "mean_ns" }, { "Median latency (ns)", "median_ns" },
        { "90.0 percentile latency (ns)", "p90_ns" }, { "95.0 percentile latency (ns)", "p95_ns" },
        { "97.0 percentile latency (ns)", "p97_ns" }, { "99.0 percentile latency (ns)", "p99_ns" },
        { "99.9 percentile latency (ns)", "p99_9_ns" } };
    for (const auto& [label, key] : lines)
        std::printf("%-32s: %s\n", label, num(out[key]).c_str());
    if (!st.histogram.empty()) {
        uint64_t peak = 1;
        for (const auto& b : st.histogram)
            peak = std::max(peak, b.count);
        std::printf("\nhistogram (ns)\n");
        for (const auto& b : st.histogram)
            std::printf("  [%14.1f, %14.1f) %6llu %s\n", b.startNs, b.endNs, static_cast<unsigned long long>(b.count),
                std::string(size_t(std::lround(40.0 * double(b.count) / double(peak))), '#').c_str());
    }
    std::printf("\n%-48s %20s %8s\n", "operator", "average_elapsed (ns)", "count");
    for (const auto& o : ops)
        std::printf("%-48s %20s %8s\n", o["name"].get<std::string>().c_str(), num(o["average_ns"]).c_str(),
            num(o["count"]).c_str());
    return 0;
}

} // namespace

STRATA_CLI_COMMAND("latency", "latency FILE [--unit NAME] [--range A:B] [--json]",
    "latency of a repeated unit (default: the step): count, min/max/mean/median, p90..p99.9, histogram", &runLatency);

} // namespace strata::app
