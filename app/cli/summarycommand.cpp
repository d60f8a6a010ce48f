// strata-cli summary: the Overall Summary (no --range) or the Current Selection Summary of a
// window, as SummaryCalculator computes them for the docks: the same struct, printed by
// report::SummaryReport.
#include "clicommandregistry.h"
#include "cliload.h"
#include "clioptions.h"
#include "clirankoutput.h"

#include <analysis/operators/operatorcatalog.h>
#include <analysis/summary/summarycalculator.h>
#include <report/summaryreport.h>

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace strata::app {
namespace {

struct SummaryOptions {
    std::vector<std::string> paths;
    std::optional<analysis::RelativeRange> range;
    bool json = false;
};

int printSummary(const SummaryOptions& o, const CliJob::Rank& rank, std::ostream& os)
{
    const std::optional<analysis::RelativeRange>& range = o.range;
    const std::string& path = rank.path;
    const importers::LoadResult& r = rank.load;
    const store::EventStore& s = *r.store;
    const analysis::SummaryIndex& index = *indexOf<analysis::SummaryIndex>(r);
    const store::TimeRange window = range ? range->resolve(s.extent()) : s.extent();
    // Device busy time is the union of each device's work, from the breakdown index (whose
    // build reads the catalog's kernel launches).
    indexOf<analysis::OperatorCatalog>(r);
    const analysis::BreakdownIndex& breakdown = *indexOf<analysis::BreakdownIndex>(r);
    const analysis::TraceSummary sum = analysis::SummaryCalculator::compute(s, index, window, &breakdown);
    const report::SummaryReport out(s, sum, path, r.format, !range);
    os << (o.json ? out.json() : out.text());
    return 0;
}

int runSummary(const SummaryOptions& o)
{
    return CliRankOutput::run(o.paths, CliRankOutput::formatOf(o.json, false),
        [&o](const CliJob::Rank& rank, std::ostream& os) { return printSummary(o, rank, os); });
}

CliRun declareSummary(CLI::App& command)
{
    auto o = std::make_shared<SummaryOptions>();
    command.add_option("FILE", o->paths, "the profile; a folder of per-rank traces, or several files, is a job")
        ->required();
    CliOptions::range(command, "--range", &o->range, "summarise this window instead of the whole trace");
    command.add_flag("--json", o->json, "print JSON instead of text");
    return [o] { return runSummary(*o); };
}

} // namespace

STRATA_CLI_COMMAND("summary",
    "per-engine busy time, utilisation, data moved, bandwidth, FLOPs/MFU/HFU, counters and diagnostics for the "
    "whole trace or a window",
    &declareSummary);

} // namespace strata::app
