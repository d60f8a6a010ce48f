#include "perfettotraceparser.h"

#include "perfettoschema.h"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <memory>

namespace strata::importers::perfetto {

using namespace strata::store;

TraceParser::TraceParser(StoreBuilder& builder)
    : m_b(builder)
    , m_tracks(builder)
    , m_sink(builder, m_tracks)
    , m_decoder(builder)
    , m_fieldCounts(kCountedFields, 0)
    , m_fieldStamps(kCountedFields, 0)
{
}

void TraceParser::malformed(const char* what, const std::string& error, uint64_t offset)
{
    m_b.diagnostics().report(std::string("perfetto_malformed_") + what,
        "byte " + std::to_string(offset) + ": " + error + " (the enclosing " + what + " was dropped)");
}

void TraceParser::countFields(const std::vector<proto::Field>& fields)
{
    // Each number once per packet: a field's stamp is the packet that last counted it.
    ++m_stamp;
    m_ids.clear();
    for (const proto::Field& f : fields) {
        if (f.id < kCountedFields) {
            if (m_fieldStamps[f.id] != m_stamp) {
                m_fieldStamps[f.id] = m_stamp;
                ++m_fieldCounts[f.id];
            }
        } else if (std::find(m_ids.begin(), m_ids.end(), f.id) == m_ids.end()) {
            m_ids.push_back(f.id);
            ++m_otherFieldCounts[f.id];
        }
    }
}

std::map<std::string, uint64_t> TraceParser::phases() const
{
    std::map<std::string, uint64_t> out;
    for (uint32_t id = 0; id < kCountedFields; ++id)
        if (m_fieldCounts[id])
            out[packetFieldName(id)] += m_fieldCounts[id];
    for (const auto& [id, n] : m_otherFieldCounts)
        out[packetFieldName(id)] += n;
    return out;
}

void TraceParser::parsePacket(std::string_view bytes, uint64_t offset)
{
    parsePacket(bytes, offset, 0);
}

void TraceParser::parsePacket(std::string_view bytes, uint64_t offset, int depth)
{
    ++m_packets;
    if (bytes.empty()) {
        m_b.diagnostics().report("perfetto_empty_packet", "byte " + std::to_string(offset) + ": an empty packet");
        return;
    }
    std::vector<proto::Field>& fields = m_fieldStack[depth];
    fields.clear();
    proto::Reader r(bytes, offset);
    // Read in place: a Field read into a local and copied in would be loaded back right
    // after its narrow stores, a stall on every field of every packet.
    for (;;) {
        fields.emplace_back();
        if (!r.next(&fields.back())) {
            fields.pop_back();
            break;
        }
    }
    if (r.failed()) {
        malformed("packet", r.error(), r.errorOffset());
        return;
    }
    countFields(fields);

    uint32_t sequenceId = 0, clockId = 0, flags = 0;
    bool hasTs = false, cleared = false, dropped = false, hasEvent = false;
    uint64_t ts = 0;
    const proto::Field* interned = nullptr;
    const proto::Field* defaults = nullptr;
    for (const proto::Field& x : fields) {
        switch (x.id) {
        case packet::kTimestamp:
            hasTs = x.isVarint();
            ts = x.asUint64();
            break;
        case packet::kTimestampClockId: clockId = x.asUint32(); break;
        case packet::kTrustedPacketSequenceId: sequenceId = x.asUint32(); break;
        case packet::kSequenceFlags: flags = x.asUint32(); break;
        case packet::kIncrementalStateCleared: cleared = cleared || x.asBool(); break;
        case packet::kPreviousPacketDropped: dropped = x.asUint32() != 0; break;
        case packet::kInternedData:
            if (x.isBytes())
                interned = &x;
            break;
        case packet::kTracePacketDefaults:
            if (x.isBytes())
                defaults = &x;
            break;
        case packet::kTrackEvent: hasEvent = true; break;
        default: break;
        }
    }
    cleared = cleared || (flags & packet::kSeqIncrementalStateCleared);
    // Packets come in runs from one sequence: the last one's state is looked up once per run
    // (references into the map stay valid as it grows).
    if (!m_lastSequence || m_lastSequenceId != sequenceId) {
        m_lastSequence = &m_sequences[sequenceId];
        m_lastSequenceId = sequenceId;
    }
    SequenceState& seq = *m_lastSequence;
    if (cleared) {
        seq.clearIncremental();
        seq.valid = true;
    } else if (dropped) {
        seq.valid = false; // incremental state is unusable until the next "cleared" packet
    }
    if ((flags & packet::kSeqNeedsIncrementalState) && !seq.valid) {
        if (hasEvent)
            m_b.diagnostics().report("perfetto_packet_skipped_incremental_state_invalid",
                "byte " + std::to_string(offset) + ": a packet needing incremental state on sequence "
                    + std::to_string(sequenceId) + ", which has none (no reset seen, or packets were lost)");
        return;
    }
    if (interned) {
        if (sequenceId == 0)
            m_b.diagnostics().report("perfetto_interned_data_without_sequence",
                "byte " + std::to_string(interned->offset)
                    + ": interned data on a packet without trusted_packet_sequence_id was ignored");
        else
            internedData(*interned, seq, sequenceId);
    }
    if (defaults)
        packetDefaults(*defaults, seq);

    for (const proto::Field& x : fields) {
        if (!isPayloadField(x.id))
            continue;
        std::string error;
        uint64_t errorOffset = 0;
        switch (x.id) {
        case packet::kTrackEvent: {
            if (!x.isBytes())
                break;
            ++m_trackEvents;
            int64_t t = 0;
            if (hasTs) {
                const auto res = m_clocks.toTrace(sequenceId, clockId ? clockId : seq.defaultClock, ts, &t);
                if (res == ClockConverter::Result::Invalid || t < 0) {
                    m_b.diagnostics().report("perfetto_track_event_invalid_timestamp",
                        "byte " + std::to_string(offset) + ": timestamp " + std::to_string(ts)
                            + " is out of range on the trace clock; the event was dropped");
                    break;
                }
                if (res == ClockConverter::Result::Unsynced)
                    m_b.diagnostics().count("perfetto_clock_unsynced");
            }
            m_events.clear();
            if (!m_decoder.decode(x, hasTs, t, seq, sequenceId, offset, &m_events, &error, &errorOffset)) {
                malformed("track_event", error, errorOffset);
                break;
            }
            for (ResolvedEvent& e : m_events)
                m_sink.dispatch(std::move(e));
            break;
        }
        case packet::kTrackDescriptor:
            if (!x.isBytes())
                break;
            m_placed.clear();
            if (!m_tracks.addDescriptor(x, &m_placed, &error, &errorOffset))
                malformed("track_descriptor", error, errorOffset);
            m_sink.tracksPlaced(m_placed);
            break;
        case packet::kClockSnapshot:
            if (x.isBytes() && !m_clocks.addSnapshot(sequenceId, x, &error, &errorOffset))
                malformed("clock_snapshot", error, errorOffset);
            break;
        case packet::kProcessDescriptor:
            if (x.isBytes())
                legacyProcess(x);
            break;
        case packet::kThreadDescriptor:
            if (x.isBytes())
                legacyThread(x, seq);
            break;
        case packet::kCompressedPackets:
        case packet::kZstdCompressedPackets:
            if (x.isBytes())
                compressed(x, x.id == packet::kZstdCompressedPackets, depth);
            break;
        default:
            m_b.diagnostics().count("perfetto_skipped_" + packetFieldName(x.id));
            ++m_skippedKinds[x.id];
            break;
        }
    }
}

void TraceParser::internedData(const proto::Field& f, SequenceState& seq, uint32_t sequenceId)
{
    (void)sequenceId;
    proto::Reader r = f.message();
    proto::Field x;
    while (r.next(&x)) {
        std::unordered_map<uint64_t, StringId>* table = nullptr;
        switch (x.id) {
        case interned::kEventCategories: table = &seq.categories; break;
        case interned::kEventNames: table = &seq.eventNames; break;
        case interned::kDebugAnnotationNames: table = &seq.annotationNames; break;
        case interned::kDebugAnnotationStringValues: table = &seq.stringValues; break;
        case interned::kSourceLocations: table = &seq.sourceLocations; break;
        default: break;
        }
        if (!table || !x.isBytes())
            continue;
        uint64_t iid = 0;
        std::string_view name, file;
        uint32_t line = 0;
        proto::Reader e = x.message();
        proto::Field y;
        while (e.next(&y)) {
            if (y.id == interned::kIid && y.isVarint())
                iid = y.asUint64();
            else if (table == &seq.sourceLocations && y.id == interned::kFileName && y.isBytes())
                file = y.bytes;
            else if (table == &seq.sourceLocations && y.id == interned::kLineNumber && y.isVarint())
                line = y.asUint32();
            else if (table != &seq.sourceLocations && y.id == interned::kName && y.isBytes())
                name = y.bytes;
        }
        if (e.failed()) {
            malformed("interned_data", e.error(), e.errorOffset());
            continue;
        }
        if (table == &seq.sourceLocations) {
            if (!file.empty())
                (*table)[iid] = m_b.intern(std::string(file) + (line ? ":" + std::to_string(line) : std::string()));
        } else {
            (*table)[iid] = m_b.intern(name);
        }
    }
    if (r.failed())
        malformed("interned_data", r.error(), r.errorOffset());
}

void TraceParser::packetDefaults(const proto::Field& f, SequenceState& seq)
{
    seq.defaultClock = 0;
    seq.hasDefaultTrack = false;
    seq.defaultExtraCounters.clear();
    seq.defaultExtraDoubleCounters.clear();
    proto::Reader r = f.message();
    proto::Field x;
    uint64_t bad = 0;
    bool ok = true;
    while (r.next(&x)) {
        if (x.id == defaults::kTimestampClockId && x.isVarint()) {
            seq.defaultClock = x.asUint32();
        } else if (x.id == defaults::kTrackEventDefaults && x.isBytes()) {
            proto::Reader d = x.message();
            proto::Field y;
            while (d.next(&y)) {
                if (y.id == trackdefaults::kTrackUuid && y.isVarint()) {
                    seq.hasDefaultTrack = true;
                    seq.defaultTrack = y.asUint64();
                } else if (y.id == trackdefaults::kExtraCounterTrackUuids) {
                    ok = proto::forEachVarint(
                             y, [&](uint64_t v) { seq.defaultExtraCounters.push_back(v); }, &bad)
                        && ok;
                } else if (y.id == trackdefaults::kExtraDoubleCounterTrackUuids) {
                    ok = proto::forEachVarint(
                             y, [&](uint64_t v) { seq.defaultExtraDoubleCounters.push_back(v); }, &bad)
                        && ok;
                }
            }
            if (d.failed())
                malformed("trace_packet_defaults", d.error(), d.errorOffset());
        }
    }
    if (r.failed())
        malformed("trace_packet_defaults", r.error(), r.errorOffset());
    if (!ok)
        malformed("trace_packet_defaults", "a packed repeated field is malformed", bad);
}

void TraceParser::legacyProcess(const proto::Field& f)
{
    int32_t pid = 0;
    std::string_view name, cmdline;
    proto::Reader r = f.message();
    proto::Field x;
    while (r.next(&x)) {
        if (x.id == process::kPid && x.isVarint())
            pid = x.asInt32();
        else if (x.id == process::kProcessName && x.isBytes())
            name = x.bytes;
        else if (x.id == process::kCmdline && x.isBytes() && cmdline.empty())
            cmdline = x.bytes;
    }
    if (r.failed()) {
        malformed("process_descriptor", r.error(), r.errorOffset());
        return;
    }
    m_tracks.nameProcess(pid, name.empty() ? cmdline : name);
}

void TraceParser::legacyThread(const proto::Field& f, SequenceState& seq)
{
    int32_t pid = 0;
    int64_t tid = 0, referenceUs = 0;
    std::string_view name;
    proto::Reader r = f.message();
    proto::Field x;
    while (r.next(&x)) {
        if (x.id == thread::kPid && x.isVarint())
            pid = x.asInt32();
        else if (x.id == thread::kTid && x.isVarint())
            tid = x.asInt64();
        else if (x.id == thread::kThreadName && x.isBytes())
            name = x.bytes;
        else if (x.id == thread::kReferenceTimestampUs && x.isVarint())
            referenceUs = x.asInt64();
    }
    if (r.failed()) {
        malformed("thread_descriptor", r.error(), r.errorOffset());
        return;
    }
    seq.hasThread = true;
    seq.pid = pid;
    seq.tid = tid;
    seq.referenceUs = referenceUs;
    m_tracks.nameThread(pid, tid, name);
}

bool TraceParser::inflate(std::string_view in, bool zstd, std::string* out, std::string* error)
{
    out->clear();
    constexpr size_t kChunk = 256 << 10;
    if (zstd) {
        std::unique_ptr<ZSTD_DCtx, size_t (*)(ZSTD_DCtx*)> ctx(ZSTD_createDCtx(), ZSTD_freeDCtx);
        ZSTD_inBuffer src { in.data(), in.size(), 0 };
        size_t ret = 1;
        while (src.pos < src.size || ret != 0) {
            const size_t used = out->size();
            if (used >= kMaxInflatedBytes) {
                *error = "zstd_compressed_packets inflate to more than 256 MiB";
                return false;
            }
            out->resize(used + kChunk);
            ZSTD_outBuffer dst { &(*out)[0] + used, kChunk, 0 };
            ret = ZSTD_decompressStream(ctx.get(), &dst, &src);
            out->resize(used + dst.pos);
            if (ZSTD_isError(ret)) {
                *error = std::string("zstd_compressed_packets: ") + ZSTD_getErrorName(ret);
                return false;
            }
            if (dst.pos == 0 && src.pos == src.size && ret != 0) {
                *error = "zstd_compressed_packets: the frame is truncated";
                return false;
            }
        }
        return true;
    }
    // zlib stream (Perfetto's writer), gzip, or raw deflate as a fallback.
    for (const int windowBits : { 15 + 32, -15 }) {
        out->clear();
        z_stream zs {};
        if (inflateInit2(&zs, windowBits) != Z_OK) {
            *error = "compressed_packets: inflateInit failed";
            return false;
        }
        zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
        zs.avail_in = static_cast<uInt>(in.size());
        int ret = Z_OK;
        while (ret == Z_OK) {
            const size_t used = out->size();
            if (used >= kMaxInflatedBytes) {
                inflateEnd(&zs);
                *error = "compressed_packets inflate to more than 256 MiB";
                return false;
            }
            out->resize(used + kChunk);
            zs.next_out = reinterpret_cast<Bytef*>(&(*out)[0] + used);
            zs.avail_out = static_cast<uInt>(kChunk);
            ret = ::inflate(&zs, Z_NO_FLUSH);
            out->resize(used + (kChunk - zs.avail_out));
            if (ret == Z_BUF_ERROR && zs.avail_in == 0)
                break; // input ended before the stream did
        }
        inflateEnd(&zs);
        if (ret == Z_STREAM_END)
            return true;
        if (windowBits < 0 || ret != Z_DATA_ERROR || !out->empty()) {
            *error = std::string("compressed_packets: ")
                + (ret == Z_DATA_ERROR ? "corrupt deflate data" : "the stream is truncated");
            return false;
        }
    }
    return false;
}

void TraceParser::compressed(const proto::Field& f, bool zstd, int depth)
{
    const char* what = zstd ? "zstd_compressed_packets" : "compressed_packets";
    if (depth > 0) {
        m_b.diagnostics().report("perfetto_nested_compressed_packets",
            "byte " + std::to_string(f.offset) + ": " + what + " inside compressed packets; skipped");
        return;
    }
    std::string plain, error;
    if (!inflate(f.bytes, zstd, &plain, &error)) {
        m_b.diagnostics().report("perfetto_malformed_compressed_packets",
            "byte " + std::to_string(f.payloadOffset) + ": " + error + "; the packets decoded before it were kept");
    }
    // The plaintext is a Trace again. Inner packets report the blob's offset.
    proto::Reader r(plain, 0);
    proto::Field x;
    while (r.next(&x)) {
        if (x.id == trace::kPacket && x.isBytes())
            parsePacket(x.bytes, f.payloadOffset, depth + 1);
        else
            m_b.diagnostics().count("perfetto_unknown_trace_field");
    }
    if (r.failed() && error.empty())
        m_b.diagnostics().report("perfetto_malformed_compressed_packets",
            "byte " + std::to_string(f.payloadOffset) + ": " + r.error() + " at byte " + std::to_string(r.errorOffset())
                + " of the inflated " + what);
}

void TraceParser::finish()
{
    m_sink.finish();
    SkippedContent& skipped = m_b.skipped();
    skipped.setSource("Perfetto trace", "packets", "TrackEvent data");
    skipped.setTotal(m_packets);
    for (const auto& [id, n] : m_skippedKinds) {
        const PacketNouns nouns = packetKindNouns(id);
        skipped.add(packetFieldName(id), nouns.one, nouns.many, n);
    }
}

} // namespace strata::importers::perfetto
