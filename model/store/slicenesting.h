#pragma once
#include "chunkedvector.h"
#include "diagnostics.h"
#include "rawevents.h"

#include <cstdint>
#include <vector>

namespace strata::store {

// Lays the slices of one thread or async lane out as rows of the store. Slices go in the
// order (ts, longer first, arrival); a slice's depth is the number of slices still open
// around it and its parent the innermost of them. A slice that starts inside another but
// ends after it cannot nest there: it moves to the next lane (a thread's overflow lane, the
// next async lane), which is nested the same way; past kMaxOverflowLanes it is clipped to
// its parent instead. Inside a lane rows go level by level, each level in time order, so a
// parent's row always comes before its children's.
class SliceNesting {
public:
    struct Slice { // 32 bytes; `raw` is the slice's arrival index in its group
        TimeNs ts;
        TimeNs dur;
        TypeId type;
        ArgSetId args;
        uint32_t raw;
        uint8_t height = 255; // bar height (EventStore::sliceHeight) in the padding: still 32 bytes
    };
    // One track made: a thread, one of its overflow lanes, or an async lane.
    struct Lane {
        TrackKind kind;
        StringId name;
        uint16_t lane;
        RowRange slices;
        std::vector<RowRange> levels;
        bool spill = false; // made from another lane's partial overlaps
    };
    // The slice columns rows are written to, sized by the caller; `height` is null when the
    // store keeps no heights.
    struct Columns {
        TimeNs* ts;
        TimeNs* dur;
        TypeId* type;
        ArgSetId* args;
        SliceRow* parent;
        uint16_t* depth;
        uint8_t* height;
    };

    // Beyond this many overflow lanes on one thread, slices are clipped to fit instead:
    // a pathological file must not turn into thousands of rows.
    static constexpr uint16_t kMaxOverflowLanes = 32;

    // The lanes made are appended to `lanes`. With rawToFinal (sized to the slice count),
    // each slice's row is recorded at its raw index.
    SliceNesting(const Columns& columns, std::vector<Lane>& lanes, Diagnostics& diagnostics,
        std::vector<uint32_t>* rawToFinal = nullptr);

    // Sorts `slices` and nests them into the rows from rowBegin on.
    void nest(std::vector<Slice>& slices, Lane lane, uint32_t rowBegin);
    // Nests a thread's raw slices (heights by raw index, up to the last one set) into the
    // rows from rowBegin on, and frees them.
    void nestThread(ChunkedVector<RawSlice>& raw, const std::vector<uint8_t>& heights, Lane lane, uint32_t rowBegin);

    // Rows written so far, over all lanes.
    uint64_t rowsWritten() const { return m_rows; }

private:
    // Nests n slices already in nesting order (at(i) gives the i-th) into rows from rowBegin;
    // partial overlaps go to the next lane.
    template <typename At> void nestSorted(At at, size_t n, Lane lane, uint32_t rowBegin);

    Columns m_columns;
    std::vector<Lane>& m_lanes;
    Diagnostics& m_diag;
    std::vector<uint32_t>* m_rawToFinal;
    uint64_t m_rows = 0;
};

} // namespace strata::store
