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
    std::vector<importers::LoadResult> loads;
    std::vector<report::BreakdownReport::Rank> ranks;
    for (const std::string& path : o.paths) {
        importers::LoadResult r = loadOrReport(path);
        if (!r.store)
            return 2;
        // The catalog first: its kernel launches decide the host-wait gaps.
        indexOf<analysis::OperatorCatalog>(r);
        const analysis::BreakdownIndex& index = *indexOf<analysis::BreakdownIndex>(r);
        const store::EventStore& s = *r.store;
        const store::TimeRange window = o.range ? o.range->resolve(s.extent()) : s.extent();
        ranks.push_back({ path, &s,
            analysis::BreakdownCalculator::compute(
                s, index, window, o.threshold.value_or(analysis::BreakdownIndex::kDefaultThresholdNs)) });
        loads.push_back(std::move(r)); // keeps the store the rank points to
    }
    const report::BreakdownReport out(std::move(ranks));
    std::cout << (o.json ? out.json() : o.csv ? out.csv() : out.text());
    return 0;
}

CliRun declareBreakdown(CLI::App& command)
{
    auto o = std::make_shared<BreakdownOptions>();
    command.add_option("FILE", o->paths, "the profile; several files are several ranks")->required();
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
