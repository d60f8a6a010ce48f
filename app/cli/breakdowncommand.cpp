// strata-cli breakdown: is the device computing, communicating, moving memory or idle, and is
// communication hidden behind compute (Holistic Trace Analysis's temporal breakdown,
// communication/computation overlap and idle-time breakdown), per rank, device and engine,
// from the BreakdownIndex; report::BreakdownReport prints it.
#include "clicommandregistry.h"
#include "cliload.h"
#include "clioptions.h"

#include <analysis/breakdown/breakdowncalculator.h>
#include <analysis/operators/operatorcatalog.h>
#include <report/breakdownreport.h>

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace strata::app {
namespace {

struct BreakdownOptions {
    std::vector<std::string> paths;
    std::optional<analysis::RelativeRange> range;
    std::optional<store::TimeNs> threshold;
    bool json = false, csv = false;
};

int runBreakdown(const BreakdownOptions& o)
{
    // Several files or a folder are a job (loadJobOrReport); one file is one rank, numbered by
    // its distributedInfo only, as it always was.
    const CliJob job = loadJobOrReport(o.paths);
    std::vector<report::BreakdownReport::Rank> ranks;
    for (const CliJob::Rank& rank : job.ranks) {
        const importers::LoadResult& r = rank.load;
        // The catalog first: its kernel launches decide the host-wait gaps.
        indexOf<analysis::OperatorCatalog>(r);
        const analysis::BreakdownIndex& index = *indexOf<analysis::BreakdownIndex>(r);
        const store::EventStore& s = *r.store;
        const store::TimeRange window = o.range ? o.range->resolve(s.extent()) : s.extent();
        analysis::RankBreakdown b = analysis::BreakdownCalculator::compute(
            s, index, window, o.threshold.value_or(analysis::BreakdownIndex::kDefaultThresholdNs));
        if (job.isJob && !b.rank)
            b.rank = rank.rank; // from the file name
        ranks.push_back({ rank.path, &s, std::move(b) });
    }
    if (ranks.empty())
        return 2;
    const report::BreakdownReport out(std::move(ranks));
    std::cout << (o.json ? out.json() : o.csv ? out.csv() : out.text());
    return job.status();
}

CliRun declareBreakdown(CLI::App& command)
{
    auto o = std::make_shared<BreakdownOptions>();
    command.add_option("FILE", o->paths, "the profile; a folder of per-rank traces, or several files, is a job")
        ->required();
    CliOptions::range(command, "--range", &o->range, "break this window down instead of the whole trace");
    CliOptions::duration(command, "--threshold", &o->threshold,
        "idle gaps shorter than this, not waiting for the host, are kernel wait (default 30 ns)");
    CliOptions::formats(command, &o->json, &o->csv, "print the breakdown");
    return [o] { return runBreakdown(*o); };
}

} // namespace

STRATA_CLI_COMMAND("breakdown",
    "device time per rank, device and engine: compute, communication, memory, idle, communication hidden behind "
    "compute, idle causes",
    &declareBreakdown);

} // namespace strata::app
