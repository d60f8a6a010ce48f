#include "storebuilder.h"

#include "timemath.h"

#include <algorithm>
#include <cmath>

namespace strata::store {

namespace {
uint64_t mix(uint64_t a, uint64_t b)
{
    uint64_t h = a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull + (a << 6) + (a >> 2));
    h ^= h >> 31;
    return h * 0xbf58476d1ce4e5b9ull;
}
} // namespace

size_t StoreBuilder::IdValueHash::operator()(const IdValue& v) const
{
    return v.isString ? mix(1, v.str.v) : mix(2, static_cast<uint64_t>(v.num));
}

size_t StoreBuilder::ThreadKeyHash::operator()(const ThreadKey& k) const
{
    return mix(k.process, IdValueHash()(k.tid));
}

StoreBuilder::StoreBuilder()
    : m_store(new EventStore)
{
}
StoreBuilder::~StoreBuilder() = default;

void StoreBuilder::addMetadata(std::string key, std::string value)
{
    m_store->m_metadata.emplace_back(std::move(key), std::move(value));
}

ProcessId StoreBuilder::process(const IdValue& pid)
{
    requireIds(m_processes.size() + 1, "processes"); // checked before an index can name a missing one
    auto [it, inserted] = m_processIndex.try_emplace(pid, static_cast<uint32_t>(m_processes.size()));
    if (inserted) {
        RawProcess p;
        p.info.pid = pid;
        m_processes.push_back(std::move(p));
    }
    return ProcessId(it->second);
}

uint32_t StoreBuilder::thread(ProcessId process, const IdValue& tid)
{
    const ThreadKey key { process.v, tid };
    if (key == m_lastThreadKey)
        return m_lastThread;
    requireIds(m_threads.size() + 1, "threads");
    auto [it, inserted] = m_threadIndex.try_emplace(key, static_cast<uint32_t>(m_threads.size()));
    if (inserted) {
        m_threads.emplace_back();
        m_threads.back().process = process;
        m_threads.back().tid = tid;
        m_processes[process.v].threads.push_back(it->second);
    }
    m_lastThreadKey = key;
    m_lastThread = it->second;
    return it->second;
}

uint32_t StoreBuilder::annotationLane(uint32_t thread)
{
    requireIds(m_threads.size() + 1, "threads");
    auto [it, inserted] = m_annotationLanes.try_emplace(thread, static_cast<uint32_t>(m_threads.size()));
    if (inserted) {
        const ProcessId process = m_threads[thread].process;
        const IdValue tid = m_threads[thread].tid;
        m_threads.emplace_back();
        RawThread& lane = m_threads.back();
        lane.process = process;
        lane.tid = tid; // not in m_threadIndex: the key (process, tid) stays the thread's
        lane.annotates = thread;
        lane.declaredRole = TrackRole::Annotation;
        m_processes[process.v].threads.push_back(it->second);
    }
    return it->second;
}

void StoreBuilder::setProcessSortIndex(ProcessId p, int32_t index)
{
    m_processes[p.v].info.sortIndex = index;
    m_processes[p.v].info.hasSortIndex = true;
}

void StoreBuilder::setThreadSortIndex(uint32_t thread, int32_t index)
{
    m_threads[thread].sortIndex = index;
    m_threads[thread].hasSortIndex = true;
}

bool StoreBuilder::acceptTime(TimeNs t)
{
    if (TimeMath::inRange(t))
        return true;
    diagnostics().count("time_out_of_range");
    return false;
}

SliceHandle StoreBuilder::completeSlice(uint32_t thread, TimeNs ts, TimeNs dur, TypeId type, ArgSetId args)
{
    ++m_events;
    if (dur < 0) {
        diagnostics().count("slice_negative_duration");
        return {};
    }
    if (!acceptTime(ts))
        return {};
    // ts is in range, so kTimeLimit - ts cannot overflow.
    if (dur > kTimeLimit - ts) {
        diagnostics().count("slice_end_clamped");
        dur = kTimeLimit - ts;
    }
    touch(ts);
    touch(ts + dur);
    RawThread& t = m_threads[thread];
    requireIds(t.slices.size() + 1, "slices on one thread"); // SliceHandle::index
    t.slices.push_back(RawSlice { ts, dur, type, args });
    return { thread, static_cast<uint32_t>(t.slices.size() - 1) };
}

SliceHandle StoreBuilder::beginSlice(uint32_t thread, TimeNs ts, TypeId type, ArgSetId args)
{
    ++m_events;
    if (!acceptTime(ts))
        return {};
    touch(ts);
    RawThread& t = m_threads[thread];
    requireIds(t.slices.size() + 1, "slices on one thread"); // SliceHandle::index
    t.slices.push_back(RawSlice { ts, kOpenDuration, type, args });
    const auto index = static_cast<uint32_t>(t.slices.size() - 1);
    t.open.push_back(index);
    return { thread, index };
}

ArgSetId StoreBuilder::mergeArgs(ArgSetId base, const Arg* args, size_t n)
{
    if (n == 0)
        return base;
    std::vector<Arg> merged = m_store->m_args.get(base);
    for (size_t i = 0; i < n; ++i) {
        auto it = std::find_if(merged.begin(), merged.end(), [&](const Arg& a) { return a.key == args[i].key; });
        if (it != merged.end())
            *it = args[i];
        else
            merged.push_back(args[i]);
    }
    return argSet(merged.data(), merged.size());
}

SliceHandle StoreBuilder::endSlice(
    uint32_t thread, TimeNs ts, StringId name, StringId category, const Arg* args, size_t n)
{
    ++m_events;
    // An end out of range is dropped: its begin stays open and is closed at the trace's end.
    if (!acceptTime(ts))
        return {};
    RawThread& t = m_threads[thread];
    // Match policy (as Perfetto): the innermost open slice with the same name and category;
    // a missing name or category matches anything.
    size_t pos = t.open.size();
    while (pos > 0) {
        const EventType& et = m_store->m_types.get(t.slices[t.open[pos - 1]].type);
        if ((!name.valid() || et.name == name) && (!category.valid() || et.category == category))
            break;
        --pos;
    }
    if (pos == 0) {
        diagnostics().count("end_without_begin");
        return {};
    }
    const uint32_t index = t.open[pos - 1];
    if (pos != t.open.size())
        diagnostics().count("misplaced_end_event");
    t.open.erase(t.open.begin() + static_cast<std::ptrdiff_t>(pos - 1));
    RawSlice& s = t.slices[index];
    if (ts < s.ts) {
        diagnostics().count("end_before_begin");
        ts = s.ts;
    }
    touch(ts);
    s.dur = ts - s.ts;
    s.args = mergeArgs(s.args, args, n);
    return { thread, index };
}

void StoreBuilder::setSliceHeight(SliceHandle slice, float fraction)
{
    if (!slice.valid())
        return;
    RawThread& t = m_threads[slice.thread];
    if (t.heights.size() <= slice.index)
        t.heights.resize(slice.index + 1, 255);
    const float f = std::clamp(fraction, 0.0f, 1.0f); // NaN fails both compares: full height
    t.heights[slice.index] = static_cast<uint8_t>(std::lround((f == f ? f : 1.0f) * 255.0f));
    m_anyHeight = true;
}

void StoreBuilder::memoryAccess(SliceHandle slice, const MemoryAccess& access)
{
    if (!acceptTime(access.start) || !acceptTime(access.end))
        return;
    touch(access.start);
    touch(std::max(access.start, access.end));
    MemoryAccess a = access;
    a.slice = SliceRow();
    m_store->m_memory.add(a);
    m_memorySlices.push_back(slice);
}

void StoreBuilder::threadInstant(uint32_t thread, TimeNs ts, TypeId type, ArgSetId args)
{
    ++m_events;
    if (!acceptTime(ts))
        return;
    touch(ts);
    m_threads[thread].instants.push_back(RawInstant { ts, type, args });
}

void StoreBuilder::processInstant(ProcessId p, TimeNs ts, TypeId type, ArgSetId args)
{
    ++m_events;
    if (!acceptTime(ts))
        return;
    touch(ts);
    m_processes[p.v].instants.push_back(RawInstant { ts, type, args });
}

void StoreBuilder::globalInstant(TimeNs ts, TypeId type, ArgSetId args)
{
    ++m_events;
    if (!acceptTime(ts))
        return;
    touch(ts);
    m_globalInstants.push_back(RawInstant { ts, type, args });
}

void StoreBuilder::counter(ProcessId p, StringId series, TimeNs ts, double value)
{
    if (!acceptTime(ts))
        return;
    touch(ts);
    const uint64_t key = (uint64_t(p.v) << 32) | series.v;
    requireIds(m_counters.size() + 1, "counter series");
    auto [it, inserted] = m_counterIndex.try_emplace(key, static_cast<uint32_t>(m_counters.size()));
    if (inserted) {
        m_counters.push_back(RawCounter { p, series, {}, {} });
        m_processes[p.v].counters.push_back(it->second);
    }
    RawCounter& c = m_counters[it->second];
    c.ts.push_back(ts);
    c.value.push_back(value);
}

void StoreBuilder::asyncBegin(ProcessId p, uint64_t key, TimeNs ts, TypeId type, ArgSetId args)
{
    ++m_events;
    if (!acceptTime(ts))
        return;
    touch(ts);
    auto& list = m_processes[p.v].async;
    requireIds(list.size() + 1, "async slices in one process"); // m_asyncOpen's indices
    list.push_back(RawAsync { key, m_store->m_types.get(type).name, RawSlice { ts, kOpenDuration, type, args } });
    m_asyncOpen[mix(key, p.v)].push_back(static_cast<uint32_t>(list.size() - 1));
}

void StoreBuilder::asyncEnd(ProcessId p, uint64_t key, TimeNs ts, StringId name, const Arg* args, size_t n)
{
    ++m_events;
    if (!acceptTime(ts))
        return;
    auto it = m_asyncOpen.find(mix(key, p.v));
    auto& list = m_processes[p.v].async;
    if (it == m_asyncOpen.end() || it->second.empty()) {
        diagnostics().count("async_end_without_begin");
        return;
    }
    auto& open = it->second;
    // The nearest open begin with the same name (catapult's rule); a nameless end takes the innermost.
    size_t pos = open.size();
    while (pos > 0 && name.valid() && list[open[pos - 1]].name != name)
        --pos;
    if (pos == 0) {
        diagnostics().count("async_end_without_begin");
        return;
    }
    RawAsync& a = list[open[pos - 1]];
    open.erase(open.begin() + static_cast<std::ptrdiff_t>(pos - 1));
    if (ts < a.slice.ts) {
        diagnostics().count("end_before_begin");
        ts = a.slice.ts;
    }
    touch(ts);
    a.slice.dur = ts - a.slice.ts;
    a.slice.args = mergeArgs(a.slice.args, args, n);
}

void StoreBuilder::asyncInstant(ProcessId p, uint64_t key, TimeNs ts, TypeId type, ArgSetId args)
{
    ++m_events;
    if (!acceptTime(ts))
        return;
    touch(ts);
    m_processes[p.v].async.push_back(RawAsync { key, m_store->m_types.get(type).name, RawSlice { ts, 0, type, args } });
}

void StoreBuilder::flowV1(
    uint32_t thread, TimeNs ts, FlowPhase phase, uint64_t key, bool enclosing, StringId name, StringId category)
{
    if (!acceptTime(ts))
        return;
    touch(ts);
    requireIds(uint64_t(m_seq) + 1, "flow points"); // m_seq orders them
    m_flowV1.push_back(FlowV1Point { key, thread, m_seq++, ts, phase, enclosing, name, category });
}

void StoreBuilder::flowV2(SliceHandle slice, uint64_t key, bool in, bool out, StringId name, StringId category)
{
    if (!slice.valid())
        return;
    if (!in && !out) {
        diagnostics().count("flow_without_direction");
        return;
    }
    requireIds(uint64_t(m_seq) + 1, "flow points");
    m_flowV2.push_back(FlowV2Point { key, slice.thread, slice.index, m_seq++, in, out, name, category });
}

size_t StoreBuilder::residentBytes() const
{
    size_t n = m_store->residentBytes();
    for (const auto& t : m_threads)
        n += t.slices.residentBytes() + t.instants.capacity() * sizeof(RawInstant);
    for (const auto& p : m_processes)
        n += p.async.capacity() * sizeof(RawAsync) + p.instants.capacity() * sizeof(RawInstant);
    for (const auto& c : m_counters)
        n += c.ts.capacity() * 16;
    return n + m_flowV1.capacity() * sizeof(FlowV1Point) + m_flowV2.capacity() * sizeof(FlowV2Point);
}

} // namespace strata::store
