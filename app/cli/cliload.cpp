#include "cliload.h"

#include <analysis/operators/operatorcatalog.h>
#include <analysis/persist/indexattachments.h>
#include <analysis/summary/summaryindex.h>
#include <analysis/timeline/lodindex.h>

#include <cstdio>
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
    analysis::IndexAttachments::Restored known;
};

std::map<const store::EventStore*, Indexes>& indexes()
{
    static std::map<const store::EventStore*, Indexes> all;
    return all;
}

// The indexes of `r`, with the blob `name` restored if the snapshot had one. A refused blob is
// only slower: said on stderr, so that the answer stays the same, and the caller builds.
analysis::IndexAttachments::Restored& known(const importers::LoadResult& r, const char* name)
{
    Indexes& x = indexes()[r.store.get()];
    const auto it = x.blobs.find(name);
    if (it != x.blobs.end()) {
        std::map<std::string, std::string> one;
        one.insert(x.blobs.extract(it));
        analysis::IndexAttachments::Restored got = analysis::IndexAttachments::decode(*r.store, one);
        for (const std::string& why : got.refused)
            std::fprintf(stderr, "strata-cli: %s: %s\n", x.path.c_str(), why.c_str());
        if (got.lod)
            x.known.lod = std::move(got.lod);
        if (got.summary)
            x.known.summary = std::move(got.summary);
        if (got.catalog)
            x.known.catalog = std::move(got.catalog);
    }
    return x.known;
}

} // namespace

std::shared_ptr<const analysis::SummaryIndex> summaryIndexOf(const importers::LoadResult& r)
{
    auto& k = known(r, analysis::IndexAttachments::kSummary);
    if (!k.summary)
        k.summary = std::make_shared<const analysis::SummaryIndex>(*r.store);
    return k.summary;
}

std::shared_ptr<const analysis::OperatorCatalog> catalogOf(const importers::LoadResult& r)
{
    auto& k = known(r, analysis::IndexAttachments::kCatalog);
    if (!k.catalog)
        k.catalog = std::make_shared<const analysis::OperatorCatalog>(*r.store);
    return k.catalog;
}

std::map<std::string, std::string> indexAttachmentsOf(const importers::LoadResult& r)
{
    known(r, analysis::IndexAttachments::kLod);
    known(r, analysis::IndexAttachments::kSummary);
    const auto& k = known(r, analysis::IndexAttachments::kCatalog);
    return analysis::IndexAttachments::encode(*r.store, k.lod, k.summary, k.catalog);
}

void setSnapshotCacheEnabled(bool enabled)
{
    cacheOptions().enabled = enabled;
}

importers::LoadResult loadOrReport(const std::string& path)
{
    importers::LoadResult r = importers::CachedLoader::load(path, {}, cacheOptions());
    if (r.store) {
        // A cache snapshot written before the derived indexes were kept is written again
        // with them on the way out, as a parsed source's is.
        r.refreshCache = r.fromSnapshot && !r.portable
            && !(r.attachments.count(analysis::IndexAttachments::kLod)
                && r.attachments.count(analysis::IndexAttachments::kSummary)
                && r.attachments.count(analysis::IndexAttachments::kCatalog));
        Indexes& x = indexes()[r.store.get()];
        x.path = path;
        x.blobs = std::move(r.attachments); // restored when asked for (known())
        r.attachments.clear();
    }
    if (!r.store)
        std::fprintf(stderr, "strata-cli: %s\n", r.error.c_str());
    else if ((!r.fromSnapshot || r.refreshCache) && cacheOptions().enabled)
        pending().emplace_back(path, r);
    return r;
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
