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
// Inline for the one-byte case, which most keys, lengths and small values are.
inline size_t readVarint(const uint8_t* p, const uint8_t* end, uint64_t* out)
{
    if (p < end && (*p & 0x80) == 0) {
        *out = *p;
        return 1;
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

// Inline, the common case: a one-byte key (field numbers 1..15) followed by a one-byte
// varint or a one-byte length that fits the input. The result is what nextSlow() makes of
// the same bytes. A failed reader has m_p == m_end, so it never gets here.
inline bool Reader::next(Field* f)
{
    if (m_end - m_p >= 2) {
        const uint8_t key = m_p[0], b = m_p[1];
        const uint8_t type = key & 7;
        if ((key & 0x80) == 0 && (key >> 3) != 0 && (b & 0x80) == 0 && (type == 0 || type == 2)) {
            f->id = key >> 3;
            f->type = static_cast<WireType>(type);
            f->offset = m_base + static_cast<uint64_t>(m_p - m_begin);
            if (type == 0) {
                f->bytes = std::string_view();
                f->value = b;
                m_p += 2;
                return true;
            }
            if (b <= m_end - m_p - 2) {
                f->value = 0;
                f->bytes = std::string_view(reinterpret_cast<const char*>(m_p + 2), b);
                f->payloadOffset = f->offset + 2;
                m_p += 2 + b;
                return true;
            }
        }
    }
    return nextSlow(f);
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
