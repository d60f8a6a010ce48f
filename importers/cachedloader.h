#pragma once
#include "profileloader.h"

#include <functional>
#include <map>
#include <string>

namespace strata::importers {

// Where CachedLoader looks for and keeps snapshots.
struct CacheOptions {
    bool enabled = true; // false: `--no-cache`, neither read nor written
    std::string folder; // empty: store::SnapshotCache::defaultFolder()
    uint64_t limitBytes = 0; // 0: store::SnapshotCache::limitSetting()
};

// Opens a profile the fastest safe way: a .strata file (a snapshot given directly) is read as
// such; a source whose cached snapshot is valid for it as it is now is read from the
// snapshot; anything else is parsed by ProfileLoader. A cached snapshot that is refused
// (truncated, corrupt, another version or layout, stale) is deleted and said so in
// LoadResult::snapshotNotes, and the source is parsed; a bad .strata file is an error.
// Never throws.
class CachedLoader {
public:
    static LoadResult load(const std::string& path, const ImportContext& ctx, const CacheOptions& cache);
    static LoadResult load(const std::string& path) { return load(path, {}, {}); }

    // Writes the cache's snapshot of a profile just parsed from `path`, then trims the cache
    // to its limit. Does nothing (returns true) for a result that came from a snapshot,
    // unless it came from the cache's and LoadResult::refreshCache is set.
    // `extra`: attachments the caller adds (the derived indexes; LoadResult::attachments
    // hands them back on the next load); a name this class uses itself is not taken.
    static bool writeCache(const LoadResult& result, const std::string& path, const CacheOptions& cache,
        std::string* error, const std::map<std::string, std::string>& extra = {});
    // The cache's snapshot of what is not one source file (a job's merged store, JobLoader),
    // named by `key` (store::SnapshotCache::pathForKey) and valid while `fingerprint()`,
    // called only when there is a snapshot, returns what it was written with. None valid: no
    // store and no error (the caller reads the sources); one refused is deleted and said in
    // snapshotNotes, as load() does.
    static LoadResult loadKeyed(const std::string& key, const std::function<std::string()>& fingerprint,
        const ImportContext& ctx, const CacheOptions& cache);
    // Writes that snapshot of `result` as writeCache writes a source's (the same rules for a
    // result read from the cache, the same trim).
    static bool writeKeyed(const LoadResult& result, const std::string& key, const std::string& fingerprint,
        const CacheOptions& cache, std::string* error, const std::map<std::string, std::string>& extra = {});
    // Writes a portable .strata file of the profile `result` holds, with its markers
    // (annotations JSON, may be empty), the name of its source and `extra` as above.
    static bool writePortable(const LoadResult& result, const std::string& sourcePath, const std::string& annotations,
        const std::string& outPath, std::string* error, const std::map<std::string, std::string>& extra = {});

    // What writePortable stores beside the store (SnapshotWriter::Options::attachments).
    static std::map<std::string, std::string> portableAttachments(
        const LoadResult& result, const std::string& sourcePath, const std::string& annotations);

    // True when the file starts like a snapshot.
    static bool isSnapshotFile(const std::string& path);
};

} // namespace strata::importers
