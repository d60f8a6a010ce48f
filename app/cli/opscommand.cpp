// strata-cli ops: the operator table the Operators dock shows (OperatorAggregator), printed as
// text or, by report::OperatorTableReport, as the JSON and CSV the dock exports.
#include "clicommandregistry.h"
#include "cliload.h"
#include "clioptions.h"
#include "cliprintf.h"
#include "clirankoutput.h"

#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatorcatalog.h>
#include <report/namefit.h>
#include <report/operatortablereport.h>

#include <CLI/CLI.hpp>

#include <cstdio>
#include <iostream>
#include <memory>
#include <vector>

namespace strata::app {
namespace {

std::string human(double ns)
{
    char buf[32];
    if (ns >= 1e9)
        std::snprintf(buf, sizeof buf, "%.3f s", ns / 1e9);
    else if (ns >= 1e6)
        std::snprintf(buf, sizeof buf, "%.3f ms", ns / 1e6);
    else if (ns >= 1e3)
        std::snprintf(buf, sizeof buf, "%.3f us", ns / 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.0f ns", ns);
    return buf;
}

void printText(const analysis::OperatorTable& t, size_t limit, bool wide, std::ostream& os)
{
    // The printed rows' names, fitted to a column of 56 that widens to 80 for long names.
    std::vector<std::string> names;
    for (size_t i = 0; i < t.rows.size() && (!limit || i < limit); ++i)
        names.push_back(t.rows[i].name);
    report::NameFit::Options fitOptions;
    fitOptions.width = 56;
    fitOptions.cap = 80;
    const report::NameFit::Result fitted
        = wide ? report::NameFit::whole(names, fitOptions.width) : report::NameFit::fit(names, fitOptions);
    const int nameWidth = int(fitted.width);
    os << CliPrintf::format("level %s, scope %s, %llu slices, busy %s (execution %s, data transfer %s), %.1f ms\n",
        analysis::operatorLevelName(t.level), analysis::operatorScopeName(t.scope),
        static_cast<unsigned long long>(t.events), human(double(t.busyNs)).c_str(),
        human(double(t.executionNs)).c_str(), human(double(t.transferNs)).c_str(), t.seconds * 1e3);
    os << CliPrintf::format("%-*s %7s %12s %12s %12s %12s %12s %12s %7s %s\n", nameWidth, "name", "count", "total",
        "self", "avg", "min", "max", "median", "%", "engines");
    for (size_t n = 0; n < names.size(); ++n) {
        const analysis::OperatorRow& r = t.rows[n];
        std::string engines;
        for (const std::string& e : r.engines)
            engines += (engines.empty() ? "" : ", ") + e;
        os << CliPrintf::format("%-*s %7llu %12s %12s %12s %12s %12s %12s %6.2f%% %s\n", nameWidth,
            fitted.names[n].c_str(), static_cast<unsigned long long>(r.count), human(double(r.totalNs)).c_str(),
            human(double(r.selfNs)).c_str(), human(r.avgNs).c_str(), human(double(r.minNs)).c_str(),
            human(double(r.maxNs)).c_str(), human(r.medianNs).c_str(), r.percent, engines.c_str());
    }
}

struct OpsOptions {
    std::vector<std::string> paths;
    std::optional<analysis::OperatorLevel> level;
    std::optional<analysis::RelativeRange> range;
    std::optional<analysis::OperatorScope> scope;
    bool json = false, csv = false, wide = false;
    std::optional<size_t> limit;
};

int printOps(const OpsOptions& o, const CliJob::Rank& rank, std::ostream& os)
{
    const std::optional<analysis::RelativeRange>& range = o.range;
    const std::optional<analysis::OperatorScope>& scope = o.scope;
    const size_t limit = o.limit.value_or(0);
    analysis::OperatorLevel level = o.level.value_or(analysis::OperatorLevel::Op);
    const importers::LoadResult& r = rank.load;
    const store::EventStore& s = *r.store;
    const analysis::OperatorCatalog& catalog = *indexOf<analysis::OperatorCatalog>(r);
    if (!o.level)
        level = catalog.defaultLevel(); // the GUI's rule (DefaultLevel)
    const store::TimeRange window = range ? range->resolve(s.extent()) : analysis::OperatorAggregator::wholeTrace();
    const analysis::OperatorTable table = analysis::OperatorAggregator::aggregate(
        s, catalog, level, window, scope ? *scope : analysis::OperatorAggregator::defaultScope(catalog));

    const report::OperatorTableReport out(
        table, range ? std::optional(range->closed(s.extent())) : std::nullopt, limit);
    if (o.json)
        os << out.json();
    else if (o.csv)
        os << out.csv();
    else
        printText(table, limit, o.wide, os);
    return 0;
}

int runOps(const OpsOptions& o)
{
    const CliRankOutput::Format format = CliRankOutput::formatOf(o.json, o.csv);
    return CliRankOutput::run(
        o.paths, format, [&o](const CliJob::Rank& rank, std::ostream& os) { return printOps(o, rank, os); });
}

CliRun declareOps(CLI::App& command)
{
    auto o = std::make_shared<OpsOptions>();
    command.add_option("FILE", o->paths, "the profile; a folder of per-rank traces, or several files, is a job")
        ->required();
    CliOptions::level(
        command, &o->level, "by default the first of framework, op, command whose \"(none)\" share is under 50 %");
    CliOptions::range(command, "--range", &o->range, "count the slices that start in this window");
    CliOptions::scope(command, &o->scope, "by default device when the profile has device tracks, else all");
    CliOptions::formats(command, &o->json, &o->csv, "print the table");
    CliOptions::count(command, "--limit", &o->limit, "print at most N rows (0 = all)");
    CliOptions::wide(command, &o->wide);
    return [o] { return runOps(*o); };
}

} // namespace

STRATA_CLI_COMMAND("ops",
    "operator table: per operator/layer/... count, total/self/avg/min/max/median, % of busy time, bytes, FLOPs",
    &declareOps);

} // namespace strata::app
