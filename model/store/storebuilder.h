#pragma once
#include "eventstore.h"
#include "rawevents.h"

#include <memory>
#include <unordered_map>

namespace strata::store {

// A slice recorded on a thread, by arrival; valid until StoreFinalizer::finalize().
struct SliceHandle {
    uint32_t thread = UINT32_MAX;
    uint32_t index = UINT32_MAX;
    bool valid() const { return thread != UINT32_MAX; }
};

// Importers call this in file order; events may arrive in any time order. Then
// StoreFinalizer::finalize() sorts each track, nests slices with a stack (partial overlaps go
// to overflow lanes), closes what never ended at the trace end, binds flows, and returns the
// immutable store.
class StoreBuilder {
public:
    StoreBuilder();
    ~StoreBuilder();

    StringId intern(std::string_view s) { return m_store->m_strings.intern(s); }
    // h: StringPool::hashOf(s) in the pool s comes from.
    StringId intern(std::string_view s, uint32_t h) { return m_store->m_strings.intern(s, h); }
    StringPool& strings() { return m_store->m_strings; }
    TypeId type(StringId name, StringId category, StringId source = StringId())
    {
        return m_store->m_types.intern(name, category, source);
    }
    ArgSetId argSet(const Arg* args, size_t n) { return m_store->m_args.add(args, n); }
    // For a store that goes to StoreMerger alone (ArgTable::keepRepeats): equal argument
    // sets keep their own ids, the merger deduplicates them.
    void keepRepeatedArgSets() { m_store->m_args.keepRepeats(); }
    const ArgTable& args() const { return m_store->m_args; }
    const TypeTable& types() const { return m_store->m_types; }
    Diagnostics& diagnostics() { return m_store->m_diagnostics; }
    SkippedContent& skipped() { return m_store->m_skipped; }
    void addMetadata(std::string key, std::string value);

    // --- processes and threads (ids here are building-time ids, not final TrackIds)
    ProcessId process(const IdValue& pid);
    uint32_t thread(ProcessId process, const IdValue& tid);
    void setProcessName(ProcessId p, StringId name) { m_processes[p.v].info.name = name; }
    void setProcessLabels(ProcessId p, StringId labels) { m_processes[p.v].info.labels = labels; }
    void setProcessSortIndex(ProcessId p, int32_t index);
    void setThreadName(uint32_t thread, StringId name) { m_threads[thread].name = name; }
    void setThreadSortIndex(uint32_t thread, int32_t index);
    // The importer's word on what a thread is (DeviceRules decides for threads without one).
    void setThreadRole(uint32_t thread, TrackRole role) { m_threads[thread].declaredRole = role; }
    // What the heights of the thread's slices (setSliceHeight) show, and full height's scale.
    void setThreadHeightLegend(uint32_t thread, StringId meaning, StringId full)
    {
        m_threads[thread].heightMeaning = meaning;
        m_threads[thread].heightFull = full;
    }
    // The lane beside `thread` for spans that label its work rather than being work (Kineto's
    // gpu_user_annotation and cuda_sync on a CUDA stream): drawn just above the thread as
    // "<thread> (annotations)", role Annotation, never busy time. Made on first use.
    uint32_t annotationLane(uint32_t thread);
    // What was built so far, for an importer's pass over another importer's output (Neuron
    // TensorBoard files through the Chrome importer). ProcessIds are 0..processCount()-1.
    size_t processCount() const { return m_processes.size(); }
    const ProcessInfo& processInfo(ProcessId p) const { return m_processes[p.v].info; }
    const std::vector<uint32_t>& processThreads(ProcessId p) const { return m_processes[p.v].threads; }
    const IdValue& threadTid(uint32_t thread) const { return m_threads[thread].tid; }
    StringId threadName(uint32_t thread) const { return m_threads[thread].name; }
    // A thread's slices so far, by arrival (SliceHandle{thread, 0..count-1}); a B not ended
    // yet has dur kOpenDuration. setSliceArgs replaces a slice's whole argument set.
    size_t threadSliceCount(uint32_t thread) const { return m_threads[thread].slices.size(); }
    const RawSlice& slice(SliceHandle s) const { return m_threads[s.thread].slices[s.index]; }
    void setSliceArgs(SliceHandle s, ArgSetId args) { m_threads[s.thread].slices[s.index].args = args; }

    // --- slices on a thread
    SliceHandle completeSlice(uint32_t thread, TimeNs ts, TimeNs dur, TypeId type, ArgSetId args);
    SliceHandle beginSlice(uint32_t thread, TimeNs ts, TypeId type, ArgSetId args);
    // Closes the innermost open slice whose name (and category, when given) match; an
    // invalid name matches the innermost. E args are merged over the B args.
    SliceHandle endSlice(uint32_t thread, TimeNs ts, StringId name, StringId category, const Arg* args, size_t n);

    // Fraction (0..1) of its row the slice's bar fills, bottom-aligned; slices never set stay
    // full. Stored in 1/255 steps; costs the store 1 byte per slice once any slice has one.
    void setSliceHeight(SliceHandle slice, float fraction);

    // --- memory accesses (space-time charts): declare spaces first, then regions and
    // accesses in any order. An access names the slice (instruction) it belongs to, if any.
    MemorySpaceId addMemorySpace(const MemorySpace& space) { return m_store->m_memory.addSpace(space); }
    void addMemoryRegion(const MemoryRegion& region) { m_store->m_memory.addRegion(region); }
    void memoryAccess(SliceHandle slice, const MemoryAccess& access);

    // --- instants
    void threadInstant(uint32_t thread, TimeNs ts, TypeId type, ArgSetId args);
    void processInstant(ProcessId p, TimeNs ts, TypeId type, ArgSetId args);
    void globalInstant(TimeNs ts, TypeId type, ArgSetId args);

    // --- counters: one series per (process, name)
    void counter(ProcessId p, StringId series, TimeNs ts, double value);

    // --- async slices (b/e/n and S/F), keyed by a hash of their category and scoped id
    void asyncBegin(ProcessId p, uint64_t key, TimeNs ts, TypeId type, ArgSetId args);
    void asyncEnd(ProcessId p, uint64_t key, TimeNs ts, StringId name, const Arg* args, size_t n);
    void asyncInstant(ProcessId p, uint64_t key, TimeNs ts, TypeId type, ArgSetId args);

    // --- flows
    void flowV1(
        uint32_t thread, TimeNs ts, FlowPhase phase, uint64_t key, bool enclosing, StringId name, StringId category);
    void flowV2(SliceHandle slice, uint64_t key, bool in, bool out, StringId name, StringId category);

    uint64_t eventCount() const { return m_events; }
    size_t residentBytes() const;

private:
    friend class StoreFinalizer;
    void touch(TimeNs t)
    {
        if (t < m_minTs)
            m_minTs = t;
        if (t > m_maxTs)
            m_maxTs = t;
    }
    ArgSetId mergeArgs(ArgSetId base, const Arg* args, size_t n);
    // The door every time passes: false (and counted as "time_out_of_range") outside
    // [-kTimeLimit, kTimeLimit], where later arithmetic on it could overflow (timemath.h).
    bool acceptTime(TimeNs t);

    struct ThreadKey {
        uint32_t process;
        IdValue tid;
        bool operator==(const ThreadKey& o) const { return process == o.process && tid == o.tid; }
    };
    struct ThreadKeyHash {
        size_t operator()(const ThreadKey& k) const;
    };
    struct IdValueHash {
        size_t operator()(const IdValue& v) const;
    };

    std::unique_ptr<EventStore> m_store;
    std::vector<RawProcess> m_processes;
    std::vector<RawThread> m_threads;
    std::vector<RawCounter> m_counters;
    std::vector<RawInstant> m_globalInstants;
    std::vector<FlowV1Point> m_flowV1;
    std::vector<FlowV2Point> m_flowV2;
    std::vector<SliceHandle> m_memorySlices; // per memory access row, until the finalizer resolves them
    bool m_anyHeight = false;
    std::unordered_map<IdValue, uint32_t, IdValueHash> m_processIndex;
    std::unordered_map<ThreadKey, uint32_t, ThreadKeyHash> m_threadIndex;
    std::unordered_map<uint64_t, uint32_t> m_counterIndex;
    std::unordered_map<uint32_t, uint32_t> m_annotationLanes; // raw thread → its annotation lane
    std::unordered_map<uint64_t, std::vector<uint32_t>> m_asyncOpen; // key → open RawAsync indices
    ThreadKey m_lastThreadKey { UINT32_MAX, {} };
    uint32_t m_lastThread = 0;
    TimeNs m_minTs = kTimeMax;
    TimeNs m_maxTs = kTimeMin;
    uint64_t m_events = 0;
    uint32_t m_seq = 0;
};

} // namespace strata::store
