#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace strata::store::snapshot {

// Where SnapshotWriter's bytes go: an open file descriptor or a byte vector. The header is
// written last, over the space kept for it, since it holds the sections' offsets and CRCs.
// A failed write throws std::runtime_error with the system's reason.
class SnapshotSink {
public:
    explicit SnapshotSink(int fd)
        : m_fd(fd)
    {
    }
    explicit SnapshotSink(std::vector<uint8_t>* bytes)
        : m_bytes(bytes)
    {
    }
    void append(const void* data, size_t n);
    void patch(uint64_t offset, const void* data, size_t n);
    uint64_t size() const { return m_size; }

private:
    int m_fd = -1;
    std::vector<uint8_t>* m_bytes = nullptr;
    uint64_t m_size = 0;
};

} // namespace strata::store::snapshot
