#include "cachedloader.h"

#include <snapshot/snapshotcache.h>
#include <snapshot/snapshotformat.h>
#include <snapshot/snapshotreader.h>
#include <snapshot/snapshotwriter.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>

namespace strata::importers {

namespace {

// Attachment names; the format is SnapshotWriter's.
constexpr const char* kLoad = "load"; // how the source was read: what `strata-cli info` reports of it
constexpr const char* kSource = "source"; // a .strata file: the profile it was saved from
constexpr const char* kAnnotations = "annotations"; // a .strata file: its markers

bool isOwnAttachment(const std::string& name)
{
    return name == kLoad || name == kSource || name == kAnnotations;
}

// The caller's attachments, then this class's own: a caller's one of the same name is dropped.
std::map<std::string, std::string> withExtra(
    std::map<std::string, std::string> own, const std::map<std::string, std::string>& extra)
{
    for (const auto& [name, value] : extra)
        own.emplace(name, value);
    return own;
}

std::string loadAttachment(const LoadResult& r)
{
    std::ostringstream o;
    o << "format " << r.format << "\ncompression " << compressionName(r.compression) << "\nfile_bytes " << r.fileBytes
      << "\ninput_bytes " << r.inputBytes << "\n";
    for (const auto& [phase, n] : r.phases)
        o << "phase " << n << " " << phase.size() << " " << phase << "\n"; // as written: any bytes
    return o.str();
}

// Fills what the "load" attachment holds; false when it is missing or malformed.
bool readLoadAttachment(const std::string& text, LoadResult& r)
{
    std::istringstream in(text);
    std::string key;
    bool format = false;
    while (in >> key) {
        if (key == "format") {
            format = bool(in >> r.format);
        } else if (key == "compression") {
            std::string c;
            in >> c;
            r.compression = c == "gzip" ? Compression::Gzip : c == "zstd" ? Compression::Zstd : Compression::None;
        } else if (key == "file_bytes") {
            in >> r.fileBytes;
        } else if (key == "input_bytes") {
            in >> r.inputBytes;
        } else if (key == "phase") {
            uint64_t n = 0, length = 0;
            in >> n >> length;
            if (!in || in.get() != ' ' || length > text.size())
                return false;
            std::string phase(length, '\0');
            if (!in.read(&phase[0], std::streamsize(length)))
                return false;
            r.phases[phase] = n;
        } else {
            std::string rest;
            std::getline(in, rest); // a key a later build added
        }
        if (!in && !in.eof())
            return false;
    }
    return format;
}

bool readMagic(const std::string& path, char (&magic)[8])
{
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f)
        return false;
    const bool ok = std::fread(magic, 1, 8, f) == 8;
    std::fclose(f);
    return ok;
}

double since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The store and what the attachments say of its source, or an error naming the file.
LoadResult fromSnapshot(
    const std::string& path, const ImportContext& ctx, const std::string* expectedFingerprint, bool* stale = nullptr)
{
    const auto t0 = std::chrono::steady_clock::now();
    LoadResult out;
    store::SnapshotReader::Options o;
    o.expectedFingerprint = expectedFingerprint;
    o.progress = ctx.progress;
    o.cancel = ctx.cancel;
    store::SnapshotReadResult r = store::SnapshotReader::read(path, o);
    if (stale)
        *stale = r.stale;
    out.cancelled = r.cancelled;
    if (!r.store) {
        out.error = r.error;
        out.errorOffset = r.errorOffset;
        return out;
    }
    const auto load = r.attachments.find(kLoad);
    if (load == r.attachments.end() || !readLoadAttachment(load->second, out)) {
        out.error = path + ": the snapshot does not say how its source was read (attachments section)";
        return out;
    }
    if (const auto s = r.attachments.find(kSource); s != r.attachments.end())
        out.sourceName = s->second;
    if (const auto a = r.attachments.find(kAnnotations); a != r.attachments.end())
        out.annotations = a->second;
    for (auto& [name, value] : r.attachments)
        if (!isOwnAttachment(name))
            out.attachments.emplace(name, std::move(value));
    out.store = std::move(r.store);
    out.fromSnapshot = true;
    out.seconds = since(t0);
    return out;
}

store::SnapshotCache cacheOf(const CacheOptions& c)
{
    return store::SnapshotCache(c.folder.empty() ? store::SnapshotCache::defaultFolder() : c.folder);
}

// The store of the cache's snapshot at `snapshot` when it is valid for the fingerprint (taken
// only when there is a snapshot); no store when there is none. One refused is never trusted
// again: it is deleted and said in `notes` (`what` names its source: "source", "job").
LoadResult fromCache(const std::string& snapshot, const std::function<std::string()>& fingerprintOf,
    const ImportContext& ctx, const char* what, std::vector<std::string>& notes)
{
    std::error_code ec;
    if (snapshot.empty() || !std::filesystem::is_regular_file(snapshot, ec))
        return {};
    const std::string fingerprint = fingerprintOf();
    bool stale = false;
    LoadResult r = fingerprint.empty() ? LoadResult {} : fromSnapshot(snapshot, ctx, &fingerprint, &stale);
    if (r.store) {
        store::SnapshotCache::touch(snapshot);
        r.cacheFingerprint = fingerprint;
        return r;
    }
    if (r.cancelled) // the snapshot is fine: only this read stopped
        return r;
    std::remove(snapshot.c_str());
    if (!fingerprint.empty())
        notes.push_back(stale ? std::string("the cached snapshot was stale (the ") + what
                    + " changed since); deleted it and read the " + what
                              : std::string("the cached snapshot was refused and deleted, read the ") + what
                    + " instead: " + r.error);
    return {};
}

// Writes the cache's snapshot at `snapshot` of a store read from what `fingerprint` identifies,
// then trims the cache; `unidentified` is the error when either is empty.
bool toCache(const LoadResult& result, const store::SnapshotCache& c, const std::string& snapshot,
    const std::string& fingerprint, const std::string& unidentified, const CacheOptions& cache, std::string* error,
    const std::map<std::string, std::string>& extra)
{
    if (snapshot.empty() || fingerprint.empty()) {
        if (error)
            *error = unidentified;
        return false;
    }
    // A refresh stores what was read from the cache: only while the source is the one that
    // snapshot was checked against (a changed source is parsed on the next open instead).
    if (result.fromSnapshot && fingerprint != result.cacheFingerprint)
        return true;
    if (!c.ensureFolder(error))
        return false;
    store::SnapshotWriter::Options o;
    o.attachments = withExtra({ { kLoad, loadAttachment(result) } }, extra);
    if (!store::SnapshotWriter::write(*result.store, snapshot, fingerprint, error, o))
        return false;
    c.trim(cache.limitBytes ? cache.limitBytes : store::SnapshotCache::limitSetting());
    return true;
}

} // namespace

bool CachedLoader::isSnapshotFile(const std::string& path)
{
    char magic[8];
    return readMagic(path, magic) && std::memcmp(magic, store::snapshot::kMagic, sizeof magic) == 0;
}

LoadResult CachedLoader::load(const std::string& path, const ImportContext& ctx, const CacheOptions& cache)
{
    std::error_code ec;
    if (!std::filesystem::is_directory(path, ec) && isSnapshotFile(path)) {
        // A .strata file given directly: there is no source to fall back on.
        LoadResult r = fromSnapshot(path, ctx, nullptr);
        r.portable = true;
        return r;
    }
    std::vector<std::string> notes;
    if (cache.enabled) {
        LoadResult r = fromCache(
            cacheOf(cache).pathFor(path), [&] { return store::SnapshotCache::sourceFingerprint(path); }, ctx, "source",
            notes);
        if (r.store || r.cancelled)
            return r;
    }
    LoadResult r = ProfileLoader::load(path, ctx);
    r.snapshotNotes = std::move(notes);
    return r;
}

bool CachedLoader::writeCache(const LoadResult& result, const std::string& path, const CacheOptions& cache,
    std::string* error, const std::map<std::string, std::string>& extra)
{
    if (!cache.enabled || !result.store || (result.fromSnapshot && !(result.refreshCache && !result.portable)))
        return true;
    const store::SnapshotCache c = cacheOf(cache);
    // The fingerprint is taken before writing: a source changed meanwhile makes it stale.
    return toCache(result, c, c.pathFor(path), store::SnapshotCache::sourceFingerprint(path),
        path + ": cannot identify the source for the snapshot cache", cache, error, extra);
}

LoadResult CachedLoader::loadKeyed(const std::string& key, const std::function<std::string()>& fingerprint,
    const ImportContext& ctx, const CacheOptions& cache)
{
    LoadResult r;
    if (!cache.enabled)
        return r;
    std::vector<std::string> notes;
    r = fromCache(cacheOf(cache).pathForKey(key), fingerprint, ctx, "job's files", notes);
    if (!r.store && !r.cancelled) {
        r = LoadResult {}; // no snapshot (or none valid) is not an error: the caller reads the sources
        r.snapshotNotes = std::move(notes);
    }
    return r;
}

bool CachedLoader::writeKeyed(const LoadResult& result, const std::string& key, const std::string& fingerprint,
    const CacheOptions& cache, std::string* error, const std::map<std::string, std::string>& extra)
{
    if (!cache.enabled || !result.store || (result.fromSnapshot && !(result.refreshCache && !result.portable)))
        return true;
    const store::SnapshotCache c = cacheOf(cache);
    return toCache(result, c, c.pathForKey(key), fingerprint, "cannot identify the job for the snapshot cache", cache,
        error, extra);
}

std::map<std::string, std::string> CachedLoader::portableAttachments(
    const LoadResult& result, const std::string& sourcePath, const std::string& annotations)
{
    std::map<std::string, std::string> a;
    a[kLoad] = loadAttachment(result);
    // A .strata file saved again keeps naming the profile it first came from.
    a[kSource] = !result.sourceName.empty()               ? result.sourceName
        : std::filesystem::path(sourcePath).is_absolute() ? sourcePath
                                                          : std::filesystem::absolute(sourcePath).string();
    if (!annotations.empty())
        a[kAnnotations] = annotations;
    return a;
}

bool CachedLoader::writePortable(const LoadResult& result, const std::string& sourcePath,
    const std::string& annotations, const std::string& outPath, std::string* error,
    const std::map<std::string, std::string>& extra)
{
    if (!result.store) {
        if (error)
            *error = outPath + ": no profile to save";
        return false;
    }
    store::SnapshotWriter::Options o;
    o.attachments = withExtra(portableAttachments(result, sourcePath, annotations), extra);
    return store::SnapshotWriter::write(*result.store, outPath, std::string_view(), error, o);
}

} // namespace strata::importers
