#pragma once
// Decodes TrackEvent messages into ResolvedEvents: type, track (explicit,
// TrackEventDefaults, the sequence's legacy thread, or the global track 0), interned or
// inline name and categories, debug annotations as args, flows of both field generations
// (fixed64 and the old varint ones, packed or not), counter values, and the extra counter
// values sampled with the event (one extra Counter event per value).
#include "perfettoargs.h"
#include "perfettoevent.h"
#include "perfettosequence.h"
#include "protowire.h"

#include <store/storebuilder.h>

#include <vector>

namespace strata::importers::perfetto {

class TrackEventDecoder {
public:
    explicit TrackEventDecoder(store::StoreBuilder& builder);

    // `ts`: the packet time on the trace clock, if the packet had one (hasTs). Appends the
    // event (and its extra counter samples) to *out. False when the message is malformed
    // (*error names the byte offset); nothing is appended then.
    bool decode(const proto::Field& event, bool hasTs, store::TimeNs ts, SequenceState& seq, uint32_t sequenceId,
        uint64_t packetOffset, std::vector<ResolvedEvent>* out, std::string* error, uint64_t* errorOffset);

private:
    void undefinedIid(const char* table, uint64_t iid, uint32_t sequenceId, uint64_t offset);

    store::StoreBuilder& m_b;
    AnnotationConverter m_annotations;
    store::StringId m_empty, m_unknownName, m_unknownCategory;
    std::vector<store::Arg> m_args;
    std::vector<proto::Field> m_annotationFields;
    std::vector<uint64_t> m_categoryIids, m_extraUuids, m_extraDoubleUuids;
    std::vector<int64_t> m_extraValues;
    std::vector<double> m_extraDoubleValues;
    std::vector<uint32_t> m_unknownFields;
    std::string m_categoryText;
    uint64_t m_order = 0;
};

} // namespace strata::importers::perfetto
