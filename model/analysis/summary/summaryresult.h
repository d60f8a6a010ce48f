#pragma once
// The numbers the Overall Summary and Current Selection Summary docks show and
// `strata-cli summary` prints: plain values, filled by SummaryCalculator::compute().
#include <analysis/breakdown/breakdowntimes.h>
#include <store/trackinfo.h>
#include <store/workkind.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace strata::analysis {

// A track's engine role as the summaries name it, from its store::WorkClassifier::ofTrack
// kind: "communication", "transfer" (memory engines: DMA queues, memcpy) or "compute"
// (everything else, host threads and sync rows included).
inline const char* engineKindName(store::WorkKind k)
{
    return k == store::WorkKind::Memory       ? "transfer"
        : k == store::WorkKind::Communication ? "communication"
                                              : "compute";
}

// Engines whose busy time moves data, so bytes / busy is a bandwidth: memory and communication.
inline bool movesData(store::WorkKind k)
{
    return k == store::WorkKind::Memory || k == store::WorkKind::Communication;
}

// One thread (with its overflow lanes folded in) or one async lane.
struct TrackSummaryRow {
    store::TrackId track;
    store::TrackKind kind = store::TrackKind::Thread;
    store::ProcessId process;
    store::IdValue pid; // as written in the file
    store::IdValue tid; // as written; meaningless for async lanes (hasTid false)
    bool hasTid = false;
    std::string processLabel; // EventStore::processLabel
    std::string name; // EventStore::trackLabel
    uint16_t lane = 0; // async lane number
    uint32_t overflowLanes = 0;
    store::WorkKind engine = store::WorkKind::Compute; // store::WorkClassifier::ofTrack
    store::TrackRole role = store::TrackRole::Host; // store::DeviceRules: device, host or annotation lane

    uint64_t events = 0; // slices in the window (SliceWindowSums::events)
    store::TimeNs busyNs = 0; // union of depth-0 intervals inside the window
    double utilization = 0; // busyNs / window length, 0..1
    double avgDurNs = 0; // mean full duration of those slices; 0 without events
    // Absent when no slice of the track carries the arg at all; 0 when none does in the window.
    std::optional<double> bytes;
    std::optional<double> bandwidthBytesPerS; // movesData tracks with bytes: bytes / busy time (absent if busy is 0)
    std::optional<double> flops;
    std::optional<double> mfu; // duration-weighted mean, absent when no slice in the window carries it
    std::optional<double> hfu;
};

struct CounterSummaryRow {
    store::CounterId counter;
    store::TrackId track;
    store::ProcessId process;
    store::IdValue pid;
    std::string processLabel;
    std::string name; // series name, "<event name> <arg key>"
    uint64_t samples = 0;
    // Absent when no sample is in effect in the window (CounterWindowStats).
    std::optional<double> min, mean, max;
};

// Whole-trace facts, the same for every window.
struct TraceFacts {
    store::TimeRange extent;
    uint64_t slices = 0;
    uint64_t instants = 0;
    uint64_t counterSamples = 0;
    uint64_t flows = 0;
    uint64_t tracks = 0;
    uint64_t processes = 0;
    uint64_t events() const { return slices + instants + counterSamples; }
};

// One device of the Device scope (a process holding device tracks): busy is the union of
// its engines' work (BreakdownIndex), not a sum or a mean over its streams.
struct DeviceBusyRow {
    store::ProcessId process;
    store::IdValue pid; // as written in the file
    std::string label; // EventStore::processLabel
    uint32_t engines = 0; // its device tracks
    store::TimeNs busyNs = 0; // union of its work inside the window
    double utilization = 0; // busyNs / window length, 0..1
    // Its time breakdown over the window (BreakdownIndex::device): the summaries' one line of
    // shares per device (BreakdownShares).
    BreakdownTimes breakdown;
};

// The "Device" scope of a window: the Device tracks (DeviceRules), or every thread when the
// trace has none, with `fallback` saying so ("no device tracks").
// With the breakdown index (SummaryCalculator::compute's `breakdown`), busy time is per device
// the union of its work (`devices`), busyNs their sum and utilization their mean; without
// it, or for the fallback, busyNs sums the tracks' busy times and utilization is their mean.
struct DeviceScope {
    uint32_t tracks = 0; // tracks in the scope
    store::TimeNs busyNs = 0;
    double utilization = 0; // 0..1
    std::string fallback; // empty when the scope is the device tracks
    std::vector<DeviceBusyRow> devices; // filled from the breakdown index
};

struct TraceSummary {
    store::TimeRange window; // absolute
    TraceFacts trace;
    std::vector<TrackSummaryRow> tracks; // in display order
    DeviceScope device;
    std::vector<CounterSummaryRow> counters; // in display order
    std::map<std::string, uint64_t> diagnostics; // import diagnostics by kind
    std::vector<std::string> diagnosticMessages;
};

} // namespace strata::analysis
