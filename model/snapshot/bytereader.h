#pragma once
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace strata::store::snapshot {

// A section's bytes or values contradict the format; SnapshotReader turns it into its error.
class FormatError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Reads what ByteWriter wrote, bounds-checked: running past the end, a varint longer than
// 10 bytes or a count larger than the bytes left throws FormatError, never reads outside.
class ByteReader {
public:
    ByteReader(const uint8_t* data, size_t size)
        : m_p(data)
        , m_end(data + size)
    {
    }
    size_t left() const { return size_t(m_end - m_p); }
    bool atEnd() const { return m_p == m_end; }

    template <typename T> T get()
    {
        static_assert(std::is_trivially_copyable_v<T>, "plain values only");
        need(sizeof(T));
        T v;
        std::memcpy(&v, m_p, sizeof(T));
        m_p += sizeof(T);
        return v;
    }
    template <typename T> void getArray(T* out, size_t n)
    {
        needItems(n, sizeof(T));
        if (n)
            std::memcpy(out, m_p, n * sizeof(T));
        m_p += n * sizeof(T);
    }
    uint64_t varint()
    {
        uint64_t v = 0;
        for (unsigned shift = 0; shift < 64; shift += 7) {
            need(1);
            const uint8_t b = *m_p++;
            v |= uint64_t(b & 0x7f) << shift;
            if (!(b & 0x80))
                return v;
        }
        throw FormatError("a varint runs over 10 bytes");
    }
    int64_t zigzag()
    {
        const uint64_t z = varint();
        return int64_t((z >> 1) ^ (~(z & 1) + 1));
    }
    uint32_t u32varint()
    {
        const uint64_t v = varint();
        if (v > UINT32_MAX)
            throw FormatError("a 32-bit value is out of range");
        return uint32_t(v);
    }
    std::string_view string()
    {
        const uint64_t n = varint();
        need(n);
        std::string_view s(reinterpret_cast<const char*>(m_p), size_t(n));
        m_p += n;
        return s;
    }
    // Undo ByteWriter::deltas / varints / shuffled into n values.
    template <typename T, typename F> void deltas(T* out, size_t n, F&& make)
    {
        uint64_t prev = 0;
        for (size_t i = 0; i < n; ++i) {
            prev += uint64_t(zigzag());
            out[i] = make(prev);
        }
    }
    template <typename T, typename F> void varints(T* out, size_t n, F&& make)
    {
        for (size_t i = 0; i < n; ++i)
            out[i] = make(varint());
    }
    template <typename T> void shuffled(T* out, size_t n)
    {
        static_assert(std::is_trivially_copyable_v<T>, "plain values only");
        needItems(n, sizeof(T));
        auto* dst = reinterpret_cast<uint8_t*>(out);
        for (size_t b = 0; b < sizeof(T); ++b)
            for (size_t i = 0; i < n; ++i)
                dst[i * sizeof(T) + b] = m_p[b * n + i];
        m_p += n * sizeof(T);
    }
    void expectEnd() const
    {
        if (!atEnd())
            throw FormatError("the section has " + std::to_string(left()) + " bytes more than its contents");
    }
    // Throws unless n items of `size` bytes each can be left: callers size their buffers by n.
    void needItems(uint64_t n, size_t size) const
    {
        if (size && n > left() / size)
            throw FormatError("the section ends before its " + std::to_string(n) + " values");
    }

private:
    void need(uint64_t n) const
    {
        if (n > left())
            throw FormatError("the section ends early");
    }
    const uint8_t* m_p;
    const uint8_t* m_end;
};

} // namespace strata::store::snapshot
