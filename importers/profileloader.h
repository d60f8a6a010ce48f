#pragma once
#include "importer.h"

#include <store/eventstore.h>

#include <memory>
#include <string>
#include <vector>

namespace strata::importers {

// Everything a caller (CLI, GUI load job) learns from loading one profile.
struct LoadResult {
    std::shared_ptr<const store::EventStore> store; // null when the load failed or was cancelled
    bool cancelled = false;
    std::string error; // "<path>: <reason> (at byte N)"; empty on success
    uint64_t errorOffset = 0;
    std::string format;
    Compression compression = Compression::None;
    uint64_t fileBytes = 0;
    uint64_t inputBytes = 0; // decompressed bytes read
    std::map<std::string, uint64_t> phases;
    double seconds = 0; // wall time: open, import and finalize
    double finalizeSeconds = 0;
    // The import's stages (ImportResult::stages), then the finalizer's steps ("finalize.*").
    std::vector<store::StageTimes::Stage> stages;
    // Set by CachedLoader; ProfileLoader always reads the source.
    bool fromSnapshot = false; // the store was read from a snapshot (cache or .strata file)
    bool portable = false; // `path` was a .strata file
    std::string sourceName; // a .strata file: the path of the profile it was saved from
    std::string annotations; // a .strata file: the markers it carries (annotations JSON), if any
    // What happened to a snapshot on the way, one line each: refused, stale, deleted.
    std::vector<std::string> snapshotNotes;
    // A snapshot's attachments that CachedLoader does not read itself (the derived indexes a
    // caller added when writing it), unchecked beyond the snapshot's CRC: the caller that
    // understands them validates them.
    std::map<std::string, std::string> attachments;
    // Set by the caller that read `attachments`: the store came from the cache's snapshot,
    // which lacked a derived index (written before the indexes were kept, or one refused), so
    // CachedLoader::writeCache writes the snapshot again, with the indexes, once the caller
    // has them. Never set for a .strata file.
    bool refreshCache = false;
    // Read from the cache's snapshot: the source fingerprint it was checked against, so a
    // refresh is written only while the source is still that one.
    std::string cacheFingerprint;
};

// Opens a file through InputReader, picks the importer by content, imports and finalizes.
// Never throws; a failure comes back as `error` naming the file and the byte offset.
class ProfileLoader {
public:
    static LoadResult load(const std::string& path, const ImportContext& ctx = {});
};

} // namespace strata::importers
