#include "perfettotrackevent.h"

#include "perfettoschema.h"

#include <algorithm>

namespace strata::importers::perfetto {

using namespace strata::store;

TrackEventDecoder::TrackEventDecoder(StoreBuilder& builder)
    : m_b(builder)
    , m_annotations(builder)
{
    m_empty = m_b.intern("");
    m_unknownName = m_b.intern("[unknown name]");
    m_unknownCategory = m_b.intern("[unknown category]");
}

void TrackEventDecoder::undefinedIid(const char* table, uint64_t iid, uint32_t sequenceId, uint64_t offset)
{
    m_b.diagnostics().report("perfetto_interned_id_undefined",
        "byte " + std::to_string(offset) + ": " + table + " iid " + std::to_string(iid) + " is not defined on sequence "
            + std::to_string(sequenceId) + " (since its last incremental-state reset)");
}

bool TrackEventDecoder::decode(const proto::Field& event, bool hasTs, TimeNs ts, SequenceState& seq,
    uint32_t sequenceId, uint64_t packetOffset, std::vector<ResolvedEvent>* out, std::string* error,
    uint64_t* errorOffset)
{
    ResolvedEvent e;
    e.offset = packetOffset;
    e.order = m_order++;
    uint32_t type = 0;
    bool hasType = false, hasTrack = false, hasName = false, hasNameIid = false;
    uint64_t nameIid = 0;
    std::string_view name;
    bool hasCounter = false;
    double counterValue = 0;
    bool hasDeltaUs = false, hasAbsoluteUs = false;
    int64_t deltaUs = 0, absoluteUs = 0;
    StringId source;
    bool hasLegacy = false;
    int32_t legacyPhase = 0;
    int64_t legacyDurationUs = 0;
    uint64_t legacyNameIid = 0;
    bool hasLegacyNameIid = false;
    m_categoryIids.clear();
    m_categoryText.clear();
    m_annotationFields.clear();
    m_extraUuids.clear();
    m_extraDoubleUuids.clear();
    m_extraValues.clear();
    m_extraDoubleValues.clear();
    m_unknownFields.clear();
    bool hasExtraUuids = false, hasExtraDoubleUuids = false;
    uint64_t badOffset = 0;
    bool packedOk = true;

    auto fixed64s = [&](const proto::Field& f, std::vector<uint64_t>& to) {
        if (f.isVarint()) // written with the wrong wire type: take it anyway
            to.push_back(f.value);
        else
            packedOk = proto::forEachFixed64(
                           f, [&](uint64_t v) { to.push_back(v); }, &badOffset)
                && packedOk;
    };
    auto varints
        = [&](const proto::Field& f, auto&& fn) { packedOk = proto::forEachVarint(f, fn, &badOffset) && packedOk; };

    proto::Reader r = event.message();
    proto::Field f;
    while (r.next(&f)) {
        switch (f.id) {
        case event::kType:
            type = f.asUint32();
            hasType = true;
            break;
        case event::kTrackUuid:
            e.track = f.asUint64();
            hasTrack = true;
            break;
        case event::kName:
            if (f.isBytes()) {
                name = f.bytes;
                hasName = true;
                hasNameIid = false;
            }
            break;
        case event::kNameIid:
            nameIid = f.asUint64();
            hasNameIid = true;
            hasName = false;
            break;
        case event::kCategoryIids: varints(f, [&](uint64_t v) { m_categoryIids.push_back(v); }); break;
        case event::kCategories:
            if (f.isBytes()) {
                if (!m_categoryText.empty())
                    m_categoryText += ',';
                m_categoryText.append(f.bytes);
            }
            break;
        case event::kDebugAnnotations:
            if (f.isBytes())
                m_annotationFields.push_back(f);
            break;
        case event::kCounterValue:
            counterValue = static_cast<double>(f.asInt64());
            hasCounter = true;
            break;
        case event::kDoubleCounterValue:
            counterValue = f.asDouble();
            hasCounter = true;
            break;
        case event::kExtraCounterTrackUuids:
            hasExtraUuids = true;
            varints(f, [&](uint64_t v) { m_extraUuids.push_back(v); });
            break;
        case event::kExtraCounterValues:
            varints(f, [&](uint64_t v) { m_extraValues.push_back(static_cast<int64_t>(v)); });
            break;
        case event::kExtraDoubleCounterTrackUuids:
            hasExtraDoubleUuids = true;
            varints(f, [&](uint64_t v) { m_extraDoubleUuids.push_back(v); });
            break;
        case event::kExtraDoubleCounterValues:
            if (f.isBytes() || f.type == proto::WireType::Fixed64) {
                std::vector<uint64_t> bits;
                fixed64s(f, bits);
                for (uint64_t b : bits) {
                    proto::Field d;
                    d.type = proto::WireType::Fixed64;
                    d.value = b;
                    m_extraDoubleValues.push_back(d.asDouble());
                }
            }
            break;
        case event::kFlowIds: fixed64s(f, e.flows); break;
        case event::kTerminatingFlowIds: fixed64s(f, e.terminatingFlows); break;
        case event::kFlowIdsOld: varints(f, [&](uint64_t v) { e.flows.push_back(v); }); break;
        case event::kTerminatingFlowIdsOld: varints(f, [&](uint64_t v) { e.terminatingFlows.push_back(v); }); break;
        case event::kSourceLocationIid: {
            auto it = seq.sourceLocations.find(f.asUint64());
            if (it != seq.sourceLocations.end())
                source = it->second;
            else
                undefinedIid("source location", f.asUint64(), sequenceId, packetOffset);
            break;
        }
        case event::kSourceLocation:
            if (f.isBytes()) {
                std::string_view file;
                uint32_t line = 0;
                proto::Reader s = f.message();
                proto::Field g;
                while (s.next(&g)) {
                    if (g.id == interned::kFileName && g.isBytes())
                        file = g.bytes;
                    else if (g.id == interned::kLineNumber && g.isVarint())
                        line = g.asUint32();
                }
                if (s.failed()) {
                    *error = "source location: " + s.error();
                    *errorOffset = s.errorOffset();
                    return false;
                }
                if (!file.empty())
                    source = m_b.intern(std::string(file) + (line ? ":" + std::to_string(line) : std::string()));
            }
            break;
        case event::kTimestampDeltaUs:
            deltaUs = f.asInt64();
            hasDeltaUs = true;
            break;
        case event::kTimestampAbsoluteUs:
            absoluteUs = f.asInt64();
            hasAbsoluteUs = true;
            break;
        case event::kLegacyEvent: {
            if (!f.isBytes())
                break;
            hasLegacy = true;
            proto::Reader s = f.message();
            proto::Field g;
            while (s.next(&g)) {
                if (g.id == legacy::kPhase && g.isVarint())
                    legacyPhase = g.asInt32();
                else if (g.id == legacy::kDurationUs && g.isVarint())
                    legacyDurationUs = g.asInt64();
                else if (g.id == legacy::kNameIid && g.isVarint()) {
                    legacyNameIid = g.asUint64();
                    hasLegacyNameIid = true;
                }
            }
            if (s.failed()) {
                *error = "legacy event: " + s.error();
                *errorOffset = s.errorOffset();
                return false;
            }
            break;
        }
        case 2:
        case 17:
        case 8:
        case 20: // legacy thread time / instruction counts: not shown
            break;
        default:
            if (std::find(m_unknownFields.begin(), m_unknownFields.end(), f.id) == m_unknownFields.end())
                m_unknownFields.push_back(f.id);
            break;
        }
    }
    if (r.failed()) {
        *error = r.error();
        *errorOffset = r.errorOffset();
        return false;
    }
    if (!packedOk) {
        *error = "a packed repeated field is malformed";
        *errorOffset = badOffset;
        return false;
    }
    if (!m_unknownFields.empty()) {
        std::string ids;
        for (uint32_t id : m_unknownFields)
            ids += (ids.empty() ? "" : ", ") + std::to_string(id);
        m_b.diagnostics().report("perfetto_track_event_fields_skipped",
            "byte " + std::to_string(packetOffset)
                + ": TrackEvent fields not shown (typed args or extensions): " + ids);
    }

    // Kind.
    if (!hasType || type == 0) {
        if (!hasLegacy) {
            m_b.diagnostics().report("perfetto_track_event_without_type",
                "byte " + std::to_string(packetOffset) + ": a TrackEvent with neither type nor legacy_event");
            return true;
        }
        switch (legacyPhase) {
        case 'B': e.kind = ResolvedEvent::Kind::Begin; break;
        case 'E': e.kind = ResolvedEvent::Kind::End; break;
        case 'X':
            e.kind = ResolvedEvent::Kind::Complete;
            e.dur = legacyDurationUs * 1000;
            break;
        case 'I':
        case 'i':
        case 'R':
        case 'n': e.kind = ResolvedEvent::Kind::Instant; break;
        default:
            m_b.diagnostics().count(std::string("perfetto_legacy_event_unsupported_")
                + (legacyPhase > 32 && legacyPhase < 127 ? std::string(1, static_cast<char>(legacyPhase))
                                                         : std::to_string(legacyPhase)));
            return true;
        }
        if (!hasName && !hasNameIid && hasLegacyNameIid) {
            nameIid = legacyNameIid;
            hasNameIid = true;
        }
    } else {
        switch (type) {
        case event::kTypeSliceBegin: e.kind = ResolvedEvent::Kind::Begin; break;
        case event::kTypeSliceEnd: e.kind = ResolvedEvent::Kind::End; break;
        case event::kTypeInstant: e.kind = ResolvedEvent::Kind::Instant; break;
        case event::kTypeCounter: e.kind = ResolvedEvent::Kind::Counter; break;
        default:
            m_b.diagnostics().report("perfetto_track_event_unsupported_type",
                "byte " + std::to_string(packetOffset) + ": TrackEvent type " + std::to_string(type) + " is not shown");
            return true;
        }
    }

    // Time.
    if (hasTs) {
        e.ts = ts;
    } else if (hasAbsoluteUs) {
        e.ts = absoluteUs * 1000;
    } else if (hasDeltaUs && seq.hasThread) {
        seq.referenceUs += deltaUs;
        e.ts = seq.referenceUs * 1000;
    } else {
        m_b.diagnostics().report("perfetto_track_event_missing_timestamp",
            "byte " + std::to_string(packetOffset) + ": a TrackEvent without a timestamp was dropped");
        return true;
    }

    // Track: explicit, the sequence default, the sequence's legacy thread, the global track.
    if (!hasTrack) {
        if (seq.hasDefaultTrack) {
            e.track = seq.defaultTrack;
        } else if (seq.hasThread) {
            e.legacyThread = true;
            e.pid = seq.pid;
            e.tid = seq.tid;
        } else {
            e.track = 0;
        }
    }

    if (e.kind == ResolvedEvent::Kind::Counter) {
        if (!hasCounter) {
            m_b.diagnostics().report("perfetto_counter_missing_value",
                "byte " + std::to_string(packetOffset) + ": a counter event without a value was dropped");
            e.kind = ResolvedEvent::Kind::Instant; // nothing to record; keep its flows/extra counters
            e.type = TypeId();
        } else {
            e.value = counterValue;
        }
    } else {
        // Name and categories (an END needs neither: it closes the innermost open slice).
        StringId nameId = m_empty;
        if (hasName) {
            nameId = m_b.intern(name);
        } else if (hasNameIid) {
            auto it = seq.eventNames.find(nameIid);
            if (it != seq.eventNames.end()) {
                nameId = it->second;
            } else {
                nameId = m_unknownName;
                undefinedIid("event name", nameIid, sequenceId, packetOffset);
            }
        }
        for (uint64_t iid : m_categoryIids) {
            auto it = seq.categories.find(iid);
            std::string_view c;
            if (it != seq.categories.end()) {
                c = m_b.strings().view(it->second);
            } else {
                c = m_b.strings().view(m_unknownCategory);
                undefinedIid("event category", iid, sequenceId, packetOffset);
            }
            if (!m_categoryText.empty())
                m_categoryText += ',';
            m_categoryText.append(c);
        }
        const StringId category = m_categoryText.empty() ? m_empty : m_b.intern(m_categoryText);
        if (e.kind != ResolvedEvent::Kind::End)
            e.type = m_b.type(nameId, category, source);
    }

    // Args.
    if (!m_annotationFields.empty()) {
        m_args.clear();
        AnnotationConverter::Problems problems;
        for (const proto::Field& a : m_annotationFields)
            m_annotations.convert(a, seq, &m_args, &problems);
        if (!problems.error.empty())
            m_b.diagnostics().report("perfetto_malformed_annotation",
                "byte " + std::to_string(problems.errorOffset) + ": " + problems.error
                    + "; that annotation was dropped");
        for (uint64_t iid : problems.undefinedNameIids)
            undefinedIid("debug annotation name", iid, sequenceId, packetOffset);
        for (uint64_t iid : problems.undefinedValueIids)
            undefinedIid("debug annotation string value", iid, sequenceId, packetOffset);
        if (problems.skippedProtoValues)
            m_b.diagnostics().count("perfetto_annotation_proto_value_skipped", problems.skippedProtoValues);
        if (problems.tooDeep)
            m_b.diagnostics().count("perfetto_annotation_too_deep", problems.tooDeep);
        e.args = m_b.argSet(m_args.data(), m_args.size());
    }

    const TimeNs eventTs = e.ts;
    // Extra counter values: paired with the event's uuids, else the sequence defaults.
    auto extras = [&](bool explicitUuids, const std::vector<uint64_t>& own, const std::vector<uint64_t>& defaults,
                      size_t n, auto value) {
        const std::vector<uint64_t>& uuids = explicitUuids ? own : defaults;
        if (n != uuids.size())
            m_b.diagnostics().report("perfetto_extra_counter_values_mismatch",
                "byte " + std::to_string(packetOffset) + ": " + std::to_string(n) + " extra counter values for "
                    + std::to_string(uuids.size()) + " counter tracks");
        for (size_t i = 0; i < std::min(n, uuids.size()); ++i) {
            ResolvedEvent c;
            c.kind = ResolvedEvent::Kind::Counter;
            c.track = uuids[i];
            c.ts = eventTs;
            c.value = value(i);
            c.offset = packetOffset;
            c.order = m_order++;
            out->push_back(std::move(c));
        }
    };
    const bool keep = !(e.kind == ResolvedEvent::Kind::Instant && !e.type.valid());
    if (keep)
        out->push_back(std::move(e));
    if (!m_extraValues.empty())
        extras(hasExtraUuids, m_extraUuids, seq.defaultExtraCounters, m_extraValues.size(),
            [&](size_t i) { return static_cast<double>(m_extraValues[i]); });
    if (!m_extraDoubleValues.empty())
        extras(hasExtraDoubleUuids, m_extraDoubleUuids, seq.defaultExtraDoubleCounters, m_extraDoubleValues.size(),
            [&](size_t i) { return m_extraDoubleValues[i]; });
    return true;
}

} // namespace strata::importers::perfetto
