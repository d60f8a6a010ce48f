#include "cliload.h"

#include <analysis/indexes/indexattachments.h>

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

importers::LoadResult loadOrReport(const std::string& path)
{
    importers::LoadResult r = importers::CachedLoader::load(path, {}, cacheOptions());
    if (r.store) {
        // A cache snapshot written before the derived indexes were kept is written again
        // with them on the way out, as a parsed source's is.
        r.refreshCache = r.fromSnapshot && !r.portable && !analysis::IndexAttachments::carriesAll(r.attachments);
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
