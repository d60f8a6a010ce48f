#include "perfettoimporter.h"

#include "perfettopacketstream.h"
#include "perfettoschema.h"
#include "perfettotraceparser.h"
#include "protowire.h"

#include <algorithm>
#include <cctype>

namespace strata::importers {

namespace {

bool hasTraceExtension(const std::string& path)
{
    std::string lower = path;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    for (const char* suffix : { ".gz", ".zst", ".zstd" })
        if (lower.size() > std::char_traits<char>::length(suffix)
            && lower.compare(lower.size() - std::char_traits<char>::length(suffix), std::string::npos, suffix) == 0)
            lower.resize(lower.size() - std::char_traits<char>::length(suffix));
    for (const char* ext : { ".pftrace", ".perfetto-trace", ".pb" })
        if (lower.size() > std::char_traits<char>::length(ext)
            && lower.compare(lower.size() - std::char_traits<char>::length(ext), std::string::npos, ext) == 0)
            return true;
    return false;
}

enum class Shape { TracePacket, Broken, OtherSchema };

// Whether `bytes` (a whole packet, or its first part when `partial`) reads as a
// TracePacket: well-formed fields (Broken if not), and the fields TracePacket names have
// its wire types, message-typed ones holding well-formed fields (OtherSchema if not: some
// other protobuf that also starts with field 1, such as a TensorFlow XSpace).
Shape packetShape(std::string_view bytes, bool partial)
{
    proto::Reader r(bytes, 0);
    proto::Field f;
    int fields = 0;
    while (r.next(&f)) {
        ++fields;
        const int expected = perfetto::packetFieldWireType(f.id);
        if (expected < 0)
            continue;
        if (expected != static_cast<int>(f.type))
            return Shape::OtherSchema;
        if (expected == 2 && !perfetto::isPacketBytesField(f.id)) {
            proto::Reader m = f.message();
            proto::Field g;
            while (m.next(&g)) { }
            if (m.failed())
                return Shape::OtherSchema;
        }
    }
    if (!r.failed())
        return Shape::TracePacket;
    // A packet longer than the probe window fails on its last field, cut by the window:
    // a length past the end, or a key or varint in the window's last bytes.
    const bool cut = r.error().find("runs past the end") != std::string::npos
        || r.errorOffset() + 2 * proto::kMaxVarintBytes >= bytes.size();
    return partial && fields > 0 && cut ? Shape::TracePacket : Shape::Broken;
}

} // namespace

int PerfettoImporter::probe(std::string_view head, const std::string& path) const
{
    // A trace starts with `0A <varint length>` (field 1, length-delimited): the first packet.
    const bool extension = hasTraceExtension(path);
    if (head.empty() || static_cast<uint8_t>(head[0]) != 0x0A)
        return 0;
    const auto* p = reinterpret_cast<const uint8_t*>(head.data());
    uint64_t len = 0;
    const size_t n = proto::readVarint(p + 1, p + head.size(), &len);
    // The loader peeks up to 64 KiB: a shorter head is the whole input.
    const bool wholeFile = head.size() < (64u << 10);
    const int weak = extension ? 30 : 0; // let the importer explain what is wrong
    if (n == 0 || len > perfetto::PacketStream::kDefaultMaxPacket)
        return weak;
    const size_t start = 1 + n;
    const size_t avail = head.size() - start;
    if (len > avail && wholeFile)
        return weak; // the first packet runs past the end of the file
    const std::string_view first = head.substr(start, static_cast<size_t>(std::min<uint64_t>(len, avail)));
    switch (packetShape(first, len > avail)) {
    case Shape::TracePacket: break;
    case Shape::Broken: return weak;
    case Shape::OtherSchema: return 0; // well-formed protobuf of another schema: not ours, whatever the name
    }
    // What follows the first packet: another packet, or the end.
    if (len < avail) {
        const auto next = static_cast<uint8_t>(head[start + static_cast<size_t>(len)]);
        if (next != 0x0A)
            return extension ? kScore - 20 : 20;
    }
    return extension ? kScore + 5 : kScore;
}

ImportResult PerfettoImporter::import(InputReader& input, store::StoreBuilder& builder, const ImportContext& ctx) const
{
    ImportResult result;
    result.format = "perfetto-protobuf";
    perfetto::PacketStream stream(input);
    perfetto::TraceParser parser(builder);
    store::Diagnostics& diag = builder.diagnostics();
    std::string_view packet;
    uint64_t offset = 0;
    uint64_t good = 0;
    bool stopped = false;
    for (uint64_t i = 0;; ++i) {
        if ((i & 1023) == 0) {
            if (ctx.cancel && ctx.cancel->load(std::memory_order_relaxed)) {
                result.cancelled = true;
                result.error = "cancelled";
                return result;
            }
            if (ctx.progress && input.fileBytes())
                ctx.progress(double(input.consumedBytes()) / double(input.fileBytes()));
        }
        const auto status = stream.next(&packet, &offset);
        for (auto& note : stream.takeNotes())
            diag.report(note.kind, note.message);
        if (status == perfetto::PacketStream::Status::End)
            break;
        if (status == perfetto::PacketStream::Status::Error) {
            stopped = true;
            break;
        }
        parser.parsePacket(packet, offset);
        ++good;
    }
    if (input.cancelled()) {
        result.cancelled = true;
        result.error = "cancelled";
        return result;
    }
    if (stopped) {
        const std::string where = "byte " + std::to_string(stream.errorOffset()) + ": ";
        if (good == 0) {
            // Nothing was read: this is not a trace we can show.
            result.error
                = (stream.truncated() ? "truncated Perfetto trace: " : "not a Perfetto trace: ") + stream.error();
            result.errorOffset = stream.errorOffset();
            result.phases = parser.phases();
            return result;
        }
        if (stream.inputFailed())
            diag.report("truncated_input",
                "byte " + std::to_string(stream.errorOffset()) + " of the file: " + stream.error() + "; the "
                    + std::to_string(good) + " packets before it were kept");
        else
            diag.report(stream.truncated() ? "perfetto_truncated_packet" : "perfetto_trailing_garbage",
                where + stream.error() + "; the " + std::to_string(good) + " packets before it were kept");
    }
    parser.finish();
    result.phases = parser.phases();
    result.ok = true;
    if (ctx.progress)
        ctx.progress(1.0);
    return result;
}

} // namespace strata::importers
