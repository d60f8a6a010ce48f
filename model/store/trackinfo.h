#pragma once
#include "types.h"

namespace strata::store {

// A pid or tid as written in the file: a number, or a string (Kineto writes "stream 7").
struct IdValue {
    bool isString = false;
    int64_t num = 0;
    StringId str;
    static IdValue number(int64_t n)
    {
        IdValue v;
        v.num = n;
        return v;
    }
    static IdValue string(StringId s)
    {
        IdValue v;
        v.isString = true;
        v.str = s;
        return v;
    }
    friend bool operator==(const IdValue& a, const IdValue& b)
    {
        return a.isString == b.isString && (a.isString ? a.str == b.str : a.num == b.num);
    }
};

struct ProcessInfo {
    IdValue pid;
    StringId name; // process_name metadata, invalid when absent
    StringId labels; // process_labels
    int32_t sortIndex = 0;
    bool hasSortIndex = false;
};

enum class TrackKind : uint8_t {
    Thread, // slices of one (pid, tid), properly nested
    Overflow, // slices that partially overlapped a sibling on `parent`, nested again
    Async, // one packed lane of async (b/e, S/F) slices of a process
    Counter, // one counter series
    ProcessInstants, // instants with scope "p"
    GlobalInstants, // instants with scope "g"
};

const char* trackKindName(TrackKind k);

// What a track's slices are, as DeviceRules decides (docs/counting.md): only
// Device tracks count as device time; an Annotation lane holds spans that label device work
// (Kineto's gpu_user_annotation, cuda_sync) beside the stream they belong to, drawn and
// searchable but never busy time. Every track that is not a thread (or its overflow) is Host.
enum class TrackRole : uint8_t { Host, Device, Annotation };

const char* trackRoleName(TrackRole r);

// Invariant: TrackIds are in display order. The global instant track, if any, comes first;
// then processes by (sort index, pid); inside a process: its process-scope instants, its
// async lanes, its threads by (sort index, tid) each followed by its overflow lanes, and
// last its counters — process-wide tracks above the threads, as Perfetto shows them.
struct TrackInfo {
    TrackKind kind = TrackKind::Thread;
    ProcessId process; // invalid only for the global instant track
    IdValue tid;
    StringId name; // thread_name, counter series name, lane name
    int32_t sortIndex = 0;
    TrackRole role = TrackRole::Host; // an overflow lane has its thread's
    TrackId parent; // Overflow: the thread it belongs to
    uint16_t lane = 0; // Overflow/Async: lane number within its group
    CounterId counter; // Counter tracks
    uint32_t levelBegin = 0; // index of depth 0 in EventStore's level table
    uint32_t levelCount = 0;
    RowRange slices; // all slice rows of the track (levels are contiguous inside)
    RowRange instants; // instant rows of the track
    // What a slice's bar height shows on this track and what full height stands for, in the
    // importer's words (StoreBuilder::setThreadHeightLegend); invalid when it said nothing.
    StringId heightMeaning;
    StringId heightFull;
};

struct CounterSeries {
    ProcessId process;
    StringId name; // "<event name> <arg key>", with " [id]" for per-id counter instances
    TrackId track;
    RowRange samples; // rows in EventStore's counter sample columns, sorted by ts
    double minValue = 0;
    double maxValue = 0;
};

struct FlowEdge {
    SliceRow from;
    SliceRow to;
    StringId name;
    StringId category;
};

} // namespace strata::store
