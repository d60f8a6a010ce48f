// strata-cli ranks: the ranks of one job side by side: clock offsets, steps, time breakdown,
// the collectives matched across ranks with their skew and waits, and the straggler
// (analysis::CollectiveAnalyzer); report::RanksReport prints it.
#include "clicommandregistry.h"
#include "cliload.h"
#include "clioptions.h"

#include <analysis/breakdown/breakdowncalculator.h>
#include <analysis/collectives/collectiveanalyzer.h>
#include <analysis/operators/operatorcatalog.h>
#include <report/ranksreport.h>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

namespace strata::app {
namespace {

struct RanksOptions {
    std::vector<std::string> paths;
    analysis::ClockAlignment align = analysis::ClockAlignment::Recorded;
    bool json = false;
};

// One file, loaded as one rank with the indexes the analysis reads.
struct LoadedRank {
    importers::LoadResult load;
    std::shared_ptr<const analysis::OperatorCatalog> catalog;
    report::BreakdownReport::Rank rank;
};

int runRanks(const RanksOptions& o)
{
    // Each file is one rank, as `breakdown FILE...` reads them.
    std::vector<LoadedRank> loaded;
    for (const std::string& path : o.paths) {
        LoadedRank l;
        l.load = loadOrReport(path);
        if (!l.load.store)
            return 2;
        l.catalog = indexOf<analysis::OperatorCatalog>(l.load); // its launches: host wait, HTA's steps
        const auto index = indexOf<analysis::BreakdownIndex>(l.load);
        const store::EventStore& s = *l.load.store;
        l.rank = { path, &s,
            analysis::BreakdownCalculator::compute(
                s, *index, s.extent(), analysis::BreakdownIndex::kDefaultThresholdNs) };
        loaded.push_back(std::move(l));
    }
    // Rank order (distributedInfo.rank, else the command line's): the first is the clock reference.
    std::vector<size_t> order(loaded.size());
    std::iota(order.begin(), order.end(), size_t(0));
    auto number = [&](size_t i) { return loaded[i].rank.breakdown.rank.value_or(int64_t(i)); };
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return number(a) < number(b); });
    std::vector<analysis::CollectiveRank> inputs;
    std::vector<report::BreakdownReport::Rank> ranks;
    for (size_t i : order) {
        analysis::CollectiveRank in;
        in.rank = number(i);
        in.store = loaded[i].load.store.get();
        in.launches = &loaded[i].catalog->launches();
        inputs.push_back(std::move(in));
        ranks.push_back(loaded[i].rank);
        ranks.back().breakdown.rank = number(i);
    }
    const report::RanksReport out(std::move(ranks), analysis::CollectiveAnalyzer::analyze(inputs, o.align));
    std::cout << (o.json ? out.json() : out.text());
    return 0;
}

CliRun declareRanks(CLI::App& command)
{
    auto o = std::make_shared<RanksOptions>();
    command.add_option("FILE", o->paths, "the ranks' profiles, one file per rank")->required();
    const std::map<std::string, analysis::ClockAlignment> aligns { { "recorded", analysis::ClockAlignment::Recorded },
        { "collectives", analysis::ClockAlignment::CollectiveEnds },
        { "first-step", analysis::ClockAlignment::FirstStep } };
    command
        .add_option("--align", o->align,
            "put the ranks' clocks on one axis: recorded (as the files say, default), collectives (matched "
            "collectives end together), first-step (first steps start together)")
        ->transform(CLI::CheckedTransformer(aligns, CLI::ignore_case).description(""));
    command.add_flag("--json", o->json, "print the ranks as JSON");
    return [o] { return runRanks(*o); };
}

} // namespace

STRATA_CLI_COMMAND("ranks",
    "the ranks of one job: clock offsets, steps, time breakdown, collectives matched across ranks with their skew "
    "and waits, the straggler",
    &declareRanks);

} // namespace strata::app
