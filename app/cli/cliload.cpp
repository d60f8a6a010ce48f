#include "cliload.h"

#include <cstdio>

namespace strata::app {

importers::LoadResult loadOrReport(const std::string& path)
{
    importers::LoadResult r = importers::ProfileLoader::load(path);
    if (!r.store)
        std::fprintf(stderr, "strata-cli: %s\n", r.error.c_str());
    return r;
}

} // namespace strata::app
