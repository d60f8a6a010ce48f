#include "slicenesting.h"

#include <algorithm>

namespace strata::store {

namespace {
constexpr uint32_t kNone = 0xffffffffu;
} // namespace

SliceNesting::SliceNesting(
    const Columns& columns, std::vector<Lane>& lanes, Diagnostics& diagnostics, std::vector<uint32_t>* rawToFinal)
    : m_columns(columns)
    , m_lanes(lanes)
    , m_diag(diagnostics)
    , m_rawToFinal(rawToFinal)
{
}

void SliceNesting::nest(std::vector<Slice>& slices, Lane lane, uint32_t rowBegin)
{
    std::sort(slices.begin(), slices.end(), [](const Slice& a, const Slice& b) {
        if (a.ts != b.ts)
            return a.ts < b.ts;
        if (a.dur != b.dur)
            return a.dur > b.dur; // parents before their children
        return a.raw < b.raw; // then arrival order, so the first B is the outer one
    });
    const std::vector<Slice> sorted = std::move(slices);
    nestSorted([&](size_t i) { return sorted[i]; }, sorted.size(), std::move(lane), rowBegin);
}

void SliceNesting::nestThread(
    ChunkedVector<RawSlice>& raw, const std::vector<uint8_t>& heights, Lane lane, uint32_t rowBegin)
{
    const auto count = static_cast<uint32_t>(raw.size());
    if (count == 0) {
        m_lanes.push_back(std::move(lane));
        return;
    }
    auto heightOf = [&heights](uint32_t i) { return i < heights.size() ? heights[i] : uint8_t(255); };
    // Most producers write a thread's events in time order: then the raw chunks are nested
    // where they are, without a sorted copy (which would add 32 bytes a slice to the peak).
    bool sorted = true;
    for (uint32_t i = 1; i < count && sorted; ++i) {
        const RawSlice &a = raw[i - 1], &b = raw[i];
        sorted = a.ts < b.ts || (a.ts == b.ts && a.dur >= b.dur);
    }
    if (sorted) {
        nestSorted(
            [&](size_t i) {
                const RawSlice& r = raw[i];
                return Slice { r.ts, r.dur, r.type, r.args, static_cast<uint32_t>(i),
                    heightOf(static_cast<uint32_t>(i)) };
            },
            count, std::move(lane), rowBegin);
        raw.clear();
        return;
    }
    std::vector<Slice> v;
    v.reserve(count);
    uint32_t index = 0;
    raw.drain([&](const RawSlice& s) {
        v.push_back(Slice { s.ts, s.dur, s.type, s.args, index, heightOf(index) });
        ++index;
    });
    nest(v, std::move(lane), rowBegin);
}

template <typename At> void SliceNesting::nestSorted(At at, size_t n, Lane lane, uint32_t rowBegin)
{
    const bool lastLane = lane.kind == TrackKind::Overflow && lane.lane >= kMaxOverflowLanes;
    struct Open {
        TimeNs end;
        uint32_t index;
    };
    // depth[i] first holds the nesting depth of slice i (kNone: moved to the next lane),
    // then its final row.
    std::vector<uint32_t> depth(n), parent(n, kNone), levelCount;
    std::vector<Open> stack;
    std::vector<Slice> overflow;
    std::vector<TimeNs> clipped; // durations shortened on the last lane, by slice
    for (size_t i = 0; i < n; ++i) {
        const Slice s = at(i);
        while (!stack.empty() && stack.back().end <= s.ts)
            stack.pop_back();
        TimeNs end = s.ts + s.dur;
        if (!stack.empty() && end > stack.back().end) {
            if (!lastLane) {
                overflow.push_back(s);
                depth[i] = kNone;
                continue;
            }
            if (clipped.empty())
                clipped.assign(n, -1);
            clipped[i] = stack.back().end - s.ts;
            end = stack.back().end;
            m_diag.count("slice_clipped_to_parent");
        }
        const auto d = static_cast<uint32_t>(stack.size());
        depth[i] = d;
        parent[i] = stack.empty() ? kNone : stack.back().index;
        if (d >= levelCount.size())
            levelCount.push_back(0);
        ++levelCount[d];
        stack.push_back(Open { end, static_cast<uint32_t>(i) });
    }
    const auto kept = static_cast<uint32_t>(n - overflow.size());
    std::vector<uint32_t> next(levelCount.size());
    uint32_t base = rowBegin;
    for (size_t d = 0; d < levelCount.size(); ++d) {
        next[d] = base;
        lane.levels.push_back({ base, base + levelCount[d] });
        base += levelCount[d];
    }
    lane.slices = { rowBegin, rowBegin + kept };
    const Columns& c = m_columns;
    for (size_t i = 0; i < n; ++i) { // parents come before their children in this order
        if (depth[i] == kNone)
            continue;
        const Slice s = at(i);
        const uint32_t d = depth[i];
        const uint32_t row = next[d]++;
        depth[i] = row;
        c.ts[row] = s.ts;
        c.dur[row] = clipped.empty() || clipped[i] < 0 ? s.dur : clipped[i];
        c.type[row] = s.type;
        c.args[row] = s.args;
        c.parent[row] = parent[i] == kNone ? SliceRow() : SliceRow(depth[parent[i]]);
        c.depth[row] = static_cast<uint16_t>(std::min<uint32_t>(d, 0xffff));
        if (c.height)
            c.height[row] = s.height;
        if (m_rawToFinal)
            (*m_rawToFinal)[s.raw] = row;
    }
    m_rows += kept;
    const bool spill = lane.spill;
    const TrackKind kind = lane.kind;
    const StringId name = lane.name;
    const uint16_t number = lane.lane;
    m_lanes.push_back(std::move(lane));
    if (!overflow.empty()) {
        if (!spill) // each slice counts once, however many lanes it moves down
            m_diag.count("overlapping_slice_moved_to_overflow", overflow.size());
        std::vector<uint32_t>().swap(depth);
        std::vector<uint32_t>().swap(parent);
        Lane nextLane { kind == TrackKind::Async ? TrackKind::Async : TrackKind::Overflow, name,
            static_cast<uint16_t>(number + 1), {}, {}, true };
        nest(overflow, std::move(nextLane), rowBegin + kept);
    }
}

} // namespace strata::store
