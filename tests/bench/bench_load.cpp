// Load benchmark (not a test): prints throughput and memory figures for one trace, and
// the same figures for two single-threaded baselines measured in the same run, so the ratios
// are meaningful on a noisy shared machine: a nlohmann SAX pass that only extracts the event
// fields, and simdjson's whole-document DOM parse (the parser library's own speed, the budget
// of docs/performance.md).
//
//   bench_load FILE [--repeat N] [--no-baseline] [--reference-too] [--threads N]
//
// --threads N: the import's threads (ImportContext::threads; 1 = scan, parse and merge on one
// thread), to compare a load's CPU on one thread with the pipeline's.
//
// --reference-too: each repetition loads the file twice, alternating, with the simdjson event
// parser and with nlohmann's SAX (the reference it replaced), and prints both and their ratio.
//
// The baseline holds the whole decompressed input in memory, so it is skipped (and says
// why) with --no-baseline or when the file is larger than half of physical memory; so is
// the page-cache warm-up then, since a file that size cannot stay cached next to the load.
//
// Memory figures: peak_rss is the process high-water mark (VmHWM, reset before the load
// through /proc/self/clear_refs); peak_rss_import is that mark when the import has read the
// whole input (the last batches may still be merging); resident_after is VmRSS with the store alive after malloc_trim;
// resident_bytes is the store's own count of what it holds.
#include "procstatus.h"
#include <inputreader.h>
#include <profileloader.h>

#include <chromeeventparser.h>

#include <nlohmann/json.hpp>
#include <simdjson.h>

#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

using benchmem::statusKb;

uint64_t physicalBytes()
{
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page) : 0;
}

// User and system CPU seconds of the whole process (all threads) so far.
std::pair<double, double> cpuSeconds()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return { double(u.ru_utime.tv_sec) + double(u.ru_utime.tv_usec) * 1e-6,
        double(u.ru_stime.tv_sec) + double(u.ru_stime.tv_usec) * 1e-6 };
}

void resetPeak()
{
    std::ofstream f("/proc/self/clear_refs");
    f << "5";
}

// One line per stage of the fastest load: busy (thread CPU) <= wall x threads; waited =
// blocked on another stage (scan: the pipeline full; parse: no batch queued; merge: a chunk
// not parsed yet).
void printStages(const std::vector<strata::store::StageTimes::Stage>& stages)
{
    for (const auto& st : stages)
        std::printf("stage %-18s wall %.3f  busy %.3f  waited %.3f  threads %u  count %llu\n", st.name.c_str(),
            st.wallSeconds, st.busySeconds, st.waitedSeconds, st.threads, (unsigned long long)st.count);
}

// The baseline: what a straightforward single-threaded reader does at minimum.
struct FieldSax {
    uint64_t events = 0;
    int depth = 0;
    std::string field, name, cat, ph;
    double ts = 0, dur = 0;
    int64_t pid = 0, tid = 0;
    bool null() { return true; }
    bool boolean(bool) { return true; }
    bool number_integer(long long v) { return number(double(v), v); }
    bool number_unsigned(unsigned long long v) { return number(double(v), int64_t(v)); }
    bool number_float(double v, const std::string&) { return number(v, int64_t(v)); }
    bool number(double d, int64_t i)
    {
        if (depth == 3 || depth == 2) {
            if (field == "ts")
                ts = d;
            else if (field == "dur")
                dur = d;
            else if (field == "pid")
                pid = i;
            else if (field == "tid")
                tid = i;
        }
        return true;
    }
    bool string(std::string& s)
    {
        if (field == "name")
            name = s;
        else if (field == "cat")
            cat = s;
        else if (field == "ph")
            ph = s;
        return true;
    }
    bool binary(std::vector<uint8_t>&) { return true; }
    bool start_object(std::size_t)
    {
        ++depth;
        return true;
    }
    bool end_object()
    {
        if (--depth == 2 || depth == 1)
            ++events;
        return true;
    }
    bool start_array(std::size_t)
    {
        ++depth;
        return true;
    }
    bool end_array()
    {
        --depth;
        return true;
    }
    bool key(std::string& k)
    {
        field = k;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }
};

std::string readAll(const std::string& path)
{
    std::string err;
    auto in = strata::importers::InputReader::open(path, &err);
    if (!in)
        return {};
    std::string all;
    std::string block(1 << 20, '\0');
    for (size_t n; (n = in->read(&block[0], block.size())) > 0;)
        all.append(block, 0, n);
    return all;
}

// The events of a load: its phases' sum, except that a Perfetto trace's phases count packets
// by field (timestamp, sequence id, ...) and its events are the TrackEvent packets.
uint64_t eventCount(const strata::importers::LoadResult& res)
{
    if (res.format == "perfetto-protobuf")
        return res.phases.count("track_event") ? res.phases.at("track_event") : 0;
    uint64_t events = 0;
    for (const auto& [ph, n] : res.phases)
        events += n;
    return events;
}

int usage(const char* program)
{
    std::fprintf(stderr, "usage: %s FILE [--repeat N] [--no-baseline] [--reference-too] [--threads N]\n", program);
    return 2;
}

// A load with nlohmann's SAX as the event parser; keeps the best wall time and its CPU seconds.
void referenceLoad(const std::string& path, double* bestSeconds, double* cpuOfBest)
{
    malloc_trim(0);
    strata::importers::ImportContext ctx;
    ctx.referenceJsonParser = true;
    const auto cpu0 = cpuSeconds();
    const double seconds = strata::importers::ProfileLoader::load(path, ctx).seconds;
    const auto cpu1 = cpuSeconds();
    if (seconds < *bestSeconds) {
        *bestSeconds = seconds;
        *cpuOfBest = cpu1.first - cpu0.first + cpu1.second - cpu0.second;
    }
}

struct Baselines {
    double saxSeconds = 1e300, simdjsonSeconds = 1e300;
    uint64_t saxEvents = 0;
    std::string simdjsonError;
};

// Both baselines over the whole decompressed input in memory (the most favourable case for them).
Baselines measureBaselines(const std::string& path, int repeat)
{
    Baselines b;
    const std::string all = readAll(path);
    for (int r = 0; r < repeat; ++r) {
        FieldSax sax;
        const auto t0 = Clock::now();
        nlohmann::json::sax_parse(all.begin(), all.end(), &sax);
        b.saxSeconds = std::min(b.saxSeconds, std::chrono::duration<double>(Clock::now() - t0).count());
        b.saxEvents = sax.events;
    }
    const simdjson::padded_string padded(all);
    simdjson::dom::parser parser;
    for (int r = 0; r < repeat; ++r) {
        const auto t0 = Clock::now();
        simdjson::dom::element doc;
        const auto error = parser.parse(padded).get(doc);
        const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        if (error) {
            b.simdjsonError = simdjson::error_message(error);
            break;
        }
        b.simdjsonSeconds = std::min(b.simdjsonSeconds, seconds);
    }
    return b;
}

// Which inflater reads the file: "isa-l" or "zlib" for gzip, "zstd", "none".
std::string inputDecoder(const std::string& path)
{
    const auto probe = strata::importers::InputReader::open(path, nullptr);
    return probe ? probe->decoderName() : "-";
}

struct Options {
    int repeat = 1;
    unsigned threads = 0; // ImportContext::threads
    bool baseline = true, referenceToo = false;
};

// The options after FILE; false on one it does not know.
bool parseOptions(int argc, char** argv, Options* o)
{
    for (int i = 2; i < argc; ++i) {
        if (std::strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
            o->repeat = std::max(1, std::atoi(argv[++i]));
        else if (std::strcmp(argv[i], "--no-baseline") == 0)
            o->baseline = false;
        else if (std::strcmp(argv[i], "--reference-too") == 0)
            o->referenceToo = true;
        else if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
            o->threads = unsigned(std::max(0, std::atoi(argv[++i])));
        else
            return false;
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    if (argc < 2)
        return usage(argv[0]);
    const std::string path = argv[1];
    Options options;
    if (!parseOptions(argc, argv, &options))
        return usage(argv[0]);
    const int repeat = options.repeat;
    const unsigned threads = options.threads;
    const bool referenceToo = options.referenceToo;
    bool baseline = options.baseline;
    std::string baselineNote = baseline ? "" : "--no-baseline";
    bool warm = true;
    {
        std::error_code ec;
        const uint64_t size = std::filesystem::file_size(path, ec);
        const uint64_t phys = physicalBytes();
        if (!ec && phys && size > phys / 2) {
            char why[160];
            std::snprintf(why, sizeof why, "the file (%.1f GB) is larger than half of physical memory (%.1f GB)",
                double(size) / 1e9, double(phys) / 1e9);
            if (baseline)
                baselineNote = why;
            baseline = false;
            warm = false;
            std::fprintf(stderr, "bench_load: %s: no in-memory baseline, no page-cache warm-up\n", why);
        }
    }
    // Warm the page cache so both passes read from memory.
    if (warm) {
        std::ifstream f(path, std::ios::binary);
        std::string block(1 << 20, '\0');
        while (f.read(&block[0], block.size()) || f.gcount() > 0) { }
    }
    double bestReference = 1e300, referenceCpu = 0, bestLoad = 1e300, finalizeSeconds = 0, userSeconds = 0;
    double sysSeconds = 0;
    uint64_t fastFallbacks = 0;
    std::vector<strata::store::StageTimes::Stage> stages; // of the fastest load
    uint64_t resident = 0, events = 0, peakKb = 0, importPeakKb = 0, afterKb = 0, baseKb = 0, fileBytes = 0,
             inputBytes = 0;
    for (int r = 0; r < repeat; ++r) {
        malloc_trim(0);
        resetPeak();
        baseKb = statusKb("VmRSS:");
        // The import reports up to 0.9 of the progress; the finalizer the rest.
        uint64_t importKb = 0;
        strata::importers::ImportContext ctx;
        ctx.threads = threads;
        ctx.progress = [&](double f) {
            if (f >= 0.9 && importKb == 0)
                importKb = statusKb("VmHWM:");
        };
        const uint64_t fallbacks0 = strata::importers::ChromeEventParser::referenceBatches();
        const auto cpu0 = cpuSeconds();
        auto res = strata::importers::ProfileLoader::load(path, ctx);
        const auto cpu1 = cpuSeconds();
        fastFallbacks = strata::importers::ChromeEventParser::referenceBatches() - fallbacks0;
        if (!res.store) {
            std::fprintf(stderr, "bench_load: %s\n", res.error.c_str());
            return 2;
        }
        peakKb = std::max<uint64_t>(peakKb, statusKb("VmHWM:"));
        importPeakKb = std::max(importPeakKb, importKb);
        malloc_trim(0);
        afterKb = std::max<uint64_t>(afterKb, statusKb("VmRSS:"));
        if (res.seconds < bestLoad) {
            finalizeSeconds = res.finalizeSeconds;
            stages = res.stages;
            userSeconds = cpu1.first - cpu0.first;
            sysSeconds = cpu1.second - cpu0.second;
        }
        bestLoad = std::min(bestLoad, res.seconds);
        resident = res.store->residentBytes();
        fileBytes = res.fileBytes;
        inputBytes = res.inputBytes;
        events = eventCount(res);
        if (referenceToo) {
            res = {};
            referenceLoad(path, &bestReference, &referenceCpu);
        }
    }

    const Baselines base = baseline ? measureBaselines(path, repeat) : Baselines();
    const double mb = double(inputBytes) / 1e6;
    const double peakBytes = double(peakKb) * 1024.0;
    const double growthBytes = double(peakKb - baseKb) * 1024.0;
    const double afterBytes = double(afterKb) * 1024.0;
    std::printf("file                     %s\n", path.c_str());
    std::printf("file_bytes               %llu\n", (unsigned long long)fileBytes);
    std::printf("input_bytes              %llu\n", (unsigned long long)inputBytes);
    std::printf("input_decoder            %s\n", inputDecoder(path).c_str());
    std::printf("events                   %llu\n", (unsigned long long)events);
    if (baseline) {
        std::printf(
            "baseline_sax_seconds     %.3f   (%llu objects)\n", base.saxSeconds, (unsigned long long)base.saxEvents);
        std::printf("baseline_sax_MB_per_s    %.1f\n", mb / base.saxSeconds);
        if (base.simdjsonError.empty()) {
            std::printf("baseline_simdjson_seconds %.3f  (whole-document DOM parse, one core, simdjson %d.%d.%d, %s)\n",
                base.simdjsonSeconds, int(simdjson::SIMDJSON_VERSION_MAJOR), int(simdjson::SIMDJSON_VERSION_MINOR),
                int(simdjson::SIMDJSON_VERSION_REVISION), simdjson::get_active_implementation()->name().c_str());
            std::printf("baseline_simdjson_MB_per_s %.1f\n", mb / base.simdjsonSeconds);
        } else {
            std::printf("baseline_simdjson_seconds -   (%s)\n", base.simdjsonError.c_str());
        }
    } else {
        std::printf("baseline_sax_seconds     -   (skipped: %s)\n", baselineNote.c_str());
    }
    std::printf("load_seconds             %.3f\n", bestLoad);
    std::printf("  of which finalize      %.3f\n", finalizeSeconds);
    std::printf("load_cpu_seconds         %.3f  (user %.3f + system %.3f, all threads: the share of a busy machine "
                "it got does not change it)\n",
        userSeconds + sysSeconds, userSeconds, sysSeconds);
    printStages(stages);
    std::printf("load_MB_per_s            %.1f\n", mb / bestLoad);
    std::printf("load_events_per_s        %.0f\n", double(events) / bestLoad);
    if (baseline)
        std::printf("load_vs_baseline         %.2fx  (baseline seconds / load seconds)\n", base.saxSeconds / bestLoad);
    if (baseline && base.simdjsonError.empty())
        std::printf("load_vs_simdjson         %.2fx  (simdjson DOM seconds / load seconds; budget >= 0.8)\n",
            base.simdjsonSeconds / bestLoad);
    if (referenceToo) {
        std::printf("load_reference_seconds   %.3f  (nlohmann SAX event parser, alternating runs; load / reference "
                    "%.2fx)\n",
            bestReference, bestLoad / bestReference);
        std::printf("load_reference_cpu_seconds %.3f  (load / reference %.2fx)\n", referenceCpu,
            (userSeconds + sysSeconds) / referenceCpu);
    }
    std::printf("reference_parser_batches %llu  (batches the fast path handed to nlohmann)\n",
        (unsigned long long)fastFallbacks);
    std::printf("resident_bytes           %llu\n", (unsigned long long)resident);
    std::printf("resident_bytes_per_event %.1f\n", double(resident) / double(events));
    std::printf("resident_after_bytes     %.0f  (VmRSS after the load and malloc_trim, store alive)\n", afterBytes);
    std::printf("resident_after_per_event %.1f\n", afterBytes / double(events));
    std::printf(
        "peak_rss_bytes           %.0f  (process, before load %llu KB)\n", peakBytes, (unsigned long long)baseKb);
    std::printf("peak_rss_per_event       %.1f\n", peakBytes / double(events));
    std::printf("peak_rss_import_bytes    %.0f  (VmHWM when the import had read the whole input)\n",
        double(importPeakKb) * 1024.0);
    std::printf("peak_rss_over_resident   %.2f  (growth during load / resident: %.2f)\n", peakBytes / double(resident),
        growthBytes / double(resident));
    return 0;
}
