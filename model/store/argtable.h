#pragma once
#include "argshapes.h"
#include "podvector.h"
#include "splitoffsets.h"
#include "types.h"
#include "wordsetindex.h"

#include <string_view>
#include <vector>

namespace strata::store {

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
// kinds and values in the same order) share one ArgSetId. A set is [shape id][values] in
// m_words: its keys and kinds are its shape's (ArgShapes, interned: a profile has few), and
// a value takes one word when it fits 32 bits (strings, bools, integers from -2^31 to
// 2^32 - 1 as their kind allows), two when not (doubles, large integers), none for null.
// A Kineto kernel's six small integers take 4 + 6 × 4 bytes, where one word of key and two
// of value an arg took 4 + 6 × 12. Equal sets have equal words, as the width of a value
// follows from its kind and bits, so the dedup compares words. The dedup index is needed
// only while sets are added: shrink() drops it and add() builds it again when called after.
// m_words may pass 2^32 words: offsets are 64-bit in 4 bytes a set (SplitOffsets).
//
// One exception to the invariant: a table told keepRepeats() stores every set it is given,
// equal ones apart. It is the table of a job's rank whose store goes to StoreMerger and
// nowhere else: the merger's addAll looks every set up as it maps it into the job's table
// anyway, so the rank's own lookup of each set would be paid twice (docs/performance.md,
// "Jobs"). Nothing else may read such a table: SnapshotWriter refuses its store.
class ArgTable {
public:
    ArgTable();
    ArgSetId add(const Arg* args, size_t n); // n == 0 → invalid id (no args)
    // Adds every set of `from` whose keys and string values are ids of another pool,
    // `strings` mapping them to this table's pool (an id past its end, or invalid, maps to
    // invalid); (*ids)[a] is then set a's id here. Each of from's shapes is mapped once and
    // a set's values are copied, not decoded: a job's merge adds every rank's sets.
    void addAll(const ArgTable& from, const std::vector<StringId>& strings, std::vector<ArgSetId>* ids);
    size_t size(ArgSetId set) const { return set.valid() ? m_shapes.count(shapeOf(set)) : 0; }
    Arg at(ArgSetId set, size_t i) const;
    // The key of arg i (< size(set)) without decoding its value: a search tests the keys of
    // millions of sets and decodes only the values of the keys it asks about.
    StringId keyAt(ArgSetId set, size_t i) const
    {
        return m_shapes.keyOf(m_shapes.args(shapeOf(set))[i] & ArgShapes::kKeyMask);
    }
    std::vector<Arg> get(ArgSetId set) const;
    // From now on add() stores every set without looking for an equal one (see above); the
    // sets already stored stay as they are.
    void keepRepeats() { m_deduplicating = false; }
    // False once keepRepeats() was called: equal sets may then have different ids.
    bool deduplicating() const { return m_deduplicating; }
    // Finds an arg by key in a set; nullptr-like invalid Arg (kind Null, key invalid) when absent.
    bool find(ArgSetId set, StringId key, Arg* out) const;
    size_t setCount() const { return m_offsets.size(); }
    size_t shapeCount() const { return m_shapes.size(); }
    size_t residentBytes() const;
    void shrink(); // after building: drop growth slack and the dedup index

private:
    friend class SnapshotReader; // model/snapshot restores the sets in one pass

    uint32_t shapeOf(ArgSetId set) const { return m_words[m_offsets[set.v]]; }
    const uint32_t* valuesOf(ArgSetId set) const { return &m_words[m_offsets[set.v] + 1]; }
    Arg decode(ArgSetId set, uint32_t argWord, uint32_t valueOffset) const;
    // The set of `n` words [shape id][values] hashed `h` (WordSetIndex::hash), interned;
    // `words` must not point into m_words.
    ArgSetId intern(const uint32_t* words, size_t n, uint32_t h);
    ArgSetId append(const uint32_t* words, size_t n); // a new set, not looked up
    void buildIndex(); // when shrink() dropped it
    uint32_t hashOf(size_t id) const;

    PodVector<uint32_t> m_words; // grows by realloc: see PodVector
    SplitOffsets<> m_offsets; // ArgSetId → offset of its [shape id] word
    ArgShapes m_shapes;
    WordSetIndex m_index; // over the sets' words
    std::vector<uint32_t> m_scratch;
    bool m_deduplicating = true;
};

} // namespace strata::store
