// Search / source-mapping benchmark (not a test): loads each trace, times SearchEngine::run()
// for typical Search-dock queries and the SourceIndex (build, line → events for the
// busiest line and for five lines, event → line). Budgets on the 10M-event trace:
// name-substring search <= 100 ms; line → events highlight <= 20 ms. The queries run with a
// SearchIndex built once per trace (its build time and size are printed first), as the
// Search dock runs them; --no-index runs them without one (strata-cli's way).
//
// Back to back, a query's second run finds what the first read still in the last-level
// cache (32 MB here) when its working set is that small, as the 10M trace's columns nearly
// are and the 100M trace's are not: --cold-cache evicts it (untimed) before every timed run,
// as for a search typed after other work, so the two sizes are timed alike.
//
//   bench_search [FILE...] [--runs N] [--no-index] [--cold-cache] [--only LABEL-TEXT]
//       (default: /work/data/trace_1m.json /work/data/trace_10m.json)
#include "benchload.h"
#include <analysis/search/searchengine.h>
#include <analysis/search/searchindex.h>
#include <analysis/source/sourceindex.h>
#include <search/searchmatches.h>

#include <profileloader.h>

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using namespace strata::store;
using namespace strata::analysis;

double msSince(Clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

volatile uint64_t g_sink = 0;

struct Stats {
    double median = 0, max = 0, min = 0;
};

bool g_coldCache = false; // --cold-cache

// Writes then reads a buffer four times the last-level cache, so what a run leaves cached
// is gone before the next (untimed).
void evictCaches()
{
    static std::vector<uint64_t> buffer(size_t(128) << 20 >> 3);
    uint64_t sum = 0;
    for (size_t i = 0; i < buffer.size(); i += 8)
        buffer[i] += i;
    for (size_t i = 0; i < buffer.size(); i += 8)
        sum += buffer[i];
    g_sink = g_sink + sum;
}

Stats time(int runs, const std::function<void()>& fn)
{
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        if (g_coldCache)
            evictCaches();
        const auto t0 = Clock::now();
        fn();
        ms.push_back(msSince(t0));
    }
    std::sort(ms.begin(), ms.end());
    return Stats { ms[ms.size() / 2], ms.back(), ms.front() };
}

const SearchIndex* g_index = nullptr; // the current trace's, or null with --no-index
std::string g_only; // --only TEXT: just the queries whose label contains TEXT (for perf)

void search(const EventStore& s, const char* label, const SearchQuery& q, int runs, unsigned threads = 0)
{
    if (!g_only.empty() && std::string(label).find(g_only) == std::string::npos)
        return;
    SearchResult last;
    const Stats st = time(runs, [&] {
        last = SearchEngine::run(s, q, nullptr, threads, g_index);
        g_sink = g_sink + last.count;
    });
    // Untimed: the run without the index must find the very same result.
    bool same = true;
    if (g_index) {
        const SearchResult plain = SearchEngine::run(s, q, nullptr, threads);
        same = plain.slices == last.slices && plain.instants == last.instants && plain.totalNs == last.totalNs
            && plain.typesMatched == last.typesMatched;
    }
    std::printf("  %-34s median %8.2f ms  max %8.2f ms  min %8.2f ms  %10llu matches  %6u types  total %.3f s%s%s\n",
        label, st.median, st.max, st.min, (unsigned long long)last.count, last.typesMatched,
        double(last.totalNs) * 1e-9, last.ok() ? "" : ("  ERROR " + last.error).c_str(),
        same ? "" : "  MISMATCH without the index");
}

// The source index: its build, size and origins, then its queries on the busiest file's
// lines and a million random rows.
void benchSourceIndex(const EventStore& s, int runs)
{
    std::printf("\nsource index\n");
    SourceIndex index;
    const Stats build = time(3, [&] { index.build(s); });
    SourceIndex single;
    const Stats build1 = time(1, [&] { single.build(s, nullptr, 1); });
    const double bytes = double(index.residentBytes());
    std::printf("  build                              median %8.2f ms  max %8.2f ms  (one thread %.2f ms)\n",
        build.median, build.max, build1.median);
    std::printf("  files %zu, located slices %llu, instants %llu, %.1f MB = %.2f bytes/slice\n", index.files().size(),
        (unsigned long long)index.locatedSlices(), (unsigned long long)index.locatedInstants(), bytes / 1e6,
        bytes / double(std::max<size_t>(1, s.sliceCount())));
    for (int o = 1; o < 7; ++o)
        if (index.originCount(SourceOrigin(o)))
            std::printf("    via %-12s %llu\n", sourceOriginName(SourceOrigin(o)),
                (unsigned long long)index.originCount(SourceOrigin(o)));
    if (index.empty())
        return;
    // The busiest line overall, and the five busiest lines of its file.
    int busyFile = 0;
    uint32_t busyLine = 0, busyEvents = 0;
    for (size_t f = 0; f < index.files().size(); ++f)
        for (const SourceLine& l : index.files()[f].lines)
            if (l.slices > busyEvents) {
                busyEvents = l.slices;
                busyLine = l.line;
                busyFile = int(f);
            }
    std::vector<SourceLine> lines = index.files()[size_t(busyFile)].lines;
    std::sort(lines.begin(), lines.end(), [](const SourceLine& a, const SourceLine& b) { return a.slices > b.slices; });
    std::vector<uint32_t> five;
    for (size_t i = 0; i < lines.size() && i < 5; ++i)
        five.push_back(lines[i].line);
    const std::string& file = index.files()[size_t(busyFile)].path;
    size_t n = 0;
    const Stats one = time(runs * 3, [&] { n = index.rowsForLines(busyFile, { busyLine }).size(); });
    std::printf("  rowsForLines busiest line           median %8.2f ms  max %8.2f ms  %zu rows (%s:%u)\n", one.median,
        one.max, n, file.c_str(), busyLine);
    const Stats many = time(runs * 3, [&] { n = index.rowsForLines(busyFile, five).size(); });
    std::printf(
        "  rowsForLines 5 busiest lines        median %8.2f ms  max %8.2f ms  %zu rows\n", many.median, many.max, n);
    std::vector<uint32_t> all;
    for (const SourceLine& l : index.files()[size_t(busyFile)].lines)
        all.push_back(l.line);
    const Stats whole = time(runs, [&] { n = index.rowsForLines(busyFile, all).size(); });
    std::printf("  rowsForLines whole file (%3zu lines) median %8.2f ms  max %8.2f ms  %zu rows\n", all.size(),
        whole.median, whole.max, n);
    std::mt19937 rng(3);
    std::vector<SliceRow> probe(1000000);
    for (SliceRow& r : probe)
        r = SliceRow(uint32_t(rng() % std::max<size_t>(1, s.sliceCount())));
    const Stats loc = time(runs, [&] {
        uint64_t sum = 0;
        for (SliceRow r : probe)
            sum += index.locationOf(s, r).line;
        g_sink = g_sink + sum;
    });
    std::printf("  locationOf x 1M random rows         median %8.2f ms  max %8.2f ms  (%.1f ns each)\n", loc.median,
        loc.max, loc.median * 1e6 / double(probe.size()));
    std::printf("\n");
}

void bench(const std::string& path, int runs, bool useIndex)
{
    const auto r = benchload::open(path);
    if (!r.store) {
        std::fprintf(stderr, "bench_search: %s\n", r.error.c_str());
        return;
    }
    const EventStore& s = *r.store;
    std::printf("file %s\n", path.c_str());
    std::printf("  slices %zu, instants %zu, types %zu, arg sets %zu, strings %zu, load %.2f s\n", s.sliceCount(),
        s.instantCount(), s.types().size(), s.args().setCount(), s.strings().size(), r.seconds);

    // Frequencies, to pick a common and a rare name and the busiest category.
    std::vector<uint32_t> perType(s.types().size(), 0);
    for (uint32_t i = 0; i < s.sliceCount(); ++i)
        ++perType[s.sliceType(SliceRow(i)).v];
    std::unordered_map<uint32_t, uint64_t> perName, perCat;
    for (uint32_t t = 0; t < perType.size(); ++t) {
        perName[s.types().get(TypeId(t)).name.v] += perType[t];
        perCat[s.types().get(TypeId(t)).category.v] += perType[t];
    }
    uint32_t rareName = 0, busyCat = 0;
    uint64_t rareCount = UINT64_MAX, busyCount = 0;
    for (const auto& [name, n] : perName)
        if (n > 0 && (n < rareCount || (n == rareCount && name < rareName))) {
            rareCount = n;
            rareName = name;
        }
    for (const auto& [cat, n] : perCat)
        if (n > busyCount && !s.str(StringId(cat)).empty()) {
            busyCount = n;
            busyCat = cat;
        }
    std::printf("  distinct names %zu\n", perName.size());

    SearchIndex searchIndex;
    g_index = nullptr;
    if (useIndex) {
        const Stats b = time(1, [&] { searchIndex.build(s); });
        g_index = &searchIndex;
        std::printf("  search index: build %.1f ms, %.1f MB (%.2f bytes/slice), %zu rows of types with <= %u "
                    "slices\n",
            b.median, double(searchIndex.residentBytes()) / 1e6,
            double(searchIndex.residentBytes()) / double(std::max<size_t>(1, s.sliceCount())),
            searchIndex.indexedRows(), searchIndex.rareLimit());
    }
    std::printf("\nsearch (%d runs each, %s%s)\n", runs, useIndex ? "with the index" : "no index",
        g_coldCache ? ", caches evicted before each" : "");

    SearchQuery q;
    q.name = "conv";
    search(s, "name substring \"conv\" (common)", q, runs);
    search(s, "  same, one thread", q, runs, 1);
    q.name = std::string(s.str(StringId(rareName)));
    search(s, ("name substring (rare, " + std::to_string(rareCount) + "x)").c_str(), q, runs);
    q.name = "all-reduce";
    q.caseSensitive = true;
    search(s, "name substring, case-sensitive", q, runs);
    search(s, "  case-sensitive, one thread", q, runs, 1);
    q = SearchQuery();
    q.name = "^[0-9]+_fused\\(.*conv[0-9]\\.grad_input.*\\)_[0-9]+$";
    q.nameMode = NameMode::Regex;
    search(s, "name regex", q, runs);
    q.name = "dma|all-reduce";
    search(s, "name regex alternation", q, runs);
    q = SearchQuery();
    q.args.push_back(ArgCondition { "bytes", ArgOp::Gt, "1000000" });
    search(s, "arg bytes>1000000", q, runs);
    q.args = { ArgCondition { "layer", ArgOp::Eq, "layer2.0" } };
    search(s, "arg layer=layer2.0", q, runs);
    q.args = { ArgCondition { "hlo_name", ArgOp::Contains, "convolution.20" } };
    search(s, "arg hlo_name~convolution.20", q, runs);
    q = SearchQuery();
    q.category = std::string(s.str(StringId(busyCat)));
    search(s, ("category \"" + q.category + "\"").c_str(), q, runs);
    q = SearchQuery();
    q.track = "Neural Engine";
    search(s, "track \"Neural Engine\"", q, runs);
    q = SearchQuery();
    q.minDur = 100000;
    search(s, "duration >= 100 us", q, runs);
    q = SearchQuery();
    q.name = "conv";
    q.args.push_back(ArgCondition { "bytes", ArgOp::Gt, "1000000" });
    q.minDur = 50000;
    search(s, "conv AND bytes>1e6 AND dur>=50us", q, runs);
    q = SearchQuery();
    q.name = "conv";
    const TimeRange ext = s.extent();
    q.range = TimeRange { ext.start + ext.duration() * 45 / 100, ext.start + ext.duration() * 55 / 100 };
    search(s, "conv in the middle 10% of time", q, runs);
    search(s, "everything", SearchQuery(), runs);

    // The Search dock: the engine's run plus the matches in time order (SearchMatches), and a
    // step to a match (at + indexOf, as Next does) at spread positions.
    std::printf("\nsearch dock (SearchMatches, %d runs each)\n", runs);
    for (const char* name : { "conv", "" }) {
        if (!g_only.empty() && std::string("dock").find(g_only) == std::string::npos)
            break;
        SearchQuery dq;
        dq.name = name;
        std::shared_ptr<const strata::widgets::SearchMatches> m;
        const Stats st = time(runs, [&] { m = strata::widgets::SearchMatches::run(r.store, dq, nullptr, g_index); });
        constexpr int kSteps = 200;
        const Stats step = time(runs, [&] {
            uint64_t sum = 0;
            for (uint64_t j = 0; j < kSteps && m->count(); ++j) {
                const auto e = m->at(size_t(j * 2654435761u % m->count()));
                sum += e.row + uint64_t(m->indexOf(e));
            }
            g_sink = g_sink + sum;
        });
        std::printf("  %-34s median %8.2f ms  max %8.2f ms  min %8.2f ms  %10llu matches%s; a step %.3f ms\n",
            (std::string("dock, ") + (*name ? std::string("\"") + name + "\"" : "everything")).c_str(), st.median,
            st.max, st.min, (unsigned long long)m->count(), m->merged() ? " (order merged)" : "", step.median / kSteps);
    }

    benchSourceIndex(s, runs);
}

} // namespace

int main(int argc, char** argv)
{
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    std::vector<std::string> files;
    int runs = 7;
    bool useIndex = true;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--no-index") == 0)
            useIndex = false;
        else if (std::strcmp(argv[i], "--cold-cache") == 0)
            g_coldCache = true;
        else if (std::strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            g_only = argv[++i];
        else if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else
            files.push_back(argv[i]);
    }
    if (files.empty())
        files = { "/work/data/trace_1m.json", "/work/data/trace_10m.json" };
    for (const std::string& f : files)
        bench(f, runs, useIndex);
    return 0;
}
