#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace strata::store::snapshot {

class SectionStream;

// A section's bytes or values contradict the format; SnapshotReader turns it into its error.
class FormatError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Reads what ByteWriter wrote, bounds-checked: running past the end, a varint longer than
// 10 bytes or a count larger than the bytes left throws FormatError, never reads outside.
// Over a SectionStream it reads through a small window it refills as it goes (a value may
// straddle two fills), and plain arrays are decompressed straight into their destination:
// the section never exists whole in memory. left() always counts to the section's declared
// end, so count checks bound allocations by what the section can still hold.
class ByteReader {
public:
    static constexpr size_t kMinWindow = 16; // the largest single value: a 10-byte varint
    static constexpr size_t kDefaultWindow = size_t(256) << 10;

    ByteReader(const uint8_t* data, size_t size)
        : m_p(data)
        , m_end(data + size)
    {
    }
    ByteReader(SectionStream& stream, size_t windowBytes);

    uint64_t left() const;
    bool atEnd() const { return left() == 0; }

    template <typename T> T get()
    {
        static_assert(std::is_trivially_copyable_v<T>, "plain values only");
        if (buffered() < sizeof(T))
            refill(sizeof(T));
        T v;
        std::memcpy(&v, m_p, sizeof(T));
        m_p += sizeof(T);
        return v;
    }
    template <typename T> void getArray(T* out, size_t n)
    {
        static_assert(std::is_trivially_copyable_v<T>, "plain values only");
        needItems(n, sizeof(T));
        readBytes(reinterpret_cast<uint8_t*>(out), n * sizeof(T));
    }
    uint64_t varint()
    {
        // The common case, a whole varint in the window, without a bound check per byte.
        if (buffered() < 10)
            return varintAcrossRefill();
        uint64_t v = 0;
        for (unsigned shift = 0; shift < 64; shift += 7) {
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
    // A copy: a view into the window would not outlive the next refill.
    std::string string()
    {
        const uint64_t n = varint();
        needItems(n, 1);
        std::string s(size_t(n), '\0');
        readBytes(reinterpret_cast<uint8_t*>(s.data()), size_t(n));
        return s;
    }
    // The next n bytes, valid until the next read: in the window when they fit in it, else
    // copied into `scratch`.
    std::string_view bytes(size_t n, std::string& scratch);
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
    // Byte plane b holds byte b of every value; each plane is copied from the window in
    // runs as long as the window holds.
    template <typename T> void shuffled(T* out, size_t n)
    {
        static_assert(std::is_trivially_copyable_v<T>, "plain values only");
        needItems(n, sizeof(T));
        auto* dst = reinterpret_cast<uint8_t*>(out);
        for (size_t b = 0; b < sizeof(T); ++b)
            for (size_t i = 0; i < n;) {
                if (!buffered())
                    refill(1);
                const size_t run = std::min(n - i, buffered());
                for (size_t k = 0; k < run; ++k)
                    dst[(i + k) * sizeof(T) + b] = m_p[k];
                m_p += run;
                i += run;
            }
    }
    // Every declared byte read; over a stream, also the frame's end and checksum checked.
    void expectEnd();
    // Throws unless n items of `size` bytes each can be left: callers size their buffers by n.
    void needItems(uint64_t n, size_t size) const
    {
        if (size && n > left() / size)
            throw FormatError("the section ends before its " + std::to_string(n) + " values");
    }

private:
    size_t buffered() const { return size_t(m_end - m_p); }
    // Moves what is left in the window to its start and decompresses after it, so at least
    // `want` (<= the window) bytes are buffered; throws if the section has fewer left.
    void refill(size_t want);
    uint64_t varintAcrossRefill();
    void readBytes(uint8_t* out, size_t n);

    const uint8_t* m_p = nullptr;
    const uint8_t* m_end = nullptr;
    SectionStream* m_stream = nullptr;
    std::vector<uint8_t> m_window;
};

} // namespace strata::store::snapshot
