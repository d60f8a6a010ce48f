#include "flowbinder.h"

#include "parallel.h"

#include <algorithm>

namespace strata::store {

namespace {
constexpr uint32_t kNone = 0xffffffffu;
} // namespace

FlowBinder::FlowBinder(const EventStore& store, Diagnostics& diagnostics)
    : m_s(store)
    , m_diag(diagnostics)
{
}

// Pairs one key's points s → t* → f (v1) or out → in+out* → in (v2), in the order given.
template <typename P, typename Row, typename Phase>
void FlowBinder::walk(P* first, P* last, Row row, Phase phase, std::vector<FlowEdge>& edges, Tally& t)
{
    bool open = false;
    SliceRow prev;
    for (P* p = first; p != last; ++p) {
        const SliceRow r = row(*p);
        switch (phase(*p)) {
        case FlowPhase::Start:
            if (open)
                ++t.noEnd;
            open = true;
            prev = r;
            break;
        case FlowPhase::Step:
            if (!open)
                ++t.stepNoStart;
            else if (prev.valid() && r.valid() && prev != r)
                edges.push_back(FlowEdge { prev, r, p->name, p->category });
            open = true;
            if (r.valid())
                prev = r;
            break;
        case FlowPhase::End:
            if (!open) {
                ++t.noStart;
                break;
            }
            if (prev.valid() && r.valid() && prev != r)
                edges.push_back(FlowEdge { prev, r, p->name, p->category });
            open = false;
            prev = SliceRow();
            break;
        }
    }
    if (open)
        ++t.noEnd;
}

// Points sorted by (key, file order). Each key is paired in file order; where that leaves
// an end without a start (Kineto writes a flow's f before its s) the key is paired again
// in time order, and the pairing that binds more edges wins.
template <typename P, typename Row, typename Phase, typename Ts>
void FlowBinder::pair(std::vector<P>& points, Row row, Phase phase, Ts ts)
{
    std::vector<FlowEdge>& edges = m_edges;
    std::vector<FlowEdge> kept;
    for (size_t g = 0; g < points.size();) {
        size_t e = g + 1;
        while (e < points.size() && points[e].key == points[g].key)
            ++e;
        P* first = points.data() + g;
        P* last = points.data() + e;
        const size_t before = edges.size();
        Tally chosen;
        walk(first, last, row, phase, edges, chosen);
        if (chosen.noStart + chosen.stepNoStart > 0 && e - g > 1) {
            kept.assign(edges.begin() + static_cast<std::ptrdiff_t>(before), edges.end());
            edges.resize(before);
            std::stable_sort(first, last, [&](const P& a, const P& b) { return ts(a) < ts(b); });
            Tally timeOrder;
            walk(first, last, row, phase, edges, timeOrder);
            if (edges.size() - before > kept.size()) {
                chosen = timeOrder;
            } else {
                edges.resize(before);
                edges.insert(edges.end(), kept.begin(), kept.end());
            }
        }
        m_tally.noStart += chosen.noStart;
        m_tally.noEnd += chosen.noEnd;
        m_tally.stepNoStart += chosen.stepNoStart;
        g = e;
    }
}

void FlowBinder::addV1(std::vector<FlowV1Point>& v1, const std::vector<TrackId>& threadTrack)
{
    // Each thread's points in one sweep (bindThread), threads spread over the cores.
    std::vector<SliceRow> bound(v1.size());
    {
        struct ByThread {
            uint32_t thread;
            TimeNs ts;
            uint32_t index;
        };
        std::vector<ByThread> order(v1.size());
        for (uint32_t i = 0; i < v1.size(); ++i)
            order[i] = ByThread { v1[i].thread, v1[i].ts, i };
        std::sort(order.begin(), order.end(), [](const ByThread& a, const ByThread& b) {
            return a.thread != b.thread ? a.thread < b.thread : a.ts < b.ts;
        });
        std::vector<std::vector<uint32_t>> groups;
        for (size_t g = 0; g < order.size();) {
            size_t e = g;
            groups.emplace_back();
            for (; e < order.size() && order[e].thread == order[g].thread; ++e)
                groups.back().push_back(order[e].index);
            g = e;
        }
        Parallel::forEach(groups.size(), Parallel::threads(0, Parallel::kMaxThreads),
            [&](size_t g, unsigned) { bindThread(v1, groups[g], threadTrack, bound); });
    }
    // The thread is not needed any more: its field now holds the bound row.
    uint64_t unbound = 0;
    for (uint32_t i = 0; i < v1.size(); ++i) {
        v1[i].thread = bound[i].v;
        unbound += bound[i].valid() ? 0 : 1;
    }
    if (unbound)
        m_diag.count("flow_no_enclosing_slice", unbound);
    std::sort(v1.begin(), v1.end(),
        [](const FlowV1Point& a, const FlowV1Point& b) { return a.key != b.key ? a.key < b.key : a.seq < b.seq; });
    pair(
        v1, [](const FlowV1Point& p) { return SliceRow(p.thread); }, [](const FlowV1Point& p) { return p.phase; },
        [](const FlowV1Point& p) { return p.ts; });
    std::vector<FlowV1Point>().swap(v1);
}

void FlowBinder::addV2(std::vector<FlowV2Point>& v2, std::vector<SliceRow> rows)
{
    // The slice is known; its row replaces the raw index.
    for (uint32_t i = 0; i < v2.size(); ++i)
        v2[i].index = rows[i].v;
    std::vector<SliceRow>().swap(rows);
    std::sort(v2.begin(), v2.end(),
        [](const FlowV2Point& a, const FlowV2Point& b) { return a.key != b.key ? a.key < b.key : a.seq < b.seq; });
    pair(
        v2, [](const FlowV2Point& p) { return SliceRow(p.index); },
        [](const FlowV2Point& p) {
            return p.in && p.out ? FlowPhase::Step : p.out ? FlowPhase::Start : FlowPhase::End;
        },
        [&](const FlowV2Point& p) { return p.index != kNone ? m_s.sliceTs(SliceRow(p.index)) : kTimeMax; });
    std::vector<FlowV2Point>().swap(v2);
}

void FlowBinder::addBoth(std::vector<FlowV1Point>& v1, const std::vector<TrackId>& threadTrack,
    std::vector<FlowV2Point>& v2, std::vector<SliceRow> rows)
{
    if (v1.empty() || v2.empty()) {
        addV1(v1, threadTrack);
        addV2(v2, std::move(rows));
        return;
    }
    // addV2 reports nothing to the diagnostics: only its tally and edges need joining.
    FlowBinder second(m_s, m_diag);
    Parallel::parts(2, [&](unsigned part) {
        if (part == 0)
            addV1(v1, threadTrack);
        else
            second.addV2(v2, std::move(rows));
    });
    m_edges.insert(m_edges.end(), second.m_edges.begin(), second.m_edges.end());
    m_tally.noStart += second.m_tally.noStart;
    m_tally.noEnd += second.m_tally.noEnd;
    m_tally.stepNoStart += second.m_tally.stepNoStart;
}

void FlowBinder::finish(std::vector<FlowEdge>& edges, std::vector<uint32_t>& byTo)
{
    if (m_tally.noStart)
        m_diag.count("flow_end_without_start", m_tally.noStart);
    if (m_tally.stepNoStart)
        m_diag.count("flow_step_without_start", m_tally.stepNoStart);
    if (m_tally.noEnd)
        m_diag.count("flow_without_end", m_tally.noEnd);

    std::sort(m_edges.begin(), m_edges.end(),
        [](const FlowEdge& a, const FlowEdge& b) { return a.from != b.from ? a.from < b.from : a.to < b.to; });
    m_edges.shrink_to_fit();
    std::vector<std::pair<uint32_t, uint32_t>> to(m_edges.size());
    for (uint32_t i = 0; i < m_edges.size(); ++i)
        to[i] = { m_edges[i].to.v, i };
    std::sort(to.begin(), to.end());
    byTo.resize(m_edges.size());
    for (size_t i = 0; i < to.size(); ++i)
        byTo[i] = to[i].second;
    edges = std::move(m_edges);
    m_edges.clear();
}

void FlowBinder::bindThread(const std::vector<FlowV1Point>& v1, const std::vector<uint32_t>& points,
    const std::vector<TrackId>& threadTrack, std::vector<SliceRow>& bound) const
{
    // `points` are one thread's v1 flow points in time order. Per level of the thread and
    // of its overflow lanes, two cursors only move forward: the first slice ending at or
    // after t, and the first slice starting at or after t. So binding is one sequential
    // sweep over the rows instead of binary searches with cache misses per point.
    const TrackId thread = threadTrack[v1[points.front()].thread];
    if (!thread.valid())
        return;
    struct Level {
        uint32_t begin, end, covering, starting;
        uint32_t depth;
    };
    std::vector<Level> levels;
    for (uint32_t t = thread.v; t < m_s.trackCount(); ++t) {
        const TrackInfo& tr = m_s.track(TrackId(t));
        if (t != thread.v && !(tr.kind == TrackKind::Overflow && tr.parent == thread))
            break;
        for (uint32_t d = 0; d < tr.levelCount; ++d) {
            const RowRange r = m_s.level(TrackId(t), d);
            levels.push_back(Level { r.begin, r.end, r.begin, r.begin, d });
        }
    }
    auto ts = [this](uint32_t r) { return m_s.sliceTs(SliceRow(r)); };
    auto end = [this](uint32_t r) { return m_s.sliceEnd(SliceRow(r)); };
    for (uint32_t pi : points) {
        const FlowV1Point& p = v1[pi];
        SliceRow best;
        uint32_t bestDepth = 0;
        for (Level& lv : levels) {
            if (p.enclosing) {
                while (lv.covering < lv.end && end(lv.covering) < p.ts)
                    ++lv.covering;
                uint32_t r = lv.covering;
                // A slice ending exactly at t hands over to a sibling starting at t.
                if (r + 1 < lv.end && end(r) == p.ts && ts(r + 1) <= p.ts)
                    ++r;
                if (r < lv.end && ts(r) <= p.ts && (!best.valid() || lv.depth >= bestDepth)) {
                    best = SliceRow(r);
                    bestDepth = lv.depth;
                }
            } else {
                while (lv.starting < lv.end && ts(lv.starting) < p.ts)
                    ++lv.starting;
                const uint32_t r = lv.starting;
                if (r < lv.end
                    && (!best.valid() || ts(r) < ts(best.v) || (ts(r) == ts(best.v) && lv.depth < bestDepth))) {
                    best = SliceRow(r);
                    bestDepth = lv.depth;
                }
            }
        }
        bound[pi] = best;
    }
}

} // namespace strata::store
