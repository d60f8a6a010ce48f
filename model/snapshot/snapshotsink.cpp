#include "snapshotsink.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <unistd.h>

namespace strata::store::snapshot {

namespace {
[[noreturn]] void fail(const char* what)
{
    throw std::runtime_error(std::string(what) + ": " + std::strerror(errno));
}
} // namespace

void SnapshotSink::append(const void* data, size_t n)
{
    if (m_bytes) {
        const auto* p = static_cast<const uint8_t*>(data);
        m_bytes->insert(m_bytes->end(), p, p + n);
    } else {
        const auto* p = static_cast<const char*>(data);
        for (size_t done = 0; done < n;) {
            const ssize_t w = ::write(m_fd, p + done, n - done);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                fail("write failed");
            done += size_t(w);
        }
    }
    m_size += n;
}

void SnapshotSink::patch(uint64_t offset, const void* data, size_t n)
{
    if (m_bytes) {
        std::memcpy(m_bytes->data() + offset, data, n);
        return;
    }
    const auto* p = static_cast<const char*>(data);
    for (size_t done = 0; done < n;) {
        const ssize_t w = ::pwrite(m_fd, p + done, n - done, off_t(offset + done));
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            fail("write failed");
        done += size_t(w);
    }
}

} // namespace strata::store::snapshot
