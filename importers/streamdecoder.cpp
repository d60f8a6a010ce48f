#include "streamdecoder.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <unistd.h>

#include <zstd.h>

namespace strata::importers {

namespace {

constexpr size_t kBlockSize = size_t(1) << 20;
constexpr size_t kSkipChunk = size_t(64) << 10;

std::string errnoMessage(const std::string& path, int err)
{
    return path + ": " + std::strerror(err);
}

// Reads until buf is full or EOF, so that a short read always means EOF.
// Returns bytes read, or -1 with errno set.
ssize_t readFully(int fd, char* buf, size_t n)
{
    size_t total = 0;
    while (total < n) {
        const ssize_t r = ::read(fd, buf + total, n - total);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (r == 0)
            break;
        total += size_t(r);
    }
    return ssize_t(total);
}

} // namespace

StreamDecoder::StreamDecoder(std::string path, int fd)
    : m_path(std::move(path))
    , m_fd(fd)
{
}

StreamDecoder::~StreamDecoder()
{
    if (m_zstd)
        ZSTD_freeDCtx(m_zstd);
    if (m_fd >= 0)
        ::close(m_fd);
}

bool StreamDecoder::start(std::string* error)
{
    m_in.resize(kBlockSize);
    if (!fillInput()) {
        *error = failed() ? m_error : m_path + ": empty file (at byte 0)";
        return false;
    }
    const auto* b = reinterpret_cast<const unsigned char*>(m_in.data());
    if (m_inLen >= 2 && b[0] == 0x1F && b[1] == 0x8B) {
        m_compression = Compression::Gzip;
        // The first member starts in produceGzip(), which sets up the inflater.
        m_decoderName
            = GzipInflater::isalAvailable() && m_gzipBackend == GzipInflater::Backend::IsaL ? "isa-l" : "zlib";
    } else if (m_inLen >= 4 && b[0] == 0x28 && b[1] == 0xB5 && b[2] == 0x2F && b[3] == 0xFD) {
        m_compression = Compression::Zstd;
        m_decoderName = "zstd";
        m_zstd = ZSTD_createDCtx();
        if (!m_zstd) {
            *error = m_path + ": zstd: cannot allocate decoder";
            return false;
        }
    }
    return true;
}

bool StreamDecoder::isCancelled()
{
    if (!m_cancelled && m_cancelFlag && m_cancelFlag->load(std::memory_order_relaxed))
        m_cancelled = true;
    return m_cancelled;
}

void StreamDecoder::fail(std::string message, uint64_t offset)
{
    if (failed())
        return;
    m_error = std::move(message);
    m_errorOffset = offset;
}

void StreamDecoder::updateConsumed()
{
    // A zlib restart rereads a member: progress never goes back.
    if (inputOffset() > m_consumed.load(std::memory_order_relaxed))
        m_consumed.store(inputOffset(), std::memory_order_relaxed);
}

// Replaces the (fully consumed) input block with the next one. Returns false
// at EOF or on a read error (then failed() is set).
bool StreamDecoder::fillInput()
{
    if (m_eof)
        return false;
    const ssize_t r = readFully(m_fd, m_in.data(), m_in.size());
    if (r < 0) {
        fail(errnoMessage(m_path, errno), m_fileOffset);
        m_eof = true;
        return false;
    }
    m_inPos = 0;
    m_inLen = size_t(r);
    m_fileOffset += uint64_t(r);
    if (m_inLen < m_in.size())
        m_eof = true;
    return m_inLen > 0;
}

size_t StreamDecoder::produce(char* dst, size_t n)
{
    if (m_finished || failed() || isCancelled())
        return 0;
    switch (m_compression) {
    case Compression::None: return producePlain(dst, n);
    case Compression::Gzip: return checkRatio(produceGzip(dst, n));
    case Compression::Zstd: return checkRatio(produceZstd(dst, n));
    }
    return 0;
}

size_t StreamDecoder::checkRatio(size_t produced)
{
    m_decoded += produced;
    const uint64_t in = std::max<uint64_t>(1, inputOffset());
    if (m_decoded > m_bombFloor && m_decoded / in > m_maxRatio && !failed()) {
        fail("stopped decompressing after " + std::to_string(m_decoded >> 20) + " MiB: over "
                + std::to_string(m_maxRatio) + " times the " + std::to_string(in)
                + " compressed bytes read, which no real trace reaches (a decompression bomb?)",
            inputOffset());
    }
    return produced; // decoded before the stop: delivered, then produce() returns 0
}

size_t StreamDecoder::producePlain(char* dst, size_t n)
{
    size_t done = 0;
    while (done < n && !isCancelled()) {
        if (m_inPos < m_inLen) {
            const size_t k = std::min(n - done, m_inLen - m_inPos);
            std::memcpy(dst + done, m_in.data() + m_inPos, k);
            m_inPos += k;
            done += k;
        } else if (m_eof) {
            m_finished = !failed();
            break;
        } else if (n - done >= m_in.size()) {
            // Large request: read straight into the caller's buffer, no copy.
            const ssize_t r = readFully(m_fd, dst + done, m_in.size());
            if (r < 0) {
                fail(errnoMessage(m_path, errno), m_fileOffset);
                m_eof = true;
                break;
            }
            m_fileOffset += uint64_t(r);
            done += size_t(r);
            if (size_t(r) < m_in.size())
                m_eof = true;
        } else {
            fillInput();
        }
        updateConsumed();
    }
    return done;
}

bool StreamDecoder::startGzipMember()
{
    // Between members: zero padding (e.g. from tape blocking) is ignored.
    while (m_inPos < m_inLen && m_in[m_inPos] == 0)
        ++m_inPos;
    updateConsumed();
    if (m_inPos == m_inLen) {
        m_finished = m_eof;
        return false; // at the end, or the caller fetches the next input block
    }
    // 0x1F can only start a gzip header; anything else would be misparsed as a zlib
    // stream by zlib's auto-detecting inflate.
    if (static_cast<unsigned char>(m_in[m_inPos]) != 0x1F) {
        fail("gzip: trailing garbage after compressed data", inputOffset());
        return false;
    }
    // ISA-L ignores the reserved header flags that zlib refuses ("unknown header flags
    // set"): such a member goes to zlib, so a file is read by the same rules either way.
    const bool reservedFlags = m_inLen - m_inPos > 3 && (static_cast<unsigned char>(m_in[m_inPos + 3]) & 0xE0) != 0;
    if (!m_gzip.reset(reservedFlags ? GzipInflater::Backend::Zlib : m_gzipBackend)) {
        fail(m_path + ": " + m_gzip.message(), inputOffset());
        return false;
    }
    m_decoderName = m_gzip.backendName();
    m_memberStart = inputOffset();
    m_memberOut = 0;
    m_gzipMemberDone = false;
    return true;
}

bool StreamDecoder::restartMemberWithZlib()
{
    if (::lseek(m_fd, off_t(m_memberStart), SEEK_SET) < 0)
        return false;
    if (!m_gzip.reset(GzipInflater::Backend::Zlib))
        return false;
    m_decoderName = m_gzip.backendName();
    m_fileOffset = m_memberStart;
    m_inPos = m_inLen = 0;
    m_eof = false;
    m_skip = m_memberOut;
    return true;
}

size_t StreamDecoder::produceGzip(char* dst, size_t n)
{
    size_t done = 0;
    while (done < n && !isCancelled()) {
        if (m_inPos == m_inLen && !fillInput() && failed())
            break;
        if (m_gzipMemberDone && !startGzipMember()) {
            if (m_finished || failed())
                break;
            continue;
        }

        // After a restart, the bytes already delivered are decoded again and dropped.
        char* out = dst + done;
        size_t outLen = n - done;
        if (m_skip > 0) {
            m_skipBuffer.resize(kSkipChunk);
            out = m_skipBuffer.data();
            outLen = size_t(std::min<uint64_t>(m_skip, kSkipChunk));
        }
        const GzipInflater::Step step = m_gzip.inflate(reinterpret_cast<unsigned char*>(m_in.data() + m_inPos),
            m_inLen - m_inPos, reinterpret_cast<unsigned char*>(out), outLen);
        m_inPos += step.inUsed;
        if (m_skip > 0) {
            m_skip -= step.outMade;
        } else {
            done += step.outMade;
            m_memberOut += step.outMade;
        }
        updateConsumed();

        if (step.status == GzipInflater::Status::MemberEnd) {
            m_gzipMemberDone = true;
        } else if (step.status == GzipInflater::Status::Error) {
            // zlib's verdict stands: ISA-L's refusal is only final when the file cannot
            // be reread (a pipe).
            if (m_gzip.backend() == GzipInflater::Backend::IsaL && restartMemberWithZlib())
                continue;
            fail(m_gzip.message(), inputOffset());
            break;
        } else if (step.inUsed == 0 && step.outMade == 0 && m_inPos == m_inLen && m_eof) {
            // No progress possible: the inflater wants input that is not there.
            fail("gzip stream truncated", inputOffset());
            break;
        }
    }
    return done;
}

size_t StreamDecoder::produceZstd(char* dst, size_t n)
{
    size_t done = 0;
    while (done < n && !isCancelled()) {
        if (m_inPos == m_inLen && !fillInput() && failed())
            break;
        if (m_inPos == m_inLen && m_eof && m_zstdFrameDone) {
            m_finished = true;
            break;
        }
        ZSTD_inBuffer in { m_in.data() + m_inPos, m_inLen - m_inPos, 0 };
        ZSTD_outBuffer out { dst + done, n - done, 0 };
        const size_t rc = ZSTD_decompressStream(m_zstd, &out, &in);
        m_inPos += in.pos;
        done += out.pos;
        updateConsumed();
        if (ZSTD_isError(rc)) {
            fail(std::string("zstd: ") + ZSTD_getErrorName(rc), inputOffset());
            break;
        }
        const bool progress = in.pos > 0 || out.pos > 0;
        // 0 means a frame is complete and flushed; more input starts the next
        // frame. Without progress rc is only a hint, so the last state stands.
        if (progress)
            m_zstdFrameDone = rc == 0;
        else if (m_inPos == m_inLen && m_eof) {
            fail("zstd stream truncated", inputOffset());
            break;
        }
    }
    return done;
}

} // namespace strata::importers
