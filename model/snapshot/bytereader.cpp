#include "bytereader.h"

#include "sectionstream.h"

namespace strata::store::snapshot {

// The window starts empty: a section that is one plain array (getArray first) is
// decompressed straight into its column, never through the window.
ByteReader::ByteReader(SectionStream& stream, size_t windowBytes)
    : m_stream(&stream)
    , m_window(std::max(windowBytes, kMinWindow))
{
    m_p = m_end = m_window.data();
}

uint64_t ByteReader::left() const
{
    return buffered() + (m_stream ? m_stream->rawLeft() : 0);
}

void ByteReader::refill(size_t want)
{
    if (!m_stream || want > left())
        throw FormatError("the section ends early");
    const size_t kept = buffered();
    std::memmove(m_window.data(), m_p, kept);
    const auto more = size_t(std::min<uint64_t>(m_window.size() - kept, m_stream->rawLeft()));
    m_stream->fill(m_window.data() + kept, more);
    m_p = m_window.data();
    m_end = m_p + kept + more;
}

uint64_t ByteReader::varintAcrossRefill()
{
    uint64_t v = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
        if (!buffered())
            refill(1);
        const uint8_t b = *m_p++;
        v |= uint64_t(b & 0x7f) << shift;
        if (!(b & 0x80))
            return v;
    }
    throw FormatError("a varint runs over 10 bytes");
}

void ByteReader::readBytes(uint8_t* out, size_t n)
{
    if (n > left())
        throw FormatError("the section ends early");
    const size_t now = std::min(n, buffered());
    if (now)
        std::memcpy(out, m_p, now);
    m_p += now;
    if (n > now)
        m_stream->fill(out + now, n - now);
}

std::string_view ByteReader::bytes(size_t n, std::string& scratch)
{
    if (n > left())
        throw FormatError("the section ends early");
    if (n > buffered() && n > m_window.size()) {
        scratch.resize(n);
        readBytes(reinterpret_cast<uint8_t*>(scratch.data()), n);
        return scratch;
    }
    if (n > buffered())
        refill(n);
    const std::string_view s(reinterpret_cast<const char*>(m_p), n);
    m_p += n;
    return s;
}

void ByteReader::expectEnd()
{
    if (!atEnd())
        throw FormatError("the section has " + std::to_string(left()) + " bytes more than its contents");
    if (m_stream)
        m_stream->finish();
}

} // namespace strata::store::snapshot
