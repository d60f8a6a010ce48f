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
// A bucket is one word: the record's id in its low bits (an id is below buckets / 2, so it
// fits the bits of the bucket mask with the top one clear, and no bucket equals kNone), and
// the hash's bits above the mask in the rest (from 22 bits at 1024 buckets to 6 at 2^26).
// A probe tests those bits in the bucket and reads a record only when they match, so a miss
// costs the bucket's cache line alone, not another in the kept hashes and one in the record.
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
        const auto idBits = static_cast<uint32_t>(mask);
        const uint32_t tag = h & ~idBits;
        for (size_t b = h & mask;; b = (b + 1) & mask) {
            const uint32_t bucket = m_buckets[b];
            if (bucket == kNone) {
                *slot = b;
                return kNone;
            }
            if ((bucket & ~idBits) == tag && equal(bucket & idBits))
                return bucket & idBits;
        }
    }
    // Brings the bucket a record hashed `h` starts its probe at into the cache, ahead of its
    // find(): a caller with records queued hides the miss behind the records before it.
    void prefetch(uint32_t h) const
    {
        if (!m_buckets.empty())
            __builtin_prefetch(&m_buckets[h & (m_buckets.size() - 1)]);
    }
    // The record find() compares first for a record hashed `h` (the one in the bucket its
    // probe starts at, when that bucket's hash bits match), or kNone: a caller that prefetched
    // the bucket fetches that record next, so a set already held does not wait for it either.
    uint32_t firstCandidate(uint32_t h) const
    {
        if (m_buckets.empty())
            return kNone;
        const size_t mask = m_buckets.size() - 1;
        const auto idBits = static_cast<uint32_t>(mask);
        const uint32_t bucket = m_buckets[h & mask];
        return bucket != kNone && (bucket & ~idBits) == (h & ~idBits) ? bucket & idBits : kNone;
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
    std::vector<uint32_t> m_buckets; // id | hash bits above the mask, kNone where free; empty when dropped
};

} // namespace strata::store
