// Summary benchmark (not a test): builds the SummaryIndex of one trace and times
// SummaryCalculator::compute() for the whole trace, for random windows of every width
// (a zoomed timeline) and for random marker pairs. Budget: <= 20 ms per window on the
// 10M-event trace; the index <= ~4 bytes per event.
//
//   bench_summary FILE [--windows N] [--seed S]
#include "benchload.h"
#include <analysis/summary/summarycalculator.h>

#include <profileloader.h>

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using namespace strata::store;
using namespace strata::analysis;

double since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

struct Stats {
    double median = 0, p99 = 0, max = 0;
};

Stats stats(std::vector<double> ms)
{
    std::sort(ms.begin(), ms.end());
    Stats s;
    if (ms.empty())
        return s;
    s.median = ms[ms.size() / 2];
    s.p99 = ms[std::min(ms.size() - 1, ms.size() * 99 / 100)];
    s.max = ms.back();
    return s;
}

// Keeps the optimizer from dropping a result.
volatile uint64_t g_sink = 0;

double timeCompute(const EventStore& s, const SummaryIndex& index, TimeRange w)
{
    const auto t0 = Clock::now();
    const TraceSummary sum = SummaryCalculator::compute(s, index, w);
    const double ms = since(t0) * 1e3;
    for (const auto& r : sum.tracks)
        g_sink = g_sink + r.events + uint64_t(r.busyNs);
    return ms;
}

} // namespace

int main(int argc, char** argv)
{
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FILE [--windows N] [--seed S]\n", argv[0]);
        return 2;
    }
    const std::string path = argv[1];
    int windows = 1000;
    uint64_t seed = 1;
    for (int i = 2; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--windows") == 0)
            windows = std::max(1, std::atoi(argv[i + 1]));
        else if (std::strcmp(argv[i], "--seed") == 0)
            seed = std::strtoull(argv[i + 1], nullptr, 10);
    }

    const auto r = benchload::open(path);
    if (!r.store) {
        std::fprintf(stderr, "bench_summary: %s\n", r.error.c_str());
        return 2;
    }
    const EventStore& s = *r.store;
    uint64_t events = 0;
    for (const auto& [ph, n] : r.phases)
        events += n;
    std::printf("file                        %s\n", path.c_str());
    std::printf("events                      %llu (slices %zu, counter samples %zu, tracks %zu)\n",
        (unsigned long long)events, s.sliceCount(), s.counterSampleCount(), s.trackCount());
    std::printf("load_seconds                %.3f\n", r.seconds);

    // The index: best of three builds, then single-threaded for reference.
    double build = 1e300;
    SummaryIndex index;
    for (int k = 0; k < 3; ++k) {
        const auto t0 = Clock::now();
        SummaryIndex built(s);
        build = std::min(build, since(t0));
        index = std::move(built);
    }
    auto t1 = Clock::now();
    {
        const SummaryIndex single(s, 1);
        g_sink = g_sink + single.residentBytes();
    }
    const double buildSingle = since(t1);
    const double idx = double(index.residentBytes());
    std::printf("index_build_seconds         %.3f  (one thread: %.3f)\n", build, buildSingle);
    std::printf("index_bytes                 %.0f\n", idx);
    std::printf(
        "index_bytes_per_event       %.3f  (per slice %.3f)\n", idx / double(events), idx / double(s.sliceCount()));
    std::printf("store_bytes_per_event       %.1f  (store + index %.1f)\n", double(s.residentBytes()) / double(events),
        (double(s.residentBytes()) + idx) / double(events));

    // Baseline: what a scan of every slice of the trace (durations and args) costs.
    {
        const auto t0 = Clock::now();
        double bytes = 0;
        TimeNs dur = 0;
        for (uint32_t i = 0; i < s.sliceCount(); ++i) {
            dur += s.sliceDur(SliceRow(i));
            double m[MetricKeys::kMetricCount] = {};
            if (index.keys().read(s.args(), s.strings(), s.sliceArgs(SliceRow(i)), m) & 1u)
                bytes += m[0];
        }
        g_sink = g_sink + uint64_t(dur) + uint64_t(bytes);
        std::printf(
            "baseline_full_scan_ms      %8.2f  (what every window would cost without the index)\n", since(t0) * 1e3);
    }

    const TimeRange ext = s.extent();
    std::vector<double> whole;
    whole.reserve(7);
    for (int k = 0; k < 7; ++k)
        whole.push_back(timeCompute(s, index, ext));
    const Stats w = stats(whole);
    std::printf("compute_whole_trace_ms      median %.3f  max %.3f\n", w.median, w.max);

    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const double span = double(ext.duration());
    // Windows of every width from 1 us to the whole trace (log-uniform), anywhere.
    std::vector<double> zoomed;
    for (int i = 0; i < windows; ++i) {
        const double width = std::exp(std::log(1e3) + unit(rng) * (std::log(std::max(span, 1e3)) - std::log(1e3)));
        const TimeNs start = ext.start + TimeNs(unit(rng) * std::max(0.0, span - width));
        zoomed.push_back(timeCompute(s, index, TimeRange { start, start + TimeNs(width) }));
    }
    const Stats z = stats(zoomed);
    std::printf("compute_random_windows_ms   median %.3f  p99 %.3f  max %.3f  (%d windows, 1 us .. whole trace)\n",
        z.median, z.p99, z.max, windows);
    // Marker pairs: two independent points anywhere in the trace.
    std::vector<double> pairs;
    for (int i = 0; i < windows; ++i) {
        TimeNs a = ext.start + TimeNs(unit(rng) * span), b = ext.start + TimeNs(unit(rng) * span);
        if (a > b)
            std::swap(a, b);
        pairs.push_back(timeCompute(s, index, TimeRange { a, b }));
    }
    const Stats p = stats(pairs);
    std::printf(
        "compute_marker_pairs_ms     median %.3f  p99 %.3f  max %.3f  (%d pairs)\n", p.median, p.p99, p.max, windows);
    std::printf("budget_20ms                 %s\n", std::max({ w.max, z.max, p.max }) <= 20.0 ? "met" : "MISSED");
    return 0;
}
