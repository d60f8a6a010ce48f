#include "sophgoblockreader.h"

#include "inputreader.h"

#include <algorithm>
#include <cstring>

namespace strata::importers::sophgo {

size_t SophgoBlockReader::readUpTo(char* dst, size_t n)
{
    size_t got = 0;
    while (got < n) {
        const size_t r = m_input.read(dst + got, n - got);
        if (r == 0)
            break;
        got += r;
    }
    m_offset += got;
    return got;
}

SophgoBlockReader::Status SophgoBlockReader::next(SophgoBlock* out)
{
    if (m_done)
        return Status::End;
    const uint64_t at = m_offset;
    unsigned char header[8];
    const size_t h = readUpTo(reinterpret_cast<char*>(header), sizeof header);
    if (h < sizeof header) {
        m_done = true;
        m_offset = at;
        return h == 0 ? Status::End : Status::TrailingBytes;
    }
    auto u32 = [&](int i) {
        return uint32_t(header[i]) | uint32_t(header[i + 1]) << 8 | uint32_t(header[i + 2]) << 16
            | uint32_t(header[i + 3]) << 24;
    };
    out->type = u32(0);
    out->declaredLength = u32(4);
    out->offset = at;
    out->truncated = false;
    out->payload.clear();
    // Grow as bytes arrive: a corrupt length must not allocate more than the file holds.
    constexpr size_t kStep = size_t(1) << 20;
    size_t want = out->declaredLength;
    while (want > 0) {
        const size_t n = std::min(want, kStep);
        const size_t old = out->payload.size();
        out->payload.resize(old + n);
        const size_t got = readUpTo(out->payload.data() + old, n);
        out->payload.resize(old + got);
        if (got < n) {
            out->truncated = true;
            m_done = true;
            break;
        }
        want -= n;
    }
    return Status::Block;
}

} // namespace strata::importers::sophgo
