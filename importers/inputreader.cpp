#include "inputreader.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <exception>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <zlib.h>
#include <zstd.h>

namespace strata::importers {

namespace {

constexpr size_t kBlockSize = size_t(1) << 20;

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

const char* compressionName(Compression c)
{
    switch (c) {
    case Compression::None: return "none";
    case Compression::Gzip: return "gzip";
    case Compression::Zstd: return "zstd";
    }
    return "none";
}

std::unique_ptr<InputReader> InputReader::open(const std::string& path, std::string* error)
{
    std::string scratch;
    std::string& err = error ? *error : scratch;
    try {
        // stat first so a directory is rejected without open() succeeding on it.
        struct stat st;
        if (::stat(path.c_str(), &st) != 0) {
            err = errnoMessage(path, errno);
            return nullptr;
        }
        if (S_ISDIR(st.st_mode)) {
            err = path + ": is a directory";
            return nullptr;
        }

        std::unique_ptr<InputReader> r(new InputReader());
        r->m_path = path;
        do {
            r->m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        } while (r->m_fd < 0 && errno == EINTR);
        if (r->m_fd < 0) {
            err = errnoMessage(path, errno);
            return nullptr;
        }
        // Again on the descriptor: the path may have been replaced since stat().
        if (::fstat(r->m_fd, &st) != 0) {
            err = errnoMessage(path, errno);
            return nullptr;
        }
        if (S_ISDIR(st.st_mode)) {
            err = path + ": is a directory";
            return nullptr;
        }
        r->m_fileBytes = S_ISREG(st.st_mode) ? uint64_t(st.st_size) : 0;
        if (S_ISREG(st.st_mode) && st.st_size == 0) {
            err = path + ": empty file (at byte 0)";
            return nullptr;
        }
#ifdef POSIX_FADV_SEQUENTIAL
        ::posix_fadvise(r->m_fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif

        r->m_in.resize(kBlockSize);
        if (!r->fillInput()) {
            err = r->failed() ? r->m_error : path + ": empty file (at byte 0)";
            return nullptr;
        }

        const auto* b = reinterpret_cast<const unsigned char*>(r->m_in.data());
        const size_t len = r->m_inLen;
        if (len >= 2 && b[0] == 0x1F && b[1] == 0x8B) {
            r->m_compression = Compression::Gzip;
            r->m_zs = std::make_unique<z_stream>();
            std::memset(r->m_zs.get(), 0, sizeof(z_stream));
            // 15 + 32: maximum window, auto-detect the gzip header.
            const int rc = inflateInit2(r->m_zs.get(), 15 + 32);
            if (rc != Z_OK) {
                err = path + ": gzip: " + zError(rc);
                r->m_zs.reset();
                return nullptr;
            }
        } else if (len >= 4 && b[0] == 0x28 && b[1] == 0xB5 && b[2] == 0x2F && b[3] == 0xFD) {
            r->m_compression = Compression::Zstd;
            r->m_zstd = ZSTD_createDCtx();
            if (!r->m_zstd) {
                err = path + ": zstd: cannot allocate decoder";
                return nullptr;
            }
        }
        return r;
    } catch (const std::exception& e) {
        err = path + ": " + e.what();
        return nullptr;
    }
}

InputReader::~InputReader()
{
    if (m_zs)
        inflateEnd(m_zs.get());
    if (m_zstd)
        ZSTD_freeDCtx(m_zstd);
    if (m_fd >= 0)
        ::close(m_fd);
}

bool InputReader::isCancelled()
{
    if (!m_cancelled && m_cancelFlag && m_cancelFlag->load(std::memory_order_relaxed))
        m_cancelled = true;
    return m_cancelled;
}

void InputReader::fail(std::string message, uint64_t offset)
{
    if (failed())
        return;
    m_error = std::move(message);
    m_errorOffset = offset;
}

void InputReader::updateConsumed()
{
    m_consumed.store(inputOffset(), std::memory_order_relaxed);
}

// Replaces the (fully consumed) input block with the next one. Returns false
// at EOF or on a read error (then failed() is set).
bool InputReader::fillInput()
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

size_t InputReader::read(char* dst, size_t n)
{
    if (n == 0 || isCancelled())
        return 0;
    size_t done = 0;
    if (m_peekPos < m_peek.size()) {
        done = std::min(n, m_peek.size() - m_peekPos);
        std::memcpy(dst, m_peek.data() + m_peekPos, done);
        m_peekPos += done;
        if (m_peekPos == m_peek.size()) {
            m_peek.clear();
            m_peekPos = 0;
        }
    }
    if (done < n)
        done += produce(dst + done, n - done);
    m_produced += done;
    return done;
}

size_t InputReader::append(std::string* buf, size_t n)
{
    const size_t old = buf->size();
    buf->resize(old + n);
    const size_t got = read(&(*buf)[old], n);
    buf->resize(old + got);
    return got;
}

std::string_view InputReader::peek(size_t n)
{
    try {
        if (m_peekPos > 0) {
            m_peek.erase(0, m_peekPos);
            m_peekPos = 0;
        }
        while (m_peek.size() < n) {
            const size_t have = m_peek.size();
            m_peek.resize(n);
            const size_t got = produce(m_peek.data() + have, n - have);
            m_peek.resize(have + got);
            if (got == 0)
                break;
        }
    } catch (const std::exception& e) {
        fail(m_path + ": " + e.what(), inputOffset());
    }
    return std::string_view(m_peek.data(), std::min(n, m_peek.size()));
}

size_t InputReader::produce(char* dst, size_t n)
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

size_t InputReader::checkRatio(size_t produced)
{
    m_decoded += produced;
    const uint64_t in = std::max<uint64_t>(1, inputOffset());
    if (m_decoded > m_bombFloor && m_decoded / in > m_maxRatio && !failed()) {
        fail("stopped decompressing after " + std::to_string(m_decoded >> 20) + " MiB: over "
                + std::to_string(m_maxRatio) + " times the " + std::to_string(in)
                + " compressed bytes read, which no real trace reaches (a decompression bomb?)",
            inputOffset());
    }
    return produced; // decoded before the stop: delivered, then read() returns 0
}

size_t InputReader::producePlain(char* dst, size_t n)
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

size_t InputReader::produceGzip(char* dst, size_t n)
{
    z_stream& zs = *m_zs;
    size_t done = 0;
    while (done < n && !isCancelled()) {
        if (m_inPos == m_inLen && !fillInput() && failed())
            break;
        if (m_gzipMemberDone) {
            // Between members: zero padding (e.g. from tape blocking) is ignored.
            while (m_inPos < m_inLen && m_in[m_inPos] == 0)
                ++m_inPos;
            updateConsumed();
            if (m_inPos == m_inLen) {
                if (m_eof) {
                    m_finished = true;
                    break;
                }
                continue;
            }
            // 0x1F can only start a gzip header; anything else would be
            // misparsed as a zlib stream by the auto-detecting inflate.
            if (static_cast<unsigned char>(m_in[m_inPos]) != 0x1F) {
                fail("gzip: trailing garbage after compressed data", inputOffset());
                break;
            }
            inflateReset(&zs);
            m_gzipMemberDone = false;
        }

        const size_t inAvail = m_inLen - m_inPos;
        const size_t outAvail = std::min<size_t>(n - done, UINT_MAX);
        zs.next_in = reinterpret_cast<Bytef*>(m_in.data() + m_inPos);
        zs.avail_in = uInt(inAvail);
        zs.next_out = reinterpret_cast<Bytef*>(dst + done);
        zs.avail_out = uInt(outAvail);
        const int rc = inflate(&zs, Z_NO_FLUSH);
        m_inPos += inAvail - zs.avail_in;
        done += outAvail - zs.avail_out;
        updateConsumed();

        if (rc == Z_STREAM_END) {
            m_gzipMemberDone = true;
        } else if (rc == Z_OK) {
            continue;
        } else if (rc == Z_BUF_ERROR) {
            // No progress possible: inflate wants input that is not there.
            if (m_inPos == m_inLen && m_eof) {
                fail("gzip stream truncated", inputOffset());
                break;
            }
        } else {
            fail(std::string("gzip: ") + (zs.msg ? zs.msg : zError(rc)), inputOffset());
            break;
        }
    }
    return done;
}

size_t InputReader::produceZstd(char* dst, size_t n)
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
