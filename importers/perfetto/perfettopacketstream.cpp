#include "perfettopacketstream.h"

#include "perfettoschema.h"
#include "protowire.h"

#include <algorithm>
#include <cstring>

namespace strata::importers::perfetto {

namespace {
constexpr size_t kReadBlock = size_t(1) << 20;
constexpr size_t kHeaderBytes = 2 * proto::kMaxVarintBytes; // key + length
} // namespace

PacketStream::PacketStream(InputReader& input, size_t maxPacketBytes)
    : m_in(input)
    , m_maxPacket(maxPacketBytes)
{
}

std::vector<PacketStream::Note> PacketStream::takeNotes()
{
    std::vector<Note> out;
    out.swap(m_notes);
    return out;
}

size_t PacketStream::ensure(size_t n)
{
    if (m_len - m_pos >= n || m_eof)
        return m_len - m_pos;
    // Compact: keep the unconsumed tail at the front.
    if (m_pos > 0) {
        std::memmove(m_buf.data(), m_buf.data() + m_pos, m_len - m_pos);
        m_len -= m_pos;
        m_base += m_pos;
        m_pos = 0;
    }
    const size_t want = std::max(n, kReadBlock);
    if (m_buf.size() < want)
        m_buf.resize(want);
    while (m_len < n && !m_eof) {
        const size_t got = m_in.read(m_buf.data() + m_len, m_buf.size() - m_len);
        if (got == 0)
            m_eof = true;
        m_len += got;
    }
    // Give back memory a single huge packet needed.
    if (m_buf.size() > 4 * kReadBlock && m_len <= kReadBlock && n <= kReadBlock) {
        m_buf.resize(kReadBlock);
        m_buf.shrink_to_fit();
    }
    return m_len - m_pos;
}

bool PacketStream::skip(uint64_t n)
{
    while (n > 0) {
        const size_t have = ensure(1);
        if (have == 0)
            return false;
        const size_t take = static_cast<size_t>(std::min<uint64_t>(n, have));
        m_pos += take;
        n -= take;
    }
    return true;
}

PacketStream::Status PacketStream::fail(uint64_t offset, std::string message, bool truncated)
{
    m_error = std::move(message);
    m_errorOffset = offset;
    m_truncated = truncated;
    return Status::Error;
}

PacketStream::Status PacketStream::endedInside(uint64_t offset, std::string message)
{
    if (m_in.failed()) {
        m_inputFailed = true;
        return fail(m_in.errorOffset(), m_in.error(), true);
    }
    return fail(offset, std::move(message), true);
}

PacketStream::Status PacketStream::next(std::string_view* packet, uint64_t* offset)
{
    for (;;) {
        const size_t have = ensure(kHeaderBytes);
        if (have == 0)
            return m_in.failed() ? endedInside(absolute(m_pos), std::string()) : Status::End;
        const auto* p = reinterpret_cast<const uint8_t*>(m_buf.data() + m_pos);
        const auto* end = p + have;
        const uint64_t at = absolute(m_pos);
        uint64_t key = 0;
        const size_t kn = proto::readVarint(p, end, &key);
        if (kn == 0) {
            if (have < proto::kMaxVarintBytes)
                return endedInside(at, "the data ends inside a field key");
            return fail(at, "bad varint in a top-level field key", false);
        }
        const uint64_t id = key >> 3;
        const unsigned type = static_cast<unsigned>(key & 7);
        if (id == 0 || id > proto::kMaxFieldNumber)
            return fail(at, "not a trace packet: invalid field number " + std::to_string(id), false);
        if (type == 3 || type == 4 || type > 5)
            return fail(at,
                "not a trace packet: unsupported wire type " + std::to_string(type) + " in field " + std::to_string(id),
                false);
        const uint8_t* q = p + kn;
        if (type != 2) {
            // A scalar at the top level: not part of Trace. Skip it and go on.
            uint64_t v = 0;
            size_t skipBytes = kn;
            if (type == 0) {
                const size_t vn = proto::readVarint(q, end, &v);
                if (vn == 0)
                    return have < kHeaderBytes
                        ? endedInside(at, "the data ends inside a top-level field")
                        : fail(at + kn, "bad varint in top-level field " + std::to_string(id), false);
                skipBytes += vn;
            } else {
                skipBytes += type == 1 ? 8 : 4;
            }
            m_notes.push_back({ "perfetto_unknown_trace_field",
                "byte " + std::to_string(at) + ": top-level field " + std::to_string(id) + " (wire type "
                    + std::to_string(type) + ") is not a packet; skipped" });
            if (!skip(skipBytes))
                return endedInside(at, "the data ends inside top-level field " + std::to_string(id));
            continue;
        }
        uint64_t len = 0;
        const size_t ln = proto::readVarint(q, end, &len);
        if (ln == 0) {
            if (static_cast<size_t>(end - q) < proto::kMaxVarintBytes)
                return endedInside(at, "the data ends inside a packet length");
            return fail(at + kn, "bad varint in the length of the packet at byte " + std::to_string(at), false);
        }
        const size_t header = kn + ln;
        if (id != trace::kPacket) {
            m_notes.push_back({ "perfetto_unknown_trace_field",
                "byte " + std::to_string(at) + ": top-level field " + std::to_string(id) + " (" + std::to_string(len)
                    + " bytes) is not a packet; skipped" });
            if (!skip(header + len))
                return endedInside(at,
                    "top-level field " + std::to_string(id) + " length " + std::to_string(len)
                        + " runs past the end of the data");
            continue;
        }
        if (len > m_maxPacket) {
            m_notes.push_back({ "perfetto_packet_too_large",
                "byte " + std::to_string(at) + ": a packet of " + std::to_string(len) + " bytes (over the limit of "
                    + std::to_string(m_maxPacket) + " bytes) was skipped" });
            if (!skip(header + len))
                return endedInside(at, "packet length " + std::to_string(len) + " runs past the end of the data");
            continue;
        }
        const size_t need = header + static_cast<size_t>(len);
        const size_t avail = ensure(need);
        if (avail < need) {
            return endedInside(at,
                "packet length " + std::to_string(len) + " runs past the end of the data ("
                    + std::to_string(avail - std::min(avail, header)) + " bytes left)");
        }
        *packet = std::string_view(m_buf.data() + m_pos + header, static_cast<size_t>(len));
        *offset = absolute(m_pos + header);
        m_pos += need;
        ++m_packets;
        return Status::Packet;
    }
}

} // namespace strata::importers::perfetto
