#include "sectionstream.h"

#include "bytereader.h"

#include <zstd.h>

#include <new>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

namespace strata::store::snapshot {

void SectionStream::Free::operator()(ZSTD_DCtx_s* c) const
{
    ZSTD_freeDCtx(c);
}

SectionStream::SectionStream(const uint8_t* stored, size_t storedBytes, uint64_t rawBytes, bool mapped)
    : m_ctx(ZSTD_createDCtx())
    , m_stored(stored)
    , m_storedBytes(storedBytes)
    , m_rawLeft(rawBytes)
    , m_mapped(mapped)
{
    if (!m_ctx)
        throw std::bad_alloc();
}

SectionStream::~SectionStream() = default;

namespace {

// Handing back pages one madvise per window would cost more than it saves.
constexpr size_t kReleaseBytes = size_t(4) << 20;

[[noreturn]] void notDecompressing(size_t code)
{
    throw FormatError(std::string("the section does not decompress: ") + ZSTD_getErrorName(code));
}

} // namespace

void SectionStream::fill(uint8_t* out, size_t n)
{
    if (n > m_rawLeft)
        throw FormatError("the section ends early");
    ZSTD_outBuffer o { out, n, 0 };
    while (o.pos < o.size) {
        if (m_frameDone)
            throw FormatError("the section decompresses to fewer bytes than its directory says");
        ZSTD_inBuffer in { m_stored, m_storedBytes, m_inPos };
        const size_t before = o.pos;
        const size_t r = ZSTD_decompressStream(m_ctx.get(), &o, &in);
        if (ZSTD_isError(r))
            notDecompressing(r);
        const bool progress = in.pos != m_inPos || o.pos != before;
        m_inPos = in.pos;
        m_frameDone = r == 0;
        // With room left to write and input left to read, zstd always moves on; no
        // progress means the stored frame is cut short.
        if (!progress && !m_frameDone)
            throw FormatError("the section's compressed frame is cut short");
    }
    m_rawLeft -= n;
    if (m_mapped && m_inPos - m_released >= kReleaseBytes) {
        release(m_stored + m_released, m_stored + m_inPos);
        m_released = m_inPos;
    }
}

void SectionStream::release(const uint8_t* begin, const uint8_t* end)
{
    static const auto page = uintptr_t(sysconf(_SC_PAGESIZE));
    const uintptr_t from = uintptr_t(begin) & ~(page - 1), to = uintptr_t(end) & ~(page - 1);
    if (to > from)
        ::madvise(reinterpret_cast<void*>(from), to - from, MADV_DONTNEED);
}

void SectionStream::finish()
{
    if (m_rawLeft)
        throw FormatError("the section has " + std::to_string(m_rawLeft) + " bytes more than its contents");
    // Drives the frame to its end: its last block and checksum. Any byte it still makes is
    // one more than the directory declared.
    uint8_t extra[64];
    while (!m_frameDone) {
        ZSTD_outBuffer o { extra, sizeof extra, 0 };
        ZSTD_inBuffer in { m_stored, m_storedBytes, m_inPos };
        const size_t r = ZSTD_decompressStream(m_ctx.get(), &o, &in);
        if (ZSTD_isError(r))
            notDecompressing(r);
        if (o.pos)
            throw FormatError("the section decompresses to more bytes than its directory says");
        if (in.pos == m_inPos && r != 0)
            throw FormatError("the section's compressed frame is cut short");
        m_inPos = in.pos;
        m_frameDone = r == 0;
    }
    if (m_inPos != m_storedBytes)
        throw FormatError("the section has bytes after its compressed frame");
    if (m_mapped)
        release(m_stored + m_released, m_stored + m_storedBytes);
}

} // namespace strata::store::snapshot
