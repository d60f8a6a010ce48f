#pragma once
// Per-sequence incremental state: interning tables and defaults live per trusted_packet_sequence_id
// and are dropped when a packet sets SEQ_INCREMENTAL_STATE_CLEARED.
#include <store/types.h>

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace strata::importers::perfetto {

struct SequenceState {
    // Incremental state may be used: a "cleared" packet was seen and no packet was lost since.
    bool valid = false;

    // Interning tables, iid → string in the builder's pool.
    std::unordered_map<uint64_t, store::StringId> eventNames;
    std::unordered_map<uint64_t, store::StringId> categories;
    std::unordered_map<uint64_t, store::StringId> annotationNames;
    std::unordered_map<uint64_t, store::StringId> stringValues;
    std::unordered_map<uint64_t, store::StringId> sourceLocations; // "file:line"

    // TracePacketDefaults / TrackEventDefaults
    uint32_t defaultClock = 0;
    bool hasDefaultTrack = false;
    uint64_t defaultTrack = 0;
    std::vector<uint64_t> defaultExtraCounters;
    std::vector<uint64_t> defaultExtraDoubleCounters;

    // Legacy ThreadDescriptor packet on this sequence: events without a track go there;
    // timestamp_delta_us accumulates from its reference timestamp.
    bool hasThread = false;
    int32_t pid = 0;
    int64_t tid = 0;
    int64_t referenceUs = 0;

    void clearIncremental()
    {
        eventNames.clear();
        categories.clear();
        annotationNames.clear();
        stringValues.clear();
        sourceLocations.clear();
        defaultClock = 0;
        hasDefaultTrack = false;
        defaultTrack = 0;
        defaultExtraCounters.clear();
        defaultExtraDoubleCounters.clear();
    }
};

} // namespace strata::importers::perfetto
