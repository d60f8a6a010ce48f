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

#include <string>
#include <string_view>
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
    // What one TrackEvent message says, before it is resolved against the sequence state.
    // One instance is reused from event to event, so its vectors keep their memory.
    struct Fields {
        uint32_t type = 0;
        bool hasType = false, hasTrack = false, hasName = false, hasNameIid = false;
        uint64_t nameIid = 0;
        std::string_view name; // into the packet
        bool hasCounter = false;
        double counterValue = 0;
        bool hasDeltaUs = false, hasAbsoluteUs = false;
        int64_t deltaUs = 0, absoluteUs = 0;
        store::StringId source;
        bool hasLegacy = false;
        int32_t legacyPhase = 0;
        int64_t legacyDurationUs = 0;
        uint64_t legacyNameIid = 0;
        bool hasLegacyNameIid = false;
        bool hasExtraUuids = false, hasExtraDoubleUuids = false;
        std::vector<uint64_t> categoryIids, extraUuids, extraDoubleUuids;
        std::vector<int64_t> extraValues;
        std::vector<double> extraDoubleValues;
        std::vector<proto::Field> annotations;
        std::vector<uint32_t> unknownFields;
        std::string categoryText;
        bool packedOk = true; // false once a packed repeated field was malformed
        uint64_t badOffset = 0; // where it was
        void clear();
    };
    // The sequence and packet an event came from: interning lookups and diagnostics.
    struct Origin {
        SequenceState& seq;
        uint32_t sequenceId;
        uint64_t packetOffset;
    };

    // Reads the message into m_fields (and the flow ids into e); false when it is malformed.
    bool readFields(
        const proto::Field& event, const Origin& o, ResolvedEvent& e, std::string* error, uint64_t* errorOffset);
    bool readField(const proto::Field& f, const Origin& o, ResolvedEvent& e, std::string* error, uint64_t* errorOffset);
    bool readSourceLocation(const proto::Field& f, std::string* error, uint64_t* errorOffset);
    bool readLegacyEvent(const proto::Field& f, std::string* error, uint64_t* errorOffset);
    void readExtraDoubleValues(const proto::Field& f);
    // Repeated fields, packed or not; a malformed packed one clears m_fields.packedOk.
    void fixed64s(const proto::Field& f, std::vector<uint64_t>& to);
    template <typename Fn> void varints(const proto::Field& f, Fn&& fn);
    void reportUnknownFields(uint64_t packetOffset);

    // The steps from m_fields to the event; resolveKind and resolveTime return false when
    // the event is dropped (with a diagnostic).
    bool resolveKind(ResolvedEvent& e, uint64_t packetOffset);
    bool resolveTime(ResolvedEvent& e, bool hasTs, store::TimeNs ts, SequenceState& seq, uint64_t packetOffset);
    void resolveTrack(ResolvedEvent& e, const SequenceState& seq) const;
    void resolveType(ResolvedEvent& e, const Origin& o);
    store::ArgSetId resolveArgs(const Origin& o);
    // Appends the event (unless nothing is left of it) and its extra counter samples.
    void emit(ResolvedEvent& e, const Origin& o, std::vector<ResolvedEvent>* out);
    template <typename Value>
    void emitExtraCounters(bool explicitUuids, const std::vector<uint64_t>& own, const std::vector<uint64_t>& defaults,
        size_t n, Value value, store::TimeNs ts, uint64_t packetOffset, std::vector<ResolvedEvent>* out);
    void undefinedIid(const char* table, uint64_t iid, uint32_t sequenceId, uint64_t offset);

    store::StoreBuilder& m_b;
    AnnotationConverter m_annotations;
    store::StringId m_empty, m_unknownName, m_unknownCategory;
    std::vector<store::Arg> m_args;
    Fields m_fields;
    uint64_t m_order = 0;
};

} // namespace strata::importers::perfetto
