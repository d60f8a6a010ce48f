#pragma once
#include "slicenesting.h"
#include "stagetimes.h"
#include "storebuilder.h"

#include <atomic>
#include <functional>
#include <memory>

namespace strata::store {

// The one-shot step from StoreBuilder's raw, arrival-ordered records to the indexed
// EventStore: orders tracks for display, packs async slices into lanes, has SliceNesting
// sort and nest every thread and lane (partial overlaps to overflow lanes) and FlowBinder
// turn the flow points into edges.
//
// Rows are laid out in display order, so every thread (with its overflow lanes) and every
// process's async group owns a block of rows known before any sorting. Phase 1 sorts and
// nests the groups on all cores, each writing only its own block; phase 2 creates the
// tracks in display order; phase 3 binds flows. Raw buffers are released group by group
// so the peak stays near the final store size.
class StoreFinalizer {
public:
    // Hands over the store made of what `builder` recorded; the builder starts over empty.
    // Progress in [0,1] and cancellation are polled between tracks. Returns nullptr when cancelled.
    // `stages`, when given, gets the time of each step ("finalize.prepare", ".nest", ".tracks",
    // ".flows", ".rest").
    static std::shared_ptr<const EventStore> finalize(StoreBuilder& builder,
        const std::function<void(double)>& progress = {}, const std::atomic<bool>* cancel = nullptr,
        StageTimes* stages = nullptr);

private:
    StoreFinalizer(StoreBuilder& builder, const std::function<void(double)>& progress, const std::atomic<bool>* cancel,
        StageTimes* stages);
    std::shared_ptr<const EventStore> run();

    using Lane = SliceNesting::Lane;
    // A unit of phase 1: the slices of one thread or of one process's async group.
    struct Group {
        uint32_t process; // raw process
        uint32_t thread; // raw thread, or UINT32_MAX for an async group
        uint32_t rowBegin = 0;
        uint32_t instBegin = 0;
        std::vector<Lane> lanes;
    };

    void closeOpenSlices();
    void planGroups();
    void nameAnnotationLane(RawThread& lane);
    void assignRoles();
    void runGroup(Group& g);
    void asyncGroup(Group& g, Diagnostics& diag);
    SliceNesting::Columns columns();
    TrackId addTrack(const TrackInfo& info);
    void emitCounters(RawProcess& p, ProcessId process, uint32_t row);
    void emitTracks();
    void buildFlows();
    bool cancelled() const { return m_cancel && m_cancel->load(std::memory_order_relaxed); }

    StoreBuilder& m_b;
    EventStore& m_s;
    std::function<void(double)> m_progress;
    const std::atomic<bool>* m_cancel;
    StageTimes* m_stages;
    std::vector<uint32_t> m_processOrder; // raw processes in display order
    std::vector<std::vector<uint32_t>> m_sortedThreads; // raw process → raw threads in display order
    std::vector<Group> m_groups; // in display (row) order
    std::vector<std::vector<uint32_t>> m_v2ByThread; // raw thread → its v2 point indices
    std::vector<SliceRow> m_v2Row; // v2 point → final row
    std::vector<TrackId> m_threadTrack; // raw thread → its final track
    std::vector<std::vector<uint32_t>> m_memByThread; // raw thread → its memory access rows
    std::vector<SliceRow> m_memRow; // memory access row → final slice row
    std::vector<Diagnostics> m_groupDiagnostics;
    std::atomic<uint64_t> m_doneSlices { 0 };
    uint64_t m_totalSlices = 0;
};

} // namespace strata::store
