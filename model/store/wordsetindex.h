#pragma once
#include "podvector.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace strata::store {

// The dedup index of an append-only table of word records (ArgTable's sets, ArgShapes'
// shapes): open addressing over record ids, at most half full, with each record's hash kept
// so growing never rereads the records. It is needed only while records are added: a table
// drops it when it is finished (drop()) and builds it again from its records when a record
// is added after that (rebuild()), so a finished store does not carry 12 to 20 bytes a
// record of index. The records live in their table; find() asks the table to compare.
class WordSetIndex {
public:
    static constexpr uint32_t kNone = 0xffffffffu;

    static uint32_t hash(const uint32_t* words, size_t n);

    explicit WordSetIndex(size_t minBuckets)
        : m_minBuckets(minBuckets)
    {
    }
    bool built() const { return !m_buckets.empty(); }
    // Indexes records [0, count): hashOf(id) hashes record id.
    template <typename HashOf> void rebuild(size_t count, HashOf hashOf)
    {
        m_hashes.clear();
        m_hashes.reserve(count);
        for (size_t id = 0; id < count; ++id)
            m_hashes.push_back(hashOf(id));
        rehash(bucketsFor(count));
    }
    // The id of the record equal to the one hashed `h` (equal(id) compares record id with
    // it), or kNone; *slot is then where insert() puts it.
    template <typename Equal> uint32_t find(uint32_t h, Equal equal, size_t* slot) const
    {
        const size_t mask = m_buckets.size() - 1;
        for (size_t b = h & mask;; b = (b + 1) & mask) {
            const uint32_t id = m_buckets[b];
            if (id == kNone) {
                *slot = b;
                return kNone;
            }
            if (m_hashes[id] == h && equal(id))
                return id;
        }
    }
    // Adds the next record (id == count so far) at the slot find() gave for it.
    void insert(size_t slot, uint32_t h);
    void drop();
    size_t residentBytes() const { return m_hashes.capacity() * 4 + m_buckets.capacity() * 4; }

private:
    size_t bucketsFor(size_t count) const;
    void rehash(size_t buckets);

    size_t m_minBuckets;
    PodVector<uint32_t> m_hashes; // record id → its hash
    std::vector<uint32_t> m_buckets; // record ids, kNone where free; empty when dropped
};

} // namespace strata::store
