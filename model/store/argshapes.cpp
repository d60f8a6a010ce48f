#include "argshapes.h"

#include <cstring>
#include <stdexcept>
#include <string>

namespace strata::store {

ArgShapes::ArgShapes()
    : m_index(64)
{
}

uint32_t ArgShapes::keyCode(StringId key)
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

bool ArgShapes::findKeyCode(StringId key, uint32_t* code) const
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

uint32_t ArgShapes::intern(const uint32_t* argWords, size_t n)
{
    if (!m_index.built())
        m_index.rebuild(
            size(), [this](size_t id) { return WordSetIndex::hash(args(uint32_t(id)), count(uint32_t(id))); });
    const uint32_t h = WordSetIndex::hash(argWords, n);
    size_t slot = 0;
    const uint32_t found = m_index.find(
        h, [&](uint32_t id) { return count(id) == n && std::memcmp(args(id), argWords, n * 4) == 0; }, &slot);
    if (found != WordSetIndex::kNone)
        return found;
    requireIds(size() + 1, "distinct argument shapes");
    const auto id = static_cast<uint32_t>(size());
    m_offsets.push_back(m_words.size());
    m_words.push_back(static_cast<uint32_t>(n));
    const size_t valueWordsAt = m_words.size();
    m_words.push_back(0);
    m_words.append(argWords, n);
    uint32_t offset = 0;
    for (size_t i = 0; i < n; ++i) {
        m_words.push_back(offset);
        offset += widthOf(argWords[i]);
    }
    m_words[valueWordsAt] = offset;
    m_index.insert(slot, h);
    return id;
}

void ArgShapes::shrink()
{
    m_words.shrink_to_fit();
    m_offsets.shrink_to_fit();
    m_index.drop();
}

size_t ArgShapes::residentBytes() const
{
    return m_words.capacity() * 4 + m_offsets.residentBytes() + m_index.residentBytes()
        + m_farKeys.capacity() * sizeof(StringId) + m_farCodes.size() * 32;
}

} // namespace strata::store
