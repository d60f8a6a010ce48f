#pragma once
#include "podvector.h"
#include "splitoffsets.h"
#include "types.h"
#include "wordsetindex.h"

#include <unordered_map>
#include <vector>

namespace strata::store {

// The shapes of ArgTable's sets, interned: a shape is a set's ordered keys and kinds and,
// for each arg, how many words its value takes. A profile has millions of sets (nearly every
// one distinct, as ids differ) but few shapes (a kernel's six keys, a runtime call's three),
// so a set stores its shape's id and its values only, and the keys are stored once here.
// Layout per shape in m_words: [count][value words][arg word × count][value offset × count],
// an arg word being [wide<<31 | kind<<28 | key code] and a value offset the index of the
// arg's first value word among the set's values. A key code is the key's StringId below
// kFarKeyBase; the few keys interned after that many strings get codes from kFarKeyBase up
// (m_farKeys), so 28 bits never cut a key.
class ArgShapes {
public:
    static constexpr uint32_t kKeyMask = 0x0fffffffu;
    // Codes [kFarKeyBase, kKeyMask] name keys whose StringId does not fit the 28 bits: room
    // for 2^20 distinct such keys, far more than any profile has keys at all.
    static constexpr uint32_t kFarKeyBase = kKeyMask + 1 - (1u << 20);
    static constexpr uint32_t kWide = 0x80000000u;

    static uint32_t argWord(ArgKind kind, uint32_t keyCode, bool wide)
    {
        return (wide ? kWide : 0u) | (uint32_t(kind) << 28) | keyCode;
    }
    static ArgKind kindOf(uint32_t argWord) { return ArgKind((argWord >> 28) & 7u); }
    // Value words of an arg: none for null, two for a wide value (doubles, and integers
    // that do not fit 32 bits), one otherwise.
    static uint32_t widthOf(uint32_t argWord)
    {
        return (argWord & kWide) ? 2u : kindOf(argWord) == ArgKind::Null ? 0u : 1u;
    }

    ArgShapes();
    // The shape of `n` arg words (n >= 1), interned.
    uint32_t intern(const uint32_t* argWords, size_t n);
    uint32_t keyCode(StringId key); // makes a far code when needed
    bool findKeyCode(StringId key, uint32_t* code) const;
    StringId keyOf(uint32_t code) const { return code < kFarKeyBase ? StringId(code) : m_farKeys[code - kFarKeyBase]; }

    size_t size() const { return m_offsets.size(); }
    uint32_t count(uint32_t shape) const { return m_words[m_offsets[shape]]; }
    uint32_t valueWords(uint32_t shape) const { return m_words[m_offsets[shape] + 1]; }
    const uint32_t* args(uint32_t shape) const { return &m_words[m_offsets[shape] + 2]; }
    const uint32_t* valueOffsets(uint32_t shape) const { return args(shape) + count(shape); }

    void shrink(); // after building: drop growth slack and the dedup index
    size_t residentBytes() const;

private:
    PodVector<uint32_t> m_words;
    SplitOffsets<> m_offsets; // shape id → offset of its [count] word
    WordSetIndex m_index; // over the arg words
    std::vector<StringId> m_farKeys; // key code - kFarKeyBase → key
    std::unordered_map<uint32_t, uint32_t> m_farCodes; // StringId value → its far key code
};

} // namespace strata::store
