#include "snapshotcache.h"

#include <zlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <sys/time.h>

namespace fs = std::filesystem;

namespace strata::store {

namespace {

constexpr const char* kSuffix = ".strata";
constexpr uint64_t kEdgeBytes = 1 << 20; // the first and last MiB go into a fingerprint
constexpr size_t kMaxFolderFiles = 4096;

std::string envFolder(const char* xdg, const char* fallback)
{
    const char* x = std::getenv(xdg);
    if (x && *x == '/')
        return std::string(x) + "/strata";
    const char* home = std::getenv("HOME");
    if (home && *home)
        return std::string(home) + "/" + fallback + "/strata";
    return {};
}

uint64_t fnv1a(const std::string& s)
{
    uint64_t h = 1469598103934665603ull;
    for (const unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

int64_t mtimeNs(const struct stat& st)
{
    return int64_t(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
}

// crc32 of up to kEdgeBytes at `offset`; false when the file cannot be read.
bool edgeCrc(std::FILE* f, uint64_t offset, uint32_t* out)
{
    std::vector<unsigned char> buf(kEdgeBytes);
    if (std::fseek(f, long(offset), SEEK_SET) != 0)
        return false;
    const size_t n = std::fread(buf.data(), 1, buf.size(), f);
    if (std::ferror(f))
        return false;
    *out = uint32_t(crc32(crc32(0L, Z_NULL, 0), buf.data(), uInt(n)));
    return true;
}

// "size mtime head tail" of one file, or empty.
std::string fileIdentity(const std::string& path)
{
    struct stat st { };
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
        return {};
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f)
        return {};
    const auto size = uint64_t(st.st_size);
    uint32_t head = 0, tail = 0;
    const bool ok = edgeCrc(f, 0, &head) && edgeCrc(f, size > kEdgeBytes ? size - kEdgeBytes : 0, &tail);
    std::fclose(f);
    if (!ok)
        return {};
    std::ostringstream o;
    o << size << ' ' << mtimeNs(st) << ' ' << std::hex << head << ' ' << tail;
    return o.str();
}

std::string absolute(const std::string& source)
{
    std::error_code ec;
    const fs::path p = fs::weakly_canonical(fs::absolute(source, ec), ec);
    return ec ? std::string() : p.string();
}

} // namespace

std::string SnapshotCache::defaultFolder()
{
    const std::string base = envFolder("XDG_CACHE_HOME", ".cache");
    return base.empty() ? base : base + "/snapshots";
}

SnapshotCache::SnapshotCache(std::string folder)
    : m_folder(std::move(folder))
{
}

std::string SnapshotCache::pathFor(const std::string& source) const
{
    const std::string abs = absolute(source);
    return abs.empty() ? abs : pathForKey(abs);
}

std::string SnapshotCache::pathForKey(const std::string& key) const
{
    if (key.empty() || m_folder.empty())
        return {};
    char name[17];
    std::snprintf(name, sizeof name, "%016llx", static_cast<unsigned long long>(fnv1a(key)));
    return m_folder + "/" + name + kSuffix;
}

std::string SnapshotCache::sourceFingerprint(const std::string& source)
{
    const std::string abs = absolute(source);
    if (abs.empty())
        return {};
    std::string out = "strata-source 1\npath " + abs + "\n";
    std::error_code ec;
    if (!fs::is_directory(abs, ec)) {
        const std::string id = fileIdentity(abs);
        return id.empty() ? id : out + "file " + id + "\n";
    }
    // A profile folder (Sophgo): every regular file in it, in name order.
    std::vector<std::string> files;
    for (fs::recursive_directory_iterator it(abs, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->is_regular_file(ec))
            files.push_back(it->path().string());
        if (files.size() > kMaxFolderFiles)
            return {};
    }
    if (ec)
        return {};
    std::sort(files.begin(), files.end());
    for (const std::string& f : files) {
        const std::string id = fileIdentity(f);
        if (id.empty())
            return {};
        out += "file " + f.substr(abs.size()) + " " + id + "\n";
    }
    return out;
}

void SnapshotCache::touch(const std::string& snapshotPath)
{
    ::utimes(snapshotPath.c_str(), nullptr);
}

bool SnapshotCache::ensureFolder(std::string* error) const
{
    std::error_code ec;
    if (m_folder.empty()) {
        if (error)
            *error = "no cache folder: neither XDG_CACHE_HOME nor HOME is set";
        return false;
    }
    fs::create_directories(m_folder, ec);
    if (ec && error)
        *error = m_folder + ": " + ec.message();
    return !ec;
}

std::vector<SnapshotCache::Entry> SnapshotCache::entries(bool includeTemporary) const
{
    std::vector<Entry> out;
    std::error_code ec;
    if (m_folder.empty())
        return out;
    for (fs::directory_iterator it(m_folder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        const bool snapshot = name.size() > 7 && name.compare(name.size() - 7, 7, kSuffix) == 0;
        const bool temporary = name.find(std::string(kSuffix) + ".tmp.") != std::string::npos;
        if (!snapshot && !(includeTemporary && temporary))
            continue;
        struct stat st { };
        if (::lstat(it->path().c_str(), &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        out.push_back({ it->path().string(), uint64_t(st.st_size), mtimeNs(st) });
    }
    return out;
}

uint64_t SnapshotCache::trim(uint64_t limitBytes) const
{
    std::vector<Entry> all = entries(true);
    const int64_t now
        = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
              .count();
    constexpr int64_t kHourNs = 3600ll * 1'000'000'000;
    uint64_t removed = 0, total = 0;
    std::vector<Entry> kept;
    for (Entry& e : all) {
        const bool temporary = e.path.find(".tmp.") != std::string::npos;
        if (temporary) {
            if (now - e.mtimeNs > kHourNs && ::remove(e.path.c_str()) == 0)
                removed += e.bytes;
            continue;
        }
        total += e.bytes;
        kept.push_back(std::move(e));
    }
    std::sort(kept.begin(), kept.end(), [](const Entry& a, const Entry& b) { return a.mtimeNs < b.mtimeNs; });
    for (const Entry& e : kept) {
        if (total <= limitBytes)
            break;
        if (::remove(e.path.c_str()) == 0) {
            removed += e.bytes;
            total -= e.bytes;
        }
    }
    return removed;
}

uint64_t SnapshotCache::clear() const
{
    uint64_t removed = 0;
    for (const Entry& e : entries(false))
        if (::remove(e.path.c_str()) == 0)
            removed += e.bytes;
    return removed;
}

SnapshotCache::Usage SnapshotCache::usage() const
{
    Usage u;
    for (const Entry& e : entries(false)) {
        ++u.files;
        u.bytes += e.bytes;
    }
    return u;
}

uint64_t SnapshotCache::limitSetting()
{
    const std::string folder = envFolder("XDG_CONFIG_HOME", ".config");
    if (folder.empty())
        return kDefaultLimitBytes;
    std::ifstream in(folder + "/snapshot-cache.conf");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("limit_bytes=", 0) != 0)
            continue;
        char* end = nullptr;
        const unsigned long long v = std::strtoull(line.c_str() + 12, &end, 10);
        if (end && *end == '\0' && end != line.c_str() + 12)
            return v;
    }
    return kDefaultLimitBytes;
}

bool SnapshotCache::setLimitSetting(uint64_t bytes, std::string* error)
{
    const std::string folder = envFolder("XDG_CONFIG_HOME", ".config");
    std::error_code ec;
    if (folder.empty() || (fs::create_directories(folder, ec), ec)) {
        if (error)
            *error = folder.empty() ? "no settings folder: neither XDG_CONFIG_HOME nor HOME is set"
                                    : folder + ": " + ec.message();
        return false;
    }
    // Written beside and renamed over, so a reader never sees half a file.
    const std::string path = folder + "/snapshot-cache.conf", tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc);
        out << "limit_bytes=" << bytes << "\n";
        out.flush();
        if (!out) {
            if (error)
                *error = tmp + ": cannot write";
            return false;
        }
    }
    fs::rename(tmp, path, ec);
    if (ec && error)
        *error = path + ": " + ec.message();
    return !ec;
}

} // namespace strata::store
