#pragma once
// Puts ResolvedEvents into the StoreBuilder on the tracks the TrackTable assigns, holding
// back events whose track is not described yet (bounded), and links flows at the end.
//
// Flows: every event carrying a flow id continues that flow: the events are linked in time
// order (ties in file order); `terminating_flow_ids` ends the chain and the id may start a
// new one afterwards. They reach the builder as flowV2 points: the first event out-only,
// middle events in+out, the terminating (or last) event in-only. A slice END binds to the
// slice it closes; an INSTANT carrying flows becomes a zero-length slice so the arrow has
// an end (plain instants stay instants).
#include "perfettoevent.h"
#include "perfettotracktable.h"

#include <store/storebuilder.h>

#include <unordered_map>
#include <vector>

namespace strata::importers::perfetto {

class EventSink {
public:
    EventSink(store::StoreBuilder& builder, TrackTable& tracks);

    void dispatch(ResolvedEvent&& e);
    // These tracks can be placed now: their held-back events go in, in arrival order.
    void tracksPlaced(const std::vector<uint64_t>& uuids);
    // End of input: places whatever still waits (diagnostics), then binds the flows.
    void finish();

    uint64_t pendingEvents() const { return m_pendingCount; }
    static constexpr uint64_t kMaxPending = 1u << 20;

private:
    void apply(const ResolvedEvent& e, Placement& p);
    void flushAllPending();
    void bindFlows();

    struct FlowPoint {
        uint64_t id;
        store::TimeNs ts;
        uint64_t order;
        store::SliceHandle slice;
        bool terminating;
    };

    store::StoreBuilder& m_b;
    TrackTable& m_tracks;
    std::unordered_map<uint64_t, std::vector<ResolvedEvent>> m_pending;
    std::vector<uint64_t> m_pendingOrder; // tracks in the order they first held an event
    uint64_t m_pendingCount = 0;
    std::vector<FlowPoint> m_flows;
    std::vector<store::Arg> m_endArgs;
    store::StringId m_empty;
};

} // namespace strata::importers::perfetto
