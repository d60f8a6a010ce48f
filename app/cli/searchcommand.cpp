// strata-cli search FILE [--name REGEX | --contains TEXT | --exact NAME] [--cat C] [--track T]
//                        [--arg K=V]... [--min-dur D] [--max-dur D] [--range A:B] [--case]
//                        [--slices-only | --instants-only] [--limit N] [--json | --csv]
//
// The Search dock's engine (SearchEngine) from the command line: every given filter must
// hold (AND). Prints the count, the total time and the matching events ordered by start
// time (then track). Times in the output are ns from the trace start, like --range.
#include "cliargs.h"
#include "clicommandregistry.h"
#include "cliload.h"

#include <analysis/search/searchengine.h>
#include <analysis/time/timetext.h>
#include <report/operatorreport.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

namespace strata::app {
namespace {

using Json = nlohmann::ordered_json;

const char* kUsage
    = "usage: strata-cli search FILE [--name REGEX | --contains TEXT | --exact NAME] [--cat CATEGORY]\n"
      "                           [--track TEXT] [--arg COND]... [--min-dur D] [--max-dur D] [--range A:B]\n"
      "                           [--case] [--slices-only | --instants-only] [--limit N] [--json | --csv]\n"
      "  --name REGEX     ECMAScript regex searched anywhere in the name (^...$ for the whole name)\n"
      "  --contains TEXT  name substring;  --exact NAME: the whole name\n"
      "  --cat C          the category, or one of its comma-separated parts\n"
      "  --track TEXT     substring of the track label (thread, engine, lane) or its process label\n"
      "  --arg COND       repeatable: KEY (present), KEY=V, KEY!=V, KEY~V (contains), KEY<V, KEY>V,\n"
      "                   KEY<=V, KEY>=V; numbers compare numerically, text in byte order; KEY also\n"
      "                   matches flattened elements (\"Input Dims~224\" looks in \"Input Dims[0][2]\")\n"
      "  --min-dur/--max-dur D   inclusive duration bounds (ns, or 1.5us, 2ms, 1s)\n"
      "  --range A:B      events overlapping [A, B], ns from the trace start (units allowed)\n"
      "  --case           case-sensitive text matching (default: ASCII case-insensitive)\n"
      "  --limit N        print at most N events (count and total still cover all); the text\n"
      "                   table prints 50 unless --limit is given, 0 = all\n";

int usageError(const std::string& message)
{
    std::fprintf(stderr, "strata-cli: %s\n%s", message.c_str(), kUsage);
    return 2;
}

struct Event {
    bool instant = false;
    uint32_t row = 0;
    store::TimeNs ts = 0;
    store::TimeNs dur = 0;
    store::TrackId track;
    uint32_t depth = 0;
};

// Track for each instant row (instants carry no track column; TrackInfo gives their ranges).
std::vector<store::TrackId> instantTracks(const store::EventStore& s)
{
    std::vector<store::TrackId> out(s.instantCount());
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        const store::RowRange r = s.track(store::TrackId(t)).instants;
        for (uint32_t i = r.begin; i < r.end; ++i)
            out[i] = store::TrackId(t);
    }
    return out;
}

// What the command line asks for: the query, the time range (resolved once the trace is
// loaded) and how many events to print.
struct SearchRequest {
    analysis::SearchQuery q;
    std::optional<analysis::RelativeRange> range;
    size_t limit = 0;
};

// The name options: at most one of --name, --contains and --exact. False when several.
bool readNameOption(const CliArgs& args, analysis::SearchQuery& q)
{
    int nameOptions = 0;
    const std::pair<const char*, analysis::NameMode> modes[] = { { "name", analysis::NameMode::Regex },
        { "contains", analysis::NameMode::Substring }, { "exact", analysis::NameMode::Exact } };
    for (const auto& [option, mode] : modes) {
        if (auto v = args.value(option)) {
            q.name = *v;
            q.nameMode = mode;
            ++nameOptions;
        }
    }
    return nameOptions <= 1;
}

// The options after the flags' conflicts: the filters, then --range, then --limit, then the
// query's own validation. False with *error set (the first problem, in that order).
bool readRequest(const CliArgs& args, SearchRequest* out, std::string* error)
{
    analysis::SearchQuery& q = out->q;
    q.caseSensitive = args.flag("case");
    if (!readNameOption(args, q)) {
        *error = "give only one of --name, --contains and --exact";
        return false;
    }
    if (auto v = args.value("cat"))
        q.category = *v;
    if (auto v = args.value("track"))
        q.track = *v;
    for (const std::string& text : args.values("arg")) {
        analysis::ArgCondition c;
        if (!analysis::SearchQuery::parseArgCondition(text, &c, error))
            return false;
        q.args.push_back(std::move(c));
    }
    for (const char* key : { "min-dur", "max-dur" }) {
        if (auto v = args.value(key)) {
            std::string why;
            const std::optional<store::TimeNs> d = analysis::TimeText::parse(*v, &why);
            if (!d) {
                *error = std::string("bad --") + key + ": " + why;
                return false;
            }
            (std::string(key) == "min-dur" ? q.minDur : q.maxDur) = *d;
        }
    }
    if (!args.range(&out->range, error))
        return false;
    q.slices = !args.flag("instants-only");
    q.instants = !args.flag("slices-only");
    out->limit = args.flag("json") || args.flag("csv") ? 0 : 50;
    if (auto v = args.value("limit")) {
        char* end = nullptr;
        const unsigned long long n = std::strtoull(v->c_str(), &end, 10);
        if (v->empty() || *end != '\0' || (*v)[0] == '-') {
            *error = "bad --limit \"" + *v + "\": expected a count (0 = all)";
            return false;
        }
        out->limit = size_t(n);
    }
    return q.validate(error);
}

// The matches by start time, then track, then depth (rows are in (track, depth, ts) order).
std::vector<Event> sortedEvents(const store::EventStore& s, const analysis::SearchResult& res)
{
    std::vector<Event> events;
    events.reserve(res.count);
    for (store::SliceRow row : res.slices)
        events.push_back(Event { false, row.v, s.sliceTs(row), s.sliceDur(row), s.sliceTrack(row), s.sliceDepth(row) });
    if (!res.instants.empty()) {
        const std::vector<store::TrackId> itrack = instantTracks(s);
        for (store::InstantRow row : res.instants)
            events.push_back(Event { true, row.v, s.instantTs(row), 0, itrack[row.v], 0 });
    }
    std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
        if (a.ts != b.ts)
            return a.ts < b.ts;
        if (a.track != b.track)
            return a.track < b.track;
        return a.depth < b.depth;
    });
    return events;
}

// What the three printers share: the loaded trace, the result, its first `shown` sorted
// events, and the track labels, made once per track as the events name them.
class SearchOutput {
public:
    SearchOutput(const store::EventStore& s, const std::string& path, const analysis::SearchQuery& q,
        const analysis::SearchResult& res, size_t limit)
        : m_s(s)
        , m_path(path)
        , m_q(q)
        , m_res(res)
        , m_events(sortedEvents(s, res))
        , m_shown(limit ? std::min(limit, m_events.size()) : m_events.size())
        , m_origin(s.extent().start)
        , m_trackLabel(s.trackCount())
        , m_processLabel(s.trackCount())
    {
    }
    void json();
    void csv();
    void table();

private:
    std::pair<const std::string&, const std::string&> labels(store::TrackId t)
    {
        if (m_trackLabel[t.v].empty()) {
            m_trackLabel[t.v] = m_s.trackLabel(t);
            m_processLabel[t.v] = m_s.processLabel(m_s.track(t).process);
        }
        return { m_trackLabel[t.v], m_processLabel[t.v] };
    }
    const store::EventType& typeOf(const Event& e) const
    {
        return m_s.types().get(
            e.instant ? m_s.instantType(store::InstantRow(e.row)) : m_s.sliceType(store::SliceRow(e.row)));
    }

    const store::EventStore& m_s;
    const std::string& m_path;
    const analysis::SearchQuery& m_q;
    const analysis::SearchResult& m_res;
    const std::vector<Event> m_events;
    const size_t m_shown;
    const store::TimeNs m_origin;
    std::vector<std::string> m_trackLabel, m_processLabel;
};

void SearchOutput::json()
{
    // The summary fields through nlohmann, the events streamed one per line (a search can
    // match millions of events; a DOM of them would take gigabytes).
    Json head;
    head["file"] = m_path;
    head["query"] = m_q.describe();
    head["count"] = m_res.count;
    head["total_ns"] = m_res.totalNs;
    head["slices"] = m_res.slices.size();
    head["instants"] = m_res.instants.size();
    head["trace_start_ns"] = m_origin;
    head["shown"] = m_shown;
    std::string text = head.dump(2);
    text.pop_back(); // the closing '}'
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    std::cout << text << ",\n  \"events\": [";
    for (size_t i = 0; i < m_shown; ++i) {
        const Event& e = m_events[i];
        const store::EventType& type = typeOf(e);
        const auto [track, process] = labels(e.track);
        Json o;
        o["track"] = track;
        o["process"] = process;
        o["name"] = std::string(m_s.str(type.name));
        o["category"] = std::string(m_s.str(type.category));
        o["kind"] = e.instant ? "instant" : "slice";
        o["start_ns"] = e.ts - m_origin;
        o["dur_ns"] = e.dur;
        std::cout << (i ? ",\n    " : "\n    ") << o.dump();
    }
    std::cout << (m_shown ? "\n  ]\n}\n" : "]\n}\n");
}

void SearchOutput::csv()
{
    using report::OperatorReport;
    std::cout << "kind,track,process,name,category,start_ns,dur_ns\n";
    for (size_t i = 0; i < m_shown; ++i) {
        const Event& e = m_events[i];
        const store::EventType& type = typeOf(e);
        const auto [track, process] = labels(e.track);
        std::cout << (e.instant ? "instant" : "slice") << ',' << OperatorReport::csvField(track) << ','
                  << OperatorReport::csvField(process) << ','
                  << OperatorReport::csvField(std::string(m_s.str(type.name))) << ','
                  << OperatorReport::csvField(std::string(m_s.str(type.category))) << ',' << (e.ts - m_origin) << ','
                  << e.dur << "\n";
    }
}

// The summary lines, then the shown events as a table: times right-aligned, text left.
void SearchOutput::table()
{
    std::cout << "file      " << m_path << "\n"
              << "query     " << m_q.describe() << "\n"
              << "matches   " << m_res.count << " (slices " << m_res.slices.size() << ", instants "
              << m_res.instants.size() << ")\n"
              << "total     " << m_res.totalNs << " ns\n";
    if (m_shown == 0)
        return;
    std::vector<std::vector<std::string>> rows { { "start_ns", "dur_ns", "process", "track", "name" } };
    for (size_t i = 0; i < m_shown; ++i) {
        const Event& e = m_events[i];
        const auto [track, process] = labels(e.track);
        rows.push_back({ std::to_string(e.ts - m_origin), e.instant ? "instant" : std::to_string(e.dur), process, track,
            std::string(m_s.str(typeOf(e).name)) });
    }
    std::vector<size_t> width(5, 0);
    for (const auto& row : rows)
        for (size_t c = 0; c < row.size(); ++c)
            width[c] = std::max(width[c], row[c].size());
    std::cout << "\n";
    for (const auto& row : rows) {
        std::string line;
        for (size_t c = 0; c < row.size(); ++c) {
            const std::string pad(width[c] - row[c].size(), ' ');
            line += c < 2 ? pad + row[c] : row[c] + (c + 1 < row.size() ? pad : std::string());
            if (c + 1 < row.size())
                line += "  ";
        }
        std::cout << line << "\n";
    }
    if (m_shown < m_events.size())
        std::cout << "... " << m_events.size() - m_shown << " more (--limit 0 prints all)\n";
}

int runSearch(const std::vector<std::string>& argv)
{
    const CliArgs args(argv, { "json", "csv", "case", "slices-only", "instants-only" },
        { "name", "contains", "exact", "cat", "track", "arg", "min-dur", "max-dur", "range", "limit" });
    if (!args.ok())
        return usageError(args.error());
    if (args.positional().size() != 1)
        return usageError("search takes one FILE");
    if (args.flag("json") && args.flag("csv"))
        return usageError("--json and --csv exclude each other");
    if (args.flag("slices-only") && args.flag("instants-only"))
        return usageError("--slices-only and --instants-only exclude each other");
    SearchRequest request;
    if (std::string error; !readRequest(args, &request, &error))
        return usageError(error);

    const std::string& path = args.positional()[0];
    const importers::LoadResult r = loadOrReport(path);
    if (!r.store)
        return 2;
    const store::EventStore& s = *r.store;
    analysis::SearchQuery& q = request.q;
    if (request.range)
        q.range = request.range->resolve(s.extent());
    // No SearchIndex: one query per process, and building the index is itself a pass over
    // every slice's type (about as long as the scans it would spare), so it would not pay.
    const analysis::SearchResult res = analysis::SearchEngine::run(s, q);
    if (!res.error.empty()) {
        std::fprintf(stderr, "strata-cli: %s\n", res.error.c_str());
        return 2;
    }
    SearchOutput out(s, path, q, res, request.limit);
    if (args.flag("json"))
        out.json();
    else if (args.flag("csv"))
        out.csv();
    else
        out.table();
    return 0;
}

} // namespace

STRATA_CLI_COMMAND("search",
    "search FILE [--name REGEX|--contains T] [--cat C] [--track T] [--arg K=V]... [--min-dur D] [--max-dur D]"
    " [--range A:B] [--json|--csv]",
    "events matching every filter (name, category, track, args, duration, time): count, total time, the events",
    &runSearch);

} // namespace strata::app
