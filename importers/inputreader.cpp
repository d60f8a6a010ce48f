#include "inputreader.h"

#include "decodethread.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace strata::importers {

namespace {

std::string errnoMessage(const std::string& path, int err)
{
    return path + ": " + std::strerror(err);
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

        int fd = -1;
        do {
            fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        } while (fd < 0 && errno == EINTR);
        if (fd < 0) {
            err = errnoMessage(path, errno);
            return nullptr;
        }
        std::unique_ptr<InputReader> r(new InputReader());
        r->m_path = path;
        r->m_decoder = std::make_unique<StreamDecoder>(path, fd); // owns fd from here
        r->m_decoder->setBombLimits(kBombFloorBytes, kMaxRatio);
        // Again on the descriptor: the path may have been replaced since stat().
        if (::fstat(fd, &st) != 0) {
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
        // The first gzip header's flag byte, for decoderName() before the first read: pread
        // leaves the descriptor's offset where the decoder expects it.
        unsigned char head[4] = {};
        if (::pread(fd, head, sizeof head, 0) == ssize_t(sizeof head) && head[0] == 0x1F && head[1] == 0x8B)
            r->m_firstMemberReserved = (head[3] & 0xE0) != 0;
#ifdef POSIX_FADV_SEQUENTIAL
        ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
        if (!r->m_decoder->start(&err))
            return nullptr;
        return r;
    } catch (const std::exception& e) {
        err = path + ": " + e.what();
        return nullptr;
    }
}

InputReader::~InputReader() = default;

bool InputReader::isCancelled()
{
    if (!m_cancelled && m_cancelFlag && m_cancelFlag->load(std::memory_order_relaxed))
        m_cancelled = true;
    return m_cancelled;
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
        if (m_error.empty()) {
            m_error = m_path + ": " + e.what();
            m_errorOffset = consumedBytes();
        }
    }
    return std::string_view(m_peek.data(), std::min(n, m_peek.size()));
}

size_t InputReader::produce(char* dst, size_t n)
{
    if (failed() || isCancelled())
        return 0;
    bool threaded = compression() != Compression::None && m_fileBytes >= m_threadMinBytes;
    if (threaded && !m_thread) {
        try {
            m_thread = std::make_unique<DecodeThread>(*m_decoder);
        } catch (const std::exception&) {
            // No thread to be had (std::system_error): decode inline, as for a small file.
            m_threadMinBytes = UINT64_MAX;
            threaded = false;
        }
    }
    if (!threaded) {
        const size_t got = m_decoder->produce(dst, n);
        m_started = true;
        takeDecoderState();
        return got;
    }
    const size_t got = m_thread->read(dst, n); // returns once the decoder has output or ended
    m_started = true;
    if (m_thread->ended()) {
        takeDecoderState();
        if (!m_thread->failure().empty() && m_error.empty()) {
            m_error = m_path + ": " + m_thread->failure();
            m_errorOffset = consumedBytes();
        }
    }
    return got;
}

const char* InputReader::decoderName() const
{
    if (m_started || compression() != Compression::Gzip)
        return m_decoder->decoderName();
    // As StreamDecoder starts the first member: zlib for reserved header flags (which zlib
    // refuses, as a file is read by the same rules either way), else the backend asked for
    // where this build has it.
    const bool isal
        = !m_firstMemberReserved && m_gzipBackend == GzipInflater::Backend::IsaL && GzipInflater::isalAvailable();
    return isal ? "isa-l" : "zlib";
}

void InputReader::takeDecoderState()
{
    if (m_decoder->failed() && m_error.empty()) {
        m_error = m_decoder->error();
        m_errorOffset = m_decoder->errorOffset();
    }
}

} // namespace strata::importers
