#pragma once
// Checks SnapshotReader makes while decoding: each throws FormatError naming what is wrong.
#include "bytereader.h"

#include <store/timemath.h>
#include <store/trackinfo.h>

#include <string>

namespace strata::store::snapshot {

[[noreturn]] inline void bad(const std::string& why)
{
    throw FormatError(why);
}

inline void check(bool ok, const char* why)
{
    if (!ok)
        throw FormatError(why);
}

// An id stored as v + 1 (0: invalid) that must be invalid or below `limit`.
template <typename I> I idBelow(ByteReader& r, uint64_t limit, const char* what)
{
    const uint64_t v = r.varint();
    if (v == 0)
        return I();
    if (v - 1 >= limit)
        bad(std::string(what) + " " + std::to_string(v - 1) + " is out of range");
    return I(uint32_t(v - 1));
}

// The same for ids that must be valid.
template <typename I> I validBelow(ByteReader& r, uint64_t limit, const char* what)
{
    const I id = idBelow<I>(r, limit, what);
    if (!id.valid())
        bad(std::string(what) + " is missing");
    return id;
}

inline uint32_t u32(uint64_t v, const char* what)
{
    if (v > UINT32_MAX)
        bad(std::string(what) + " is out of range");
    return uint32_t(v);
}

inline int32_t i32(int64_t v, const char* what)
{
    if (v < INT32_MIN || v > INT32_MAX)
        bad(std::string(what) + " is out of range");
    return int32_t(v);
}

inline bool flag(ByteReader& r)
{
    const auto b = r.get<uint8_t>();
    check(b <= 1, "a flag is neither 0 nor 1");
    return b != 0;
}

inline IdValue idValue(ByteReader& r, uint64_t strings)
{
    IdValue v;
    v.isString = flag(r);
    v.num = r.zigzag();
    v.str = idBelow<StringId>(r, strings, "string");
    return v;
}

inline RowRange rows(ByteReader& r, uint64_t limit, const char* what)
{
    RowRange out;
    out.begin = u32(r.varint(), what);
    out.end = u32(r.varint(), what);
    if (out.begin > out.end || out.end > limit)
        bad(std::string(what) + " rows " + std::to_string(out.begin) + "-" + std::to_string(out.end)
            + " are outside the " + std::to_string(limit) + " rows");
    return out;
}

inline TimeNs checkedTime(uint64_t v)
{
    const auto t = TimeNs(v);
    check(TimeMath::inRange(t), "a time is outside the range the store allows");
    return t;
}

template <typename C, typename F> void checkSorted(const C& column, RowRange r, F&& less, const char* why)
{
    for (uint32_t i = r.begin + 1; i < r.end; ++i)
        if (less(column[i], column[i - 1]))
            bad(why);
}

} // namespace strata::store::snapshot
