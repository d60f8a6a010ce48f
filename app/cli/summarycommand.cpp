// strata-cli summary: the Overall Summary (no --range) or the Current Selection Summary of a
// window, as SummaryCalculator computes them for the docks: the same struct, printed by
// report::SummaryReport.
#include "clicommandregistry.h"
#include "cliload.h"
#include "clioptions.h"

#include <analysis/operators/operatorcatalog.h>
#include <analysis/summary/summarycalculator.h>
#include <report/summaryreport.h>

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <optional>
#include <string>

namespace strata::app {
namespace {

struct SummaryOptions {
    std::string path;
    std::optional<analysis::RelativeRange> range;
    bool json = false;
};

int runSummary(const SummaryOptions& o)
{
    const std::optional<analysis::RelativeRange>& range = o.range;
    const std::string& path = o.path;
    const importers::LoadResult r = loadOrReport(path);
    if (!r.store)
        return 2;
    const store::EventStore& s = *r.store;
    const analysis::SummaryIndex& index = *indexOf<analysis::SummaryIndex>(r);
    const store::TimeRange window = range ? range->resolve(s.extent()) : s.extent();
    // Device busy time is the union of each device's work, from the breakdown index (whose
    // build reads the catalog's kernel launches).
    indexOf<analysis::OperatorCatalog>(r);
    const analysis::BreakdownIndex& breakdown = *indexOf<analysis::BreakdownIndex>(r);
    const analysis::TraceSummary sum = analysis::SummaryCalculator::compute(s, index, window, &breakdown);
    const report::SummaryReport out(s, sum, path, r.format, !range);
    std::cout << (o.json ? out.json() : out.text());
    return 0;
}

CliRun declareSummary(CLI::App& command)
{
    auto o = std::make_shared<SummaryOptions>();
    command.add_option("FILE", o->path, "the profile")->required();
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
