#pragma once
#include "types.h"

#include <vector>

namespace strata::store {

// What an event is, apart from when and where: (name, category, source location).
// A slice carries only its TypeId; operator identity, colour and source line hang off it.
struct EventType {
    StringId name;
    StringId category;
    StringId source; // "file.py:123" as given by the profile; invalid when unknown
};

class TypeTable {
public:
    TypeTable();
    TypeId intern(StringId name, StringId category, StringId source = StringId());
    const EventType& get(TypeId id) const { return m_types[id.v]; }
    size_t size() const { return m_types.size(); }
    size_t residentBytes() const { return m_types.capacity() * sizeof(EventType) + m_buckets.capacity() * 4; }

private:
    static uint32_t hash(const EventType& t);
    void rehash(size_t buckets);

    std::vector<EventType> m_types;
    std::vector<uint32_t> m_buckets;
};

} // namespace strata::store
