#include "wordsetindex.h"

namespace strata::store {

uint32_t WordSetIndex::hash(const uint32_t* w, size_t n)
{
    uint64_t h = 0x84222325cbf29ce4ull ^ n;
    for (size_t i = 0; i < n; ++i) {
        h = (h ^ w[i]) * 0x100000001b3ull;
        h ^= h >> 27;
    }
    h *= 0x9e3779b97f4a7c15ull;
    return static_cast<uint32_t>(h >> 32);
}

size_t WordSetIndex::bucketsFor(size_t count) const
{
    size_t buckets = m_minBuckets;
    while (count * 2 > buckets)
        buckets *= 2;
    return buckets;
}

void WordSetIndex::rehash(size_t buckets)
{
    m_buckets.assign(buckets, kNone);
    const size_t mask = buckets - 1;
    const auto idBits = static_cast<uint32_t>(mask);
    // The records go in id order, each to a bucket far from the last: the bucket of the
    // record kAhead ids on is fetched while this one is placed, so the misses overlap.
    constexpr size_t kAhead = 16;
    const size_t count = m_hashes.size();
    for (size_t id = 0; id < count; ++id) {
        if (id + kAhead < count)
            __builtin_prefetch(&m_buckets[m_hashes[id + kAhead] & mask], 1);
        size_t b = m_hashes[id] & mask;
        while (m_buckets[b] != kNone)
            b = (b + 1) & mask;
        m_buckets[b] = static_cast<uint32_t>(id) | (m_hashes[id] & ~idBits);
    }
}

void WordSetIndex::insert(size_t slot, uint32_t h)
{
    const auto idBits = static_cast<uint32_t>(m_buckets.size() - 1);
    m_buckets[slot] = static_cast<uint32_t>(m_hashes.size()) | (h & ~idBits);
    m_hashes.push_back(h);
    if (m_hashes.size() * 2 > m_buckets.size())
        rehash(m_buckets.size() * 2);
}

void WordSetIndex::drop()
{
    PodVector<uint32_t>().swap(m_hashes);
    std::vector<uint32_t>().swap(m_buckets);
}

} // namespace strata::store
