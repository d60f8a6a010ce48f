// strata-cli diff: two profiles compared per operator (CompareAggregator), as the Compare dock
// shows them; report::CompareReport writes the JSON and CSV the dock exports.
#include "clicommandregistry.h"
#include "cliload.h"
#include "clioptions.h"
#include "cliprintf.h"
#include "clirankoutput.h"

#include <analysis/breakdown/breakdownindex.h>
#include <analysis/compare/compareaggregator.h>
#include <analysis/latency/latencyanalyzer.h>
#include <analysis/operators/operatorcatalog.h>
#include <analysis/time/timetext.h>
#include <report/comparereport.h>
#include <report/namefit.h>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <vector>

namespace strata::app {
namespace {

using report::CompareReport;

std::string human(double ns, bool sign = false)
{
    const char* plus = sign && ns > 0 ? "+" : "";
    const double a = std::abs(ns);
    char buf[40];
    if (a >= 1e9)
        std::snprintf(buf, sizeof buf, "%s%.3f s", plus, ns / 1e9);
    else if (a >= 1e6)
        std::snprintf(buf, sizeof buf, "%s%.3f ms", plus, ns / 1e6);
    else if (a >= 1e3)
        std::snprintf(buf, sizeof buf, "%s%.3f us", plus, ns / 1e3);
    else
        std::snprintf(buf, sizeof buf, "%s%.0f ns", plus, ns);
    return buf;
}

std::string countText(double n)
{
    char buf[32];
    if (std::floor(n) == n)
        std::snprintf(buf, sizeof buf, "%.0f", n);
    else
        std::snprintf(buf, sizeof buf, "%.2f", n);
    return buf;
}

// Pads to `width` characters as a terminal shows them (UTF-8: continuation bytes take no column).
std::string pad(const std::string& s, size_t width, bool right)
{
    size_t columns = 0;
    for (char c : s)
        columns += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    const std::string fill(columns < width ? width - columns : 0, ' ');
    return right ? fill + s : s + fill;
}

void printText(
    const analysis::CompareResult& r, const std::string& fileA, const std::string& fileB, bool wide, std::ostream& os)
{
    auto side = [&os](const char* label, const std::string& file, const analysis::CompareSideTotals& t) {
        os << CliPrintf::format("%s: %s: busy %s, %llu events, %llu steps\n", label, file.c_str(),
            human(double(t.busyNs)).c_str(), static_cast<unsigned long long>(t.events),
            static_cast<unsigned long long>(t.steps));
    };
    side("A", fileA, r.a);
    side("B", fileB, r.b);
    os << CliPrintf::format("level %s, scope %s, %s, unchanged under %g %%, %zu rows, %.1f ms\n",
        analysis::operatorLevelName(r.level), analysis::operatorScopeName(r.scope), r.perStep ? "per step" : "totals",
        r.thresholdPct, r.rows.size(), r.seconds * 1e3);
    // As wide as the longest name, up to 48 characters; longer names fitted to 48, the column
    // widening to 80 for them (report::NameFit).
    std::vector<std::string> names;
    size_t nameWidth = 4;
    for (const analysis::CompareRow& row : r.rows) {
        names.push_back(row.name);
        nameWidth = std::max(nameWidth, std::min<size_t>(48, row.name.size()));
    }
    report::NameFit::Options fitOptions;
    fitOptions.width = nameWidth;
    fitOptions.cap = 80;
    const report::NameFit::Result fitted
        = wide ? report::NameFit::whole(names, nameWidth) : report::NameFit::fit(names, fitOptions);
    nameWidth = fitted.width;
    const char* const headers[]
        = { "status", "A count", "B count", "A total", "B total", "Δ total", "Δ %", "A avg", "B avg", "Δ avg" };
    const size_t widths[] = { 9, 7, 7, 11, 11, 12, 7, 11, 11, 12 };
    std::string line = pad("name", nameWidth, false);
    for (size_t i = 0; i < std::size(headers); ++i)
        line += " " + pad(headers[i], widths[i], i > 0);
    os << CliPrintf::format("%s\n", line.c_str());
    for (size_t i = 0; i < r.rows.size(); ++i) {
        const analysis::CompareRow& row = r.rows[i];
        const std::string& name = fitted.names[i];
        char pct[32] = "-";
        if (row.deltaPct)
            std::snprintf(pct, sizeof pct, "%+.1f%%", *row.deltaPct);
        const std::string cells[] = { analysis::compareStatusName(row.status), countText(row.aCount),
            countText(row.bCount), human(row.aTotalNs), human(row.bTotalNs), human(row.deltaNs, true), pct,
            human(row.aAvgNs), human(row.bAvgNs), human(row.deltaAvgNs, true) };
        line = pad(name, nameWidth, false);
        for (size_t i = 0; i < std::size(cells); ++i)
            line += " " + pad(cells[i], widths[i], i > 0);
        os << CliPrintf::format("%s\n", line.c_str());
    }
}

void deviceBusy(const importers::LoadResult& load, const std::optional<analysis::RelativeRange>& range,
    analysis::CompareSideTotals& side)
{
    const store::EventStore& s = *load.store;
    const analysis::BreakdownIndex& breakdown = *indexOf<analysis::BreakdownIndex>(load);
    if (!breakdown.hasDeviceWork())
        return;
    const store::TimeRange window = range ? range->resolve(s.extent()) : s.extent();
    side.busyNs = 0;
    for (const analysis::BreakdownIndex::Device& d : breakdown.devices())
        side.busyNs += d.work.part(analysis::WorkIntervals::All).measure(window);
}

struct DiffOptions {
    std::string fileA, fileB;
    std::optional<analysis::OperatorLevel> level;
    std::optional<analysis::OperatorScope> scope;
    std::optional<analysis::RelativeRange> rangeA, rangeB;
    double threshold = analysis::CompareOptions().thresholdPct;
    bool perStep = false, json = false, csv = false, wide = false;
};

int printDiff(const DiffOptions& o, const CliJob::Rank& rankA, const CliJob::Rank& rankB, std::ostream& os)
{
    const std::optional<analysis::OperatorLevel>& level = o.level;
    const std::optional<analysis::OperatorScope>& scope = o.scope;
    const std::optional<analysis::RelativeRange>& rangeA = o.rangeA;
    const std::optional<analysis::RelativeRange>& rangeB = o.rangeB;
    analysis::CompareOptions options;
    options.thresholdPct = o.threshold;
    options.perStep = o.perStep;
    const std::string& fileA = rankA.path;
    const std::string& fileB = rankB.path;
    const importers::LoadResult& loadA = rankA.load;
    const importers::LoadResult& loadB = rankB.load;
    const store::EventStore& a = *loadA.store;
    const store::EventStore& b = *loadB.store;
    const analysis::OperatorCatalog& catalogA = *indexOf<analysis::OperatorCatalog>(loadA);
    const analysis::OperatorCatalog& catalogB = *indexOf<analysis::OperatorCatalog>(loadB);
    options.level = level ? *level : catalogA.defaultLevel(); // as `ops` picks it, from A
    options.scope = scope ? *scope : analysis::CompareAggregator::defaultScope(catalogA, catalogB);
    const analysis::CompareInput inA { &a, &catalogA,
        rangeA ? rangeA->resolve(a.extent()) : analysis::OperatorAggregator::wholeTrace() };
    const analysis::CompareInput inB { &b, &catalogB,
        rangeB ? rangeB->resolve(b.extent()) : analysis::OperatorAggregator::wholeTrace() };
    analysis::CompareResult result = analysis::CompareAggregator::compare(inA, inB, options);
    // In the device scope a side's busy time is, per device, the union of its work (not a sum
    // over its streams), summed over its devices.
    if (result.scope == analysis::OperatorScope::Device) {
        deviceBusy(loadA, rangeA, result.a);
        deviceBusy(loadB, rangeB, result.b);
    }

    if (o.csv) {
        os << CompareReport(result).csv();
        return 0;
    }
    if (!o.json) {
        printText(result, fileA, fileB, o.wide, os);
        return 0;
    }
    // Both sides' latency of one unit: A's repeated unit, or B's when A has none.
    std::string unit = analysis::LatencyAnalyzer::defaultUnit(a, catalogA);
    if (unit.empty())
        unit = analysis::LatencyAnalyzer::defaultUnit(b, catalogB);
    analysis::LatencyStats latA, latB;
    if (!unit.empty()) {
        latA = analysis::LatencyAnalyzer::analyze(a, catalogA, unit, inA.window);
        latB = analysis::LatencyAnalyzer::analyze(b, catalogB, unit, inB.window);
    }
    os << CompareReport(result, fileA, fileB, latA, latB).json();
    return 0;
}

int runDiff(const DiffOptions& o)
{
    // Two files (or folders that are one profile each) as always; two jobs rank by rank.
    const CliJob a = loadJobOrReport({ o.fileA });
    if (a.ranks.empty())
        return 2;
    const CliJob b = loadJobOrReport({ o.fileB });
    if (b.ranks.empty())
        return 2;
    if (!a.isJob && !b.isJob)
        return printDiff(o, a.ranks.front(), b.ranks.front(), std::cout);
    if (a.isJob != b.isJob) {
        std::fprintf(stderr, "strata-cli: %s is a job and %s is not: diff takes two jobs (folders) or two profiles\n",
            (a.isJob ? o.fileA : o.fileB).c_str(), (a.isJob ? o.fileB : o.fileA).c_str());
        return 2;
    }
    // A's ranks that B has too, each compared with B's rank of the same number.
    CliJob pairs;
    pairs.isJob = true;
    pairs.failed = a.failed + b.failed;
    std::map<int64_t, const CliJob::Rank*> inB;
    for (const CliJob::Rank& r : b.ranks)
        inB[*r.rank] = &r;
    for (const CliJob::Rank& r : a.ranks) {
        if (inB.erase(*r.rank) == 0) {
            std::fprintf(stderr, "strata-cli: rank %lld of %s is not in %s\n", static_cast<long long>(*r.rank),
                o.fileA.c_str(), o.fileB.c_str());
            ++pairs.failed;
            continue;
        }
        pairs.ranks.push_back(r);
    }
    for (const auto& [rank, r] : inB) {
        std::fprintf(stderr, "strata-cli: rank %lld of %s is not in %s\n", static_cast<long long>(rank),
            o.fileB.c_str(), o.fileA.c_str());
        ++pairs.failed;
    }
    std::map<int64_t, const CliJob::Rank*> byRank;
    for (const CliJob::Rank& r : b.ranks)
        byRank[*r.rank] = &r;
    const CliRankOutput::Format format = CliRankOutput::formatOf(o.json, o.csv);
    return CliRankOutput::print(
        pairs, format,
        [&o, &byRank](const CliJob::Rank& r, std::ostream& os) { return printDiff(o, r, *byRank.at(*r.rank), os); },
        std::cout);
}

CliRun declareDiff(CLI::App& command)
{
    auto o = std::make_shared<DiffOptions>();
    command.add_option("A", o->fileA, "the baseline profile, or a folder of per-rank traces")->required();
    command.add_option("B", o->fileB, "the profile compared with it, or a folder of the same ranks")->required();
    CliOptions::level(command, &o->level, "by default A's, chosen as ops chooses it");
    CliOptions::scope(command, &o->scope, "by default device when both profiles have device tracks, else all");
    CliOptions::range(command, "--range-a", &o->rangeA, "A's window");
    CliOptions::range(command, "--range-b", &o->rangeB, "B's window");
    command.add_flag("--per-step", o->perStep, "divide counts and totals by each profile's number of steps");
    command
        .add_option_function<std::string>(
            "--threshold",
            [o](const std::string& v) {
                char* end = nullptr;
                const double pct = std::strtod(v.c_str(), &end);
                if (v.empty() || *end != '\0' || !std::isfinite(pct) || pct < 0)
                    throw CLI::ValidationError("bad --threshold \"" + v + "\": a percentage, 0 or more");
                o->threshold = pct;
            },
            "a change in total under PCT percent of A is \"unchanged\" (default 2)")
        ->type_name("PCT");
    CliOptions::formats(command, &o->json, &o->csv, "print the comparison");
    CliOptions::wide(command, &o->wide);
    return [o] { return runDiff(*o); };
}

} // namespace

STRATA_CLI_COMMAND("diff",
    "compare two profiles per operator: added, removed, slower, faster, unchanged, with Δ total, Δ %, Δ avg",
    &declareDiff);

} // namespace strata::app
