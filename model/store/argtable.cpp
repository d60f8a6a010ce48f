#include "argtable.h"

#include <cstring>
#include <stdexcept>

namespace strata::store {

namespace {
constexpr uint32_t kEmpty = 0xffffffffu;
} // namespace

uint32_t ArgTable::keyCode(StringId key)
{
    if (key.v < kFarKeyBase)
        return key.v;
    auto [it, inserted] = m_farCodes.try_emplace(key.v, kFarKeyBase + static_cast<uint32_t>(m_farKeys.size()));
    if (inserted) {
        if (it->second > kKeyMask) {
            m_farCodes.erase(it);
            throw std::length_error("more than 1048576 distinct argument keys interned after the first "
                + std::to_string(kFarKeyBase) + " strings");
        }
        m_farKeys.push_back(key);
    }
    return it->second;
}

bool ArgTable::findKeyCode(StringId key, uint32_t* code) const
{
    if (key.v < kFarKeyBase) {
        *code = key.v;
        return true;
    }
    auto it = m_farCodes.find(key.v);
    if (it == m_farCodes.end())
        return false;
    *code = it->second;
    return true;
}

StringId ArgTable::keyOf(uint32_t code) const
{
    return code < kFarKeyBase ? StringId(code) : m_farKeys[code - kFarKeyBase];
}

bool Arg::number(double* out) const
{
    switch (kind) {
    case ArgKind::Int:
    case ArgKind::Bool: *out = static_cast<double>(i); return true;
    case ArgKind::Uint: *out = static_cast<double>(u); return true;
    case ArgKind::Double: *out = d; return true;
    default: return false;
    }
}

ArgTable::ArgTable()
{
    m_buckets.assign(1024, kEmpty);
}

uint32_t ArgTable::hashSet(const uint32_t* w, size_t n)
{
    uint64_t h = 0x84222325cbf29ce4ull ^ n;
    for (size_t i = 0; i < n; ++i) {
        h = (h ^ w[i]) * 0x100000001b3ull;
        h ^= h >> 27;
    }
    h *= 0x9e3779b97f4a7c15ull;
    return static_cast<uint32_t>(h >> 32);
}

void ArgTable::rehash(size_t buckets)
{
    m_buckets.assign(buckets, kEmpty);
    const size_t mask = buckets - 1;
    for (size_t id = 0; id < m_offsets.size(); ++id) {
        size_t b = m_hashes[id] & mask;
        while (m_buckets[b] != kEmpty)
            b = (b + 1) & mask;
        m_buckets[b] = static_cast<uint32_t>(id);
    }
}

ArgSetId ArgTable::add(const Arg* args, size_t n)
{
    if (n == 0)
        return ArgSetId();
    m_scratch.resize(1 + 3 * n);
    m_scratch[0] = static_cast<uint32_t>(n);
    for (size_t i = 0; i < n; ++i) {
        const Arg& a = args[i];
        uint64_t bits = 0;
        switch (a.kind) {
        case ArgKind::Null: break;
        case ArgKind::String: bits = a.s; break;
        default: std::memcpy(&bits, &a.i, 8); break;
        }
        m_scratch[1 + 3 * i] = (uint32_t(a.kind) << 28) | keyCode(a.key);
        m_scratch[2 + 3 * i] = static_cast<uint32_t>(bits);
        m_scratch[3 + 3 * i] = static_cast<uint32_t>(bits >> 32);
    }
    const uint32_t h = hashSet(m_scratch.data(), m_scratch.size());
    const size_t mask = m_buckets.size() - 1;
    size_t b = h & mask;
    for (;; b = (b + 1) & mask) {
        const uint32_t id = m_buckets[b];
        if (id == kEmpty)
            break;
        if (m_hashes[id] != h)
            continue;
        const uint64_t off = m_offsets[id];
        if (m_words[off] == n && std::memcmp(&m_words[off], m_scratch.data(), m_scratch.size() * 4) == 0)
            return ArgSetId(id);
    }
    requireIds(m_offsets.size() + 1, "distinct argument sets");
    const auto id = static_cast<uint32_t>(m_offsets.size());
    m_offsets.push_back(m_words.size());
    m_words.append(m_scratch.data(), m_scratch.size());
    m_hashes.push_back(h);
    m_buckets[b] = id;
    if (m_offsets.size() * 2 > m_buckets.size())
        rehash(m_buckets.size() * 2);
    return ArgSetId(id);
}

Arg ArgTable::at(ArgSetId set, size_t i) const
{
    const uint32_t* w = &m_words[m_offsets[set.v] + 1 + 3 * i];
    Arg a;
    a.key = keyOf(w[0] & kKeyMask);
    a.kind = static_cast<ArgKind>(w[0] >> 28);
    const uint64_t bits = uint64_t(w[1]) | (uint64_t(w[2]) << 32);
    if (a.kind == ArgKind::String)
        a.s = w[1];
    else
        std::memcpy(&a.i, &bits, 8);
    return a;
}

std::vector<Arg> ArgTable::get(ArgSetId set) const
{
    std::vector<Arg> out;
    const size_t n = size(set);
    out.reserve(n);
    for (size_t i = 0; i < n; ++i)
        out.push_back(at(set, i));
    return out;
}

bool ArgTable::find(ArgSetId set, StringId key, Arg* out) const
{
    uint32_t code = 0;
    if (!findKeyCode(key, &code))
        return false;
    const size_t n = size(set);
    const uint64_t first = n ? m_offsets[set.v] + 1 : 0;
    for (size_t i = 0; i < n; ++i) {
        const uint32_t w = m_words[first + 3 * i];
        if ((w & kKeyMask) == code) {
            *out = at(set, i);
            return true;
        }
    }
    return false;
}

void ArgTable::shrink()
{
    m_words.shrink_to_fit();
    m_offsets.shrink_to_fit();
    m_hashes.shrink_to_fit();
    std::vector<uint32_t>().swap(m_scratch);
}

size_t ArgTable::residentBytes() const
{
    return (m_words.capacity() + m_hashes.capacity() + m_buckets.capacity() + m_scratch.capacity()) * 4
        + m_offsets.residentBytes() + m_farKeys.capacity() * sizeof(StringId) + m_farCodes.size() * 32;
}

} // namespace strata::store
