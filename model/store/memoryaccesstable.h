#pragma once
#include "types.h"

#include <utility>
#include <vector>

namespace strata::store {

using MemorySpaceId = Id<struct MemorySpaceTag>;

// How a view draws a memory space: local (on-chip, per-lane) memory is shown as one lane
// with its banks marked; global memory only where regions were allocated or accessed.
enum class MemoryKind : uint8_t { Global, Local, Other };

struct MemorySpace {
    StringId name; // "LOCAL MEM", "GLOBAL MEM"
    MemoryKind kind = MemoryKind::Other;
    uint64_t base = 0; // lowest address of the space
    uint64_t size = 0; // bytes; 0 when unknown (views take the accessed range)
    uint32_t banks = 0; // equal banks over [base, base + size); 0 when not banked
    uint32_t lanes = 0; // lanes mirroring this space (accesses name theirs), 0 when not laned
};

// An allocation inside a space (a "partition" of the profile), with the category a usage
// breakdown adds it to ("Coeff", "Runtime", "Tensor"). alloc/free: when it was held; kTimeMin
// and kTimeMax when unknown (held for the whole run).
struct MemoryRegion {
    MemorySpaceId space;
    uint64_t address = 0;
    uint64_t size = 0;
    StringId label;
    StringId category;
    TimeNs alloc = kTimeMin;
    TimeNs free = kTimeMax;
};

// One access as an importer hands it in: [start, end] × [address, address + size) of one
// space, by the instruction `slice` (invalid when no slice is known).
struct MemoryAccess {
    TimeNs start = 0;
    TimeNs end = 0;
    uint64_t address = 0;
    uint64_t size = 0;
    MemorySpaceId space;
    bool write = false;
    uint8_t lane = 0;
    SliceRow slice;
};

// Memory accesses of a profile for space-time charts (time × address range), Qt-free, filled
// by any importer that knows address ranges. After finish() it is immutable.
//
// Invariant: rows are sorted by (space, start, address), so each space is one contiguous row
// range and, inside it, the rows starting in a time window are two binary searches away; a
// per-space maximum duration bounds how far before a window an overlapping access can start.
// A second index lists rows by slice. Bytes per access: start 8 + end 8 + address 8 + size 8
// + slice 4 + space 2 + lane 1 + bank 1 + write 1 = 41, plus 4 in the slice index.
class MemoryAccessTable {
public:
    static constexpr uint8_t kNoBank = 0xff;

    // --- building (StoreBuilder / StoreFinalizer)
    MemorySpaceId addSpace(const MemorySpace& space);
    void addRegion(const MemoryRegion& region) { m_regions.push_back(region); }
    void add(const MemoryAccess& access);
    void setSlice(uint32_t row, SliceRow slice) { m_slice[row] = slice; } // before finish()
    void finish();

    // --- spaces and regions
    size_t spaceCount() const { return m_spaces.size(); }
    const MemorySpace& space(MemorySpaceId s) const { return m_spaces[s.v]; }
    const std::vector<MemoryRegion>& regions() const { return m_regions; } // sorted by (space, address)
    // Lowest address and one past the highest byte accessed in a space; {0, 0} when none.
    std::pair<uint64_t, uint64_t> accessedRange(MemorySpaceId s) const;
    // Bank of an address in a banked space, kNoBank outside it or when not banked.
    uint8_t bankOf(MemorySpaceId s, uint64_t address) const;

    // --- accesses
    size_t size() const { return m_start.size(); }
    bool empty() const { return m_start.empty(); }
    TimeNs start(uint32_t row) const { return m_start[row]; }
    TimeNs end(uint32_t row) const { return m_end[row]; }
    uint64_t address(uint32_t row) const { return m_address[row]; }
    uint64_t bytes(uint32_t row) const { return m_size[row]; }
    MemorySpaceId spaceOf(uint32_t row) const { return MemorySpaceId(m_space[row]); }
    bool isWrite(uint32_t row) const { return m_write[row] != 0; }
    uint8_t lane(uint32_t row) const { return m_lane[row]; }
    uint8_t bank(uint32_t row) const { return m_bank[row]; }
    SliceRow slice(uint32_t row) const { return m_slice[row]; }

    RowRange rowsOf(MemorySpaceId s) const { return s.v < m_spaceRows.size() ? m_spaceRows[s.v] : RowRange {}; }
    // Rows of a space that may intersect [t0, t1]: every row that does is inside, rows
    // starting up to the space's longest access before t0 may not (check end() >= t0).
    RowRange candidates(MemorySpaceId s, TimeNs t0, TimeNs t1) const;
    // Calls f(row) for each access of space s whose [start, end] intersects [t0, t1], by start.
    template <typename F> void forEachInRange(MemorySpaceId s, TimeNs t0, TimeNs t1, F&& f) const
    {
        const RowRange r = candidates(s, t0, t1);
        for (uint32_t i = r.begin; i < r.end; ++i) {
            if (m_end[i] >= t0)
                f(i);
        }
    }
    // Rows of one slice's accesses, in row order.
    std::vector<uint32_t> accessesOf(SliceRow slice) const;

    size_t residentBytes() const;

private:
    friend class StoreMerger; // shifts a job's ranks' access and region times in place
    std::vector<MemorySpace> m_spaces;
    std::vector<MemoryRegion> m_regions;
    std::vector<TimeNs> m_start, m_end;
    std::vector<uint64_t> m_address, m_size;
    std::vector<SliceRow> m_slice;
    std::vector<uint16_t> m_space;
    std::vector<uint8_t> m_lane, m_bank, m_write;
    std::vector<RowRange> m_spaceRows; // per space
    std::vector<TimeNs> m_maxDuration; // per space
    std::vector<std::pair<uint64_t, uint64_t>> m_accessed; // per space
    std::vector<uint32_t> m_bySlice; // rows with a slice, sorted by (slice, row)
};

} // namespace strata::store
