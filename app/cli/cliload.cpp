#include "cliload.h"

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

} // namespace

void setSnapshotCacheEnabled(bool enabled)
{
    cacheOptions().enabled = enabled;
}

importers::LoadResult loadOrReport(const std::string& path)
{
    importers::LoadResult r = importers::CachedLoader::load(path, {}, cacheOptions());
    if (!r.store)
        std::fprintf(stderr, "strata-cli: %s\n", r.error.c_str());
    else if (!r.fromSnapshot && cacheOptions().enabled)
        pending().emplace_back(path, r);
    return r;
}

void writePendingSnapshots()
{
    std::fflush(stdout);
    for (const auto& [path, result] : pending()) {
        std::string error;
        if (!importers::CachedLoader::writeCache(result, path, cacheOptions(), &error))
            std::fprintf(stderr, "strata-cli: snapshot not cached: %s\n", error.c_str());
    }
    pending().clear();
}

} // namespace strata::app
