#include "stringpool.h"

#include <algorithm>
#include <cstring>

namespace strata::store {

namespace {
constexpr uint32_t kEmpty = 0xffffffffu;
constexpr size_t kBlockBytes = 256 * 1024;
} // namespace

uint64_t StringPool::hash(std::string_view s)
{
    // FNV-1a folded 8 bytes at a time; interned strings are short names and keys.
    uint64_t h = 1469598103934665603ull ^ s.size();
    const char* p = s.data();
    size_t n = s.size();
    while (n >= 8) {
        uint64_t w;
        std::memcpy(&w, p, 8);
        h = (h ^ w) * 0x100000001b3ull;
        h ^= h >> 29;
        p += 8;
        n -= 8;
    }
    while (n--) {
        h = (h ^ static_cast<unsigned char>(*p++)) * 0x100000001b3ull;
    }
    h ^= h >> 32;
    h *= 0x9e3779b97f4a7c15ull;
    return h ^ (h >> 29);
}

StringPool::StringPool()
{
    m_buckets.assign(1024, kEmpty);
    intern(std::string_view());
}

const char* StringPool::store(std::string_view s)
{
    if (s.empty())
        return "";
    if (s.size() > kBlockBytes / 4) {
        // Large strings get their own block so they do not waste the tail of a shared one.
        m_blocks.emplace_back(new char[s.size()]);
        std::memcpy(m_blocks.back().get(), s.data(), s.size());
        m_arenaBytes += s.size();
        auto* own = m_blocks.back().get();
        // Keep the current shared block last so appends continue in it.
        if (m_blocks.size() >= 2)
            std::swap(m_blocks[m_blocks.size() - 1], m_blocks[m_blocks.size() - 2]);
        return own;
    }
    if (m_blocks.empty() || m_blockUsed + s.size() > m_blockSize) {
        m_blocks.emplace_back(new char[kBlockBytes]);
        m_blockSize = kBlockBytes;
        m_blockUsed = 0;
        m_arenaBytes += kBlockBytes;
    }
    char* dst = m_blocks.back().get() + m_blockUsed;
    std::memcpy(dst, s.data(), s.size());
    m_blockUsed += s.size();
    return dst;
}

void StringPool::rehash(size_t buckets)
{
    m_buckets.assign(buckets, kEmpty);
    const size_t mask = buckets - 1;
    for (size_t id = 0; id < m_views.size(); ++id) {
        size_t b = m_hashes[id] & mask;
        while (m_buckets[b] != kEmpty)
            b = (b + 1) & mask;
        m_buckets[b] = static_cast<uint32_t>(id);
    }
}

StringId StringPool::find(std::string_view s) const
{
    const uint32_t h = static_cast<uint32_t>(hash(s));
    const size_t mask = m_buckets.size() - 1;
    for (size_t b = h & mask;; b = (b + 1) & mask) {
        const uint32_t id = m_buckets[b];
        if (id == kEmpty)
            return StringId();
        if (m_hashes[id] == h && m_views[id] == s)
            return StringId(id);
    }
}

StringId StringPool::intern(std::string_view s, uint32_t h)
{
    size_t mask = m_buckets.size() - 1;
    size_t b = h & mask;
    for (;; b = (b + 1) & mask) {
        const uint32_t id = m_buckets[b];
        if (id == kEmpty)
            break;
        if (m_hashes[id] == h && m_views[id] == s)
            return StringId(id);
    }
    requireIds(m_views.size() + 1, "distinct strings");
    const auto id = static_cast<uint32_t>(m_views.size());
    m_views.emplace_back(store(s), s.size());
    m_hashes.push_back(h);
    m_buckets[b] = id;
    if (m_views.size() * 2 > m_buckets.size())
        rehash(m_buckets.size() * 2);
    return StringId(id);
}

void StringPool::clear()
{
    m_views.clear();
    m_hashes.clear();
    std::fill(m_buckets.begin(), m_buckets.end(), kEmpty);
    // Keep only the shared arena block (always the last one while m_blockSize is set);
    // blocks made for single large strings are freed.
    std::unique_ptr<char[]> keep;
    if (!m_blocks.empty() && m_blockSize == kBlockBytes)
        keep = std::move(m_blocks.back());
    m_blocks.clear();
    if (keep)
        m_blocks.push_back(std::move(keep));
    m_blockSize = m_blocks.empty() ? 0 : kBlockBytes;
    m_arenaBytes = m_blockSize;
    m_blockUsed = 0;
    intern(std::string_view());
}

size_t StringPool::residentBytes() const
{
    return m_arenaBytes + m_views.capacity() * sizeof(std::string_view) + m_hashes.capacity() * 4
        + m_buckets.capacity() * 4 + m_blocks.capacity() * sizeof(void*);
}

} // namespace strata::store
