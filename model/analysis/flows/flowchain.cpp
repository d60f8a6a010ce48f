#include "flowchain.h"

#include <algorithm>
#include <unordered_set>

namespace strata::analysis {

FlowChain::FlowChain(const store::EventStore& store, store::SliceRow origin, unsigned depth, size_t maxLinks)
    : m_origin(origin)
    , m_depth(std::clamp(depth, 1u, kMaxDepth))
{
    if (!origin.valid() || origin.v >= store.sliceCount())
        return;
    walk(store, false, maxLinks);
    m_backward = m_links.size();
    walk(store, true, maxLinks);
}

void FlowChain::walk(const store::EventStore& store, bool forward, size_t maxLinks)
{
    // Seen flows are shared by both walks through m_links: an edge met backward (A→B seen
    // from B) is not listed again forward.
    std::unordered_set<uint32_t> seenFlows;
    for (const FlowLink& l : m_links)
        seenFlows.insert(l.flow.v);
    std::unordered_set<uint32_t> visited { m_origin.v };
    std::vector<store::SliceRow> frontier { m_origin }, next;
    for (unsigned d = 1; d <= m_depth + 1 && !frontier.empty(); ++d) {
        next.clear();
        for (store::SliceRow s : frontier) {
            const std::vector<store::FlowId> flows = forward ? store.flowsOut(s) : store.flowsIn(s);
            for (store::FlowId f : flows) {
                if (seenFlows.count(f.v))
                    continue;
                if (d > m_depth || m_links.size() >= maxLinks) {
                    m_truncated = true; // one more hop exists, or the cap was hit
                    return;
                }
                seenFlows.insert(f.v);
                const store::FlowEdge& e = store.flow(f);
                FlowLink link;
                link.flow = f;
                link.from = e.from;
                link.to = e.to;
                link.depth = uint16_t(d);
                link.forward = forward;
                m_links.push_back(link);
                if (visited.insert(link.reached().v).second)
                    next.push_back(link.reached());
            }
        }
        frontier.swap(next);
    }
}

store::SliceRow FlowChain::following(const store::EventStore& store, store::SliceRow r)
{
    store::SliceRow best;
    if (!r.valid() || r.v >= store.sliceCount())
        return best;
    for (store::FlowId f : store.flowsOut(r)) {
        const store::SliceRow to = store.flow(f).to;
        if (to == r)
            continue;
        if (!best.valid() || store.sliceTs(to) < store.sliceTs(best)
            || (store.sliceTs(to) == store.sliceTs(best) && to < best))
            best = to;
    }
    return best;
}

store::SliceRow FlowChain::preceding(const store::EventStore& store, store::SliceRow r)
{
    store::SliceRow best;
    if (!r.valid() || r.v >= store.sliceCount())
        return best;
    for (store::FlowId f : store.flowsIn(r)) {
        const store::SliceRow from = store.flow(f).from;
        if (from == r)
            continue;
        if (!best.valid() || store.sliceTs(from) > store.sliceTs(best)
            || (store.sliceTs(from) == store.sliceTs(best) && from < best))
            best = from;
    }
    return best;
}

} // namespace strata::analysis
