#include "cliload.h"

#include <analysis/indexes/indexattachments.h>
#include <job/jobgrouper.h>

#include <atomic>
#include <cstdio>
#include <thread>
#include <utility>
#include <vector>

namespace strata::app {

namespace {

importers::CacheOptions& cacheOptions()
{
    static importers::CacheOptions options;
    return options;
}

// Profiles parsed from their source in this run, kept until main() writes their snapshots.
std::vector<std::pair<std::string, importers::LoadResult>>& pending()
{
    static std::vector<std::pair<std::string, importers::LoadResult>> loads;
    return loads;
}

// The derived indexes of a profile loaded in this run: the index blobs its snapshot carried,
// each restored only when a command asks for that index (`info` needs none), and what was
// restored or built so far.
struct Indexes {
    std::string path;
    std::map<std::string, std::string> blobs;
    analysis::IndexSet known;
};

std::map<const store::EventStore*, Indexes>& indexes()
{
    static std::map<const store::EventStore*, Indexes> all;
    return all;
}

// The indexes of `r`, with the blob of `kind` restored if the snapshot had one. A refused blob
// is only slower: said on stderr, so that the answer stays the same, and the caller builds.
analysis::IndexSet& known(const importers::LoadResult& r, const analysis::IndexKind& kind)
{
    Indexes& x = indexes()[r.store.get()];
    const auto it = x.blobs.find(analysis::IndexAttachments::nameOf(kind));
    if (it != x.blobs.end()) {
        std::map<std::string, std::string> one;
        one.insert(x.blobs.extract(it));
        std::vector<std::string> refused;
        std::shared_ptr<const void> got = analysis::IndexAttachments::restore(kind, *r.store, one, &refused);
        for (const std::string& why : refused)
            std::fprintf(stderr, "strata-cli: %s: %s\n", x.path.c_str(), why.c_str());
        if (got)
            x.known.put(kind.type, std::move(got));
    }
    return x.known;
}

} // namespace

std::shared_ptr<const void> indexOf(const importers::LoadResult& r, const analysis::IndexKind& kind)
{
    analysis::IndexSet& k = known(r, kind);
    if (!k.has(kind.type))
        k.put(kind.type, kind.build(*r.store, k, nullptr));
    return k.find(kind.type);
}

std::map<std::string, std::string> indexAttachmentsOf(const importers::LoadResult& r)
{
    for (const analysis::IndexKind& kind : analysis::IndexRegistry::kinds())
        if (kind.persisted())
            known(r, kind);
    return analysis::IndexAttachments::encode(*r.store, indexes()[r.store.get()].known);
}

void setSnapshotCacheEnabled(bool enabled)
{
    cacheOptions().enabled = enabled;
}

// Keeps the derived indexes a load's snapshot carried and queues the snapshot of a parsed
// source; main thread only (the tables above are not shared between threads).
importers::LoadResult adopt(const std::string& path, importers::LoadResult r)
{
    if (r.store) {
        // A cache snapshot written before the derived indexes were kept is written again
        // with them on the way out, as a parsed source's is.
        r.refreshCache = r.fromSnapshot && !r.portable && !analysis::IndexAttachments::carriesAll(r.attachments);
        Indexes& x = indexes()[r.store.get()];
        x.path = path;
        x.blobs = std::move(r.attachments); // restored when asked for (known())
        r.attachments.clear();
    }
    if (r.store && (!r.fromSnapshot || r.refreshCache) && cacheOptions().enabled)
        pending().emplace_back(path, r);
    return r;
}

importers::LoadResult loadOrReport(const std::string& path)
{
    importers::LoadResult r = adopt(path, importers::CachedLoader::load(path, {}, cacheOptions()));
    if (!r.store)
        std::fprintf(stderr, "strata-cli: %s\n", r.error.c_str());
    return r;
}

std::vector<importers::LoadResult> loadInParallel(const std::vector<std::string>& paths, unsigned workers)
{
    std::vector<importers::LoadResult> out(paths.size());
    std::atomic<size_t> next { 0 };
    const auto work = [&] {
        for (size_t i = next++; i < paths.size(); i = next++)
            out[i] = importers::CachedLoader::load(paths[i], {}, cacheOptions());
    };
    std::vector<std::thread> threads;
    for (unsigned w = 1; w < std::min<size_t>(workers, paths.size()); ++w)
        threads.emplace_back(work);
    work();
    for (std::thread& t : threads)
        t.join();
    return out;
}

CliJob loadJobOrReport(const std::vector<std::string>& paths)
{
    CliJob job;
    const importers::job::JobPlan plan = importers::job::JobGrouper::plan(paths);
    if (plan.kind == importers::job::JobPlan::Kind::Profile) {
        importers::LoadResult r = loadOrReport(plan.profile);
        if (r.store)
            job.ranks.push_back({ plan.profile, std::nullopt, false, std::move(r) });
        return job;
    }
    if (plan.kind == importers::job::JobPlan::Kind::Refused) {
        std::fprintf(stderr, "strata-cli: %s\n", plan.refusal.c_str());
        return job;
    }
    job.isJob = true;
    for (const importers::job::JobPlan::Problem& p : plan.problems)
        std::fprintf(stderr, "strata-cli: %s: not loaded: %s (at byte %llu)\n", p.path.c_str(), p.reason.c_str(),
            static_cast<unsigned long long>(p.offset));
    job.failed = plan.problems.size();
    std::vector<std::string> files;
    for (const importers::job::JobPlan::Member& m : plan.ranks)
        files.push_back(m.path);
    std::vector<importers::LoadResult> loads = loadInParallel(files, 2);
    for (size_t i = 0; i < files.size(); ++i) {
        const importers::job::JobPlan::Member& m = plan.ranks[i];
        importers::LoadResult r = adopt(m.path, std::move(loads[i]));
        if (!r.store) {
            std::fprintf(
                stderr, "strata-cli: rank %lld not loaded: %s\n", static_cast<long long>(m.rank), r.error.c_str());
            ++job.failed;
            continue;
        }
        // A rank cut short keeps the events before the cut, as a single file does, but the
        // job is not whole: say where.
        if (r.store->diagnostics().get("truncated_input") > 0) {
            std::string where = "the file is cut short";
            for (const std::string& message : r.store->diagnostics().messages())
                if (message.rfind("truncated_input: ", 0) == 0) {
                    where = message.substr(17);
                    break;
                }
            std::fprintf(stderr, "strata-cli: %s: rank %lld cut short: %s\n", m.path.c_str(),
                static_cast<long long>(m.rank), where.c_str());
            ++job.failed;
        }
        job.ranks.push_back({ m.path, m.rank, m.rankFromName, std::move(r) });
    }
    return job;
}

void writePendingSnapshots()
{
    std::fflush(stdout);
    for (const auto& [path, result] : pending()) {
        std::string error;
        if (!importers::CachedLoader::writeCache(result, path, cacheOptions(), &error, indexAttachmentsOf(result)))
            std::fprintf(stderr, "strata-cli: snapshot not cached: %s\n", error.c_str());
    }
    pending().clear();
}

} // namespace strata::app
