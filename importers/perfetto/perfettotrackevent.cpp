#include "perfettotrackevent.h"

#include "perfettoschema.h"

#include <store/timemath.h>

#include <algorithm>
#include <optional>

namespace strata::importers::perfetto {

using namespace strata::store;

void TrackEventDecoder::Fields::clear()
{
    type = 0;
    hasType = hasTrack = hasName = hasNameIid = false;
    nameIid = 0;
    name = {};
    hasCounter = false;
    counterValue = 0;
    hasDeltaUs = hasAbsoluteUs = false;
    deltaUs = absoluteUs = 0;
    source = StringId();
    hasLegacy = false;
    legacyPhase = 0;
    legacyDurationUs = 0;
    legacyNameIid = 0;
    hasLegacyNameIid = false;
    hasExtraUuids = hasExtraDoubleUuids = false;
    categoryIids.clear();
    extraUuids.clear();
    extraDoubleUuids.clear();
    extraValues.clear();
    extraDoubleValues.clear();
    annotations.clear();
    unknownFields.clear();
    categoryText.clear();
    packedOk = true;
    badOffset = 0;
}

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
    const Origin o { seq, sequenceId, packetOffset };
    ResolvedEvent e;
    e.offset = packetOffset;
    e.order = m_order++;
    m_fields.clear();
    if (!readFields(event, o, e, error, errorOffset))
        return false;
    reportUnknownFields(packetOffset);
    if (!resolveKind(e, packetOffset) || !resolveTime(e, hasTs, ts, seq, packetOffset))
        return true;
    resolveTrack(e, seq);
    resolveType(e, o);
    if (!m_fields.annotations.empty())
        e.args = resolveArgs(o);
    emit(e, o, out);
    return true;
}

// --- reading the message

void TrackEventDecoder::fixed64s(const proto::Field& f, std::vector<uint64_t>& to)
{
    Fields& m = m_fields;
    if (f.isVarint()) // written with the wrong wire type: take it anyway
        to.push_back(f.value);
    else
        m.packedOk = proto::forEachFixed64(
                         f, [&](uint64_t v) { to.push_back(v); }, &m.badOffset)
            && m.packedOk;
}

template <typename Fn> void TrackEventDecoder::varints(const proto::Field& f, Fn&& fn)
{
    m_fields.packedOk = proto::forEachVarint(f, fn, &m_fields.badOffset) && m_fields.packedOk;
}

bool TrackEventDecoder::readFields(
    const proto::Field& event, const Origin& o, ResolvedEvent& e, std::string* error, uint64_t* errorOffset)
{
    proto::Reader r = event.message();
    proto::Field f;
    while (r.next(&f))
        if (!readField(f, o, e, error, errorOffset))
            return false;
    if (r.failed()) {
        *error = r.error();
        *errorOffset = r.errorOffset();
        return false;
    }
    if (!m_fields.packedOk) {
        *error = "a packed repeated field is malformed";
        *errorOffset = m_fields.badOffset;
        return false;
    }
    return true;
}

bool TrackEventDecoder::readField(
    const proto::Field& f, const Origin& o, ResolvedEvent& e, std::string* error, uint64_t* errorOffset)
{
    Fields& m = m_fields;
    switch (f.id) {
    case event::kType:
        m.type = f.asUint32();
        m.hasType = true;
        break;
    case event::kTrackUuid:
        e.track = f.asUint64();
        m.hasTrack = true;
        break;
    case event::kName:
        if (f.isBytes()) {
            m.name = f.bytes;
            m.hasName = true;
            m.hasNameIid = false;
        }
        break;
    case event::kNameIid:
        m.nameIid = f.asUint64();
        m.hasNameIid = true;
        m.hasName = false;
        break;
    case event::kCategoryIids: varints(f, [&](uint64_t v) { m.categoryIids.push_back(v); }); break;
    case event::kCategories:
        if (f.isBytes()) {
            if (!m.categoryText.empty())
                m.categoryText += ',';
            m.categoryText.append(f.bytes);
        }
        break;
    case event::kDebugAnnotations:
        if (f.isBytes())
            m.annotations.push_back(f);
        break;
    case event::kCounterValue:
        m.counterValue = static_cast<double>(f.asInt64());
        m.hasCounter = true;
        break;
    case event::kDoubleCounterValue:
        m.counterValue = f.asDouble();
        m.hasCounter = true;
        break;
    case event::kExtraCounterTrackUuids:
        m.hasExtraUuids = true;
        varints(f, [&](uint64_t v) { m.extraUuids.push_back(v); });
        break;
    case event::kExtraCounterValues:
        varints(f, [&](uint64_t v) { m.extraValues.push_back(static_cast<int64_t>(v)); });
        break;
    case event::kExtraDoubleCounterTrackUuids:
        m.hasExtraDoubleUuids = true;
        varints(f, [&](uint64_t v) { m.extraDoubleUuids.push_back(v); });
        break;
    case event::kExtraDoubleCounterValues: readExtraDoubleValues(f); break;
    case event::kFlowIds: fixed64s(f, e.flows); break;
    case event::kTerminatingFlowIds: fixed64s(f, e.terminatingFlows); break;
    case event::kFlowIdsOld: varints(f, [&](uint64_t v) { e.flows.push_back(v); }); break;
    case event::kTerminatingFlowIdsOld: varints(f, [&](uint64_t v) { e.terminatingFlows.push_back(v); }); break;
    case event::kSourceLocationIid: {
        auto it = o.seq.sourceLocations.find(f.asUint64());
        if (it != o.seq.sourceLocations.end())
            m.source = it->second;
        else
            undefinedIid("source location", f.asUint64(), o.sequenceId, o.packetOffset);
        break;
    }
    case event::kSourceLocation: return readSourceLocation(f, error, errorOffset);
    case event::kTimestampDeltaUs:
        m.deltaUs = f.asInt64();
        m.hasDeltaUs = true;
        break;
    case event::kTimestampAbsoluteUs:
        m.absoluteUs = f.asInt64();
        m.hasAbsoluteUs = true;
        break;
    case event::kLegacyEvent: return readLegacyEvent(f, error, errorOffset);
    case 2:
    case 17:
    case 8:
    case 20: // legacy thread time / instruction counts: not shown
        break;
    default:
        if (std::find(m.unknownFields.begin(), m.unknownFields.end(), f.id) == m.unknownFields.end())
            m.unknownFields.push_back(f.id);
        break;
    }
    return true;
}

void TrackEventDecoder::readExtraDoubleValues(const proto::Field& f)
{
    if (!f.isBytes() && f.type != proto::WireType::Fixed64)
        return;
    std::vector<uint64_t> bits;
    fixed64s(f, bits);
    for (uint64_t b : bits) {
        proto::Field d;
        d.type = proto::WireType::Fixed64;
        d.value = b;
        m_fields.extraDoubleValues.push_back(d.asDouble());
    }
}

bool TrackEventDecoder::readSourceLocation(const proto::Field& f, std::string* error, uint64_t* errorOffset)
{
    if (!f.isBytes())
        return true;
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
        m_fields.source = m_b.intern(std::string(file) + (line ? ":" + std::to_string(line) : std::string()));
    return true;
}

bool TrackEventDecoder::readLegacyEvent(const proto::Field& f, std::string* error, uint64_t* errorOffset)
{
    if (!f.isBytes())
        return true;
    Fields& m = m_fields;
    m.hasLegacy = true;
    proto::Reader s = f.message();
    proto::Field g;
    while (s.next(&g)) {
        if (g.id == legacy::kPhase && g.isVarint())
            m.legacyPhase = g.asInt32();
        else if (g.id == legacy::kDurationUs && g.isVarint())
            m.legacyDurationUs = g.asInt64();
        else if (g.id == legacy::kNameIid && g.isVarint()) {
            m.legacyNameIid = g.asUint64();
            m.hasLegacyNameIid = true;
        }
    }
    if (s.failed()) {
        *error = "legacy event: " + s.error();
        *errorOffset = s.errorOffset();
        return false;
    }
    return true;
}

void TrackEventDecoder::reportUnknownFields(uint64_t packetOffset)
{
    if (m_fields.unknownFields.empty())
        return;
    std::string ids;
    for (uint32_t id : m_fields.unknownFields)
        ids += (ids.empty() ? "" : ", ") + std::to_string(id);
    m_b.diagnostics().report("perfetto_track_event_fields_skipped",
        "byte " + std::to_string(packetOffset) + ": TrackEvent fields not shown (typed args or extensions): " + ids);
}

// --- resolving the event

bool TrackEventDecoder::resolveKind(ResolvedEvent& e, uint64_t packetOffset)
{
    Fields& m = m_fields;
    if (m.hasType && m.type != 0) {
        switch (m.type) {
        case event::kTypeSliceBegin: e.kind = ResolvedEvent::Kind::Begin; break;
        case event::kTypeSliceEnd: e.kind = ResolvedEvent::Kind::End; break;
        case event::kTypeInstant: e.kind = ResolvedEvent::Kind::Instant; break;
        case event::kTypeCounter: e.kind = ResolvedEvent::Kind::Counter; break;
        default:
            m_b.diagnostics().report("perfetto_track_event_unsupported_type",
                "byte " + std::to_string(packetOffset) + ": TrackEvent type " + std::to_string(m.type)
                    + " is not shown");
            return false;
        }
        return true;
    }
    if (!m.hasLegacy) {
        m_b.diagnostics().report("perfetto_track_event_without_type",
            "byte " + std::to_string(packetOffset) + ": a TrackEvent with neither type nor legacy_event");
        return false;
    }
    switch (m.legacyPhase) {
    case 'B': e.kind = ResolvedEvent::Kind::Begin; break;
    case 'E': e.kind = ResolvedEvent::Kind::End; break;
    case 'X':
        e.kind = ResolvedEvent::Kind::Complete;
        if (const auto dur = store::TimeMath::mul(m.legacyDurationUs, 1000)) {
            e.dur = *dur;
        } else {
            m_b.diagnostics().report("perfetto_track_event_invalid_timestamp",
                "byte " + std::to_string(packetOffset) + ": a legacy duration of " + std::to_string(m.legacyDurationUs)
                    + " us is out of range; the event was dropped");
            return false;
        }
        break;
    case 'I':
    case 'i':
    case 'R':
    case 'n': e.kind = ResolvedEvent::Kind::Instant; break;
    default:
        m_b.diagnostics().count(std::string("perfetto_legacy_event_unsupported_")
            + (m.legacyPhase > 32 && m.legacyPhase < 127 ? std::string(1, static_cast<char>(m.legacyPhase))
                                                         : std::to_string(m.legacyPhase)));
        return false;
    }
    if (!m.hasName && !m.hasNameIid && m.hasLegacyNameIid) {
        m.nameIid = m.legacyNameIid;
        m.hasNameIid = true;
    }
    return true;
}

bool TrackEventDecoder::resolveTime(ResolvedEvent& e, bool hasTs, TimeNs ts, SequenceState& seq, uint64_t packetOffset)
{
    const Fields& m = m_fields;
    std::optional<TimeNs> at;
    if (hasTs) {
        at = ts;
    } else if (m.hasAbsoluteUs) {
        at = store::TimeMath::mul(m.absoluteUs, 1000);
    } else if (m.hasDeltaUs && seq.hasThread) {
        // The reference stays as it was when the sum overflows: later deltas are judged
        // against the last good time.
        if (const auto ref = store::TimeMath::add(seq.referenceUs, m.deltaUs)) {
            seq.referenceUs = *ref;
            at = store::TimeMath::mul(*ref, 1000);
        }
    } else {
        m_b.diagnostics().report("perfetto_track_event_missing_timestamp",
            "byte " + std::to_string(packetOffset) + ": a TrackEvent without a timestamp was dropped");
        return false;
    }
    if (!at) {
        m_b.diagnostics().report("perfetto_track_event_invalid_timestamp",
            "byte " + std::to_string(packetOffset) + ": a TrackEvent's microsecond timestamp is out of range; dropped");
        return false;
    }
    e.ts = *at;
    return true;
}

// Explicit, the sequence default, the sequence's legacy thread, the global track.
void TrackEventDecoder::resolveTrack(ResolvedEvent& e, const SequenceState& seq) const
{
    if (m_fields.hasTrack)
        return;
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

void TrackEventDecoder::resolveType(ResolvedEvent& e, const Origin& o)
{
    Fields& m = m_fields;
    if (e.kind == ResolvedEvent::Kind::Counter) {
        if (!m.hasCounter) {
            m_b.diagnostics().report("perfetto_counter_missing_value",
                "byte " + std::to_string(o.packetOffset) + ": a counter event without a value was dropped");
            e.kind = ResolvedEvent::Kind::Instant; // nothing to record; keep its flows/extra counters
            e.type = TypeId();
        } else {
            e.value = m.counterValue;
        }
        return;
    }
    // Name and categories (an END needs neither: it closes the innermost open slice).
    StringId nameId = m_empty;
    if (m.hasName) {
        nameId = m_b.intern(m.name);
    } else if (m.hasNameIid) {
        auto it = o.seq.eventNames.find(m.nameIid);
        if (it != o.seq.eventNames.end()) {
            nameId = it->second;
        } else {
            nameId = m_unknownName;
            undefinedIid("event name", m.nameIid, o.sequenceId, o.packetOffset);
        }
    }
    // One interned category and nothing else (the usual event): its id is the category, as
    // interning its text again would return it.
    if (m.categoryText.empty() && m.categoryIids.size() == 1) {
        auto it = o.seq.categories.find(m.categoryIids.front());
        if (it != o.seq.categories.end()) {
            if (e.kind != ResolvedEvent::Kind::End)
                e.type = m_b.type(nameId, it->second, m.source);
            return;
        }
    }
    for (uint64_t iid : m.categoryIids) {
        auto it = o.seq.categories.find(iid);
        std::string_view c;
        if (it != o.seq.categories.end()) {
            c = m_b.strings().view(it->second);
        } else {
            c = m_b.strings().view(m_unknownCategory);
            undefinedIid("event category", iid, o.sequenceId, o.packetOffset);
        }
        if (!m.categoryText.empty())
            m.categoryText += ',';
        m.categoryText.append(c);
    }
    const StringId category = m.categoryText.empty() ? m_empty : m_b.intern(m.categoryText);
    if (e.kind != ResolvedEvent::Kind::End)
        e.type = m_b.type(nameId, category, m.source);
}

ArgSetId TrackEventDecoder::resolveArgs(const Origin& o)
{
    m_args.clear();
    AnnotationConverter::Problems problems;
    for (const proto::Field& a : m_fields.annotations)
        m_annotations.convert(a, o.seq, &m_args, &problems);
    if (!problems.error.empty())
        m_b.diagnostics().report("perfetto_malformed_annotation",
            "byte " + std::to_string(problems.errorOffset) + ": " + problems.error + "; that annotation was dropped");
    for (uint64_t iid : problems.undefinedNameIids)
        undefinedIid("debug annotation name", iid, o.sequenceId, o.packetOffset);
    for (uint64_t iid : problems.undefinedValueIids)
        undefinedIid("debug annotation string value", iid, o.sequenceId, o.packetOffset);
    if (problems.skippedProtoValues)
        m_b.diagnostics().count("perfetto_annotation_proto_value_skipped", problems.skippedProtoValues);
    if (problems.tooDeep)
        m_b.diagnostics().count("perfetto_annotation_too_deep", problems.tooDeep);
    return m_b.argSet(m_args.data(), m_args.size());
}

void TrackEventDecoder::emit(ResolvedEvent& e, const Origin& o, std::vector<ResolvedEvent>* out)
{
    const Fields& m = m_fields;
    const TimeNs eventTs = e.ts;
    const bool keep = !(e.kind == ResolvedEvent::Kind::Instant && !e.type.valid());
    if (keep)
        out->push_back(std::move(e));
    if (!m.extraValues.empty())
        emitExtraCounters(
            m.hasExtraUuids, m.extraUuids, o.seq.defaultExtraCounters, m.extraValues.size(),
            [&](size_t i) { return static_cast<double>(m.extraValues[i]); }, eventTs, o.packetOffset, out);
    if (!m.extraDoubleValues.empty())
        emitExtraCounters(
            m.hasExtraDoubleUuids, m.extraDoubleUuids, o.seq.defaultExtraDoubleCounters, m.extraDoubleValues.size(),
            [&](size_t i) { return m.extraDoubleValues[i]; }, eventTs, o.packetOffset, out);
}

// Extra counter values: paired with the event's uuids, else the sequence defaults.
template <typename Value>
void TrackEventDecoder::emitExtraCounters(bool explicitUuids, const std::vector<uint64_t>& own,
    const std::vector<uint64_t>& defaults, size_t n, Value value, TimeNs ts, uint64_t packetOffset,
    std::vector<ResolvedEvent>* out)
{
    const std::vector<uint64_t>& uuids = explicitUuids ? own : defaults;
    if (n != uuids.size())
        m_b.diagnostics().report("perfetto_extra_counter_values_mismatch",
            "byte " + std::to_string(packetOffset) + ": " + std::to_string(n) + " extra counter values for "
                + std::to_string(uuids.size()) + " counter tracks");
    for (size_t i = 0; i < std::min(n, uuids.size()); ++i) {
        ResolvedEvent c;
        c.kind = ResolvedEvent::Kind::Counter;
        c.track = uuids[i];
        c.ts = ts;
        c.value = value(i);
        c.offset = packetOffset;
        c.order = m_order++;
        out->push_back(std::move(c));
    }
}

} // namespace strata::importers::perfetto
