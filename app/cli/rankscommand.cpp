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

#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace strata::app {
namespace {

struct RanksOptions {
    std::vector<std::string> paths;
    analysis::ClockAlignment align = analysis::ClockAlignment::Recorded;
    bool json = false;
};

// The command that opens the same job aligned by collective ends, for the clocks' notice.
std::string rerunCommand(const std::vector<std::string>& paths)
{
    std::string out = "strata-cli ranks";
    for (const std::string& p : paths) {
        const bool plain
            = p.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/._-+,=:@%")
            == std::string::npos;
        out += plain ? " " + p : " '" + p + "'"; // a name with a quote in it is left for the user to quote
    }
    return out + " --align collectives";
}

int runRanks(const RanksOptions& o)
{
    // A folder or several files are a job, loaded in parallel and in rank order
    // (loadJobOrReport); the first rank is the clock reference. One file is a job of one rank.
    const CliJob job = loadJobOrReport(o.paths);
    if (job.ranks.empty())
        return 2;
    std::vector<std::shared_ptr<const analysis::OperatorCatalog>> catalogs; // keeps the launches alive
    std::vector<analysis::CollectiveRank> inputs;
    std::vector<report::BreakdownReport::Rank> ranks;
    for (size_t i = 0; i < job.ranks.size(); ++i) {
        const CliJob::Rank& rank = job.ranks[i];
        const importers::LoadResult& r = rank.load;
        const store::EventStore& s = *r.store;
        catalogs.push_back(indexOf<analysis::OperatorCatalog>(r)); // its launches: host wait, HTA's steps
        const auto index = indexOf<analysis::BreakdownIndex>(r);
        analysis::RankBreakdown b = analysis::BreakdownCalculator::compute(
            s, *index, s.extent(), analysis::BreakdownIndex::kDefaultThresholdNs);
        // distributedInfo.rank, else the file name's number, else the place in the job.
        const int64_t number = b.rank ? *b.rank : rank.rank.value_or(int64_t(i));
        b.rank = number;
        analysis::CollectiveRank in;
        in.rank = number;
        in.store = &s;
        in.launches = &catalogs.back()->launches();
        inputs.push_back(std::move(in));
        ranks.push_back({ rank.path, &s, std::move(b) });
    }
    report::RanksReport out(std::move(ranks), analysis::CollectiveAnalyzer::analyze(inputs, o.align));
    out.setRerunCommand(rerunCommand(o.paths));
    std::cout << (o.json ? out.json() : out.text());
    return job.status();
}

CliRun declareRanks(CLI::App& command)
{
    auto o = std::make_shared<RanksOptions>();
    command.add_option("FILE", o->paths, "the job: a folder of per-rank traces, or one file per rank")->required();
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
