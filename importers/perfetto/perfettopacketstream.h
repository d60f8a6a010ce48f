#pragma once
// Splits the top level of a Perfetto trace (a `Trace` message: `0A <len> <TracePacket>`
// repeated, files may be concatenated) into packets, streaming from an InputReader with
// memory bounded by the largest packet.
#include "inputreader.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace strata::importers::perfetto {

class PacketStream {
public:
    static constexpr size_t kDefaultMaxPacket = size_t(256) << 20;

    explicit PacketStream(InputReader& input, size_t maxPacketBytes = kDefaultMaxPacket);

    enum class Status {
        Packet, // *packet holds one TracePacket's bytes, valid until the next call
        End, // clean end of data
        Error, // the top level cannot be read on from here: see error()/errorOffset()
    };
    // `offset` receives the absolute (decompressed) offset of the packet's payload.
    Status next(std::string_view* packet, uint64_t* offset);

    // Problems that did not stop the stream, as (kind, message with byte offset) pairs:
    // oversized packets that were skipped, unknown top-level fields, empty packets.
    struct Note {
        std::string kind;
        std::string message;
    };
    std::vector<Note> takeNotes();

    const std::string& error() const { return m_error; }
    uint64_t errorOffset() const { return m_errorOffset; }
    // The stream ended inside a record (truncated file), rather than on a record boundary.
    bool truncated() const { return m_truncated; }
    // The input itself failed (corrupt or cut gzip/zstd); errorOffset() is then a byte of the file.
    bool inputFailed() const { return m_inputFailed; }
    uint64_t packets() const { return m_packets; }

private:
    // Makes at least `n` bytes available at m_pos (fewer only at the end of data).
    size_t ensure(size_t n);
    bool skip(uint64_t n); // drops n bytes, reading through them; false at end of data
    uint64_t absolute(size_t pos) const { return m_base + pos; }
    Status fail(uint64_t offset, std::string message, bool truncated);
    // The data ended inside a record: blame the input when it failed, else the record.
    Status endedInside(uint64_t offset, std::string message);

    InputReader& m_in;
    size_t m_maxPacket;
    std::vector<char> m_buf;
    size_t m_pos = 0; // first unconsumed byte in m_buf
    size_t m_len = 0; // valid bytes in m_buf
    uint64_t m_base = 0; // absolute offset of m_buf[0]
    bool m_eof = false;
    std::vector<Note> m_notes;
    std::string m_error;
    uint64_t m_errorOffset = 0;
    bool m_truncated = false;
    bool m_inputFailed = false;
    uint64_t m_packets = 0;
};

} // namespace strata::importers::perfetto
