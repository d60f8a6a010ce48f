#pragma once
// One TrackEvent after interning and argument conversion: everything the builder needs,
// with no reference to the packet bytes or to the sequence state, so it can wait for a
// track descriptor that arrives later.
#include <store/types.h>

#include <cstdint>
#include <vector>

namespace strata::importers::perfetto {

struct ResolvedEvent {
    enum class Kind : uint8_t { Begin, End, Instant, Complete, Counter };
    Kind kind = Kind::Instant;
    // Where: a track uuid, or the legacy thread of the event's sequence.
    bool legacyThread = false;
    uint64_t track = 0;
    int32_t pid = 0;
    int64_t tid = 0;

    store::TimeNs ts = 0;
    store::TimeNs dur = 0; // Complete (legacy 'X')
    store::TypeId type;
    store::ArgSetId args;
    double value = 0; // Counter
    std::vector<uint64_t> flows; // flow_ids (+ flow_ids_old)
    std::vector<uint64_t> terminatingFlows; // terminating_flow_ids (+ _old)
    uint64_t offset = 0; // byte offset of the packet, for diagnostics
    uint64_t order = 0; // file order, to break time ties between flow steps
};

} // namespace strata::importers::perfetto
