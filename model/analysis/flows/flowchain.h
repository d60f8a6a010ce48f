#pragma once
#include <store/eventstore.h>

#include <cstddef>
#include <vector>

namespace strata::analysis {

// One flow edge reached from the origin slice. depth 1 touches the origin; depth d is d hops
// away. forward: reached along outgoing flows (the edge's `to` end is the newly reached
// slice), else along incoming flows (its `from` end is).
struct FlowLink {
    store::FlowId flow;
    store::SliceRow from;
    store::SliceRow to;
    uint16_t depth = 0;
    bool forward = true;
    store::SliceRow reached() const { return forward ? to : from; }
};

// The flows of a slice followed transitively to a depth, both ways: forward along outgoing
// flows of the slices reached forward, backward along incoming flows of the slices reached
// backward (never mixing the two, which would wander into unrelated siblings). Breadth
// first, so links come in ascending depth; each edge appears once (cycles are cut at the
// first visit), and at most maxLinks are kept so a paint stays bounded. Qt-free.
class FlowChain {
public:
    static constexpr unsigned kMaxDepth = 16;
    static constexpr size_t kMaxLinks = 2048;

    FlowChain() = default;
    FlowChain(const store::EventStore& store, store::SliceRow origin, unsigned depth, size_t maxLinks = kMaxLinks);

    store::SliceRow origin() const { return m_origin; }
    unsigned depth() const { return m_depth; }
    const std::vector<FlowLink>& links() const { return m_links; }
    bool empty() const { return m_links.empty(); }
    size_t backwardCount() const { return m_backward; }
    size_t forwardCount() const { return m_links.size() - m_backward; }
    // Flows go on past the depth limit, or maxLinks cut the walk short.
    bool truncated() const { return m_truncated; }

    // `]`: the slice the flows of r lead to that starts first (ties: the lower row).
    static store::SliceRow following(const store::EventStore& store, store::SliceRow r);
    // `[`: the slice whose flows lead into r that starts last (ties: the lower row).
    static store::SliceRow preceding(const store::EventStore& store, store::SliceRow r);

private:
    void walk(const store::EventStore& store, bool forward, size_t maxLinks);

    store::SliceRow m_origin;
    unsigned m_depth = 0;
    std::vector<FlowLink> m_links;
    size_t m_backward = 0;
    bool m_truncated = false;
};

} // namespace strata::analysis
