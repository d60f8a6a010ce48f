#pragma once
#include "podvector.h"
#include "splitoffsets.h"
#include "types.h"

#include <string_view>
#include <unordered_map>
#include <vector>

namespace strata::store {

enum class ArgKind : uint8_t { Null = 0, Bool, Int, Uint, Double, String };

// One typed argument. Nested JSON objects arrive flattened to dotted keys ("a.b", "a[2]").
struct Arg {
    StringId key;
    ArgKind kind = ArgKind::Null;
    union {
        int64_t i;
        uint64_t u;
        double d;
        uint32_t s; // StringId value
    };
    Arg()
        : i(0)
    {
    }
    static Arg makeInt(StringId k, int64_t v) { return make(k, ArgKind::Int, &Arg::i, v); }
    static Arg makeUint(StringId k, uint64_t v) { return make(k, ArgKind::Uint, &Arg::u, v); }
    static Arg makeDouble(StringId k, double v) { return make(k, ArgKind::Double, &Arg::d, v); }
    static Arg makeBool(StringId k, bool v) { return make(k, ArgKind::Bool, &Arg::i, int64_t(v)); }
    static Arg makeString(StringId k, StringId v) { return make(k, ArgKind::String, &Arg::s, v.v); }
    static Arg makeNull(StringId k) { return make(k, ArgKind::Null, &Arg::i, int64_t(0)); }
    StringId stringValue() const { return kind == ArgKind::String ? StringId(s) : StringId(); }
    // Numeric view of Int/Uint/Double/Bool; false for strings and null.
    bool number(double* out) const;

private:
    // The one way an arg is made: `field` is the union member that `kind` reads; the rest of
    // the union keeps the constructor's zero.
    template <typename T> static Arg make(StringId k, ArgKind kind, T Arg::*field, T v)
    {
        Arg a;
        a.key = k;
        a.kind = kind;
        a.*field = v;
        return a;
    }
};

// Deduplicated argument sets. Invariant: a set is stored once; identical sets (same keys,
// kinds and values in the same order) share one ArgSetId. Layout per set in m_words:
// [count] then per arg [kind<<28 | key code][lo][hi] — 4 + 12 bytes per arg, no per-set heap
// object. A key code is the key's StringId below kFarKeyBase; the few keys interned after
// that many strings get codes from kFarKeyBase up (m_farKeys), so 28 bits never cut a key.
// m_words may pass 2^32 words: offsets are 64-bit in 4 bytes a set (SplitOffsets).
class ArgTable {
public:
    ArgTable();
    ArgSetId add(const Arg* args, size_t n); // n == 0 → invalid id (no args)
    size_t size(ArgSetId set) const { return set.valid() ? m_words[m_offsets[set.v]] : 0; }
    Arg at(ArgSetId set, size_t i) const;
    // The key of arg i (< size(set)) without decoding its value: a search tests the keys of
    // millions of sets and decodes only the values of the keys it asks about.
    StringId keyAt(ArgSetId set, size_t i) const
    {
        const uint32_t code = m_words[m_offsets[set.v] + 1 + 3 * i] & kKeyMask;
        return code < kFarKeyBase ? StringId(code) : m_farKeys[code - kFarKeyBase];
    }
    std::vector<Arg> get(ArgSetId set) const;
    // Finds an arg by key in a set; nullptr-like invalid Arg (kind Null, key invalid) when absent.
    bool find(ArgSetId set, StringId key, Arg* out) const;
    size_t setCount() const { return m_offsets.size(); }
    size_t residentBytes() const;
    void shrink(); // after building: drop growth slack and the dedup index's scratch

private:
    static constexpr uint32_t kKeyMask = 0x0fffffffu;
    // Codes [kFarKeyBase, kKeyMask] name keys whose StringId does not fit the 28 bits: room
    // for 2^20 distinct such keys, far more than any profile has keys at all.
    static constexpr uint32_t kFarKeyBase = kKeyMask + 1 - (1u << 20);

    friend class SnapshotReader; // model/snapshot restores the words and the index in one pass
    static uint32_t hashSet(const uint32_t* words, size_t n);
    void rehash(size_t buckets);
    uint32_t keyCode(StringId key); // makes a far code when needed
    bool findKeyCode(StringId key, uint32_t* code) const;
    StringId keyOf(uint32_t code) const;

    PodVector<uint32_t> m_words; // grows by realloc: see PodVector
    SplitOffsets<> m_offsets; // ArgSetId → offset of its [count] word
    std::vector<StringId> m_farKeys; // key code - kFarKeyBase → key
    std::unordered_map<uint32_t, uint32_t> m_farCodes; // StringId value → its far key code
    PodVector<uint32_t> m_hashes; // ArgSetId → hash, kept to rehash without rereading
    std::vector<uint32_t> m_buckets;
    std::vector<uint32_t> m_scratch;
};

} // namespace strata::store
