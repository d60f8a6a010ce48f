#pragma once
// Helpers of the argument table's tests: args built from test columns, bitwise comparison,
// and sets of every kind with one-word and two-word values, read back every way.
#include <store/argtable.h>

#include <QString>

#include <cstring>
#include <vector>

namespace argtest {

using namespace strata::store;

// A double's stored bits: the store keeps doubles bit for bit, so -0.0 and 0.0 are two values.
inline quint64 bitsOf(double d)
{
    quint64 bits = 0;
    std::memcpy(&bits, &d, sizeof bits);
    return bits;
}

inline Arg makeArg(ArgKind kind, StringId key, qint64 i, quint64 u, double d, uint s)
{
    switch (kind) {
    case ArgKind::Null: return Arg::makeNull(key);
    case ArgKind::Bool: return Arg::makeBool(key, i != 0);
    case ArgKind::Int: return Arg::makeInt(key, i);
    case ArgKind::Uint: return Arg::makeUint(key, u);
    case ArgKind::Double: return Arg::makeDouble(key, d);
    case ArgKind::String: return Arg::makeString(key, StringId(s));
    }
    return Arg();
}

// Bitwise equality for the value of `kind` (so -0.0 and 0.0 differ).
inline bool sameValue(const Arg& a, const Arg& b)
{
    if (a.key != b.key || a.kind != b.kind)
        return false;
    switch (a.kind) {
    case ArgKind::Null: return true;
    case ArgKind::Bool:
    case ArgKind::Int: return a.i == b.i;
    case ArgKind::Uint: return a.u == b.u;
    case ArgKind::Double: return bitsOf(a.d) == bitsOf(b.d);
    case ArgKind::String: return a.s == b.s;
    }
    return false;
}

// Arg i of a set of mixed kinds: every kind, one-word and two-word values, negative ones.
inline Arg mixedArg(size_t i, uint32_t keyBase, int64_t salt)
{
    const StringId key(keyBase + uint32_t(i));
    const auto v = int64_t(i) + salt;
    switch (i % 9) {
    case 0: return Arg::makeInt(key, v * 7 - 3);
    case 1: return Arg::makeInt(key, -(int64_t(1) << 40) - v);
    case 2: return Arg::makeUint(key, (uint64_t(1) << 35) + uint64_t(v));
    case 3: return Arg::makeDouble(key, double(v) + 0.5);
    case 4: return Arg::makeString(key, StringId(uint32_t(v % 50)));
    case 5: return Arg::makeBool(key, v % 2 != 0);
    case 6: return Arg::makeNull(key);
    case 7: return Arg::makeUint(key, uint64_t(v));
    default: return Arg::makeInt(key, -v);
    }
}

inline std::vector<Arg> mixedSet(size_t n, uint32_t keyBase, int64_t salt)
{
    std::vector<Arg> out;
    for (size_t i = 0; i < n; ++i)
        out.push_back(mixedArg(i, keyBase, salt));
    return out;
}

// Every arg of `set` in `t` reads back as `want` through at(), keyAt(), get() and find().
inline QString mismatch(const ArgTable& t, ArgSetId set, const std::vector<Arg>& want)
{
    if (t.size(set) != want.size())
        return QString("size %1, want %2").arg(t.size(set)).arg(want.size());
    const std::vector<Arg> all = t.get(set);
    for (size_t i = 0; i < want.size(); ++i) {
        Arg found;
        if (!sameValue(t.at(set, i), want[i]) || t.keyAt(set, i) != want[i].key || !sameValue(all[i], want[i])
            || !t.find(set, want[i].key, &found) || !sameValue(found, want[i]))
            return QString("arg %1").arg(i);
    }
    return QString();
}

} // namespace argtest
