#pragma once
// A bounds-checked reader for the protobuf wire format, written for the Perfetto importer:
// no generated code, no allocation, no exceptions. A malformed input (over-long or
// truncated varint, a length past the end, wire type 3/4/6/7, field 0) stops the reader
// with an error that names the absolute byte offset; it never reads past the bytes it was
// given.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace strata::importers::proto {

enum class WireType : uint8_t {
    Varint = 0,
    Fixed64 = 1,
    LengthDelimited = 2,
    StartGroup = 3,
    EndGroup = 4,
    Fixed32 = 5
};

constexpr size_t kMaxVarintBytes = 10;
constexpr uint32_t kMaxFieldNumber = (1u << 29) - 1;

// The general case of readVarint: any length, and every malformed form.
size_t readVarintSlow(const uint8_t* p, const uint8_t* end, uint64_t* out);

// Reads one varint from [p, end). Returns the bytes it took (1..10), or 0 when the input
// ends inside the varint or the varint is longer than 10 bytes (or overflows 64 bits).
// Inline for one and two bytes, which most keys, lengths and small values are.
inline size_t readVarint(const uint8_t* p, const uint8_t* end, uint64_t* out)
{
    if (p < end && (*p & 0x80) == 0) {
        *out = *p;
        return 1;
    }
    if (end - p >= 2 && (p[1] & 0x80) == 0) {
        *out = uint64_t(p[0] & 0x7F) | (uint64_t(p[1]) << 7);
        return 2;
    }
    return readVarintSlow(p, end, out);
}

inline int64_t zigzag64(uint64_t v)
{
    return static_cast<int64_t>(v >> 1) ^ -static_cast<int64_t>(v & 1);
}
inline int32_t zigzag32(uint32_t v)
{
    return static_cast<int32_t>(v >> 1) ^ -static_cast<int32_t>(v & 1);
}

class Reader;

// One field as read: the scalar for varint/fixed types, the bytes for length-delimited.
struct Field {
    uint32_t id = 0;
    WireType type = WireType::Varint;
    uint64_t value = 0; // varint, fixed64 or fixed32 bits
    std::string_view bytes; // length-delimited payload (a view into the reader's input)
    uint64_t offset = 0; // absolute offset of the field's key
    uint64_t payloadOffset = 0; // absolute offset of `bytes`

    bool isVarint() const { return type == WireType::Varint; }
    bool isBytes() const { return type == WireType::LengthDelimited; }
    uint64_t asUint64() const { return value; }
    uint32_t asUint32() const { return static_cast<uint32_t>(value); }
    int64_t asInt64() const { return static_cast<int64_t>(value); } // int64 (two's complement, 10-byte negatives)
    int32_t asInt32() const { return static_cast<int32_t>(value); }
    int64_t asSint64() const { return zigzag64(value); }
    bool asBool() const { return value != 0; }
    // double (fixed64) or float (fixed32); a varint is taken as an integer value.
    double asDouble() const
    {
        if (type == WireType::Fixed64) {
            double d;
            std::memcpy(&d, &value, sizeof d);
            return d;
        }
        if (type == WireType::Fixed32) {
            const auto bits = static_cast<uint32_t>(value);
            float f;
            std::memcpy(&f, &bits, sizeof f);
            return f;
        }
        return static_cast<double>(asInt64());
    }
    Reader message() const; // a reader over the payload, offsets kept absolute
};

class Reader {
public:
    Reader() = default;
    Reader(std::string_view data, uint64_t baseOffset)
        : m_p(reinterpret_cast<const uint8_t*>(data.data()))
        , m_begin(m_p)
        , m_end(m_p + data.size())
        , m_base(baseOffset)
    {
    }

    // The next field; false at the end of the input or on an error (see failed()).
    inline bool next(Field* f);
    bool failed() const { return !m_error.empty(); }
    bool atEnd() const { return m_p == m_end; }
    const std::string& error() const { return m_error; }
    uint64_t errorOffset() const { return m_errorOffset; }
    uint64_t offset() const { return m_base + static_cast<uint64_t>(m_p - m_begin); }

private:
    // next() for every field the inline fast path does not take, and every error.
    bool nextSlow(Field* f);
    void fail(const uint8_t* at, std::string message);

    const uint8_t* m_p = nullptr;
    const uint8_t* m_begin = nullptr;
    const uint8_t* m_end = nullptr;
    uint64_t m_base = 0;
    std::string m_error;
    uint64_t m_errorOffset = 0;
};

inline Reader Field::message() const
{
    return Reader(bytes, payloadOffset);
}

// Inline, every well-formed varint, fixed64 or length-delimited field; the result is what
// nextSlow() makes of the same bytes. Anything else (fixed32, and every error, which
// nextSlow() words and places) goes to nextSlow() from the same position. A failed reader
// has m_p == m_end, so it never reads on.
inline bool Reader::next(Field* f)
{
    uint64_t key = 0;
    const size_t n = m_p < m_end ? readVarint(m_p, m_end, &key) : 0;
    const uint64_t id = key >> 3;
    if (n == 0 || id == 0 || id > kMaxFieldNumber)
        return nextSlow(f);
    const auto type = static_cast<uint8_t>(key & 7);
    const uint8_t* p = m_p + n;
    uint64_t v = 0;
    if (type == 0) {
        const size_t m = readVarint(p, m_end, &v);
        if (m == 0)
            return nextSlow(f);
        f->bytes = std::string_view();
        p += m;
    } else if (type == 2) {
        const size_t m = readVarint(p, m_end, &v);
        if (m == 0 || v > static_cast<uint64_t>(m_end - p - m))
            return nextSlow(f);
        p += m;
        f->bytes = std::string_view(reinterpret_cast<const char*>(p), static_cast<size_t>(v));
        f->payloadOffset = m_base + static_cast<uint64_t>(p - m_begin);
        p += v;
        v = 0;
    } else if (type == 1 && m_end - p >= 8) {
        for (size_t b = 8; b-- > 0;)
            v = (v << 8) | p[b];
        f->bytes = std::string_view();
        p += 8;
    } else {
        return nextSlow(f);
    }
    f->id = static_cast<uint32_t>(id);
    f->type = static_cast<WireType>(type);
    f->offset = m_base + static_cast<uint64_t>(m_p - m_begin);
    f->value = v;
    m_p = p;
    return true;
}

// Repeated scalars arrive packed (one length-delimited blob) or one key per value; these
// accept both. They return false (and set *errorOffset) when a packed blob is malformed.
template <typename F> bool forEachVarint(const Field& f, F&& fn, uint64_t* errorOffset = nullptr)
{
    if (f.type == WireType::Varint) {
        fn(f.value);
        return true;
    }
    if (f.type != WireType::LengthDelimited)
        return false;
    const auto* p = reinterpret_cast<const uint8_t*>(f.bytes.data());
    const auto* end = p + f.bytes.size();
    while (p < end) {
        uint64_t v = 0;
        const size_t n = readVarint(p, end, &v);
        if (n == 0) {
            if (errorOffset)
                *errorOffset
                    = f.payloadOffset + static_cast<uint64_t>(p - reinterpret_cast<const uint8_t*>(f.bytes.data()));
            return false;
        }
        fn(v);
        p += n;
    }
    return true;
}

template <typename F> bool forEachFixed64(const Field& f, F&& fn, uint64_t* errorOffset = nullptr)
{
    if (f.type == WireType::Fixed64) {
        fn(f.value);
        return true;
    }
    if (f.type != WireType::LengthDelimited)
        return false;
    if (f.bytes.size() % 8 != 0) {
        if (errorOffset)
            *errorOffset = f.payloadOffset;
        return false;
    }
    for (size_t i = 0; i < f.bytes.size(); i += 8) {
        uint64_t v = 0;
        for (int b = 7; b >= 0; --b)
            v = (v << 8) | static_cast<uint8_t>(f.bytes[i + static_cast<size_t>(b)]);
        fn(v);
    }
    return true;
}

} // namespace strata::importers::proto
