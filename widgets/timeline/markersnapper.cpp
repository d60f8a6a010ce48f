#include "markersnapper.h"

#include <cmath>

namespace strata::widgets {

using store::SliceRow;
using store::TimeNs;

namespace {

// The first row of [rows) whose key is >= t, for a key non-decreasing along the rows.
template <typename Key> uint32_t lowerBound(store::RowRange rows, TimeNs t, Key key)
{
    uint32_t lo = rows.begin, hi = rows.end;
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (key(SliceRow(mid)) < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

} // namespace

MarkerSnapper::Result MarkerSnapper::snap(const store::EventStore& store, const TimelineLayout& layout,
    const TimelineFrame& frame, TimeNs time, int y, double maxPx)
{
    Result best;
    best.time = time;
    const TimeNs reach = TimeNs(std::floor(maxPx * frame.nsPerPx)) + 1;
    TimeNs bestDistance = reach;
    const auto consider = [&](uint32_t row, bool end) {
        const SliceRow r(row);
        const TimeNs t = end ? store.sliceEnd(r) : store.sliceTs(r);
        const TimeNs d = t > time ? t - time : time - t;
        if (d < bestDistance) {
            bestDistance = d;
            best.time = t;
            best.slice = r;
            best.end = end;
        }
    };
    const auto start = [&](SliceRow r) { return store.sliceTs(r); };
    const auto finish = [&](SliceRow r) { return store.sliceEnd(r); };
    const auto searchLevel = [&](store::TrackId track, uint32_t depth) {
        const store::RowRange rows = store.level(track, depth);
        if (rows.empty())
            return;
        // The nearest start is at the first start >= time or just before it; ends likewise.
        const uint32_t s = lowerBound(rows, time, start);
        if (s < rows.end)
            consider(s, false);
        if (s > rows.begin)
            consider(s - 1, false);
        const uint32_t e = lowerBound(rows, time, finish);
        if (e < rows.end)
            consider(e, true);
        if (e > rows.begin)
            consider(e - 1, true);
    };
    // The row under the pointer first: its edge wins over a nearer one elsewhere.
    if (y != kNoRow && y >= frame.canvas.top() && y <= frame.canvas.bottom()) {
        const int contentY = y - frame.originY();
        const int i = layout.rowAt(contentY);
        if (i >= 0 && layout.rows()[size_t(i)].kind == LayoutRow::Kind::Track) {
            const LayoutRow& row = layout.rows()[size_t(i)];
            const int depth = TimelineLayout::depthAt(row, contentY);
            if (depth >= 0 && uint32_t(depth) < row.levels)
                searchLevel(row.track, uint32_t(depth));
            if (best.snapped()) {
                best.onPointerRow = true;
                return best;
            }
        }
    }
    const auto [first, last] = layout.rowsIn(frame.scrollY, frame.scrollY + frame.canvas.height());
    for (int i = first; i < last; ++i) {
        const LayoutRow& row = layout.rows()[size_t(i)];
        if (row.kind != LayoutRow::Kind::Track)
            continue;
        for (uint32_t d = 0; d < row.levels; ++d)
            searchLevel(row.track, d);
    }
    return best;
}

} // namespace strata::widgets
