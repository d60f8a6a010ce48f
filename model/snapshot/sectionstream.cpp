#include "sectionstream.h"

#include "bytereader.h"

#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <new>
#include <string>
#include <unistd.h>

namespace strata::store::snapshot {

void StoredBytes::copy(uint64_t at, uint8_t* out, size_t n) const
{
    if (at > size || n > size - at)
        throw FormatError("the section ends early");
    if (data) {
        std::memcpy(out, data + at, n);
        return;
    }
    for (size_t done = 0; done < n;) {
        const ssize_t got = ::pread(fd, out + done, n - done, off_t(offset + at + done));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            throw FormatError(std::string("the file cannot be read: ") + std::strerror(errno));
        if (got == 0)
            throw FormatError("the file ends early: it was cut short while being read");
        done += size_t(got);
    }
}

void SectionStream::Free::operator()(ZSTD_DCtx_s* c) const
{
    ZSTD_freeDCtx(c);
}

SectionStream::SectionStream(const StoredBytes& stored, uint64_t rawBytes, size_t inputBytes)
    : m_ctx(ZSTD_createDCtx())
    , m_stored(stored)
    , m_rawLeft(rawBytes)
{
    if (!m_ctx)
        throw std::bad_alloc();
    if (m_stored.data) {
        m_chunk = m_stored.data;
        m_chunkSize = m_stored.size;
    } else {
        m_buffer.resize(std::min(std::max<size_t>(1, inputBytes), m_stored.size));
        m_chunk = m_buffer.data();
    }
}

SectionStream::~SectionStream() = default;

namespace {

[[noreturn]] void notDecompressing(size_t code)
{
    throw FormatError(std::string("the section does not decompress: ") + ZSTD_getErrorName(code));
}

} // namespace

void SectionStream::refill()
{
    if (m_inPos < m_chunkSize || m_stored.data)
        return;
    const uint64_t next = m_chunkStart + m_chunkSize;
    if (next >= m_stored.size)
        return;
    const size_t n = size_t(std::min<uint64_t>(m_buffer.size(), m_stored.size - next));
    m_stored.copy(next, m_buffer.data(), n);
    m_chunkStart = next;
    m_chunkSize = n;
    m_inPos = 0;
}

size_t SectionStream::step(void* out, size_t size, size_t* written)
{
    refill();
    ZSTD_outBuffer o { out, size, 0 };
    ZSTD_inBuffer in { m_chunk, m_chunkSize, m_inPos };
    const size_t r = ZSTD_decompressStream(m_ctx.get(), &o, &in);
    if (ZSTD_isError(r))
        notDecompressing(r);
    // With room left to write and input left to read (a chunk is refilled above), zstd
    // always moves on; no progress means the stored frame is cut short.
    if (in.pos == m_inPos && o.pos == 0 && r != 0)
        throw FormatError("the section's compressed frame is cut short");
    m_inPos = in.pos;
    m_frameDone = r == 0;
    *written = o.pos;
    return r;
}

void SectionStream::fill(uint8_t* out, size_t n)
{
    if (n > m_rawLeft)
        throw FormatError("the section ends early");
    for (size_t done = 0; done < n;) {
        if (m_frameDone)
            throw FormatError("the section decompresses to fewer bytes than its directory says");
        size_t written = 0;
        step(out + done, n - done, &written);
        done += written;
    }
    m_rawLeft -= n;
}

void SectionStream::finish()
{
    if (m_rawLeft)
        throw FormatError("the section has " + std::to_string(m_rawLeft) + " bytes more than its contents");
    // Drives the frame to its end: its last block and checksum. Any byte it still makes is
    // one more than the directory declared.
    uint8_t extra[64];
    while (!m_frameDone) {
        size_t written = 0;
        step(extra, sizeof extra, &written);
        if (written)
            throw FormatError("the section decompresses to more bytes than its directory says");
    }
    if (m_chunkStart + m_inPos != m_stored.size)
        throw FormatError("the section has bytes after its compressed frame");
}

} // namespace strata::store::snapshot
