#pragma once
#include <store/eventstore.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace strata::analysis {

// What SearchEngine::run() reads instead of recomputing per query over a big store: built once
// per store off the GUI thread (the Search dock's worker, bench_search), read-only afterwards,
// so any number of runs may share it.
//
// * Names: the distinct interned names in first-seen TypeId order and a name slot per TypeId,
//   so a run tests each distinct name once without building a hash map over all types; their
//   text is also copied end to end (nameText()), as is, and ASCII-folded, so the tests read
//   one compact buffer instead of a string pool of millions scattered over the heap, and a
//   substring is found by one search through the whole buffer (markContaining()). The same
//   for categories (ids only).
// * Slices per TypeId.
// * Rare types' rows (CSR): for every type with at most rareLimit() slices, its slice rows
//   ascending, offsets per TypeId into one row array. rareLimit() is the largest count (at
//   most kMaxRareLimit) whose types hold together at most 1/8 of all slices, so a name that
//   matches only rare types is answered from O(matches) rows instead of a scan. The same
//   for the instants, by the types' instant counts (instantLimit()).
//
// * Duration blocks: per block of kDurationBlock consecutive slice rows (block = row >>
//   kDurationBlockShift, the last one partial), the shortest and the longest duration in it,
//   so a duration test skips the blocks none of whose rows can pass without reading their
//   columns: rows are ordered by (track, depth, ts), so the long slices of the top levels and
//   the short ones of deep levels sit in separate blocks. And which type buckets (TypeId %
//   kTypeBuckets) occur in the block, so a test of few types skips the blocks that hold none
//   of them (types cluster by track: DMA engines, collectives, host threads).
//
// Bytes: 24 per TypeId (name slot, category slot, slice and instant counts and offsets) + 4
// per distinct name or category + 8 + twice its length per distinct name + 4 per indexed
// slice or instant (at most 1/8 of each: <= 0.5 bytes a slice) + 48 per block (3/64 byte
// a slice).
class SearchIndex {
public:
    static constexpr uint32_t kMaxRareLimit = 4096;
    static constexpr unsigned kDurationBlockShift = 10;
    static constexpr uint32_t kDurationBlock = 1u << kDurationBlockShift;
    static constexpr uint32_t kTypeBuckets = 256;
    static constexpr uint32_t kBucketWords = kTypeBuckets / 64;

    // Builds over a finalized store on up to `threads` threads (0: up to two). False, leaving
    // the index empty, when `cancel` is seen raised.
    bool build(const store::EventStore& s, const std::atomic<bool>* cancel = nullptr, unsigned threads = 0);

    // Built, for a store of this shape: a check against mix-ups, not proof of identity (the
    // owner keeps an index with the store it was built for, as LazyIndexes does).
    bool fits(const store::EventStore& s) const
    {
        return m_built && m_sliceTotal == s.sliceCount() && m_typeName.size() == s.types().size();
    }
    bool built() const { return m_built; }

    const std::vector<store::StringId>& names() const { return m_names; }
    // The text of names()[i], from the index's own copy.
    std::string_view nameText(size_t i) const
    {
        return std::string_view(m_nameBytes.data() + m_nameStart[i], m_nameStart[i + 1] - m_nameStart[i]);
    }
    const std::vector<uint32_t>& typeNameSlots() const { return m_typeName; } // per TypeId → names()
    // Sets nameOk[i] (sized names().size()) for every name containing `needle`, which is
    // folded (TextMatcher::folded) unless caseSensitive: TextMatcher::contains per name, as
    // one search through the names end to end; a hit that spans two names is no match.
    void markContaining(std::string_view needle, bool caseSensitive, std::vector<uint8_t>& nameOk) const;

    const std::vector<store::StringId>& categories() const { return m_categories; }
    const std::vector<uint32_t>& typeCategorySlots() const { return m_typeCategory; } // per TypeId

    uint32_t sliceCount(store::TypeId t) const { return m_typeSlices[t.v]; }
    uint32_t rareLimit() const { return m_rareLimit; }
    bool indexed(store::TypeId t) const { return m_typeSlices[t.v] <= m_rareLimit; }
    // Rows of an indexed type, ascending; empty for other types.
    const store::SliceRow* rowsBegin(store::TypeId t) const { return m_rows.data() + m_offsets[t.v]; }
    const store::SliceRow* rowsEnd(store::TypeId t) const { return m_rows.data() + m_offsets[t.v + 1]; }
    size_t indexedRows() const { return m_rows.size(); }

    // The same for instants, by their own counts (the rare types among the instants).
    uint32_t instantCount(store::TypeId t) const { return m_typeInstants[t.v]; }
    uint32_t instantLimit() const { return m_instantLimit; }
    bool instantsIndexed(store::TypeId t) const { return m_typeInstants[t.v] <= m_instantLimit; }
    const store::InstantRow* instantsBegin(store::TypeId t) const
    {
        return m_instantRows.data() + m_instantOffsets[t.v];
    }
    const store::InstantRow* instantsEnd(store::TypeId t) const
    {
        return m_instantRows.data() + m_instantOffsets[t.v + 1];
    }
    size_t indexedInstants() const { return m_instantRows.size(); }

    // Per duration block (see above), for every slice row; empty when the store has none.
    const std::vector<store::TimeNs>& blockMinDuration() const { return m_blockMinDur; }
    const std::vector<store::TimeNs>& blockMaxDuration() const { return m_blockMaxDur; }
    // kBucketWords words per block: bit (t % kTypeBuckets) set when a row of type t is in it.
    const std::vector<uint64_t>& blockTypeBuckets() const { return m_blockTypes; }

    size_t residentBytes() const;

private:
    static uint32_t rareLimitOf(const std::vector<uint32_t>& counts, size_t rows);
    void buildSlots(const store::EventStore& s);
    void buildInstants(const store::EventStore& s);
    void buildBlocks(const store::EventStore& s, uint32_t rowBegin, uint32_t rowEnd);

    bool m_built = false;
    size_t m_sliceTotal = 0;
    std::vector<store::StringId> m_names, m_categories;
    std::string m_nameBytes; // the names' text end to end
    std::string m_foldedNames; // the same, ASCII-folded
    std::vector<size_t> m_nameStart; // name i is [m_nameStart[i], m_nameStart[i + 1])
    std::vector<uint32_t> m_typeName, m_typeCategory;
    std::vector<uint32_t> m_typeSlices;
    uint32_t m_rareLimit = 0;
    std::vector<uint32_t> m_offsets; // TypeId → first row in m_rows; size types + 1
    std::vector<store::SliceRow> m_rows;
    std::vector<uint32_t> m_typeInstants;
    uint32_t m_instantLimit = 0;
    std::vector<uint32_t> m_instantOffsets;
    std::vector<store::InstantRow> m_instantRows;
    std::vector<store::TimeNs> m_blockMinDur, m_blockMaxDur;
    std::vector<uint64_t> m_blockTypes;
};

} // namespace strata::analysis
