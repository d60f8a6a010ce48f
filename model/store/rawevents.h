#pragma once
// Building-time records: what importers hand to StoreBuilder before
// StoreFinalizer::finalize() sorts, nests and indexes them. Internal to model/store.
#include "chunkedvector.h"
#include "trackinfo.h"

#include <optional>
#include <string>
#include <vector>

namespace strata::store {

// Sentinel duration of a B whose E has not been seen yet.
constexpr TimeNs kOpenDuration = kTimeMin;

struct RawSlice { // 24 bytes
    TimeNs ts;
    TimeNs dur;
    TypeId type;
    ArgSetId args;
};

struct RawInstant {
    TimeNs ts;
    TypeId type;
    ArgSetId args;
};

struct RawThread {
    ProcessId process;
    IdValue tid;
    StringId name;
    int32_t sortIndex = 0;
    bool hasSortIndex = false;
    // What the importer said the thread is (DeviceRules decides when it said nothing).
    std::optional<TrackRole> declaredRole;
    uint32_t annotates = UINT32_MAX; // an annotation lane: the raw thread it sits beside
    ChunkedVector<RawSlice> slices; // in order of arrival (B reserves its slot when it begins)
    std::vector<uint32_t> open; // indices into slices of B events not ended yet, outermost first
    std::vector<RawInstant> instants;
    std::vector<uint8_t> heights; // by slice index, up to the last one set (later ones are full); usually empty
    StringId heightMeaning, heightFull; // TrackInfo's, when the importer explains its heights
};

struct RawAsync {
    uint64_t key; // hash of (cat, id[, pid for local ids]); nesting happens within a key
    StringId name;
    RawSlice slice;
};

struct RawCounter {
    ProcessId process;
    StringId name;
    std::vector<TimeNs> ts;
    std::vector<double> value;
};

struct RawProcess {
    ProcessInfo info;
    std::vector<uint32_t> threads; // raw thread indices
    std::vector<RawInstant> instants;
    std::vector<RawAsync> async;
    std::vector<uint32_t> counters;
};

enum class FlowPhase : uint8_t { Start, Step, End };

struct FlowV1Point {
    uint64_t key; // hash of (id, cat, name)
    uint32_t thread;
    uint32_t seq; // arrival order
    TimeNs ts;
    FlowPhase phase;
    bool enclosing; // bind to the enclosing slice; otherwise (f without bp:e) the next slice that begins
    StringId name, category;
};

struct FlowV2Point {
    uint64_t key; // hash of bind_id
    uint32_t thread;
    uint32_t index; // raw slice index on that thread
    uint32_t seq;
    bool in, out;
    StringId name, category;
};

} // namespace strata::store
