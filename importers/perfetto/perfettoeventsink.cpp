#include "perfettoeventsink.h"

#include <algorithm>

namespace strata::importers::perfetto {

using namespace strata::store;

namespace {
uint64_t flowKey(uint64_t id)
{
    uint64_t h = (id ^ 0x5bd1e9955bd1e995ull) * 0xbf58476d1ce4e5b9ull;
    h ^= h >> 31;
    return h * 0x94d049bb133111ebull;
}
} // namespace

EventSink::EventSink(StoreBuilder& builder, TrackTable& tracks)
    : m_b(builder)
    , m_tracks(tracks)
{
    m_empty = m_b.intern("");
}

void EventSink::dispatch(ResolvedEvent&& e)
{
    Placement* p = e.legacyThread ? m_tracks.legacyThread(e.pid, e.tid) : m_tracks.find(e.track);
    if (!p && e.track == 0 && !e.legacyThread)
        p = m_tracks.forcePlace(0); // the implicit global track needs no descriptor
    if (p) {
        if (!m_pending.empty() && !e.legacyThread) {
            auto it = m_pending.find(e.track);
            if (it != m_pending.end()) {
                it->second.push_back(std::move(e)); // keep this track's order
                return;
            }
        }
        apply(e, *p);
        return;
    }
    auto& list = m_pending[e.track];
    if (list.empty())
        m_pendingOrder.push_back(e.track);
    list.push_back(std::move(e));
    if (++m_pendingCount > kMaxPending) {
        m_b.diagnostics().report("perfetto_pending_events_limit",
            "more than " + std::to_string(kMaxPending)
                + " events wait for track descriptors; their tracks were placed as undescribed");
        flushAllPending();
    }
}

void EventSink::tracksPlaced(const std::vector<uint64_t>& uuids)
{
    for (uint64_t uuid : uuids) {
        auto it = m_pending.find(uuid);
        if (it == m_pending.end())
            continue;
        Placement* p = m_tracks.find(uuid);
        if (!p)
            continue;
        std::vector<ResolvedEvent> list = std::move(it->second);
        m_pending.erase(it);
        m_pendingCount -= list.size();
        for (const ResolvedEvent& e : list)
            apply(e, *p);
    }
}

void EventSink::flushAllPending()
{
    for (uint64_t uuid : m_pendingOrder) {
        auto it = m_pending.find(uuid);
        if (it == m_pending.end())
            continue;
        Placement* p = m_tracks.find(uuid);
        if (!p)
            p = m_tracks.forcePlace(uuid);
        std::vector<ResolvedEvent> list = std::move(it->second);
        m_pending.erase(it);
        for (const ResolvedEvent& e : list)
            apply(e, *p);
    }
    m_pendingOrder.clear();
    m_pendingCount = 0;
}

void EventSink::finish()
{
    // Tracks whose ancestors never came are placed first, then tracks never described.
    tracksPlaced(m_tracks.placeWaiting());
    flushAllPending();
    bindFlows();
}

void EventSink::apply(const ResolvedEvent& e, Placement& p)
{
    if (e.kind == ResolvedEvent::Kind::Counter) {
        if (p.kind != Placement::Kind::Counter) {
            m_b.diagnostics().report("perfetto_counter_on_non_counter_track",
                "byte " + std::to_string(e.offset) + ": a counter value on track " + std::to_string(e.track)
                    + ", which has no counter descriptor; dropped");
            return;
        }
        double v = e.value * static_cast<double>(p.multiplier);
        if (p.incremental) {
            p.total += v;
            v = p.total;
        }
        m_b.counter(m_tracks.process(p), p.series, e.ts, v);
        return;
    }
    if (p.kind == Placement::Kind::Counter) {
        m_b.diagnostics().report("perfetto_slice_on_counter_track",
            "byte " + std::to_string(e.offset) + ": a slice or instant on counter track " + std::to_string(e.track)
                + "; dropped");
        return;
    }
    const uint32_t thread = m_tracks.thread(p);
    SliceHandle h;
    const bool hasFlows = !e.flows.empty() || !e.terminatingFlows.empty();
    switch (e.kind) {
    case ResolvedEvent::Kind::Begin: h = m_b.beginSlice(thread, e.ts, e.type, e.args); break;
    case ResolvedEvent::Kind::End:
        m_endArgs = m_b.args().get(e.args);
        h = m_b.endSlice(thread, e.ts, StringId(), StringId(), m_endArgs.data(), m_endArgs.size());
        break;
    case ResolvedEvent::Kind::Complete: h = m_b.completeSlice(thread, e.ts, e.dur, e.type, e.args); break;
    case ResolvedEvent::Kind::Instant:
        if (hasFlows)
            h = m_b.completeSlice(thread, e.ts, 0, e.type, e.args);
        else
            m_b.threadInstant(thread, e.ts, e.type, e.args);
        break;
    case ResolvedEvent::Kind::Counter: break;
    }
    if (!hasFlows || !h.valid())
        return;
    for (uint64_t id : e.flows)
        m_flows.push_back(FlowPoint { id, e.ts, e.order, h, false });
    for (uint64_t id : e.terminatingFlows)
        m_flows.push_back(FlowPoint { id, e.ts, e.order, h, true });
}

void EventSink::bindFlows()
{
    std::stable_sort(m_flows.begin(), m_flows.end(), [](const FlowPoint& a, const FlowPoint& b) {
        if (a.id != b.id)
            return a.id < b.id;
        if (a.ts != b.ts)
            return a.ts < b.ts;
        return a.order < b.order;
    });
    uint64_t unterminatedStarts = 0, terminatedWithoutStart = 0;
    for (size_t g = 0; g < m_flows.size();) {
        size_t end = g;
        while (end < m_flows.size() && m_flows[end].id == m_flows[g].id)
            ++end;
        const uint64_t key = flowKey(m_flows[g].id);
        bool active = false;
        bool prevHasIn = false;
        SliceHandle prev;
        for (size_t i = g; i < end; ++i) {
            const FlowPoint& fp = m_flows[i];
            if (!fp.terminating) {
                if (active)
                    m_b.flowV2(prev, key, prevHasIn, true, m_empty, m_empty);
                prevHasIn = active;
                prev = fp.slice;
                active = true;
            } else if (active) {
                m_b.flowV2(prev, key, prevHasIn, true, m_empty, m_empty);
                m_b.flowV2(fp.slice, key, true, false, m_empty, m_empty);
                active = false;
            } else {
                ++terminatedWithoutStart;
            }
        }
        if (active) {
            if (prevHasIn)
                m_b.flowV2(prev, key, true, false, m_empty, m_empty);
            else
                ++unterminatedStarts;
        }
        g = end;
    }
    if (terminatedWithoutStart)
        m_b.diagnostics().count("perfetto_flow_terminated_without_start", terminatedWithoutStart);
    if (unterminatedStarts)
        m_b.diagnostics().count("perfetto_flow_without_partner", unterminatedStarts);
    std::vector<FlowPoint>().swap(m_flows);
}

} // namespace strata::importers::perfetto
