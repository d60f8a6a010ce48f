#pragma once
#include "types.h"

#include <memory>
#include <string_view>
#include <vector>

namespace strata::store {

// Interns every string of a profile once. Ids are dense from 0; id 0 is always "".
// Bytes live in fixed arena blocks, so views handed out stay valid as the pool grows.
// Each id keeps a pointer and length (16 bytes), no offset into the arena, so the arena may
// pass 2^32 bytes; only the count of strings is bounded (kMaxIds, refused past it).
// Not thread-safe for writes; const use from any thread after building.
class StringPool {
public:
    StringPool();
    StringId intern(std::string_view s) { return intern(s, static_cast<uint32_t>(hash(s))); }
    // `h`: the low 32 bits of hash(s), as another pool keeps them (hashOf): a string moved
    // from one pool into another is not hashed again.
    StringId intern(std::string_view s, uint32_t h);
    uint32_t hashOf(StringId id) const { return m_hashes[id.v]; }
    StringId find(std::string_view s) const; // invalid when absent
    std::string_view view(StringId id) const
    {
        return id.valid() && id.v < m_views.size() ? m_views[id.v] : std::string_view();
    }
    size_t size() const { return m_views.size(); }
    size_t residentBytes() const;
    // Forgets every string but keeps one arena block and the table's capacity, so a
    // pool reused for many short-lived batches does not allocate again.
    void clear();

    static uint64_t hash(std::string_view s);

private:
    const char* store(std::string_view s);
    void rehash(size_t buckets);

    std::vector<std::string_view> m_views;
    std::vector<uint32_t> m_hashes; // low 32 bits of hash per id, to rehash and pre-filter
    std::vector<uint32_t> m_buckets; // open addressing, kInvalid = empty
    std::vector<std::unique_ptr<char[]>> m_blocks;
    size_t m_blockUsed = 0;
    size_t m_blockSize = 0;
    size_t m_arenaBytes = 0;
};

} // namespace strata::store
