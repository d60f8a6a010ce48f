// Snapshot benchmark (not a test): loads a trace as bench_load does (or reads a .strata file),
// builds its derived indexes, writes its snapshot with them and reads it back, printing the
// snapshot's bytes per event (by section), the write's and the read's wall and CPU seconds,
// the load in the same run for the ratio, and each index's build and restore milliseconds.
//
//   bench_snapshot FILE [--out SNAPSHOT] [--level N] [--threads N] [--verify]
//   bench_snapshot --read SNAPSHOT   (the read, the restore of its indexes, and their build)
#include "procstatus.h"
#include <support/storedump.h>

#include <analysis/indexes/indexattachments.h>
#include <analysis/operators/operatorcatalog.h>
#include <analysis/summary/summaryindex.h>
#include <analysis/timeline/lodindex.h>
#include <cachedloader.h>
#include <profileloader.h>
#include <snapshot/snapshotreader.h>
#include <snapshot/snapshotwriter.h>

#include <malloc.h>
#include <time.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace {

double cpuSeconds()
{
    timespec t {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

using benchmem::statusKb;

double since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double msSince(std::chrono::steady_clock::time_point t0)
{
    return since(t0) * 1e3;
}

// The indexes of `store` built one after the other, each timed, as IndexAttachments keeps them.
struct Built {
    std::shared_ptr<const strata::analysis::LodIndex> lod;
    std::shared_ptr<const strata::analysis::SummaryIndex> summary;
    std::shared_ptr<const strata::analysis::OperatorCatalog> catalog;
};
Built buildIndexes(const strata::store::EventStore& store)
{
    Built b;
    auto t0 = std::chrono::steady_clock::now();
    b.lod = std::make_shared<const strata::analysis::LodIndex>(store);
    const double lod = msSince(t0);
    t0 = std::chrono::steady_clock::now();
    b.summary = std::make_shared<const strata::analysis::SummaryIndex>(store);
    const double summary = msSince(t0);
    t0 = std::chrono::steady_clock::now();
    b.catalog = std::make_shared<const strata::analysis::OperatorCatalog>(store);
    std::printf("index_build_ms           lod %.1f, summary %.1f, catalog %.1f\n", lod, summary, msSince(t0));
    return b;
}

// Restores the indexes a snapshot carries; false when one is missing or refused.
bool restoreIndexes(const strata::store::EventStore& store, const std::map<std::string, std::string>& attachments)
{
    const auto t0 = std::chrono::steady_clock::now();
    const auto r = strata::analysis::IndexAttachments::decode(store, attachments);
    const double all = msSince(t0);
    std::printf("index_restore_ms         lod %.1f, summary %.1f, catalog %.1f (all %.1f)\n", r.ms.at("lod"),
        r.ms.at("summary"), r.ms.at("catalog"), all);
    for (const std::string& why : r.refused)
        std::printf("  refused: %s\n", why.c_str());
    return strata::analysis::IndexAttachments::keepsAll(r.indexes);
}

} // namespace

int main(int argc, char** argv)
{
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FILE [--out SNAPSHOT] [--level N] [--threads N] [--verify]\n", argv[0]);
        return 2;
    }
    const std::string path = argv[1];
    if (path == "--read" && argc >= 3) { // only the read of an existing snapshot, for profiling
        const auto t0 = std::chrono::steady_clock::now();
        const double c0 = cpuSeconds();
        const auto r = strata::store::SnapshotReader::read(argv[2]);
        std::printf("read_seconds             %.3f wall, %.3f CPU  %s\n", since(t0), cpuSeconds() - c0,
            r.store ? "" : r.error.c_str());
        if (!r.store)
            return 2;
        const bool restored = restoreIndexes(*r.store, r.attachments);
        std::printf("indexes                  %s\n", restored ? "all restored" : "NOT all restored");
        buildIndexes(*r.store);
        malloc_trim(0);
        const uint64_t events = r.store->sliceCount() + r.store->instantCount() + r.store->counterSampleCount();
        std::printf("events                   %llu\n", (unsigned long long)events);
        std::printf("peak_rss_bytes           %llu  (%.1f B/event)\n", (unsigned long long)statusKb("VmHWM:") * 1024,
            double(statusKb("VmHWM:")) * 1024 / double(events));
        std::printf("resident_after_bytes     %llu\n", (unsigned long long)statusKb("VmRSS:") * 1024);
        return 0;
    }
    std::string out = "/tmp/bench_snapshot.strata";
    bool verify = false;
    strata::store::SnapshotWriter::Options options;
    for (int i = 2; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--verify"))
            verify = true;
        else if (i + 1 < argc && !std::strcmp(argv[i], "--out"))
            out = argv[++i];
        else if (i + 1 < argc && !std::strcmp(argv[i], "--level"))
            options.level = std::atoi(argv[++i]);
        else if (i + 1 < argc && !std::strcmp(argv[i], "--threads"))
            options.threads = std::atoi(argv[++i]);
    }
    // The JSON load is measured from the page cache, unless the file cannot fit in it.
    if (uint64_t(std::ifstream(path, std::ios::binary | std::ios::ate).tellg()) * 2
        < uint64_t(sysconf(_SC_PHYS_PAGES)) * uint64_t(sysconf(_SC_PAGE_SIZE))) {
        std::ifstream f(path, std::ios::binary);
        std::string block(1 << 20, '\0');
        while (f.read(&block[0], block.size()) || f.gcount() > 0) { }
    }
    // A .strata file is read as such (the cache is not involved), anything else parsed.
    strata::importers::CacheOptions noCache;
    noCache.enabled = false;
    auto loaded = strata::importers::CachedLoader::load(path, {}, noCache);
    if (!loaded.store) {
        std::fprintf(stderr, "bench_snapshot: %s\n", loaded.error.c_str());
        return 2;
    }
    uint64_t events = 0;
    for (const auto& [ph, n] : loaded.phases)
        events += n;
    const strata::store::EventStore& store = *loaded.store;
    Built built = buildIndexes(store);

    strata::store::SnapshotWriter::Stats stats;
    std::string error;
    double c0 = cpuSeconds();
    auto t0 = std::chrono::steady_clock::now();
    // A .strata file as `strata-cli snapshot` writes it, so the benchmarks can open it.
    options.attachments = strata::importers::CachedLoader::portableAttachments(loaded, path, "");
    const auto e0 = std::chrono::steady_clock::now();
    strata::analysis::IndexSet indexes;
    indexes.set(built.lod);
    indexes.set(built.summary);
    indexes.set(built.catalog);
    for (auto& [name, blob] : strata::analysis::IndexAttachments::encode(store, indexes))
        options.attachments[name] = std::move(blob);
    const double encodeMs = msSince(e0);
    if (!strata::store::SnapshotWriter::write(store, out, "", &error, options, &stats)) {
        std::fprintf(stderr, "bench_snapshot: %s\n", error.c_str());
        return 2;
    }
    const double writeWall = since(t0), writeCpu = cpuSeconds() - c0;
    std::printf("index_encode_ms          %.1f (in the write's seconds)\n", encodeMs);
    const size_t storeBytes = store.residentBytes(), sliceCount = store.sliceCount(),
                 instantCount = store.instantCount(), sampleCount = store.counterSampleCount(),
                 flowCount = store.flowCount();
    const double loadSeconds = loaded.seconds;
    std::string dumped;
    if (verify)
        dumped = snapshottest::StoreDump::text(store);
    // One store in memory at a time: the 100M-event one takes ~5 GB.
    options.attachments.clear();
    built = Built();
    loaded = strata::importers::LoadResult();
    malloc_trim(0);

    malloc_trim(0);
    c0 = cpuSeconds();
    t0 = std::chrono::steady_clock::now();
    const strata::store::SnapshotReadResult read = strata::store::SnapshotReader::read(out);
    const double readWall = since(t0), readCpu = cpuSeconds() - c0;
    if (!read.store) {
        std::fprintf(stderr, "bench_snapshot: %s\n", read.error.c_str());
        return 2;
    }
    const bool restored = restoreIndexes(*read.store, read.attachments);

    std::printf("file                     %s\n", path.c_str());
    std::printf("events                   %llu  (slices %zu, instants %zu, counter samples %zu, flows %zu)\n",
        (unsigned long long)events, sliceCount, instantCount, sampleCount, flowCount);
    std::printf("load_seconds             %.3f\n", loadSeconds);
    std::printf("store_bytes_per_event    %.1f\n", double(storeBytes) / double(events));
    std::printf("snapshot_bytes           %llu  (uncompressed sections %llu)\n", (unsigned long long)stats.fileBytes,
        (unsigned long long)stats.rawBytes);
    std::printf("snapshot_bytes_per_event %.2f\n", double(stats.fileBytes) / double(events));
    for (const auto& [name, bytes] : stats.sectionBytes)
        std::printf("  %-22s %.3f B/event  (%llu bytes)\n", name.c_str(), double(bytes) / double(events),
            (unsigned long long)bytes);
    std::printf("write_seconds            %.3f wall, %.3f CPU  (zstd level %d, %d workers)\n", writeWall, writeCpu,
        options.level, options.threads);
    std::printf("read_seconds             %.3f wall, %.3f CPU\n", readWall, readCpu);
    std::printf("load_over_read           %.1fx\n", loadSeconds / readWall);
    std::printf("resident_bytes           %zu loaded, %zu read\n", storeBytes, read.store->residentBytes());
    std::printf("indexes                  %s\n", restored ? "all restored" : "NOT all restored");
    if (!restored)
        return 1;
    if (verify) {
        const bool same = snapshottest::StoreDump::text(*read.store) == dumped;
        std::printf("identical                %s\n", same ? "yes" : "NO");
        if (!same)
            return 1;
    }
    return 0;
}
