// Load benchmark (not a test): prints throughput and memory figures for one trace, and
// the same figures for a single-threaded nlohmann SAX pass that only extracts the event
// fields, measured in the same run so the ratio is meaningful on a noisy shared machine.
//
//   bench_load FILE [--repeat N]
#include <inputreader.h>
#include <profileloader.h>

#include <nlohmann/json.hpp>

#include <malloc.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

namespace {

using Clock = std::chrono::steady_clock;

uint64_t statusKb(const char* key)
{
    std::ifstream f("/proc/self/status");
    std::string line;
    while (std::getline(f, line))
        if (line.rfind(key, 0) == 0)
            return std::stoull(line.substr(std::strlen(key) + 1));
    return 0;
}

void resetPeak()
{
    std::ofstream f("/proc/self/clear_refs");
    f << "5";
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

} // namespace

int main(int argc, char** argv)
{
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FILE [--repeat N]\n", argv[0]);
        return 2;
    }
    const std::string path = argv[1];
    int repeat = 1;
    if (argc >= 4 && std::strcmp(argv[2], "--repeat") == 0)
        repeat = std::max(1, std::atoi(argv[3]));

    // Warm the page cache so both passes read from memory.
    {
        std::ifstream f(path, std::ios::binary);
        std::string block(1 << 20, '\0');
        while (f.read(&block[0], block.size()) || f.gcount() > 0) { }
    }

    double bestLoad = 1e300, finalizeSeconds = 0;
    uint64_t resident = 0, events = 0, peakKb = 0, baseKb = 0, fileBytes = 0, inputBytes = 0;
    for (int r = 0; r < repeat; ++r) {
        malloc_trim(0);
        resetPeak();
        baseKb = statusKb("VmRSS:");
        auto res = strata::importers::ProfileLoader::load(path);
        if (!res.store) {
            std::fprintf(stderr, "bench_load: %s\n", res.error.c_str());
            return 2;
        }
        peakKb = std::max<uint64_t>(peakKb, statusKb("VmHWM:"));
        if (res.seconds < bestLoad)
            finalizeSeconds = res.finalizeSeconds;
        bestLoad = std::min(bestLoad, res.seconds);
        resident = res.store->residentBytes();
        fileBytes = res.fileBytes;
        inputBytes = res.inputBytes;
        events = 0;
        for (const auto& [ph, n] : res.phases)
            events += n;
    }

    // Baseline: the whole decompressed input in memory (the most favourable case for it).
    const std::string all = readAll(path);
    double bestBase = 1e300;
    uint64_t baseEvents = 0;
    for (int r = 0; r < repeat; ++r) {
        FieldSax sax;
        const auto t0 = Clock::now();
        nlohmann::json::sax_parse(all.begin(), all.end(), &sax);
        bestBase = std::min(bestBase, std::chrono::duration<double>(Clock::now() - t0).count());
        baseEvents = sax.events;
    }

    const double mb = double(inputBytes) / 1e6;
    const double peakBytes = double(peakKb) * 1024.0;
    const double growthBytes = double(peakKb - baseKb) * 1024.0;
    std::printf("file                     %s\n", path.c_str());
    std::printf("file_bytes               %llu\n", (unsigned long long)fileBytes);
    std::printf("input_bytes              %llu\n", (unsigned long long)inputBytes);
    std::printf("events                   %llu\n", (unsigned long long)events);
    std::printf("baseline_sax_seconds     %.3f   (%llu objects)\n", bestBase, (unsigned long long)baseEvents);
    std::printf("baseline_sax_MB_per_s    %.1f\n", mb / bestBase);
    std::printf("load_seconds             %.3f\n", bestLoad);
    std::printf("  of which finalize      %.3f\n", finalizeSeconds);
    std::printf("load_MB_per_s            %.1f\n", mb / bestLoad);
    std::printf("load_events_per_s        %.0f\n", double(events) / bestLoad);
    std::printf("load_vs_baseline         %.2fx  (baseline seconds / load seconds)\n", bestBase / bestLoad);
    std::printf("resident_bytes           %llu\n", (unsigned long long)resident);
    std::printf("resident_bytes_per_event %.1f\n", double(resident) / double(events));
    std::printf(
        "peak_rss_bytes           %.0f  (process, before load %llu KB)\n", peakBytes, (unsigned long long)baseKb);
    std::printf("peak_rss_per_event       %.1f\n", peakBytes / double(events));
    std::printf("peak_rss_over_resident   %.2f  (growth during load / resident: %.2f)\n", peakBytes / double(resident),
        growthBytes / double(resident));
    return 0;
}
