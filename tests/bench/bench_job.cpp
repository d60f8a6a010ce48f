// Job load benchmark (not a test): a folder of per-rank traces opened as one merged store
// (JobLoader), against the baseline the budget is stated in: every rank loaded alone, one
// after the other, in the same run, twice: as a user opens it (the importer on every core)
// and on one core (ImportContext::threads = 1, as --rank-threads 1 gives a job's ranks).
//
//   bench_job DIR [--workers N] [--rank-threads N] [--no-cache] [--job-only] [--job-cache]
//
// The budgets (docs/performance.md, "Jobs"): job load wall <= 1.1 x (sum of the single loads)
// / 2 cores, peak RSS of the job load <= 60 bytes per event. "/ 2 cores" is a perfect
// speed-up of two loads side by side, which holds only when each single load runs on one
// core: the budget's sum is of the one-core loads (job_vs_one_core_sum_over_2). A single load
// as a user opens it already keeps more than one core busy, so dividing its sum by two asks
// the job to be that many times more efficient per event than a single load, and more with
// every gain in a single load's parallelism; that ratio (job_vs_sum_over_2) is printed too,
// beside each baseline's cores, so neither figure is hidden.
//
// The job load runs in a child process (this program again, with --job-only), so its peak
// RSS is the job's alone, not the baseline's allocations. --job-only prints that child's
// figures and nothing else. --rank-threads N: each rank's import on N threads (0, the
// default: JobLoader's choice, the cores shared among the workers; 3 on two cores is the
// importer's own choice, a scanner and two parse workers per rank). --no-cache: neither read
// nor write snapshots (the figures of a load from source). Without it the job load reads
// each rank's cached snapshot when there is one and writes the others'; --job-cache also
// reads the job's own snapshot ("recorded" alignment), and writes it after a load from the
// ranks.
#include "procstatus.h"
#include <job/jobgrouper.h>
#include <job/jobloader.h>

#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string>

namespace {

using namespace strata::importers;
using benchmem::statusKb;

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

struct Options {
    std::string dir;
    unsigned workers = 2;
    unsigned rankThreads = 0;
    bool cache = true;
    bool jobOnly = false;
    bool jobCache = false;
};

uint64_t eventsOf(const LoadResult& r)
{
    uint64_t n = 0;
    for (const auto& [phase, count] : r.phases)
        n += count;
    return n;
}

// The job load alone: prints "key value" lines the parent reads back.
int jobOnly(const Options& o, const job::JobPlan& plan)
{
    CacheOptions cache;
    cache.enabled = o.cache;
    malloc_trim(0);
    resetPeak();
    const uint64_t beforeKb = statusKb("VmRSS:");
    const auto cpu0 = cpuSeconds();
    const auto t0 = std::chrono::steady_clock::now();
    job::JobLoader::Result r;
    if (o.jobCache)
        r = job::JobLoader::loadCached(plan, "recorded", {}, cache);
    const bool fromJobSnapshot = r.merged.store != nullptr;
    if (!fromJobSnapshot)
        r = job::JobLoader::load(plan, {}, cache, o.workers, o.rankThreads);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const auto cpu1 = cpuSeconds();
    const uint64_t peakKb = statusKb("VmHWM:");
    if (!r.merged.store) {
        std::fprintf(stderr, "bench_job: %s\n", r.merged.error.c_str());
        return 2;
    }
    for (const job::JobPlan::Problem& p : r.problems)
        std::fprintf(stderr, "bench_job: %s: %s (at byte %llu)\n", p.path.c_str(), p.reason.c_str(),
            static_cast<unsigned long long>(p.offset));
    malloc_trim(0);
    const uint64_t afterKb = statusKb("VmRSS:");
    double writeSeconds = 0;
    if (o.jobCache && !fromJobSnapshot) {
        const auto w0 = std::chrono::steady_clock::now();
        std::string error;
        if (!job::JobLoader::writeCache(r, plan, "recorded", cache, &error))
            std::fprintf(stderr, "bench_job: job snapshot not written: %s\n", error.c_str());
        writeSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
    }
    std::printf("job_from %s\n", fromJobSnapshot ? "job-snapshot" : "ranks");
    std::printf("ranks_loaded %zu\n", r.ranksLoaded);
    std::printf("events %llu\n", static_cast<unsigned long long>(eventsOf(r.merged)));
    std::printf("job_seconds %.3f\n", wall);
    std::printf("merge_finish_seconds %.3f\n", r.merged.finalizeSeconds);
    std::printf("merge_append_seconds %.3f\n", r.mergeSeconds);
    std::printf("merge_append_cpu_seconds %.3f\n", r.mergeCpuSeconds);
    std::printf("merge_wait_seconds %.3f\n", r.waitSeconds);
    std::printf("job_rank_seconds_sum %.3f\n", r.sumRankSeconds);
    std::printf("job_cpu_seconds %.3f\n", (cpu1.first - cpu0.first) + (cpu1.second - cpu0.second));
    std::printf("job_peak_rss_bytes %llu\n", static_cast<unsigned long long>(peakKb) * 1024);
    std::printf("job_before_rss_bytes %llu\n", static_cast<unsigned long long>(beforeKb) * 1024);
    std::printf("job_resident_after_bytes %llu\n", static_cast<unsigned long long>(afterKb) * 1024);
    std::printf("store_resident_bytes %zu\n", r.merged.store->residentBytes());
    std::printf("store_args_bytes %zu\n", r.merged.store->args().residentBytes());
    std::printf("store_arg_sets %zu\n", r.merged.store->args().setCount());
    std::printf("store_arg_shapes %zu\n", r.merged.store->args().shapeCount());
    if (writeSeconds > 0)
        std::printf("job_snapshot_write_seconds %.3f\n", writeSeconds);
    return 0;
}

// Runs this program with --job-only and reads its "key value" lines.
bool runChild(const char* self, const Options& o, std::map<std::string, std::string>& out)
{
    std::string cmd = std::string("'") + self + "' '" + o.dir + "' --job-only --workers " + std::to_string(o.workers);
    if (!o.cache)
        cmd += " --no-cache";
    if (o.jobCache)
        cmd += " --job-cache";
    if (o.rankThreads)
        cmd += " --rank-threads " + std::to_string(o.rankThreads);
    std::FILE* p = popen(cmd.c_str(), "r");
    if (!p)
        return false;
    char line[512];
    while (std::fgets(line, sizeof line, p)) {
        std::string s(line);
        const size_t space = s.find(' ');
        if (space != std::string::npos)
            out[s.substr(0, space)] = s.substr(space + 1, s.find_last_not_of("\r\n") - space);
    }
    return pclose(p) == 0;
}

bool parse(int argc, char** argv, Options& o)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--workers") == 0 && i + 1 < argc)
            o.workers = unsigned(std::max(1, std::atoi(argv[++i])));
        else if (std::strcmp(argv[i], "--rank-threads") == 0 && i + 1 < argc)
            o.rankThreads = unsigned(std::max(0, std::atoi(argv[++i])));
        else if (std::strcmp(argv[i], "--no-cache") == 0)
            o.cache = false;
        else if (std::strcmp(argv[i], "--job-only") == 0)
            o.jobOnly = true;
        else if (std::strcmp(argv[i], "--job-cache") == 0)
            o.jobCache = true;
        else if (argv[i][0] != '-' && o.dir.empty())
            o.dir = argv[i];
        else
            return false;
    }
    return !o.dir.empty();
}

// The ranks loaded alone, one after the other, each import on `threads` threads (0: the
// importer's own choice, as a user opens a trace).
struct Baseline {
    double seconds = 0; // the loads' own wall times, added up
    double cpu = 0; // CPU of every thread
    uint64_t events = 0;
};

Baseline singles(const job::JobPlan& plan, const CacheOptions& cache, unsigned threads)
{
    Baseline b;
    ImportContext ctx;
    ctx.threads = threads;
    const auto cpu0 = cpuSeconds();
    for (const job::JobPlan::Member& m : plan.ranks) {
        const LoadResult r = CachedLoader::load(m.path, ctx, cache);
        if (!r.store) {
            std::fprintf(stderr, "bench_job: %s\n", r.error.c_str());
            continue;
        }
        b.seconds += r.seconds;
        b.events += eventsOf(r);
    }
    const auto cpu1 = cpuSeconds();
    b.cpu = (cpu1.first - cpu0.first) + (cpu1.second - cpu0.second);
    malloc_trim(0);
    return b;
}

} // namespace

int main(int argc, char** argv)
{
    mallopt(M_MMAP_THRESHOLD, 256 * 1024); // as strata and strata-cli
    Options o;
    if (!parse(argc, argv, o)) {
        std::fprintf(stderr, "usage: %s DIR [--workers N] [--rank-threads N] [--no-cache] [--job-only] [--job-cache]\n",
            argv[0]);
        return 2;
    }
    const job::JobPlan plan = job::JobGrouper::plan({ o.dir });
    if (plan.kind != job::JobPlan::Kind::Job) {
        std::fprintf(stderr, "bench_job: %s is not a job: %s\n", o.dir.c_str(), plan.refusal.c_str());
        return 2;
    }
    if (o.jobOnly)
        return jobOnly(o, plan);

    // The baselines: each rank alone, one after the other, its store freed before the next;
    // first as a user opens it, then on one core.
    CacheOptions cache;
    cache.enabled = o.cache;
    const Baseline asOpened = singles(plan, cache, 0);
    const Baseline oneCore = singles(plan, cache, 1);
    const double sumSeconds = asOpened.seconds;
    const double sumCpu = asOpened.cpu;
    const uint64_t events = asOpened.events;
    malloc_trim(0);

    std::map<std::string, std::string> job;
    // This program's own path: "/proc/self/exe" in the command line would be the shell's.
    char self[4096] = {};
    if (readlink("/proc/self/exe", self, sizeof self - 1) <= 0 || !runChild(self, o, job) || job.empty()) {
        std::fprintf(stderr, "bench_job: the job load failed\n");
        return 2;
    }
    const double jobSeconds = std::atof(job["job_seconds"].c_str());
    const double jobEvents = std::atof(job["events"].c_str());
    const double peak = std::atof(job["job_peak_rss_bytes"].c_str());
    const double after = std::atof(job["job_resident_after_bytes"].c_str());
    const double resident = std::atof(job["store_resident_bytes"].c_str());
    std::printf("folder                   %s\n", o.dir.c_str());
    std::printf("ranks                    %zu (loaded %s), workers %u, threads per rank %s%s\n", plan.ranks.size(),
        job["ranks_loaded"].c_str(), o.workers,
        o.rankThreads ? std::to_string(o.rankThreads).c_str() : "the cores shared", o.cache ? "" : ", --no-cache");
    std::printf(
        "events                   %.0f (the single loads: %llu)\n", jobEvents, static_cast<unsigned long long>(events));
    std::printf("sum_single_loads_seconds %.3f  (as opened: CPU %.3f s, all threads, %.2f cores a load)\n", sumSeconds,
        sumCpu, sumCpu / sumSeconds);
    std::printf("sum_one_core_seconds     %.3f  (each single load on one core: CPU %.3f s, %.2f cores a load)\n",
        oneCore.seconds, oneCore.cpu, oneCore.cpu / oneCore.seconds);
    std::printf("job_load_seconds         %.3f  (from %s; the ranks' own loads %s s, their appends %s s (CPU %s s), "
                "waiting for "
                "their turn %s s, the merge's finish %s s; CPU %s s)\n",
        jobSeconds, job["job_from"].c_str(), job["job_rank_seconds_sum"].c_str(), job["merge_append_seconds"].c_str(),
        job["merge_append_cpu_seconds"].c_str(), job["merge_wait_seconds"].c_str(), job["merge_finish_seconds"].c_str(),
        job["job_cpu_seconds"].c_str());
    const double jobCpu = std::atof(job["job_cpu_seconds"].c_str());
    std::printf("job_vs_one_core_sum_over_2 %.3f  (the budget's: <= 1.1; CPU job / one-core loads %.3f)\n",
        jobSeconds / (oneCore.seconds / 2), jobCpu / oneCore.cpu);
    std::printf("job_vs_sum_over_2        %.3f  (the loads as opened, for comparison; CPU job / single loads %.3f)\n",
        jobSeconds / (sumSeconds / 2), jobCpu / sumCpu);
    std::printf("job_peak_rss_bytes       %.0f  (%.1f bytes/event, budget <= 60; before the load %s)\n", peak,
        peak / jobEvents, job["job_before_rss_bytes"].c_str());
    std::printf("job_resident_after_bytes %.0f  (%.1f bytes/event; the store's own count %.1f, of which the "
                "events' arguments %.1f: %s sets of %s shapes)\n",
        after, after / jobEvents, resident / jobEvents, std::atof(job["store_args_bytes"].c_str()) / jobEvents,
        job["store_arg_sets"].c_str(), job["store_arg_shapes"].c_str());
    if (job.count("job_snapshot_write_seconds"))
        std::printf("job_snapshot_write       %s s\n", job["job_snapshot_write_seconds"].c_str());
    return 0;
}
