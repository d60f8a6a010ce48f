#pragma once
#include <cachedloader.h>

#include <map>
#include <memory>
#include <string>

namespace strata::analysis {
class OperatorCatalog;
class SummaryIndex;
} // namespace strata::analysis

namespace strata::app {

// Loads FILE for a subcommand, from its cached snapshot when one is valid (CachedLoader). On
// failure the one-line reason (file, what went wrong, byte offset) is already on stderr and
// the result holds no store: the command returns 2.
importers::LoadResult loadOrReport(const std::string& path);

// The summary index of a profile loadOrReport returned: its snapshot's when that carried one
// that passes its checks, else built (once per profile and run).
std::shared_ptr<const analysis::SummaryIndex> summaryIndexOf(const importers::LoadResult& r);
// The operator catalog of such a profile, the same way.
std::shared_ptr<const analysis::OperatorCatalog> catalogOf(const importers::LoadResult& r);
// The derived indexes a snapshot of a profile loadOrReport returned keeps (IndexAttachments),
// built here when this run has not got them yet.
std::map<std::string, std::string> indexAttachmentsOf(const importers::LoadResult& r);

// The command line's `--no-cache`: neither read nor write snapshots.
void setSnapshotCacheEnabled(bool enabled);
// Writes the cache's snapshot of every profile this run parsed from its source, and again
// that of every profile read from a cache snapshot without the derived indexes. main() calls
// it after the command has printed its answer, so the next command on the same file is fast;
// a failure only costs that speed, and is said on stderr.
void writePendingSnapshots();

} // namespace strata::app
