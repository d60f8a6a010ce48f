// strata-cli search: the Search dock's engine (SearchEngine) from the command line. Every
// given filter must hold (AND). Prints the count, the total time and the matching events
// ordered by start time (then track), as report::SearchReport writes them. Times in the
// output are ns from the trace start, like --range.
#include "clicommandregistry.h"
#include "cliload.h"
#include "clioptions.h"
#include "clirankoutput.h"

#include <analysis/search/searchengine.h>
#include <report/searchreport.h>

#include <CLI/CLI.hpp>

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace strata::app {
namespace {

// What the command line asks for: the query, the time range (resolved once the trace is
// loaded) and how many events to print.
struct SearchOptions {
    std::vector<std::string> paths;
    analysis::SearchQuery q;
    std::optional<analysis::RelativeRange> range;
    std::optional<size_t> limit;
    bool slicesOnly = false, instantsOnly = false, json = false, csv = false;
};

int runSearch(SearchOptions& o)
{
    analysis::SearchQuery& q = o.q;
    q.slices = !o.instantsOnly;
    q.instants = !o.slicesOnly;
    if (std::string error; !q.validate(&error))
        throw CLI::ValidationError(error);
    // The text table prints 50 events unless --limit is given; JSON and CSV print all.
    const size_t limit = o.limit ? *o.limit : o.json || o.csv ? 0 : 50;

    const CliRankOutput::Format format = CliRankOutput::formatOf(o.json, o.csv);
    return CliRankOutput::run(o.paths, format, [&o, limit](const CliJob::Rank& rank, std::ostream& os) {
        analysis::SearchQuery q = o.q; // the range resolves against each rank's extent
        const store::EventStore& s = *rank.load.store;
        if (o.range)
            q.range = o.range->resolve(s.extent());
        // No SearchIndex: one query per process, and building the index is itself a pass
        // over every slice's type (about as long as the scans it would spare), so it would
        // not pay.
        const analysis::SearchResult res = analysis::SearchEngine::run(s, q);
        if (!res.error.empty()) {
            std::fprintf(stderr, "strata-cli: %s\n", res.error.c_str());
            return 2;
        }
        report::SearchReport out(s, rank.path, q, res, limit);
        if (o.json)
            out.json(os);
        else if (o.csv)
            out.csv(os);
        else
            out.text(os);
        return 0;
    });
}

// --name, --contains and --exact: the name and how it matches, at most one of the three.
void declareName(CLI::App& command, const std::shared_ptr<SearchOptions>& o)
{
    const std::tuple<const char*, const char*, analysis::NameMode, const char*> modes[] = {
        { "--name", "REGEX", analysis::NameMode::Regex,
            "ECMAScript regex searched anywhere in the name (^...$ for the whole name)" },
        { "--contains", "TEXT", analysis::NameMode::Substring, "a substring of the name" },
        { "--exact", "NAME", analysis::NameMode::Exact, "the whole name" },
    };
    std::vector<CLI::Option*> options;
    for (const auto& [name, type, mode, help] : modes) {
        const analysis::NameMode m = mode;
        options.push_back(command
                              .add_option_function<std::string>(
                                  name,
                                  [o, m](const std::string& v) {
                                      o->q.name = v;
                                      o->q.nameMode = m;
                                  },
                                  help)
                              ->type_name(type));
    }
    for (CLI::Option* a : options)
        for (CLI::Option* b : options)
            if (a != b)
                a->excludes(b);
}

CliRun declareSearch(CLI::App& command)
{
    auto o = std::make_shared<SearchOptions>();
    command.add_option("FILE", o->paths, "the profile; a folder of per-rank traces, or several files, is a job")
        ->required();
    declareName(command, o);
    command.add_option("--cat", o->q.category, "the category, or one of its comma-separated parts")
        ->type_name("CATEGORY");
    command
        .add_option("--track", o->q.track, "a substring of the track label (thread, engine, lane) or its process label")
        ->type_name("TEXT");
    command
        .add_option_function<std::vector<std::string>>(
            "--arg",
            [o](const std::vector<std::string>& conditions) {
                for (const std::string& text : conditions) {
                    analysis::ArgCondition c;
                    if (std::string error; !analysis::SearchQuery::parseArgCondition(text, &c, &error))
                        throw CLI::ValidationError(error);
                    o->q.args.push_back(std::move(c));
                }
            },
            "repeatable: KEY (present), KEY=V, KEY!=V, KEY~V (contains), KEY<V, KEY>V, KEY<=V, KEY>=V; numbers "
            "compare numerically, text in byte order; KEY also matches flattened elements (\"Input Dims~224\" looks "
            "in \"Input Dims[0][2]\")")
        ->type_name("COND")
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    CliOptions::duration(command, "--min-dur", &o->q.minDur, "events at least this long");
    CliOptions::duration(command, "--max-dur", &o->q.maxDur, "events at most this long");
    CliOptions::range(command, "--range", &o->range, "events overlapping this window");
    command.add_flag("--case", o->q.caseSensitive, "case-sensitive text matching (default: ASCII case-insensitive)");
    command.add_flag("--slices-only", o->slicesOnly, "only slices")
        ->excludes(command.add_flag("--instants-only", o->instantsOnly, "only instants"));
    command.get_option("--instants-only")->excludes("--slices-only");
    CliOptions::count(command, "--limit", &o->limit,
        "print at most N events (count and total still cover all); the text table prints 50 unless --limit is given, "
        "0 = all");
    CliOptions::formats(command, &o->json, &o->csv, "print the events");
    return [o] { return runSearch(*o); };
}

} // namespace

STRATA_CLI_COMMAND("search",
    "events matching every filter (name, category, track, args, duration, time): count, total time, the events",
    &declareSearch);

} // namespace strata::app
