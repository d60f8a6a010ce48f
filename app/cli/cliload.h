#pragma once
#include <cachedloader.h>

#include <string>

namespace strata::app {

// Loads FILE for a subcommand, from its cached snapshot when one is valid (CachedLoader). On
// failure the one-line reason (file, what went wrong, byte offset) is already on stderr and
// the result holds no store: the command returns 2.
importers::LoadResult loadOrReport(const std::string& path);

// The command line's `--no-cache`: neither read nor write snapshots.
void setSnapshotCacheEnabled(bool enabled);
// Writes the cache's snapshot of every profile this run parsed from its source. main() calls
// it after the command has printed its answer, so the next command on the same file is fast;
// a failure only costs that speed, and is said on stderr.
void writePendingSnapshots();

} // namespace strata::app
