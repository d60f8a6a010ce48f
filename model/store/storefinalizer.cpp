#include "storefinalizer.h"

#include <algorithm>
#include <numeric>

namespace strata::store {

namespace {
constexpr uint32_t kNone = 0xffffffffu;
// Beyond this many overflow lanes on one thread, slices are clipped to fit instead:
// a pathological file must not turn into thousands of rows.
constexpr uint16_t kMaxOverflowLanes = 32;

bool idLess(const StringPool& pool, const IdValue& a, const IdValue& b)
{
    if (a.isString != b.isString)
        return !a.isString; // numbers first
    return a.isString ? pool.view(a.str) < pool.view(b.str) : a.num < b.num;
}
} // namespace

StoreFinalizer::StoreFinalizer(StoreBuilder& builder, const std::function<void(double)>& progress,
    const std::atomic<bool>* cancel)
    : m_b(builder), m_s(*builder.m_store), m_progress(progress), m_cancel(cancel)
{
}

void StoreFinalizer::closeOpenSlices()
{
    const TimeNs end = m_b.m_maxTs;
    for (auto& t : m_b.m_threads) {
        for (uint32_t index : t.open) {
            RawSlice& s = t.slices[index];
            s.dur = std::max<TimeNs>(0, end - s.ts);
            m_s.m_diagnostics.count("slice_never_ended");
        }
        t.open.clear();
    }
    for (auto& p : m_b.m_processes) {
        for (auto& a : p.async) {
            if (a.slice.dur == kOpenDuration) {
                a.slice.dur = std::max<TimeNs>(0, end - a.slice.ts);
                m_s.m_diagnostics.count("async_never_ended");
            }
        }
    }
}

TrackId StoreFinalizer::addTrack(const TrackInfo& info)
{
    m_s.m_tracks.push_back(info);
    m_s.m_trackRowStart.push_back(static_cast<uint32_t>(m_s.m_ts.size()));
    return TrackId(static_cast<uint32_t>(m_s.m_tracks.size() - 1));
}

void StoreFinalizer::emitSlices(TrackInfo info, std::vector<Sortable>& v, std::vector<uint32_t>* rawToFinal)
{
    info.slices = {};
    info.instants = {};
    const TrackId id = addTrack(info);
    std::sort(v.begin(), v.end(), [](const Sortable& a, const Sortable& b) {
        if (a.ts != b.ts)
            return a.ts < b.ts;
        if (a.dur != b.dur)
            return a.dur > b.dur; // parents before their children
        return a.raw < b.raw;     // then arrival order, so the first B is the outer one
    });
    const size_t n = v.size();
    const bool lastLane = info.kind == TrackKind::Overflow && info.lane >= kMaxOverflowLanes;
    std::vector<uint32_t> depth(n), parent(n, kNone), stack, levelCount;
    std::vector<Sortable> overflow;
    for (size_t i = 0; i < n; ++i) {
        Sortable& s = v[i];
        while (!stack.empty() && v[stack.back()].ts + v[stack.back()].dur <= s.ts)
            stack.pop_back();
        if (!stack.empty()) {
            const TimeNs parentEnd = v[stack.back()].ts + v[stack.back()].dur;
            if (s.ts + s.dur > parentEnd) {
                if (!lastLane) {
                    overflow.push_back(s);
                    depth[i] = kNone;
                    continue;
                }
                s.dur = parentEnd - s.ts;
                m_s.m_diagnostics.count("slice_clipped_to_parent");
            }
        }
        const auto d = static_cast<uint32_t>(stack.size());
        depth[i] = d;
        parent[i] = stack.empty() ? kNone : stack.back();
        if (d >= levelCount.size())
            levelCount.push_back(0);
        ++levelCount[d];
        stack.push_back(static_cast<uint32_t>(i));
    }
    const auto rowStart = static_cast<uint32_t>(m_s.m_ts.size());
    const auto kept = static_cast<uint32_t>(n - overflow.size());
    std::vector<uint32_t> next(levelCount.size());
    TrackInfo& tr = m_s.m_tracks[id.v];
    tr.levelBegin = static_cast<uint32_t>(m_s.m_levels.size());
    tr.levelCount = static_cast<uint32_t>(levelCount.size());
    uint32_t base = rowStart;
    for (size_t d = 0; d < levelCount.size(); ++d) {
        next[d] = base;
        m_s.m_levels.push_back({base, base + levelCount[d]});
        base += levelCount[d];
    }
    tr.slices = {rowStart, rowStart + kept};
    const size_t total = rowStart + size_t(kept);
    m_s.m_ts.resize(total);
    m_s.m_dur.resize(total);
    m_s.m_type.resize(total);
    m_s.m_argSet.resize(total);
    m_s.m_parent.resize(total);
    m_s.m_depth.resize(total);
    // `depth` becomes the final row of each kept slice; parents come before children in v.
    for (size_t i = 0; i < n; ++i) {
        if (depth[i] == kNone)
            continue;
        const uint32_t d = depth[i];
        const uint32_t row = next[d]++;
        depth[i] = row;
        m_s.m_ts[row] = v[i].ts;
        m_s.m_dur[row] = v[i].dur;
        m_s.m_type[row] = v[i].type;
        m_s.m_argSet[row] = v[i].args;
        m_s.m_parent[row] = parent[i] == kNone ? SliceRow() : SliceRow(depth[parent[i]]);
        m_s.m_depth[row] = static_cast<uint16_t>(std::min<uint32_t>(d, 0xffff));
        if (rawToFinal)
            (*rawToFinal)[v[i].raw] = row;
    }
    m_doneSlices += kept;
    std::vector<Sortable>().swap(v);
    if (!overflow.empty()) {
        m_s.m_diagnostics.count("overlapping_slice_moved_to_overflow", overflow.size());
        TrackInfo lane = info;
        lane.kind = info.kind == TrackKind::Async ? TrackKind::Async : TrackKind::Overflow;
        if (info.kind == TrackKind::Thread)
            lane.parent = id;
        lane.lane = static_cast<uint16_t>(info.lane + 1);
        emitSlices(lane, overflow, rawToFinal);
    }
}

void StoreFinalizer::emitInstants(TrackId t, std::vector<RawInstant>& list)
{
    std::stable_sort(list.begin(), list.end(), [](const RawInstant& a, const RawInstant& b) { return a.ts < b.ts; });
    const auto begin = static_cast<uint32_t>(m_s.m_instTs.size());
    for (const RawInstant& i : list) {
        m_s.m_instTs.push_back(i.ts);
        m_s.m_instType.push_back(i.type);
        m_s.m_instArgs.push_back(i.args);
    }
    m_s.m_tracks[t.v].instants = {begin, static_cast<uint32_t>(m_s.m_instTs.size())};
    std::vector<RawInstant>().swap(list);
}

void StoreFinalizer::emitThread(uint32_t rawThread, ProcessId process)
{
    RawThread& t = m_b.m_threads[rawThread];
    if (t.slices.empty() && t.instants.empty())
        return;
    TrackInfo info;
    info.kind = TrackKind::Thread;
    info.process = process;
    info.tid = t.tid;
    info.name = t.name;
    info.sortIndex = t.sortIndex;
    std::vector<Sortable> v;
    v.reserve(t.slices.size());
    uint32_t raw = 0;
    t.slices.drain([&](const RawSlice& s) { v.push_back(Sortable{s.ts, s.dur, s.type, s.args, raw++}); });

    // Flow v2 endpoints name raw slice indices; map them once this thread's rows are known.
    const size_t v2Begin = m_v2Next;
    while (m_v2Next < m_v2ByThread.size() && m_b.m_flowV2[m_v2ByThread[m_v2Next]].thread == rawThread)
        ++m_v2Next;
    std::vector<uint32_t> rawToFinal;
    if (m_v2Next > v2Begin)
        rawToFinal.assign(raw, kNone);

    const TrackId id(static_cast<uint32_t>(m_s.m_tracks.size()));
    m_threadTrack[rawThread] = id;
    emitSlices(info, v, rawToFinal.empty() ? nullptr : &rawToFinal);
    emitInstants(id, t.instants);
    for (size_t k = v2Begin; k < m_v2Next; ++k) {
        const uint32_t point = m_v2ByThread[k];
        const uint32_t row = rawToFinal[m_b.m_flowV2[point].index];
        m_v2Row[point] = row == kNone ? SliceRow() : SliceRow(row);
    }
    if (m_progress && m_totalSlices)
        m_progress(0.9 * double(m_doneSlices) / double(m_totalSlices));
}

void StoreFinalizer::emitAsync(RawProcess& p, ProcessId process)
{
    if (p.async.empty())
        return;
    // Group by name (one lane group per name, as chrome://tracing shows them); inside a group
    // pack each async id's whole span greedily into the first lane free at its start.
    struct Span { StringId name; uint64_t key; TimeNs start, end; std::vector<uint32_t> items; };
    std::vector<Span> spans;
    std::unordered_map<uint64_t, uint32_t> byKey;
    for (uint32_t i = 0; i < p.async.size(); ++i) {
        const RawAsync& a = p.async[i];
        const uint64_t k = a.key * 31 + a.name.v;
        auto [it, inserted] = byKey.try_emplace(k, static_cast<uint32_t>(spans.size()));
        if (inserted)
            spans.push_back(Span{a.name, a.key, a.slice.ts, a.slice.ts + a.slice.dur, {}});
        Span& s = spans[it->second];
        s.start = std::min(s.start, a.slice.ts);
        s.end = std::max(s.end, a.slice.ts + a.slice.dur);
        s.items.push_back(i);
    }
    std::stable_sort(spans.begin(), spans.end(), [&](const Span& a, const Span& b) {
        const auto na = m_s.str(a.name), nb = m_s.str(b.name);
        return na != nb ? na < nb : a.start < b.start;
    });
    size_t g = 0;
    while (g < spans.size()) {
        size_t e = g;
        while (e < spans.size() && spans[e].name == spans[g].name)
            ++e;
        std::vector<TimeNs> laneEnd;
        std::vector<std::vector<Sortable>> lanes;
        for (size_t s = g; s < e; ++s) {
            size_t lane = 0;
            while (lane < laneEnd.size() && laneEnd[lane] > spans[s].start)
                ++lane;
            if (lane == laneEnd.size()) {
                laneEnd.push_back(0);
                lanes.emplace_back();
            }
            laneEnd[lane] = std::max(spans[s].end, spans[s].start + 1);
            for (uint32_t i : spans[s].items) {
                const RawSlice& r = p.async[i].slice;
                lanes[lane].push_back(Sortable{r.ts, r.dur, r.type, r.args, i});
            }
        }
        for (size_t l = 0; l < lanes.size(); ++l) {
            TrackInfo info;
            info.kind = TrackKind::Async;
            info.process = process;
            info.name = spans[g].name;
            info.lane = static_cast<uint16_t>(l);
            emitSlices(info, lanes[l], nullptr);
        }
        g = e;
    }
    std::vector<RawAsync>().swap(p.async);
}

void StoreFinalizer::emitCounters(RawProcess& p, ProcessId process)
{
    std::vector<uint32_t> order = p.counters;
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        return m_s.str(m_b.m_counters[a].name) < m_s.str(m_b.m_counters[b].name);
    });
    for (uint32_t ci : order) {
        RawCounter& c = m_b.m_counters[ci];
        std::vector<uint32_t> perm(c.ts.size());
        std::iota(perm.begin(), perm.end(), 0u);
        std::stable_sort(perm.begin(), perm.end(), [&](uint32_t a, uint32_t b) { return c.ts[a] < c.ts[b]; });
        CounterSeries series;
        series.process = process;
        series.name = c.name;
        const auto begin = static_cast<uint32_t>(m_s.m_ctrTs.size());
        series.minValue = perm.empty() ? 0 : c.value[perm[0]];
        series.maxValue = series.minValue;
        for (uint32_t k : perm) {
            m_s.m_ctrTs.push_back(c.ts[k]);
            m_s.m_ctrValue.push_back(c.value[k]);
            series.minValue = std::min(series.minValue, c.value[k]);
            series.maxValue = std::max(series.maxValue, c.value[k]);
        }
        series.samples = {begin, static_cast<uint32_t>(m_s.m_ctrTs.size())};
        TrackInfo info;
        info.kind = TrackKind::Counter;
        info.process = process;
        info.name = c.name;
        info.counter = CounterId(static_cast<uint32_t>(m_s.m_counters.size()));
        series.track = addTrack(info);
        m_s.m_counters.push_back(series);
        RawCounter().ts.swap(c.ts);
        std::vector<double>().swap(c.value);
    }
}

void StoreFinalizer::emitProcess(uint32_t rawProcess)
{
    RawProcess& p = m_b.m_processes[rawProcess];
    m_s.m_processes.push_back(p.info);
    const ProcessId process(static_cast<uint32_t>(m_s.m_processes.size() - 1));
    if (!p.instants.empty()) {
        TrackInfo info;
        info.kind = TrackKind::ProcessInstants;
        info.process = process;
        emitInstants(addTrack(info), p.instants);
    }
    emitAsync(p, process);
    for (uint32_t t : m_sortedThreads[rawProcess]) {
        if (cancelled())
            return;
        emitThread(t, process);
    }
    emitCounters(p, process);
}

std::shared_ptr<const EventStore> StoreFinalizer::run()
{
    closeOpenSlices();
    for (const auto& t : m_b.m_threads)
        m_totalSlices += t.slices.size();
    for (const auto& p : m_b.m_processes)
        m_totalSlices += p.async.size();
    m_s.m_ts.reserve(m_totalSlices);
    m_s.m_dur.reserve(m_totalSlices);
    m_s.m_type.reserve(m_totalSlices);
    m_s.m_argSet.reserve(m_totalSlices);
    m_s.m_parent.reserve(m_totalSlices);
    m_s.m_depth.reserve(m_totalSlices);

    m_threadTrack.assign(m_b.m_threads.size(), TrackId());
    m_v2ByThread.resize(m_b.m_flowV2.size());
    std::iota(m_v2ByThread.begin(), m_v2ByThread.end(), 0u);
    m_v2Row.assign(m_b.m_flowV2.size(), SliceRow());

    if (!m_b.m_globalInstants.empty()) {
        TrackInfo info;
        info.kind = TrackKind::GlobalInstants;
        emitInstants(addTrack(info), m_b.m_globalInstants);
    }
    std::vector<uint32_t> order(m_b.m_processes.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        const ProcessInfo &pa = m_b.m_processes[a].info, &pb = m_b.m_processes[b].info;
        if (pa.sortIndex != pb.sortIndex)
            return pa.sortIndex < pb.sortIndex;
        return idLess(m_s.m_strings, pa.pid, pb.pid);
    });
    // Threads in display order; emitThread consumes v2 points in that same order.
    m_sortedThreads.resize(m_b.m_processes.size());
    std::vector<uint32_t> rank(m_b.m_threads.size(), 0);
    uint32_t r = 0;
    for (uint32_t pi : order) {
        std::vector<uint32_t>& threads = m_sortedThreads[pi];
        threads = m_b.m_processes[pi].threads;
        std::stable_sort(threads.begin(), threads.end(), [&](uint32_t a, uint32_t b) {
            const RawThread &ta = m_b.m_threads[a], &tb = m_b.m_threads[b];
            if (ta.sortIndex != tb.sortIndex)
                return ta.sortIndex < tb.sortIndex;
            return idLess(m_s.m_strings, ta.tid, tb.tid);
        });
        for (uint32_t t : threads)
            rank[t] = r++;
    }
    std::stable_sort(m_v2ByThread.begin(), m_v2ByThread.end(), [&](uint32_t a, uint32_t b) {
        return rank[m_b.m_flowV2[a].thread] < rank[m_b.m_flowV2[b].thread];
    });
    for (uint32_t pi : order) {
        if (cancelled())
            return nullptr;
        emitProcess(pi);
    }
    if (cancelled())
        return nullptr;
    buildFlows();
    m_s.m_extent = m_b.m_minTs <= m_b.m_maxTs ? TimeRange{m_b.m_minTs, m_b.m_maxTs} : TimeRange{};
    m_s.m_args.shrink();
    if (m_progress)
        m_progress(1.0);
    std::shared_ptr<const EventStore> out(m_b.m_store.release());
    m_b.m_store.reset(new EventStore);
    return out;
}

} // namespace strata::store

namespace strata::store {

SliceRow StoreFinalizer::bindV1(const FlowV1Point& p) const
{
    const TrackId thread = m_threadTrack[p.thread];
    if (!thread.valid())
        return {};
    // The thread's own track and then its overflow lanes, which follow it directly.
    SliceRow bestRow;
    for (uint32_t t = thread.v; t < m_s.m_tracks.size(); ++t) {
        const TrackInfo& tr = m_s.m_tracks[t];
        if (t != thread.v && !(tr.kind == TrackKind::Overflow && tr.parent == thread))
            break;
        if (p.enclosing) {
            for (uint32_t d = tr.levelCount; d > 0; --d) {
                const SliceRow r = m_s.hitTestLevel(TrackId(t), d - 1, p.ts, 0);
                if (r.valid() && (!bestRow.valid() || m_s.m_depth[r.v] > m_s.m_depth[bestRow.v]))
                    bestRow = r;
                if (r.valid())
                    break;
            }
        } else {
            // The next slice that begins at or after ts (outermost on ties).
            for (uint32_t d = 0; d < tr.levelCount; ++d) {
                const RowRange lv = m_s.m_levels[tr.levelBegin + d];
                auto it = std::lower_bound(m_s.m_ts.begin() + lv.begin, m_s.m_ts.begin() + lv.end, p.ts);
                if (it == m_s.m_ts.begin() + lv.end)
                    continue;
                const SliceRow r(static_cast<uint32_t>(it - m_s.m_ts.begin()));
                if (!bestRow.valid() || m_s.m_ts[r.v] < m_s.m_ts[bestRow.v])
                    bestRow = r;
            }
        }
    }
    return bestRow;
}

void StoreFinalizer::buildFlows()
{
    Diagnostics& diag = m_s.m_diagnostics;
    std::vector<FlowEdge>& edges = m_s.m_flows;
    auto addEdge = [&](SliceRow from, SliceRow to, StringId name, StringId cat) {
        if (from.valid() && to.valid() && from != to)
            edges.push_back(FlowEdge{from, to, name, cat});
    };

    // v1: s → t* → f, grouped by (id, cat, name), in time order (then arrival order):
    // producers such as Kineto write a flow's f before its s.
    auto& v1 = m_b.m_flowV1;
    std::sort(v1.begin(), v1.end(), [](const FlowV1Point& a, const FlowV1Point& b) {
        if (a.key != b.key)
            return a.key < b.key;
        return a.ts != b.ts ? a.ts < b.ts : a.seq < b.seq;
    });
    for (size_t g = 0; g < v1.size();) {
        size_t e = g;
        while (e < v1.size() && v1[e].key == v1[g].key)
            ++e;
        bool open = false;
        SliceRow prev;
        for (size_t i = g; i < e; ++i) {
            const FlowV1Point& p = v1[i];
            const SliceRow row = bindV1(p);
            if (!row.valid())
                diag.count("flow_no_enclosing_slice");
            switch (p.phase) {
            case FlowPhase::Start:
                if (open)
                    diag.count("flow_without_end");
                open = true;
                prev = row;
                break;
            case FlowPhase::Step:
                if (!open)
                    diag.count("flow_step_without_start");
                addEdge(prev, row, p.name, p.category);
                open = true;
                if (row.valid())
                    prev = row;
                break;
            case FlowPhase::End:
                if (!open) {
                    diag.count("flow_end_without_start");
                    break;
                }
                addEdge(prev, row, p.name, p.category);
                open = false;
                prev = SliceRow();
                break;
            }
        }
        if (open)
            diag.count("flow_without_end");
        g = e;
    }
    std::vector<FlowV1Point>().swap(v1);

    // v2: bind_id on the slices; flow_out starts or continues, flow_in ends or continues.
    auto& v2 = m_b.m_flowV2;
    std::vector<uint32_t> order(v2.size());
    std::iota(order.begin(), order.end(), 0u);
    auto rowTs = [&](uint32_t point) { return m_v2Row[point].valid() ? m_s.m_ts[m_v2Row[point].v] : kTimeMax; };
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        if (v2[a].key != v2[b].key)
            return v2[a].key < v2[b].key;
        const TimeNs ta = rowTs(a), tb = rowTs(b);
        return ta != tb ? ta < tb : v2[a].seq < v2[b].seq;
    });
    for (size_t g = 0; g < order.size();) {
        size_t e = g;
        while (e < order.size() && v2[order[e]].key == v2[order[g]].key)
            ++e;
        SliceRow prev;
        bool open = false;
        for (size_t i = g; i < e; ++i) {
            const FlowV2Point& p = v2[order[i]];
            const SliceRow row = m_v2Row[order[i]];
            if (p.in) {
                if (open)
                    addEdge(prev, row, p.name, p.category);
                else
                    diag.count("flow_end_without_start");
            }
            open = p.out;
            prev = p.out ? row : SliceRow();
        }
        if (open)
            diag.count("flow_without_end");
        g = e;
    }
    std::vector<FlowV2Point>().swap(v2);

    std::sort(edges.begin(), edges.end(), [](const FlowEdge& a, const FlowEdge& b) {
        return a.from != b.from ? a.from < b.from : a.to < b.to;
    });
    m_s.m_flowsByTo.resize(edges.size());
    std::iota(m_s.m_flowsByTo.begin(), m_s.m_flowsByTo.end(), 0u);
    std::sort(m_s.m_flowsByTo.begin(), m_s.m_flowsByTo.end(),
        [&](uint32_t a, uint32_t b) { return edges[a].to != edges[b].to ? edges[a].to < edges[b].to : a < b; });
}

} // namespace strata::store
