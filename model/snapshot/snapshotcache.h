#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace strata::store {

// The folder of snapshots that stand in for profiles already parsed once
// ($XDG_CACHE_HOME/strata/snapshots, else ~/.cache/strata/snapshots).
//
// A profile's snapshot is named after a hash of the source's absolute path, so a profile has
// at most one; the snapshot's fingerprint (sourceFingerprint) says which version of the
// source it was made from, and a snapshot whose fingerprint differs from the source's is
// stale. Least recently used first: reading a snapshot touches its mtime, and trim() removes
// the oldest until the folder fits its limit.
class SnapshotCache {
public:
    static constexpr uint64_t kDefaultLimitBytes = 10'000'000'000ull;

    // The user's cache folder; empty when neither XDG_CACHE_HOME nor HOME is set.
    static std::string defaultFolder();
    explicit SnapshotCache(std::string folder = defaultFolder());

    const std::string& folder() const { return m_folder; }
    bool usable() const { return !m_folder.empty(); }

    // Where the snapshot of `source` (a file or a profile folder) lives; empty when the
    // source's absolute path cannot be had.
    std::string pathFor(const std::string& source) const;
    // Where the snapshot of something that is not one source lives (a job of several files:
    // importers::job::JobLoader's key), named by a hash of `key` as pathFor names a source by
    // its absolute path; a key that does not start with '/' never names a source's snapshot.
    // Empty when the cache has no folder.
    std::string pathForKey(const std::string& key) const;
    // The source's identity as of now: absolute path, size, mtime and CRCs of its first and
    // last MiB (a folder: of each profile file in it). Empty when it cannot be read.
    static std::string sourceFingerprint(const std::string& source);

    // Marks a snapshot as just used, for trim()'s order.
    static void touch(const std::string& snapshotPath);
    // Creates the folder; false with `error` set when it cannot.
    bool ensureFolder(std::string* error) const;
    // Removes the least recently used snapshots until the folder holds at most `limitBytes`,
    // and temporary files an interrupted write left (older than an hour, so a write under way
    // in another process is not disturbed). Returns the bytes removed.
    uint64_t trim(uint64_t limitBytes) const;
    // Removes every snapshot; returns the bytes removed.
    uint64_t clear() const;
    struct Usage {
        uint64_t files = 0;
        uint64_t bytes = 0;
    };
    Usage usage() const;

    // The size limit both strata and strata-cli honour: a setting in
    // $XDG_CONFIG_HOME/strata/snapshot-cache.conf ("limit_bytes=N"), default 10 GB.
    static uint64_t limitSetting();
    static bool setLimitSetting(uint64_t bytes, std::string* error);

private:
    struct Entry {
        std::string path;
        uint64_t bytes = 0;
        int64_t mtimeNs = 0;
    };
    std::vector<Entry> entries(bool includeTemporary) const;

    std::string m_folder;
};

} // namespace strata::store
