#pragma once
// Track descriptors → where events go in the StoreBuilder.
//
// * A thread track (ThreadDescriptor) is the builder thread (pid, tid).
// * A process track (ProcessDescriptor) names the process; events placed on the process
//   track itself go to a thread-like track "track:<uuid>" of that process.
// * Any other track hangs under its nearest process or thread ancestor: it becomes a
//   thread-like track of that process with the synthetic tid "track:<uuid>" and the track
//   name (prefixed by the names of the tracks between it and that ancestor, " / "-joined).
//   RBLN's engine tracks ("Neural Engine Clusters", "Task DMA", ...) land here.
// * A track with no process or thread above it roots its own pseudo-process (pid
//   "track:<root uuid>", named after the root track); uuid 0 is the implicit global track.
// * Counter tracks (CounterDescriptor) become counter series of that process, named like
//   thread-like tracks; unit_multiplier and is_incremental are applied to their values.
// Threads and thread-like tracks keep descriptor order through their sort index.
// Descriptors may arrive after the events that use them, and children before parents: a
// track is resolved once its whole ancestor chain is described.
#include "protowire.h"

#include <store/storebuilder.h>

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace strata::importers::perfetto {

struct Placement {
    enum class Kind : uint8_t { Slices, Counter };
    Kind kind = Kind::Slices;
    uint32_t process = 0; // index into TrackTable's process list
    // Slices
    store::IdValue tid;
    store::StringId name;
    int32_t sortIndex = 0;
    uint32_t thread = UINT32_MAX; // builder thread, made on first use
    // Counter
    store::StringId series;
    int64_t multiplier = 1;
    bool incremental = false;
    double total = 0; // running value of an incremental counter
};

class TrackTable {
public:
    explicit TrackTable(store::StoreBuilder& builder);

    // Reads a TrackDescriptor. Appends to *resolved the uuids (this one and any waiting
    // descendants) that can now be placed. False when the message is malformed.
    bool addDescriptor(
        const proto::Field& descriptor, std::vector<uint64_t>* resolved, std::string* error, uint64_t* errorOffset);
    // Legacy ProcessDescriptor / ThreadDescriptor packets name a process or a thread.
    void nameProcess(int32_t pid, std::string_view name);
    void nameThread(int32_t pid, int64_t tid, std::string_view name);

    // Where events of this track go; nullptr while the track (or an ancestor) is undescribed.
    Placement* find(uint64_t uuid);
    // The thread a legacy (ThreadDescriptor-on-the-sequence) event goes to.
    Placement* legacyThread(int32_t pid, int64_t tid);
    // Places a track that was never (fully) described, as a root track; counts a diagnostic.
    Placement* forcePlace(uint64_t uuid);
    // Tracks described but still waiting for an ancestor: placed as roots (diagnostic).
    std::vector<uint64_t> placeWaiting();

    uint32_t thread(Placement& p); // the builder thread, created on first use
    store::ProcessId process(Placement& p); // the builder process, created on first use

    uint64_t descriptorCount() const { return m_descriptors.size(); }

private:
    struct Descriptor {
        uint64_t uuid = 0;
        uint64_t parent = 0;
        bool hasParent = false;
        std::string name;
        bool isProcess = false;
        int32_t pid = 0;
        std::string processName;
        std::string labels;
        bool hasSortIndex = false;
        int32_t sortIndex = 0;
        bool isThread = false;
        int32_t threadPid = 0;
        int64_t tid = 0;
        std::string threadName;
        bool isCounter = false;
        int64_t multiplier = 1;
        bool incremental = false;
        uint32_t ordinal = 0;
    };
    struct Process {
        store::IdValue pid;
        std::string name;
        std::string labels;
        bool hasSortIndex = false;
        int32_t sortIndex = 0;
        store::ProcessId id; // invalid until created
    };

    static bool parse(const proto::Field& f, Descriptor* d, std::string* error, uint64_t* errorOffset);
    bool sameShape(const Descriptor& a, const Descriptor& b) const;
    // Tries to place `uuid`; false when an ancestor is missing (it then waits on it).
    bool tryPlace(uint64_t uuid, bool force);
    uint32_t processForPid(int32_t pid);
    uint32_t processForRoot(const Descriptor& root);
    void applyProcessInfo(uint32_t index);
    std::string displayName(const Descriptor& d) const;
    std::string placementName(const Descriptor& d) const;

    store::StoreBuilder& m_b;
    std::unordered_map<uint64_t, Descriptor> m_descriptors;
    std::unordered_map<uint64_t, Placement> m_placements;
    std::unordered_map<uint64_t, std::vector<uint64_t>> m_waiting; // missing ancestor → waiting uuids
    std::vector<Process> m_processes;
    std::unordered_map<int32_t, uint32_t> m_processByPid;
    std::unordered_map<uint64_t, uint32_t> m_processByRoot;
    std::map<std::pair<int32_t, int64_t>, Placement> m_legacyThreads;
    std::unordered_set<uint64_t> m_seriesNames; // (process index << 32) | series string id
    uint32_t m_nextOrdinal = 1;
};

} // namespace strata::importers::perfetto
