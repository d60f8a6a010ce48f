#pragma once
#include "clijob.h"
#include <analysis/indexes/indexregistry.h>

#include <cachedloader.h>

#include <map>
#include <memory>
#include <string>

namespace strata::app {

// Loads FILE for a subcommand, from its cached snapshot when one is valid (CachedLoader). On
// failure the one-line reason (file, what went wrong, byte offset) is already on stderr and
// the result holds no store: the command returns 2.
importers::LoadResult loadOrReport(const std::string& path);

// Opens what a command was given (importers::job::JobGrouper): one file or a folder that is
// one profile as loadOrReport does; a folder of per-rank traces or several files as a job,
// whose ranks load in parallel (two at a time, each with its own importer and store, as a
// single load) and come back in rank order. A refused folder, and each member that is not
// loaded or was cut short, is said on stderr with the file, the reason and the byte offset.
CliJob loadJobOrReport(const std::vector<std::string>& paths);
// The same loads without the job's grouping: every path in order, `workers` at a time.
// Tests compare it with one-by-one loads.
std::vector<importers::LoadResult> loadInParallel(const std::vector<std::string>& paths, unsigned workers);

// The index of `kind` of a profile loadOrReport returned: its snapshot's when that carried one
// that passes its checks, else built (once per profile and run).
std::shared_ptr<const void> indexOf(const importers::LoadResult& r, const analysis::IndexKind& kind);
// The same for the index type T (any kind of analysis::IndexRegistry), as
// indexOf<analysis::SummaryIndex>(r).
template <typename T> std::shared_ptr<const T> indexOf(const importers::LoadResult& r)
{
    return std::static_pointer_cast<const T>(indexOf(r, analysis::IndexRegistry::kindOf<T>()));
}
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
