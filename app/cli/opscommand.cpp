// strata-cli ops FILE [--level L] [--range A:B] [--scope device|host|all] [--csv|--json] [--limit N]
#include "cliargs.h"
#include "clicommandregistry.h"

#include <profileloader.h>
#include <store/operatoraggregator.h>
#include <store/operatorcatalog.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iostream>

namespace strata::app {
namespace {

using nlohmann::ordered_json;

const char* kUsage = "usage: strata-cli ops FILE [--level module|framework|layer|hlo|op|command|name] [--range A:B]\n"
                     "                        [--scope device|host|all] [--csv|--json] [--limit N]\n";

// Byte and FLOP sums are whole numbers in practice: print them as integers when they are.
ordered_json count(double v)
{
    if (std::floor(v) == v && std::fabs(v) < 9.0e15)
        return ordered_json(static_cast<int64_t>(v));
    return ordered_json(v);
}

// Fractions of a nanosecond (and of a percent past 1e-6) carry no information; rounding
// also drops binary noise such as 97829.25000000001.
double round3(double v) { return std::round(v * 1e3) / 1e3; }
double round6(double v) { return std::round(v * 1e6) / 1e6; }

ordered_json rowJson(const store::OperatorRow& r)
{
    ordered_json j;
    j["name"] = r.name;
    j["count"] = r.count;
    j["total_ns"] = r.totalNs;
    j["self_ns"] = r.selfNs;
    j["avg_ns"] = round3(r.avgNs);
    j["min_ns"] = r.minNs;
    j["max_ns"] = r.maxNs;
    j["median_ns"] = round3(r.medianNs);
    j["percent"] = round6(r.percent);
    j["execution_ns"] = r.executionNs();
    j["transfer_ns"] = r.transferNs;
    j["bytes"] = r.hasBytes ? count(r.bytes) : ordered_json();
    j["flops"] = r.hasFlops ? count(r.flops) : ordered_json();
    j["mfu"] = r.mfu >= 0 ? ordered_json(round6(r.mfu)) : ordered_json();
    j["hfu"] = r.hfu >= 0 ? ordered_json(round6(r.hfu)) : ordered_json();
    j["engines"] = r.engines;
    j["fused"] = r.fusedMembers;
    return j;
}

std::string csvField(const std::string& s)
{
    if (s.find_first_of(",\"\n\r") == std::string::npos)
        return s;
    std::string out = "\"";
    for (char c : s)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string join(const ordered_json& list, const char* sep)
{
    std::string out;
    for (const auto& v : list)
        out += (out.empty() ? "" : sep) + v.get<std::string>();
    return out;
}

// CSV cells are the JSON values' own text, so both outputs carry identical numbers.
void printCsv(const ordered_json& rows)
{
    static const char* kColumns[] = {"name", "count", "total_ns", "self_ns", "avg_ns", "min_ns", "max_ns",
        "median_ns", "percent", "execution_ns", "transfer_ns", "bytes", "flops", "mfu", "hfu", "engines", "fused"};
    std::string line;
    for (const char* c : kColumns)
        line += (line.empty() ? "" : ",") + std::string(c);
    std::cout << line << "\n";
    for (const auto& r : rows) {
        line.clear();
        for (const char* c : kColumns) {
            const ordered_json& v = r.at(c);
            std::string cell;
            if (std::string(c) == "engines")
                cell = join(v, ";");
            else if (std::string(c) == "fused")
                cell = join(v, "+");
            else if (v.is_string())
                cell = v.get<std::string>();
            else if (!v.is_null())
                cell = v.dump();
            line += (c == kColumns[0] ? "" : ",") + csvField(cell);
        }
        std::cout << line << "\n";
    }
}

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

void printText(const store::OperatorTable& t, size_t limit)
{
    std::printf("level %s, scope %s, %llu slices, busy %s (execution %s, data transfer %s), %.1f ms\n",
        store::operatorLevelName(t.level), store::operatorScopeName(t.scope),
        static_cast<unsigned long long>(t.events), human(double(t.busyNs)).c_str(),
        human(double(t.executionNs)).c_str(), human(double(t.transferNs)).c_str(), t.seconds * 1e3);
    std::printf("%-56s %7s %12s %12s %12s %12s %12s %12s %7s %s\n", "name", "count", "total", "self", "avg", "min",
        "max", "median", "%", "engines");
    size_t n = 0;
    for (const store::OperatorRow& r : t.rows) {
        if (limit && n++ >= limit)
            break;
        std::string engines;
        for (const std::string& e : r.engines)
            engines += (engines.empty() ? "" : ", ") + e;
        std::string name = r.name.size() > 56 ? r.name.substr(0, 53) + "..." : r.name;
        std::printf("%-56s %7llu %12s %12s %12s %12s %12s %12s %6.2f%% %s\n", name.c_str(),
            static_cast<unsigned long long>(r.count), human(double(r.totalNs)).c_str(),
            human(double(r.selfNs)).c_str(), human(r.avgNs).c_str(), human(double(r.minNs)).c_str(),
            human(double(r.maxNs)).c_str(), human(r.medianNs).c_str(), r.percent, engines.c_str());
    }
}

int runOps(const std::vector<std::string>& argv)
{
    const CliArgs args(argv, {"json", "csv"}, {"level", "range", "scope", "limit"});
    if (!args.ok() || args.positional().size() != 1) {
        std::fprintf(stderr, "strata-cli: %s\n%s", args.ok() ? "ops takes one FILE" : args.error().c_str(), kUsage);
        return 2;
    }
    store::OperatorLevel level = store::OperatorLevel::Op;
    if (auto v = args.value("level"); v && !store::parseOperatorLevel(*v, &level)) {
        std::fprintf(stderr, "strata-cli: unknown level \"%s\"\n%s", v->c_str(), kUsage);
        return 2;
    }
    std::optional<store::OperatorScope> scope;
    if (auto v = args.value("scope")) {
        store::OperatorScope s;
        if (!store::parseOperatorScope(*v, &s)) {
            std::fprintf(stderr, "strata-cli: unknown scope \"%s\"\n%s", v->c_str(), kUsage);
            return 2;
        }
        scope = s;
    }
    store::TimeRange range;
    const auto rangeText = args.value("range");
    std::string error;
    if (rangeText && !CliArgs::parseRange(*rangeText, &range, &error)) {
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

    const importers::LoadResult r = importers::ProfileLoader::load(args.positional()[0]);
    if (!r.store) {
        std::fprintf(stderr, "strata-cli: %s\n", r.error.c_str());
        return 2;
    }
    const store::EventStore& s = *r.store;
    const store::OperatorCatalog catalog(s);
    store::TimeRange window = store::OperatorAggregator::wholeTrace();
    if (rangeText)
        window = {s.extent().start + range.start, s.extent().start + range.end};
    const store::OperatorTable table = store::OperatorAggregator::aggregate(s, catalog, level, window,
        scope ? *scope : store::OperatorAggregator::defaultScope(catalog));

    ordered_json out;
    out["level"] = store::operatorLevelName(table.level);
    out["scope"] = store::operatorScopeName(table.scope);
    out["range_ns"] = rangeText ? ordered_json::array({range.start, range.end}) : ordered_json();
    out["events"] = table.events;
    out["busy_ns"] = table.busyNs;
    out["execution_ns"] = table.executionNs;
    out["transfer_ns"] = table.transferNs;
    ordered_json rows = ordered_json::array();
    size_t n = 0;
    for (const store::OperatorRow& row : table.rows) {
        if (limit && n++ >= limit)
            break;
        rows.push_back(rowJson(row));
    }
    out["rows"] = rows;
    if (args.flag("json"))
        std::cout << out.dump(2) << "\n";
    else if (args.flag("csv"))
        printCsv(rows);
    else
        printText(table, limit);
    return 0;
}

} // namespace

STRATA_CLI_COMMAND("ops", "ops FILE [--level L] [--range A:B] [--scope S] [--csv|--json]",
    "operator table: per operator/layer/... count, total/self/avg/min/max/median, % of busy time, bytes, FLOPs",
    &runOps);

} // namespace strata::app
