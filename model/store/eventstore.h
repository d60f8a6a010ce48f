#pragma once
#include "argtable.h"
#include "column.h"
#include "diagnostics.h"
#include "memoryaccesstable.h"
#include "skippedcontent.h"
#include "stringpool.h"
#include "trackinfo.h"
#include "typetable.h"

#include <string>
#include <utility>
#include <vector>

namespace strata::store {

// The immutable, indexed profile every widget reads. Built by StoreBuilder; after
// StoreFinalizer::finalize() nothing changes, so any thread may read it without locks.
//
// Slices are columns ordered by (track, depth, ts). Within one depth of a track slices do
// not overlap (partial overlaps were moved to overflow tracks), so both ts and end are
// non-decreasing along a level: a visible range is two binary searches per level.
// Bytes per slice: ts 8 + dur 8 + type 4 + args 4 + parent 4 + depth 2 = 30, plus 1 for the
// height column when an importer set any slice's height (empty otherwise: every slice full).
class EventStore {
public:
    // --- strings, types, args
    const StringPool& strings() const { return m_strings; }
    std::string_view str(StringId id) const { return m_strings.view(id); }
    const TypeTable& types() const { return m_types; }
    const ArgTable& args() const { return m_args; }

    // --- processes and tracks (TrackIds are in display order, see TrackInfo)
    size_t processCount() const { return m_processes.size(); }
    const ProcessInfo& process(ProcessId p) const { return m_processes[p.v]; }
    size_t trackCount() const { return m_tracks.size(); }
    const TrackInfo& track(TrackId t) const { return m_tracks[t.v]; }
    std::string processLabel(ProcessId p) const; // "name (pid)" or "Process pid"
    std::string trackLabel(TrackId t) const; // thread name or "Thread tid", lane names

    // --- slices
    size_t sliceCount() const { return m_ts.size(); }
    TimeNs sliceTs(SliceRow r) const { return m_ts[r.v]; }
    TimeNs sliceDur(SliceRow r) const { return m_dur[r.v]; }
    TimeNs sliceEnd(SliceRow r) const { return m_ts[r.v] + m_dur[r.v]; }
    TypeId sliceType(SliceRow r) const { return m_type[r.v]; }
    ArgSetId sliceArgs(SliceRow r) const { return m_argSet[r.v]; }
    SliceRow sliceParent(SliceRow r) const { return m_parent[r.v]; }
    uint32_t sliceDepth(SliceRow r) const { return m_depth[r.v]; }
    StringId sliceName(SliceRow r) const { return m_types.get(m_type[r.v]).name; }
    // Fraction of its row a slice's bar fills, bottom-aligned (Sophgo: GDMA bandwidth, TIU
    // utilisation, half-height transfers); 1 unless the importer set it.
    bool hasSliceHeights() const { return m_height.size() != 0; }
    float sliceHeight(SliceRow r) const { return m_height.size() ? m_height[r.v] * (1.0f / 255.0f) : 1.0f; }
    TrackId sliceTrack(SliceRow r) const;
    // Self time: duration minus the union of its children (children never overlap each other).
    TimeNs sliceSelf(SliceRow r) const;

    uint32_t levelCount(TrackId t) const { return m_tracks[t.v].levelCount; }
    RowRange level(TrackId t, uint32_t depth) const;
    // Rows of one level whose [ts, end] intersects [t0, t1] (zero-length slices included at the edges).
    RowRange slicesInRange(TrackId t, uint32_t depth, TimeNs t0, TimeNs t1) const;
    // In r, a run of rows sorted by start (a level or part of one): the first row starting
    // at or after t, and the first starting after t; r.end when there is none.
    uint32_t firstStartAtOrAfter(RowRange r, TimeNs t) const;
    uint32_t firstStartAfter(RowRange r, TimeNs t) const;
    // The deepest slice of the track containing time t, or the nearest within tolerance.
    SliceRow hitTest(TrackId t, TimeNs time, TimeNs tolerance) const;
    // The slice of one level containing t, or nearest within tolerance.
    SliceRow hitTestLevel(TrackId t, uint32_t depth, TimeNs time, TimeNs tolerance) const;
    RowRange children(SliceRow r) const; // direct children, contiguous in the next level
    std::vector<SliceRow> ancestors(SliceRow r) const; // parent first, root last

    // --- instants (per track, sorted by ts)
    size_t instantCount() const { return m_instTs.size(); }
    TimeNs instantTs(InstantRow r) const { return m_instTs[r.v]; }
    TypeId instantType(InstantRow r) const { return m_instType[r.v]; }
    ArgSetId instantArgs(InstantRow r) const { return m_instArgs[r.v]; }
    RowRange instantsInRange(TrackId t, TimeNs t0, TimeNs t1) const;

    // --- counters
    size_t counterCount() const { return m_counters.size(); }
    const CounterSeries& counter(CounterId c) const { return m_counters[c.v]; }
    size_t counterSampleCount() const { return m_ctrTs.size(); }
    TimeNs counterTs(uint32_t row) const { return m_ctrTs[row]; }
    double counterValue(uint32_t row) const { return m_ctrValue[row]; }
    // A cache hint for the samples of rows [begin, end) (clamped to the store), read soon:
    // lets a caller overlap the memory latency of its next lookup with its current work.
    void prefetchCounters(uint32_t begin, uint32_t end) const
    {
        if (end > m_ctrTs.size())
            end = uint32_t(m_ctrTs.size());
        for (uint32_t r = begin; r < end; r += 8) { // 8 of either per 64-byte line
            __builtin_prefetch(m_ctrTs.data() + r);
            __builtin_prefetch(m_ctrValue.data() + r);
        }
    }
    // Samples whose step [ts, next ts) intersects [t0, t1]: includes the one in effect at t0.
    RowRange counterRange(CounterId c, TimeNs t0, TimeNs t1) const;

    // --- flows (edges sorted by `from`; a second index sorted by `to`)
    size_t flowCount() const { return m_flows.size(); }
    const FlowEdge& flow(FlowId f) const { return m_flows[f.v]; }
    std::vector<FlowId> flowsOut(SliceRow r) const;
    std::vector<FlowId> flowsIn(SliceRow r) const;

    // --- whole trace
    TimeRange extent() const { return m_extent; }
    const Diagnostics& diagnostics() const { return m_diagnostics; }
    // What the input holds that the store does not draw, in readable kinds.
    const SkippedContent& skipped() const { return m_skipped; }
    const std::vector<std::pair<std::string, std::string>>& metadata() const { return m_metadata; }
    // Memory accesses (time × address × read/write) for space-time charts; empty for most formats.
    const MemoryAccessTable& memoryAccesses() const { return m_memory; }
    size_t residentBytes() const;

private:
    friend class StoreBuilder;
    friend class StoreFinalizer;
    friend class StoreMerger; // appends a job's ranks and shifts their times
    friend class RankStore; // takes one rank of a merged job out as a store of its own
    friend class SnapshotWriter; // model/snapshot: writes and restores the columns as they are
    friend class SnapshotReader;

    StringPool m_strings;
    TypeTable m_types;
    ArgTable m_args;
    std::vector<ProcessInfo> m_processes;
    std::vector<TrackInfo> m_tracks;
    std::vector<RowRange> m_levels; // per track, per depth

    Column<TimeNs> m_ts, m_dur;
    Column<TypeId> m_type;
    Column<ArgSetId> m_argSet;
    Column<SliceRow> m_parent;
    Column<uint16_t> m_depth;
    Column<uint8_t> m_height; // 0..255 → 0..1 of the row; size 0 when no slice has a height
    std::vector<uint32_t> m_trackRowStart; // per track: first slice row, for sliceTrack()

    Column<TimeNs> m_instTs;
    Column<TypeId> m_instType;
    Column<ArgSetId> m_instArgs;

    std::vector<CounterSeries> m_counters;
    std::vector<TimeNs> m_ctrTs;
    std::vector<double> m_ctrValue;

    std::vector<FlowEdge> m_flows;
    std::vector<uint32_t> m_flowsByTo; // FlowIds sorted by `to`

    TimeRange m_extent;
    Diagnostics m_diagnostics;
    SkippedContent m_skipped;
    std::vector<std::pair<std::string, std::string>> m_metadata;
    MemoryAccessTable m_memory;
};

} // namespace strata::store
