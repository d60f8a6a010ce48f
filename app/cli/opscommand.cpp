// strata-cli ops FILE [--level L] [--range A:B] [--scope device|host|all] [--csv|--json] [--limit N]
#include "cliargs.h"
#include "clicommandregistry.h"
#include "cliload.h"

#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatorcatalog.h>
#include <report/operatorreport.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace strata::app {
namespace {

using report::OperatorReport;

const char* kUsage = "usage: strata-cli ops FILE [--level module|framework|layer|hlo|op|command|name] [--range A:B]\n"
                     "                        [--scope device|host|all] [--csv|--json] [--limit N]\n"
                     "  --level defaults to the first of framework, op, command whose \"(none)\" share is under 50 %\n";

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

void printText(const analysis::OperatorTable& t, size_t limit)
{
    std::printf("level %s, scope %s, %llu slices, busy %s (execution %s, data transfer %s), %.1f ms\n",
        analysis::operatorLevelName(t.level), analysis::operatorScopeName(t.scope),
        static_cast<unsigned long long>(t.events), human(double(t.busyNs)).c_str(),
        human(double(t.executionNs)).c_str(), human(double(t.transferNs)).c_str(), t.seconds * 1e3);
    std::printf("%-56s %7s %12s %12s %12s %12s %12s %12s %7s %s\n", "name", "count", "total", "self", "avg", "min",
        "max", "median", "%", "engines");
    size_t n = 0;
    for (const analysis::OperatorRow& r : t.rows) {
        if (limit && n++ >= limit)
            break;
        std::string engines;
        for (const std::string& e : r.engines)
            engines += (engines.empty() ? "" : ", ") + e;
        std::string name = r.name.size() > 56 ? r.name.substr(0, 53) + "..." : r.name;
        std::printf("%-56s %7llu %12s %12s %12s %12s %12s %12s %6.2f%% %s\n", name.c_str(),
            static_cast<unsigned long long>(r.count), human(double(r.totalNs)).c_str(), human(double(r.selfNs)).c_str(),
            human(r.avgNs).c_str(), human(double(r.minNs)).c_str(), human(double(r.maxNs)).c_str(),
            human(r.medianNs).c_str(), r.percent, engines.c_str());
    }
}

int runOps(const std::vector<std::string>& argv)
{
    const CliArgs args(argv, { "json", "csv" }, { "level", "range", "scope", "limit" });
    if (!args.ok() || args.positional().size() != 1) {
        std::fprintf(stderr, "strata-cli: %s\n%s", args.ok() ? "ops takes one FILE" : args.error().c_str(), kUsage);
        return 2;
    }
    analysis::OperatorLevel level = analysis::OperatorLevel::Op;
    const std::optional<std::string> levelArg = args.value("level");
    if (levelArg && !analysis::parseOperatorLevel(*levelArg, &level)) {
        std::fprintf(stderr, "strata-cli: unknown level \"%s\"\n%s", levelArg->c_str(), kUsage);
        return 2;
    }
    std::optional<analysis::OperatorScope> scope;
    if (auto v = args.value("scope")) {
        analysis::OperatorScope s;
        if (!analysis::parseOperatorScope(*v, &s)) {
            std::fprintf(stderr, "strata-cli: unknown scope \"%s\"\n%s", v->c_str(), kUsage);
            return 2;
        }
        scope = s;
    }
    std::optional<analysis::RelativeRange> range;
    std::string error;
    if (!args.range(&range, &error)) {
        std::fprintf(stderr, "strata-cli: %s\n", error.c_str());
        return 2;
    }
    size_t limit = 0;
    if (auto v = args.value("limit"))
        limit = std::strtoull(v->c_str(), nullptr, 10);
    if (args.flag("json") && args.flag("csv")) {
        std::fprintf(stderr, "strata-cli: --csv and --json exclude each other\n%s", kUsage);
        return 2;
    }

    const importers::LoadResult r = loadOrReport(args.positional()[0]);
    if (!r.store)
        return 2;
    const store::EventStore& s = *r.store;
    const analysis::OperatorCatalog& catalog = *indexOf<analysis::OperatorCatalog>(r);
    if (!levelArg)
        level = catalog.defaultLevel(); // the GUI's rule (DefaultLevel)
    const store::TimeRange window = range ? range->resolve(s.extent()) : analysis::OperatorAggregator::wholeTrace();
    const analysis::OperatorTable table = analysis::OperatorAggregator::aggregate(
        s, catalog, level, window, scope ? *scope : analysis::OperatorAggregator::defaultScope(catalog));

    if (args.flag("json"))
        std::cout << OperatorReport::tableJson(
            table, range ? std::optional(range->closed(s.extent())) : std::nullopt, limit)
                         .dump(2)
                  << "\n";
    else if (args.flag("csv"))
        std::cout << OperatorReport::tableCsv(table, limit);
    else
        printText(table, limit);
    return 0;
}

} // namespace

STRATA_CLI_COMMAND("ops", "ops FILE [--level L] [--range A:B] [--scope S] [--csv|--json]",
    "operator table: per operator/layer/... count, total/self/avg/min/max/median, % of busy time, bytes, FLOPs",
    &runOps);

} // namespace strata::app
