#pragma once
#include <store/eventstore.h>

#include <string_view>
#include <vector>

namespace strata::model {
class TrackFilter;
}

namespace strata::widgets {

// One row of the track area: a process header, a device's overlap lane (under its header,
// above its tracks) or a track.
struct LayoutRow {
    enum class Kind : uint8_t { Process, Lane, Track };
    Kind kind = Kind::Track;
    store::ProcessId process;
    store::TrackId track; // Kind::Track only
    int y = 0; // top, in content coordinates (0 = top of the track area)
    int height = 0;
    int instantStrip = 0; // Kind::Track: px above the slices for thread-scoped instants
    uint32_t levels = 0; // slice depth rows
    bool collapsed = false; // Kind::Process
    int trackCount = 0; // Kind::Process: tracks it groups
    int indent = 0; // label indent level: overflow lanes under their thread, nested tracks by depth
    // Kind::Process of a job: the first shown process of a rank, below another rank's rows.
    bool rankStart = false;
};

// The vertical layout of the track area. Invariant: rows follow TrackId order (the store's
// display order) with one header before each process's tracks, and the process's overlap
// lane right under its header when it has one, collapsed or not; y is strictly increasing.
class TimelineLayout {
public:
    static constexpr int kRowPitch = 18; // one slice depth row
    static constexpr int kSliceHeight = 17; // 1 px gap between depth rows
    static constexpr int kTrackPad = 2; // above the first and below the last depth row
    static constexpr int kHeaderHeight = 24; // process header
    static constexpr int kCounterHeight = 44;
    static constexpr int kInstantTrackHeight = 18;
    static constexpr int kInstantStrip = 10;
    static constexpr int kLaneHeight = 16; // an overlap lane

    static constexpr int kMaxIndent = 4; // deeper tracks line up with the fourth level

    // `lanes`, by ProcessId: nonzero for the processes that get an overlap lane (none when empty).
    // `processRanks`, by ProcessId: a job's rank index of each process (processRanks()), -1
    // for none; where it changes between two process headers, the second starts a rank.
    void build(const store::EventStore* store, const model::TrackFilter* filter, const std::vector<uint8_t>& lanes = {},
        const std::vector<int>& processRanks = {});
    // Per ProcessId, the index of its rank in the store's store::JobLayout (-1: none); empty
    // when the store is not a job.
    static std::vector<int> processRanks(const store::EventStore& store);
    // How deep a track name nests: Perfetto names a nested track by its ancestors' path
    // ("GPU / Queue 0 / Jobs"), so the count of " / " separators, at most kMaxIndent.
    static int nestingDepth(std::string_view name);
    const std::vector<LayoutRow>& rows() const { return m_rows; }
    int contentHeight() const { return m_height; }

    int rowAt(int contentY) const; // -1 outside every row
    int rowOfTrack(store::TrackId t) const { return t.v < m_trackRow.size() ? m_trackRow[t.v] : -1; }
    int rowOfProcess(store::ProcessId p) const;
    int rowOfLane(store::ProcessId p) const; // -1 when the process shows no overlap lane
    // The row to put at the top of the view to show a track: its process header when only
    // the process's overlap lane and instants lie between them, so the process's name shows
    // too; the header alone when the process is collapsed or the track hidden; -1 when
    // neither is shown.
    int revealRow(const store::EventStore& store, store::TrackId t) const;
    // The first and one past the last row intersecting content rows [y0, y1).
    std::pair<int, int> rowsIn(int y0, int y1) const;

    // Content y of a slice depth row's top inside a track row.
    static int sliceTop(const LayoutRow& r, uint32_t depth)
    {
        return r.y + r.instantStrip + kTrackPad + int(depth) * kRowPitch;
    }
    // Depth row at content y in a track row, -1 when y is above the slices (the instant strip).
    static int depthAt(const LayoutRow& r, int contentY);

private:
    std::vector<LayoutRow> m_rows;
    std::vector<int> m_trackRow; // TrackId → row index, -1 when not shown
    int m_height = 0;
};

} // namespace strata::widgets
