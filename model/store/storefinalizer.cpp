#include "storefinalizer.h"

#include "devicerules.h"
#include "flowbinder.h"
#include "helpercpumeter.h"
#include "parallel.h"

#include <algorithm>
#include <numeric>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace strata::store {

namespace {
constexpr uint32_t kNone = 0xffffffffu;

// Small raw chunks live in the heap, where free() keeps them; hand their pages back to the
// system as groups finish so the columns being filled can reuse them (the peak RSS budget).
void releaseFreedMemory()
{
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

bool idLess(const StringPool& pool, const IdValue& a, const IdValue& b)
{
    if (a.isString != b.isString)
        return !a.isString; // numbers first
    return a.isString ? pool.view(a.str) < pool.view(b.str) : a.num < b.num;
}

} // namespace

StoreFinalizer::StoreFinalizer(StoreBuilder& builder, const std::function<void(double)>& progress,
    const std::atomic<bool>* cancel, StageTimes* stages)
    : m_b(builder)
    , m_s(*builder.m_store)
    , m_progress(progress)
    , m_cancel(cancel)
    , m_stages(stages)
{
}

std::shared_ptr<const EventStore> StoreFinalizer::finalize(StoreBuilder& builder,
    const std::function<void(double)>& progress, const std::atomic<bool>* cancel, StageTimes* stages)
{
    return StoreFinalizer(builder, progress, cancel, stages).run();
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

void StoreFinalizer::nameAnnotationLane(RawThread& lane)
{
    const RawThread& t = m_b.m_threads[lane.annotates];
    std::string name(m_s.m_strings.view(t.name));
    while (!name.empty() && name.back() == ' ')
        name.pop_back(); // Kineto writes "stream 7 "
    if (name.empty())
        name = t.tid.isString ? std::string(m_s.m_strings.view(t.tid.str)) : "Thread " + std::to_string(t.tid.num);
    lane.name = m_s.m_strings.intern(name + " (annotations)");
}

void StoreFinalizer::planGroups()
{
    m_processOrder.resize(m_b.m_processes.size());
    std::iota(m_processOrder.begin(), m_processOrder.end(), 0u);
    std::stable_sort(m_processOrder.begin(), m_processOrder.end(), [&](uint32_t a, uint32_t b) {
        const ProcessInfo &pa = m_b.m_processes[a].info, &pb = m_b.m_processes[b].info;
        if (pa.sortIndex != pb.sortIndex)
            return pa.sortIndex < pb.sortIndex;
        return idLess(m_s.m_strings, pa.pid, pb.pid);
    });
    m_sortedThreads.resize(m_b.m_processes.size());
    // Row numbers are uint32 (SliceRow, RowRange): the sums are 64-bit and checked before
    // any group starts, so a store too large for its ids is refused, never wrapped.
    uint64_t rows = 0, instants = m_b.m_globalInstants.size();
    auto grow = [](uint64_t& total, size_t n, const char* what) {
        total += n;
        requireIds(total, what);
    };
    requireIds(instants, "instants");
    for (uint32_t pi : m_processOrder) {
        RawProcess& p = m_b.m_processes[pi];
        grow(instants, p.instants.size(), "instants");
        if (!p.async.empty()) {
            Group g { pi, UINT32_MAX, static_cast<uint32_t>(rows), static_cast<uint32_t>(instants), {} };
            grow(rows, p.async.size(), "slices");
            m_groups.push_back(std::move(g));
        }
        std::vector<uint32_t>& threads = m_sortedThreads[pi];
        threads = p.threads;
        // An annotation lane sorts as its thread does, just above it.
        auto base = [&](uint32_t t) -> const RawThread& {
            const RawThread& rt = m_b.m_threads[t];
            return rt.annotates != UINT32_MAX ? m_b.m_threads[rt.annotates] : rt;
        };
        std::stable_sort(threads.begin(), threads.end(), [&](uint32_t a, uint32_t b) {
            const RawThread &ta = base(a), &tb = base(b);
            if (ta.sortIndex != tb.sortIndex)
                return ta.sortIndex < tb.sortIndex;
            if (!(ta.tid == tb.tid))
                return idLess(m_s.m_strings, ta.tid, tb.tid);
            return m_b.m_threads[a].annotates != UINT32_MAX && m_b.m_threads[b].annotates == UINT32_MAX;
        });
        for (uint32_t t : threads)
            if (m_b.m_threads[t].annotates != UINT32_MAX)
                nameAnnotationLane(m_b.m_threads[t]);
        for (uint32_t t : threads) {
            const RawThread& rt = m_b.m_threads[t];
            if (rt.slices.empty() && rt.instants.empty())
                continue;
            m_groups.push_back(Group { pi, t, static_cast<uint32_t>(rows), static_cast<uint32_t>(instants), {} });
            grow(rows, rt.slices.size(), "slices");
            grow(instants, rt.instants.size(), "instants");
        }
    }
    m_totalSlices = rows;
}

SliceNesting::Columns StoreFinalizer::columns()
{
    return SliceNesting::Columns { m_s.m_ts.data(), m_s.m_dur.data(), m_s.m_type.data(), m_s.m_argSet.data(),
        m_s.m_parent.data(), m_s.m_depth.data(), m_s.m_height.size() ? m_s.m_height.data() : nullptr };
}

void StoreFinalizer::asyncGroup(Group& g, Diagnostics& diag)
{
    RawProcess& p = m_b.m_processes[g.process];
    // All slices of one async id stay together, so b/e pairs inside an id nest. Ids are
    // grouped by the name of their earliest slice (one lane group per name, as
    // chrome://tracing shows them); inside a group each id's whole span goes into the
    // first lane that is free at its start.
    struct Span {
        StringId name;
        TimeNs start, end;
        std::vector<uint32_t> items;
    };
    std::vector<Span> spans;
    std::unordered_map<uint64_t, uint32_t> byKey;
    for (uint32_t i = 0; i < p.async.size(); ++i) {
        const RawAsync& a = p.async[i];
        auto [it, inserted] = byKey.try_emplace(a.key, static_cast<uint32_t>(spans.size()));
        if (inserted)
            spans.push_back(Span { a.name, a.slice.ts, a.slice.ts + a.slice.dur, {} });
        Span& s = spans[it->second];
        if (a.slice.ts < s.start || (a.slice.ts == s.start && a.slice.dur > 0 && a.slice.ts + a.slice.dur > s.end))
            s.name = a.name;
        s.start = std::min(s.start, a.slice.ts);
        s.end = std::max(s.end, a.slice.ts + a.slice.dur);
        s.items.push_back(i);
    }
    std::stable_sort(spans.begin(), spans.end(), [&](const Span& a, const Span& b) {
        const auto na = m_s.str(a.name), nb = m_s.str(b.name);
        return na != nb ? na < nb : a.start < b.start;
    });
    SliceNesting nesting(columns(), g.lanes, diag);
    uint32_t row = g.rowBegin;
    for (size_t first = 0; first < spans.size();) {
        size_t last = first;
        while (last < spans.size() && spans[last].name == spans[first].name)
            ++last;
        std::vector<TimeNs> laneEnd;
        std::vector<std::vector<SliceNesting::Slice>> lanes;
        for (size_t s = first; s < last; ++s) {
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
                lanes[lane].push_back(SliceNesting::Slice { r.ts, r.dur, r.type, r.args, i });
            }
        }
        for (size_t l = 0; l < lanes.size(); ++l) {
            const auto count = static_cast<uint32_t>(lanes[l].size());
            nesting.nest(lanes[l], Lane { TrackKind::Async, spans[first].name, static_cast<uint16_t>(l), {}, {} }, row);
            row += count;
        }
        first = last;
    }
    m_doneSlices += nesting.rowsWritten();
    std::vector<RawAsync>().swap(p.async);
}

void StoreFinalizer::runGroup(Group& g)
{
    if (cancelled())
        return;
    Diagnostics& diag = m_groupDiagnostics[static_cast<size_t>(&g - m_groups.data())];
    if (g.thread == UINT32_MAX) {
        asyncGroup(g, diag);
        return;
    }
    RawThread& t = m_b.m_threads[g.thread];
    // Flow v2 endpoints name raw slice indices; map them once this thread's rows are known.
    const std::vector<uint32_t>& points = m_v2ByThread[g.thread];
    const std::vector<uint32_t>& accesses = m_memByThread[g.thread];
    std::vector<uint32_t> rawToFinal;
    const auto count = static_cast<uint32_t>(t.slices.size());
    if (!points.empty() || !accesses.empty())
        rawToFinal.assign(count, kNone);
    SliceNesting nesting(columns(), g.lanes, diag, rawToFinal.empty() ? nullptr : &rawToFinal);
    nesting.nestThread(
        t.slices, t.heights, Lane { TrackKind::Thread, t.name, 0, { g.rowBegin, g.rowBegin }, {} }, g.rowBegin);
    m_doneSlices += nesting.rowsWritten();
    for (uint32_t point : points) {
        const uint32_t row = rawToFinal[m_b.m_flowV2[point].index];
        m_v2Row[point] = row == kNone ? SliceRow() : SliceRow(row);
    }
    for (uint32_t a : accesses) {
        const uint32_t index = m_b.m_memorySlices[a].index;
        const uint32_t row = index < count ? rawToFinal[index] : kNone;
        m_memRow[a] = row == kNone ? SliceRow() : SliceRow(row);
    }
    std::vector<uint8_t>().swap(t.heights);
    // Instants: the block after the rows of earlier groups' instants.
    std::stable_sort(
        t.instants.begin(), t.instants.end(), [](const RawInstant& a, const RawInstant& b) { return a.ts < b.ts; });
    for (size_t i = 0; i < t.instants.size(); ++i) {
        m_s.m_instTs[g.instBegin + i] = t.instants[i].ts;
        m_s.m_instType[g.instBegin + i] = t.instants[i].type;
        m_s.m_instArgs[g.instBegin + i] = t.instants[i].args;
    }
}

TrackId StoreFinalizer::addTrack(const TrackInfo& info)
{
    requireIds(m_s.m_tracks.size() + 1, "tracks");
    m_s.m_tracks.push_back(info);
    m_s.m_trackRowStart.push_back(info.slices.begin);
    return TrackId(static_cast<uint32_t>(m_s.m_tracks.size() - 1));
}

void StoreFinalizer::emitCounters(RawProcess& p, ProcessId process, uint32_t row)
{
    std::vector<uint32_t> order = p.counters;
    std::sort(order.begin(), order.end(),
        [&](uint32_t a, uint32_t b) { return m_s.str(m_b.m_counters[a].name) < m_s.str(m_b.m_counters[b].name); });
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
        series.samples = { begin, static_cast<uint32_t>(m_s.m_ctrTs.size()) };
        TrackInfo info;
        info.kind = TrackKind::Counter;
        info.process = process;
        info.name = c.name;
        info.counter = CounterId(static_cast<uint32_t>(m_s.m_counters.size()));
        info.slices = { row, row }; // no slices; keeps track row starts sorted for sliceTrack()
        series.track = addTrack(info);
        m_s.m_counters.push_back(series);
        std::vector<TimeNs>().swap(c.ts);
        std::vector<double>().swap(c.value);
    }
}

void StoreFinalizer::emitTracks()
{
    const auto endRow = static_cast<uint32_t>(m_s.m_ts.size());
    auto instantTrack = [&](TrackInfo info, std::vector<RawInstant>& list, uint32_t at) {
        std::stable_sort(
            list.begin(), list.end(), [](const RawInstant& a, const RawInstant& b) { return a.ts < b.ts; });
        for (size_t i = 0; i < list.size(); ++i) {
            m_s.m_instTs[at + i] = list[i].ts;
            m_s.m_instType[at + i] = list[i].type;
            m_s.m_instArgs[at + i] = list[i].args;
        }
        info.instants = { at, at + static_cast<uint32_t>(list.size()) };
        std::vector<RawInstant>().swap(list);
        return addTrack(info);
    };
    uint32_t inst = 0;
    // Each track's row start: the next group's first row, or the end (for row lookups).
    size_t gi = 0;
    auto rowHere = [&] { return gi < m_groups.size() ? m_groups[gi].rowBegin : endRow; };
    if (!m_b.m_globalInstants.empty()) {
        TrackInfo info;
        info.kind = TrackKind::GlobalInstants;
        info.slices = { rowHere(), rowHere() };
        const auto n = static_cast<uint32_t>(m_b.m_globalInstants.size());
        instantTrack(info, m_b.m_globalInstants, inst);
        inst += n;
    }
    for (uint32_t pi : m_processOrder) {
        RawProcess& p = m_b.m_processes[pi];
        m_s.m_processes.push_back(p.info);
        const ProcessId process(static_cast<uint32_t>(m_s.m_processes.size() - 1));
        if (!p.instants.empty()) {
            TrackInfo info;
            info.kind = TrackKind::ProcessInstants;
            info.process = process;
            info.slices = { rowHere(), rowHere() };
            const auto n = static_cast<uint32_t>(p.instants.size());
            instantTrack(info, p.instants, inst);
            inst += n;
        }
        for (; gi < m_groups.size() && m_groups[gi].process == pi; ++gi) {
            Group& g = m_groups[gi];
            TrackId threadTrack;
            for (Lane& lane : g.lanes) {
                TrackInfo info;
                info.kind = lane.kind;
                info.process = process;
                info.name = lane.name;
                info.lane = lane.lane;
                info.slices = lane.slices;
                info.levelBegin = static_cast<uint32_t>(m_s.m_levels.size());
                info.levelCount = static_cast<uint32_t>(lane.levels.size());
                m_s.m_levels.insert(m_s.m_levels.end(), lane.levels.begin(), lane.levels.end());
                if (g.thread != UINT32_MAX) {
                    const RawThread& t = m_b.m_threads[g.thread];
                    info.tid = t.tid;
                    info.sortIndex = t.sortIndex;
                    info.parent = threadTrack;
                    info.heightMeaning = t.heightMeaning; // overflow lanes hold the same kind of bars
                    info.heightFull = t.heightFull;
                    if (lane.kind == TrackKind::Thread)
                        info.instants = { g.instBegin, g.instBegin + static_cast<uint32_t>(t.instants.size()) };
                }
                const TrackId id = addTrack(info);
                if (lane.kind == TrackKind::Thread) {
                    threadTrack = id;
                    m_threadTrack[g.thread] = id;
                }
            }
            if (g.thread != UINT32_MAX) {
                inst = g.instBegin + static_cast<uint32_t>(m_b.m_threads[g.thread].instants.size());
                std::vector<RawInstant>().swap(m_b.m_threads[g.thread].instants);
            }
            std::vector<Lane>().swap(g.lanes);
        }
        emitCounters(p, process, rowHere());
    }
}

std::shared_ptr<const EventStore> StoreFinalizer::run()
{
    using Clock = StageTimes::Clock;
    Clock::time_point mark = Clock::now();
    double cpuMark = StageTimes::threadCpuSeconds();
    // One step: from the previous mark to now, busy in this thread's CPU plus what `helpers`
    // (when given) counted of the pool threads it spread work to.
    auto step = [&](const char* name, uint64_t count, const HelperCpuMeter* helpers = nullptr) {
        const Clock::time_point now = Clock::now();
        const double cpu = StageTimes::threadCpuSeconds();
        if (m_stages)
            m_stages->add(name, mark, now, cpu - cpuMark + (helpers ? helpers->seconds() : 0), 0, count,
                helpers ? helpers->threads() : 1);
        mark = now;
        cpuMark = cpu;
    };
    closeOpenSlices();
    planGroups();
    uint64_t samples = 0;
    for (const auto& c : m_b.m_counters)
        samples += c.ts.size();
    requireIds(samples, "counter samples");
    size_t instantTotal = m_b.m_globalInstants.size();
    for (const auto& p : m_b.m_processes)
        instantTotal += p.instants.size();
    for (const auto& t : m_b.m_threads)
        instantTotal += t.instants.size();
    m_s.m_ts.resizeUninitialized(m_totalSlices);
    m_s.m_dur.resizeUninitialized(m_totalSlices);
    m_s.m_type.resizeUninitialized(m_totalSlices);
    m_s.m_argSet.resizeUninitialized(m_totalSlices);
    m_s.m_parent.resizeUninitialized(m_totalSlices);
    m_s.m_depth.resizeUninitialized(m_totalSlices);
    if (m_b.m_anyHeight)
        m_s.m_height.resizeUninitialized(m_totalSlices);
    m_s.m_instTs.resizeUninitialized(instantTotal);
    m_s.m_instType.resizeUninitialized(instantTotal);
    m_s.m_instArgs.resizeUninitialized(instantTotal);

    m_threadTrack.assign(m_b.m_threads.size(), TrackId());
    m_v2ByThread.resize(m_b.m_threads.size());
    for (uint32_t i = 0; i < m_b.m_flowV2.size(); ++i)
        m_v2ByThread[m_b.m_flowV2[i].thread].push_back(i);
    m_v2Row.assign(m_b.m_flowV2.size(), SliceRow());
    m_memByThread.resize(m_b.m_threads.size());
    for (uint32_t i = 0; i < m_b.m_memorySlices.size(); ++i) {
        const SliceHandle h = m_b.m_memorySlices[i];
        if (h.valid() && h.thread < m_b.m_threads.size())
            m_memByThread[h.thread].push_back(i);
    }
    m_memRow.assign(m_b.m_memorySlices.size(), SliceRow());
    m_groupDiagnostics.resize(m_groups.size());

    // Largest groups first, so the cores finish together.
    std::vector<uint32_t> order(m_groups.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        const uint32_t na = (a + 1 < m_groups.size() ? m_groups[a + 1].rowBegin : m_totalSlices) - m_groups[a].rowBegin;
        const uint32_t nb = (b + 1 < m_groups.size() ? m_groups[b + 1].rowBegin : m_totalSlices) - m_groups[b].rowBegin;
        return na > nb;
    });
    releaseFreedMemory(); // what the import's buffers left behind
    step("finalize.prepare", 1);
    const unsigned threads = Parallel::threads(0, Parallel::kMaxThreads);
    std::vector<double> busy(threads, 0.0); // per worker: each number is one thread at a time
    Parallel::forEach(order.size(), threads, [&](size_t i, unsigned worker) {
        const double t0 = StageTimes::threadCpuSeconds();
        runGroup(m_groups[order[i]]);
        releaseFreedMemory();
        if (worker == 0 && m_progress && m_totalSlices)
            m_progress(0.85 * double(m_doneSlices.load()) / double(m_totalSlices));
        busy[worker] += StageTimes::threadCpuSeconds() - t0;
    });
    if (m_stages) {
        const Clock::time_point now = Clock::now();
        const unsigned used = unsigned(std::min<size_t>(threads, std::max<size_t>(1, order.size())));
        m_stages->add(
            "finalize.nest", mark, now, std::accumulate(busy.begin(), busy.end(), 0.0), 0, order.size(), used);
        mark = now;
        cpuMark = StageTimes::threadCpuSeconds();
    }
    if (cancelled())
        return nullptr;
    for (const Diagnostics& d : m_groupDiagnostics)
        m_s.m_diagnostics.merge(d);
    emitTracks();
    assignRoles();
    step("finalize.tracks", m_s.m_tracks.size());
    {
        const HelperCpuMeter helpers; // FlowBinder binds on the pool's threads too
        buildFlows();
        step("finalize.flows", m_s.m_flows.size(), &helpers);
    }
    for (uint32_t i = 0; i < m_memRow.size(); ++i)
        m_s.m_memory.setSlice(i, m_memRow[i]);
    m_s.m_memory.finish();
    std::vector<SliceHandle>().swap(m_b.m_memorySlices);
    m_s.m_extent = m_b.m_minTs <= m_b.m_maxTs ? TimeRange { m_b.m_minTs, m_b.m_maxTs } : TimeRange {};
    m_s.m_args.shrink();
    step("finalize.rest", 1);
    if (m_progress)
        m_progress(1.0);
    std::shared_ptr<const EventStore> out(m_b.m_store.release());
    m_b.m_store.reset(new EventStore);
    return out;
}

void StoreFinalizer::assignRoles()
{
    std::vector<std::optional<TrackRole>> declared(m_s.m_tracks.size());
    for (uint32_t t = 0; t < m_threadTrack.size(); ++t)
        if (m_threadTrack[t].valid())
            declared[m_threadTrack[t].v] = m_b.m_threads[t].declaredRole;
    const std::vector<TrackRole> roles = DeviceRules::roles(m_s, declared);
    for (size_t i = 0; i < roles.size(); ++i)
        m_s.m_tracks[i].role = roles[i];
}

void StoreFinalizer::buildFlows()
{
    FlowBinder binder(m_s, m_s.m_diagnostics);
    binder.addBoth(m_b.m_flowV1, m_threadTrack, m_b.m_flowV2, std::move(m_v2Row));
    binder.finish(m_s.m_flows, m_s.m_flowsByTo);
}

} // namespace strata::store
