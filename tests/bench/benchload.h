#pragma once
// How the analysis and paint benchmarks open their trace: from its cached snapshot when there
// is one (a 100M-event trace then takes seconds, not minutes), else parsed and snapshotted
// for the next run. What they measure starts after the load either way.
#include <cachedloader.h>

#include <cstdio>
#include <string>

namespace benchload {

inline strata::importers::LoadResult open(const std::string& path)
{
    using strata::importers::CachedLoader;
    strata::importers::LoadResult r = CachedLoader::load(path);
    if (!r.store)
        return r;
    std::fprintf(stderr, "loaded from %s in %.2f s\n", r.fromSnapshot ? "snapshot" : "source", r.seconds);
    std::string error;
    if (!r.fromSnapshot && !CachedLoader::writeCache(r, path, {}, &error))
        std::fprintf(stderr, "snapshot not cached: %s\n", error.c_str());
    return r;
}

} // namespace benchload
