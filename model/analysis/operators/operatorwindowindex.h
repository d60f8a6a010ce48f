#pragma once
#include "operatorcatalog.h"
#include <analysis/time/windowrule.h>
#include <store/eventstore.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

namespace strata::analysis {

// Count, total and self time per operator for the slices that start in a window, without
// visiting every slice: what OperatorAggregator::aggregate returns for those three columns
// (same slices, same scope, same row order), for one level and scope fixed at build time.
//
// Per track level (in scope) rows are sorted by start, so a window is one contiguous row
// range per level. Every kBlockRows rows of a level, starting at the level's first row, a
// block keeps sparse sums by operator key of two channels:
//   own   — count and summed duration of the block's rows, under the row's own key;
//   child — summed duration of the block's rows (depth > 0) under their PARENT's key.
// A parent's self time is its duration minus its direct children's, so a key's self time
// is its own total minus the child channel summed over the children of the selected
// parents. Those children are one row range too: the finalizer nests each lane with a
// stack, so a level-d row's parent is the level-(d-1) row of the same lane whose
// [ts, end) holds the child's start, and levels do not overlap; the children of parents
// [pb, pe) are exactly the level-d rows starting in [ts(pb), end(pe - 1)).
// A range sums its whole blocks and scans the rows of its (at most two) partial blocks,
// or, when a partial block is mostly covered, adds the block and takes off the rows
// outside it: at most kBlockRows / 2 rows scanned per end, per level and channel.
//
// Memory: 16 bytes per (block, key) of the own channel, 12 per (block, key) of the child
// channel, 8 per block; with few operator keys per block that is well under 1 byte per
// slice. Immutable after construction, so any thread may query it.
class OperatorWindowIndex {
public:
    static constexpr uint32_t kBlockRows = 1024;
    // It answers what OperatorAggregator answers, under the same rule.
    static constexpr WindowRule kWindowRule = WindowRule::StartsIn;

    struct Row {
        uint32_t key = 0; // OperatorCatalog key; 0 = unknown at the level ("(none)")
        uint64_t count = 0;
        store::TimeNs totalNs = 0;
        store::TimeNs selfNs = 0;
    };
    struct Result {
        std::vector<Row> rows; // total time, longest first; ties by name (OperatorTable's order)
        uint64_t events = 0; // slices that started in the window (every row, not only those kept)
        store::TimeNs busyNs = 0; // summed self time of every row: OperatorTable::busyNs
    };

    OperatorWindowIndex() = default;
    // One pass over the rows of the tracks in scope, split over `threads` cores (0: one per
    // core, at most 4). Reads the store and catalog only, so it may run on a worker while
    // the GUI reads them. Left unbuilt when *cancel turns true or the catalog is not the
    // store's (cancelled, or fewer types).
    OperatorWindowIndex(const store::EventStore& store, const OperatorCatalog& catalog, OperatorLevel level,
        OperatorScope scope, const std::atomic<bool>* cancel = nullptr, unsigned threads = 0,
        uint32_t blockRows = kBlockRows);

    // Slices starting in [window.start, window.end) on the tracks in scope; only the first
    // `limit` rows are kept (in order). `store` and `catalog` must be those it was built from.
    Result query(const store::EventStore& store, const OperatorCatalog& catalog, store::TimeRange window,
        size_t limit = std::numeric_limits<size_t>::max()) const;

    bool built() const { return m_built; }
    OperatorLevel level() const { return m_level; }
    OperatorScope scope() const { return m_scope; }
    size_t blockCount() const { return m_ownStart.empty() ? 0 : m_ownStart.size() - 1; }
    size_t residentBytes() const;
    // The row name OperatorAggregator gives a key: its text, "(none)" for key 0.
    static std::string_view keyName(const OperatorCatalog& catalog, uint32_t key);

private:
    // One level of a track in scope. Levels are kept per track in depth order, so the
    // entry before a level of depth > 0 is its parent level.
    struct Level {
        uint32_t begin = 0, end = 0; // rows
        uint32_t firstBlock = 0;
        uint32_t depth = 0;
    };
    class Accumulator;
    enum class Channel : uint8_t { Own, Child };

    void addRange(const store::EventStore& store, const OperatorCatalog& catalog, const Level& lv, Channel ch,
        uint32_t begin, uint32_t end, Accumulator& acc) const;
    void addBlock(uint32_t block, Channel ch, int64_t sign, Accumulator& acc) const;
    void scan(const store::EventStore& store, const OperatorCatalog& catalog, Channel ch, uint32_t begin, uint32_t end,
        int64_t sign, Accumulator& acc) const;

    OperatorLevel m_level = OperatorLevel::Op;
    OperatorScope m_scope = OperatorScope::All;
    uint32_t m_blockRows = kBlockRows;
    bool m_built = false;
    std::vector<Level> m_levels;
    // Entries of block b: [m_ownStart[b], m_ownStart[b + 1]) and likewise for the child channel.
    std::vector<uint32_t> m_ownStart, m_childStart;
    std::vector<uint32_t> m_ownKey, m_ownCount;
    std::vector<store::TimeNs> m_ownTotal;
    std::vector<uint32_t> m_childKey;
    std::vector<store::TimeNs> m_childDur;
};

} // namespace strata::analysis
