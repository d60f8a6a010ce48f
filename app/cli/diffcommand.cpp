// strata-cli diff A B [--level L] [--scope S] [--range-a X:Y] [--range-b X:Y] [--per-step]
//                     [--threshold PCT] [--json|--csv]
#include "cliargs.h"
#include "clicommandregistry.h"
#include "cliload.h"

#include <analysis/compare/compareaggregator.h>
#include <analysis/latency/latencyanalyzer.h>
#include <analysis/operators/operatorcatalog.h>
#include <analysis/time/timetext.h>
#include <report/comparereport.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace strata::app {
namespace {

using report::CompareReport;

const char* kUsage = "usage: strata-cli diff A B [--level L] [--scope device|host|all] [--range-a X:Y] [--range-b X:Y] "
                     "[--per-step] [--threshold PCT] [--json|--csv]";

// Every argument error is one stderr line, as a file that cannot be read is.
int usageError(const std::string& what)
{
    std::fprintf(stderr, "strata-cli: %s; %s\n", what.c_str(), kUsage);
    return 2;
}

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

void printText(const analysis::CompareResult& r, const std::string& fileA, const std::string& fileB)
{
    auto side = [](const char* label, const std::string& file, const analysis::CompareSideTotals& t) {
        std::printf("%s: %s: busy %s, %llu events, %llu steps\n", label, file.c_str(), human(double(t.busyNs)).c_str(),
            static_cast<unsigned long long>(t.events), static_cast<unsigned long long>(t.steps));
    };
    side("A", fileA, r.a);
    side("B", fileB, r.b);
    std::printf("level %s, scope %s, %s, unchanged under %g %%, %zu rows, %.1f ms\n",
        analysis::operatorLevelName(r.level), analysis::operatorScopeName(r.scope), r.perStep ? "per step" : "totals",
        r.thresholdPct, r.rows.size(), r.seconds * 1e3);
    size_t nameWidth = 4; // as wide as the longest name, at most 48 characters
    for (const analysis::CompareRow& row : r.rows)
        nameWidth = std::max(nameWidth, std::min<size_t>(48, row.name.size()));
    const char* const headers[]
        = { "status", "A count", "B count", "A total", "B total", "Δ total", "Δ %", "A avg", "B avg", "Δ avg" };
    const size_t widths[] = { 9, 7, 7, 11, 11, 12, 7, 11, 11, 12 };
    std::string line = pad("name", nameWidth, false);
    for (size_t i = 0; i < std::size(headers); ++i)
        line += " " + pad(headers[i], widths[i], i > 0);
    std::printf("%s\n", line.c_str());
    for (const analysis::CompareRow& row : r.rows) {
        std::string name = row.name.size() > nameWidth ? row.name.substr(0, nameWidth - 3) + "..." : row.name;
        char pct[32] = "-";
        if (row.deltaPct)
            std::snprintf(pct, sizeof pct, "%+.1f%%", *row.deltaPct);
        const std::string cells[] = { analysis::compareStatusName(row.status), countText(row.aCount),
            countText(row.bCount), human(row.aTotalNs), human(row.bTotalNs), human(row.deltaNs, true), pct,
            human(row.aAvgNs), human(row.bAvgNs), human(row.deltaAvgNs, true) };
        line = pad(name, nameWidth, false);
        for (size_t i = 0; i < std::size(cells); ++i)
            line += " " + pad(cells[i], widths[i], i > 0);
        std::printf("%s\n", line.c_str());
    }
}

// --range-a / --range-b: empty when not given; false when malformed.
bool rangeOf(const CliArgs& args, const char* key, std::optional<analysis::RelativeRange>* out, std::string* error)
{
    out->reset();
    const std::optional<std::string> text = args.value(key);
    if (!text)
        return true;
    *out = analysis::TimeText::parseRange(*text, error);
    if (!*out)
        *error = std::string("bad --") + key + ": " + *error;
    return out->has_value();
}

int runDiff(const std::vector<std::string>& argv)
{
    const CliArgs args(argv, { "json", "csv", "per-step" }, { "level", "scope", "range-a", "range-b", "threshold" });
    if (!args.ok())
        return usageError(args.error());
    if (args.positional().size() != 2)
        return usageError("diff takes two files, A and B");
    std::optional<analysis::OperatorLevel> level;
    if (auto v = args.value("level")) {
        analysis::OperatorLevel l;
        if (!analysis::parseOperatorLevel(*v, &l))
            return usageError("unknown level \"" + *v + "\"");
        level = l;
    }
    std::optional<analysis::OperatorScope> scope;
    if (auto v = args.value("scope")) {
        analysis::OperatorScope s;
        if (!analysis::parseOperatorScope(*v, &s))
            return usageError("unknown scope \"" + *v + "\"");
        scope = s;
    }
    std::optional<analysis::RelativeRange> rangeA, rangeB;
    std::string error;
    if (!rangeOf(args, "range-a", &rangeA, &error) || !rangeOf(args, "range-b", &rangeB, &error))
        return usageError(error);
    analysis::CompareOptions options;
    if (auto v = args.value("threshold")) {
        char* end = nullptr;
        const double pct = std::strtod(v->c_str(), &end);
        if (v->empty() || *end != '\0' || !std::isfinite(pct) || pct < 0)
            return usageError("bad --threshold \"" + *v + "\": a percentage, 0 or more");
        options.thresholdPct = pct;
    }
    options.perStep = args.flag("per-step");
    if (args.flag("json") && args.flag("csv"))
        return usageError("--csv and --json exclude each other");

    const std::string& fileA = args.positional()[0];
    const std::string& fileB = args.positional()[1];
    const importers::LoadResult loadA = loadOrReport(fileA);
    if (!loadA.store)
        return 2;
    const importers::LoadResult loadB = loadOrReport(fileB);
    if (!loadB.store)
        return 2;
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
    const analysis::CompareResult result = analysis::CompareAggregator::compare(inA, inB, options);

    if (args.flag("csv")) {
        std::cout << CompareReport::csv(result);
        return 0;
    }
    if (!args.flag("json")) {
        printText(result, fileA, fileB);
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
    std::cout << CompareReport::resultJson(result, fileA, fileB, latA, latB).dump(2) << "\n";
    return 0;
}

} // namespace

STRATA_CLI_COMMAND("diff",
    "diff A B [--level L] [--scope S] [--range-a X:Y] [--range-b X:Y] [--per-step] [--threshold PCT] [--json|--csv]",
    "compare two profiles per operator: added, removed, slower, faster, unchanged, with Δ total, Δ %, Δ avg", &runDiff);

} // namespace strata::app
