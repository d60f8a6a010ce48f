// strata-cli latency: the latency of a repeated unit (LatencyAnalyzer), as the Latency dock
// shows it; report::LatencyReport writes the JSON, which the text form prints figure by figure.
#include "clicommandregistry.h"
#include "cliload.h"
#include "clioptions.h"
#include "cliprintf.h"
#include "clirankoutput.h"

#include <analysis/latency/latencyanalyzer.h>
#include <analysis/latency/stepbreakdown.h>
#include <analysis/operators/operatorcatalog.h>
#include <report/latencyreport.h>
#include <report/namefit.h>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <vector>

namespace strata::app {
namespace {

using report::Json;

// The text form prints each figure as the JSON would, so both show the same numbers.
std::string num(const Json& v)
{
    return v.dump();
}

struct LatencyOptions {
    std::vector<std::string> paths;
    std::string unit;
    std::optional<analysis::RelativeRange> range;
    int bins = 30;
    bool json = false, wide = false;
};

int printLatency(const LatencyOptions& o, const CliJob::Rank& rank, std::ostream& os)
{
    const std::optional<analysis::RelativeRange>& range = o.range;
    const int bins = o.bins;
    const std::string& unit = o.unit;
    const importers::LoadResult& r = rank.load;
    const store::EventStore& s = *r.store;
    const analysis::OperatorCatalog& catalog = *indexOf<analysis::OperatorCatalog>(r);
    const store::TimeRange window
        = range ? range->resolve(s.extent()) : store::TimeRange { store::kTimeMin, store::kTimeMax };
    const analysis::LatencyStats st = analysis::LatencyAnalyzer::analyze(s, catalog, unit, window, bins);
    if (!unit.empty() && st.count == 0) {
        std::fprintf(stderr, "strata-cli: no slice is an instance of \"%s\"\n", unit.c_str());
        return 2;
    }

    Json out = report::LatencyReport(st, analysis::LatencyAnalyzer::operatorAverages(s, catalog, window),
        range ? std::optional(range->closed(s.extent())) : std::nullopt)
                   .toJson();
    if (o.json) {
        report::LatencyReport::addSteps(out,
            analysis::StepBreakdown::compute(
                s, catalog, st.unit, window, nullptr, indexOf<analysis::BreakdownIndex>(r).get()),
            s.extent().start);
        os << out.dump(2) << "\n";
        return 0;
    }
    const Json& ops = out["operators"];

    os << "================================================\n"
       << "  Latency of \"" << st.unit << "\"" << (st.defaultUnit ? " (default unit)" : "") << "\n"
       << "================================================\n";
    const std::pair<const char*, const char*> lines[] = { { "Counts", "count" }, { "Min latency (ns)", "min_ns" },
        { "Max latency (ns)", "max_ns" }, { "Mean latency (ns)", "mean_ns" }, { "Median latency (ns)", "median_ns" },
        { "90.0 percentile latency (ns)", "p90_ns" }, { "95.0 percentile latency (ns)", "p95_ns" },
        { "97.0 percentile latency (ns)", "p97_ns" }, { "99.0 percentile latency (ns)", "p99_ns" },
        { "99.9 percentile latency (ns)", "p99_9_ns" } };
    for (const auto& [label, key] : lines)
        os << CliPrintf::format("%-32s: %s\n", label, num(out[key]).c_str());
    if (!st.histogram.empty()) {
        uint64_t peak = 1;
        for (const auto& b : st.histogram)
            peak = std::max(peak, b.count);
        os << CliPrintf::format("\nhistogram (ns)\n");
        for (const auto& b : st.histogram)
            os << CliPrintf::format("  [%14.1f, %14.1f) %6llu %s\n", b.startNs, b.endNs,
                static_cast<unsigned long long>(b.count),
                std::string(size_t(std::lround(40.0 * double(b.count) / double(peak))), '#').c_str());
    }
    // Names fitted to a column of 48 that widens to 80 for long names (report::NameFit).
    std::vector<std::string> names;
    for (const auto& op : ops)
        names.push_back(op["name"].get<std::string>());
    report::NameFit::Options fitOptions;
    fitOptions.width = 48;
    fitOptions.cap = 80;
    const report::NameFit::Result fitted
        = o.wide ? report::NameFit::whole(names, fitOptions.width) : report::NameFit::fit(names, fitOptions);
    const int nameWidth = int(fitted.width);
    os << CliPrintf::format("\n%-*s %20s %8s\n", nameWidth, "operator", "average_elapsed (ns)", "count");
    for (size_t i = 0; i < ops.size(); ++i)
        os << CliPrintf::format("%-*s %20s %8s\n", nameWidth, fitted.names[i].c_str(),
            num(ops[i]["average_ns"]).c_str(), num(ops[i]["count"]).c_str());
    return 0;
}

int runLatency(const LatencyOptions& o)
{
    return CliRankOutput::run(o.paths, CliRankOutput::formatOf(o.json, false),
        [&o](const CliJob::Rank& rank, std::ostream& os) { return printLatency(o, rank, os); });
}

CliRun declareLatency(CLI::App& command)
{
    auto o = std::make_shared<LatencyOptions>();
    command.add_option("FILE", o->paths, "the profile; a folder of per-rank traces, or several files, is a job")
        ->required();
    command
        .add_option(
            "--unit", o->unit, "the repeated unit, by slice name (default: the repeated top-level unit, e.g. the step)")
        ->type_name("NAME");
    CliOptions::range(command, "--range", &o->range, "count the units that start in this window");
    command.add_option("--bins", o->bins, "histogram bins, 1 to 10000 (default 30)")
        ->check(CLI::Range(1, 10000).description(""))
        ->type_name("N");
    command.add_flag("--json", o->json, "print JSON instead of text");
    CliOptions::wide(command, &o->wide);
    return [o] { return runLatency(*o); };
}

} // namespace

STRATA_CLI_COMMAND("latency",
    "latency of a repeated unit (default: the step): count, min/max/mean/median, p90..p99.9, histogram",
    &declareLatency);

} // namespace strata::app
