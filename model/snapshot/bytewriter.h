#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace strata::store::snapshot {

// The uncompressed bytes of one section as it is encoded: fixed-width values in the
// writer's byte order, LEB128 varints, and the column transforms that make columns small
// before zstd sees them (ByteReader undoes each one).
class ByteWriter {
public:
    template <typename T> void put(T v)
    {
        static_assert(std::is_trivially_copyable_v<T>, "plain values only");
        const size_t at = m_bytes.size();
        m_bytes.resize(at + sizeof(T));
        std::memcpy(&m_bytes[at], &v, sizeof(T));
    }
    template <typename T> void putArray(const T* v, size_t n)
    {
        static_assert(std::is_trivially_copyable_v<T>, "plain values only");
        const size_t at = m_bytes.size();
        m_bytes.resize(at + n * sizeof(T));
        if (n)
            std::memcpy(&m_bytes[at], v, n * sizeof(T));
    }
    void varint(uint64_t v)
    {
        while (v >= 0x80) {
            m_bytes.push_back(uint8_t(v) | 0x80);
            v >>= 7;
        }
        m_bytes.push_back(uint8_t(v));
    }
    void zigzag(int64_t v) { varint((uint64_t(v) << 1) ^ uint64_t(v >> 63)); }
    void string(std::string_view s)
    {
        varint(s.size());
        putArray(s.data(), s.size());
    }
    // Each value as the zigzag varint of its difference to the one before (the first to 0):
    // sorted or nearly sorted columns (times along a level, parents, arg sets in arrival
    // order) become runs of small numbers.
    template <typename T, typename F> void deltas(const T* v, size_t n, F&& value)
    {
        uint64_t prev = 0;
        for (size_t i = 0; i < n; ++i) {
            const uint64_t x = uint64_t(value(v[i]));
            zigzag(int64_t(x - prev));
            prev = x;
        }
    }
    // Values as plain varints (durations, type ids).
    template <typename T, typename F> void varints(const T* v, size_t n, F&& value)
    {
        for (size_t i = 0; i < n; ++i)
            varint(uint64_t(value(v[i])));
    }
    // Fixed-width values byte plane by byte plane (all first bytes, then all second bytes...),
    // so zstd sees the slowly changing high bytes as long runs.
    template <typename T> void shuffled(const T* v, size_t n)
    {
        static_assert(std::is_trivially_copyable_v<T>, "plain values only");
        const size_t at = m_bytes.size();
        m_bytes.resize(at + n * sizeof(T));
        const auto* src = reinterpret_cast<const uint8_t*>(v);
        for (size_t b = 0; b < sizeof(T); ++b)
            for (size_t i = 0; i < n; ++i)
                m_bytes[at + b * n + i] = src[i * sizeof(T) + b];
    }

    const std::vector<uint8_t>& bytes() const { return m_bytes; }
    std::vector<uint8_t>& bytes() { return m_bytes; }

private:
    std::vector<uint8_t> m_bytes;
};

} // namespace strata::store::snapshot
