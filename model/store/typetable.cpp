#include "typetable.h"

namespace strata::store {

namespace {
constexpr uint32_t kEmpty = 0xffffffffu;
}

TypeTable::TypeTable()
{
    m_buckets.assign(256, kEmpty);
}

uint32_t TypeTable::hash(const EventType& t)
{
    uint64_t h = (uint64_t(t.name.v) * 0x9e3779b97f4a7c15ull) ^ (uint64_t(t.category.v) * 0xc2b2ae3d27d4eb4full)
        ^ (uint64_t(t.source.v) * 0x165667b19e3779f9ull);
    h ^= h >> 31;
    return static_cast<uint32_t>(h ^ (h >> 17));
}

void TypeTable::rehash(size_t buckets)
{
    m_buckets.assign(buckets, kEmpty);
    const size_t mask = buckets - 1;
    for (size_t id = 0; id < m_types.size(); ++id) {
        size_t b = hash(m_types[id]) & mask;
        while (m_buckets[b] != kEmpty)
            b = (b + 1) & mask;
        m_buckets[b] = static_cast<uint32_t>(id);
    }
}

TypeId TypeTable::intern(StringId name, StringId category, StringId source)
{
    const EventType key { name, category, source };
    const size_t mask = m_buckets.size() - 1;
    size_t b = hash(key) & mask;
    for (;; b = (b + 1) & mask) {
        const uint32_t id = m_buckets[b];
        if (id == kEmpty)
            break;
        const EventType& t = m_types[id];
        if (t.name == name && t.category == category && t.source == source)
            return TypeId(id);
    }
    requireIds(m_types.size() + 1, "distinct event types");
    const auto id = static_cast<uint32_t>(m_types.size());
    m_types.push_back(key);
    m_buckets[b] = id;
    if (m_types.size() * 2 > m_buckets.size())
        rehash(m_buckets.size() * 2);
    return TypeId(id);
}

} // namespace strata::store
