#pragma once
#include "storebuilder.h"

namespace strata::store {

// The one-shot step from StoreBuilder's raw, arrival-ordered records to the indexed
// EventStore: orders tracks for display, sorts and nests every track, moves partial
// overlaps to overflow lanes, packs async slices into lanes and binds flows.
// Raw buffers are released track by track so the peak stays near the final store size.
class StoreFinalizer {
public:
    StoreFinalizer(StoreBuilder& builder, const std::function<void(double)>& progress, const std::atomic<bool>* cancel);
    std::shared_ptr<const EventStore> run();

private:
    struct Sortable { // 32 bytes; `raw` is the slice's arrival index on its thread
        TimeNs ts;
        TimeNs dur;
        TypeId type;
        ArgSetId args;
        uint32_t raw;
    };

    void closeOpenSlices();
    TrackId addTrack(const TrackInfo& info);
    void emitSlices(TrackInfo info, std::vector<Sortable>& v, std::vector<uint32_t>* rawToFinal);
    void emitInstants(TrackId t, std::vector<RawInstant>& list);
    void emitProcess(uint32_t rawProcess);
    void emitThread(uint32_t rawThread, ProcessId process);
    void emitAsync(RawProcess& p, ProcessId process);
    void emitCounters(RawProcess& p, ProcessId process);
    void buildFlows();
    SliceRow bindV1(const FlowV1Point& p) const;
    bool cancelled() const { return m_cancel && m_cancel->load(std::memory_order_relaxed); }

    StoreBuilder& m_b;
    EventStore& m_s;
    std::function<void(double)> m_progress;
    const std::atomic<bool>* m_cancel;
    std::vector<TrackId> m_threadTrack;     // raw thread → its final track
    std::vector<std::vector<uint32_t>> m_sortedThreads; // raw process → raw threads in display order
    std::vector<uint32_t> m_v2ByThread;     // v2 point indices sorted by thread
    std::vector<SliceRow> m_v2Row;          // v2 point → final row
    size_t m_v2Next = 0;
    uint64_t m_totalSlices = 0;
    uint64_t m_doneSlices = 0;
};

} // namespace strata::store
