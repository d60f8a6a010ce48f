#pragma once
#include <profileloader.h>

#include <string>

namespace strata::app {

// Loads FILE for a subcommand. On failure the one-line reason (file, what went wrong, byte
// offset) is already on stderr and the result holds no store: the command returns 2.
importers::LoadResult loadOrReport(const std::string& path);

} // namespace strata::app
