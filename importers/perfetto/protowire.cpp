#include "protowire.h"

namespace strata::importers::proto {

size_t readVarintSlow(const uint8_t* p, const uint8_t* end, uint64_t* out)
{
    uint64_t v = 0;
    for (size_t i = 0; i < kMaxVarintBytes; ++i) {
        if (p + i >= end)
            return 0;
        const uint8_t b = p[i];
        // The 10th byte may only carry the 64th bit.
        if (i == kMaxVarintBytes - 1 && (b & 0xFE) != 0)
            return 0;
        v |= static_cast<uint64_t>(b & 0x7F) << (7 * i);
        if ((b & 0x80) == 0) {
            *out = v;
            return i + 1;
        }
    }
    return 0;
}

void Reader::fail(const uint8_t* at, std::string message)
{
    m_errorOffset = m_base + static_cast<uint64_t>(at - m_begin);
    m_error = std::move(message);
    m_p = m_end; // nothing more is read
}

bool Reader::nextSlow(Field* f)
{
    if (m_p >= m_end || failed())
        return false;
    const uint8_t* start = m_p;
    uint64_t key = 0;
    size_t n = readVarint(m_p, m_end, &key);
    if (n == 0) {
        fail(start,
            m_end - m_p < static_cast<std::ptrdiff_t>(kMaxVarintBytes) ? "truncated field key"
                                                                       : "bad varint in a field key");
        return false;
    }
    const uint64_t id = key >> 3;
    const auto type = static_cast<uint8_t>(key & 7);
    if (id == 0 || id > kMaxFieldNumber) {
        fail(start, "invalid field number " + std::to_string(id));
        return false;
    }
    f->id = static_cast<uint32_t>(id);
    f->type = static_cast<WireType>(type);
    f->offset = m_base + static_cast<uint64_t>(start - m_begin);
    f->bytes = std::string_view();
    f->value = 0;
    const uint8_t* p = m_p + n;
    switch (type) {
    case 0: {
        const size_t m = readVarint(p, m_end, &f->value);
        if (m == 0) {
            fail(p, "bad varint in field " + std::to_string(id));
            return false;
        }
        p += m;
        break;
    }
    case 1:
    case 5: {
        const size_t width = type == 1 ? 8 : 4;
        if (static_cast<size_t>(m_end - p) < width) {
            fail(p, "fixed" + std::to_string(width * 8) + " field " + std::to_string(id) + " runs past the end");
            return false;
        }
        uint64_t v = 0;
        for (size_t b = width; b-- > 0;)
            v = (v << 8) | p[b];
        f->value = v;
        p += width;
        break;
    }
    case 2: {
        uint64_t len = 0;
        const size_t m = readVarint(p, m_end, &len);
        if (m == 0) {
            fail(p, "bad varint in the length of field " + std::to_string(id));
            return false;
        }
        p += m;
        const auto left = static_cast<uint64_t>(m_end - p);
        if (len > left) {
            fail(p,
                "field " + std::to_string(id) + " length " + std::to_string(len) + " runs past the end ("
                    + std::to_string(left) + " bytes left)");
            return false;
        }
        f->bytes = std::string_view(reinterpret_cast<const char*>(p), static_cast<size_t>(len));
        f->payloadOffset = m_base + static_cast<uint64_t>(p - m_begin);
        p += len;
        break;
    }
    default:
        fail(start, "unsupported wire type " + std::to_string(type) + " in field " + std::to_string(id));
        return false;
    }
    m_p = p;
    return true;
}

} // namespace strata::importers::proto
