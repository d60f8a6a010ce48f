#pragma once
// Basic value types shared by every layer. No Qt here (model/store must stay Qt-free).
#include <cstdint>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

namespace strata::store {

// Nanoseconds on the trace's own clock. Importers convert once; nothing else rescales.
using TimeNs = int64_t;
constexpr TimeNs kTimeMin = std::numeric_limits<TimeNs>::min();
constexpr TimeNs kTimeMax = std::numeric_limits<TimeNs>::max();

// A uint32 id tagged by what it indexes, so a TypeId cannot be passed where a StringId is expected.
template <typename Tag> struct Id {
    static constexpr uint32_t kInvalid = std::numeric_limits<uint32_t>::max();
    uint32_t v = kInvalid;
    constexpr Id() = default;
    constexpr explicit Id(uint32_t value)
        : v(value)
    {
    }
    constexpr bool valid() const { return v != kInvalid; }
    constexpr explicit operator bool() const { return valid(); }
    friend constexpr bool operator==(Id a, Id b) { return a.v == b.v; }
    friend constexpr bool operator!=(Id a, Id b) { return a.v != b.v; }
    friend constexpr bool operator<(Id a, Id b) { return a.v < b.v; }
};

// Every table hands out dense uint32 ids (rows, strings, types, arg sets, flows) and
// kInvalid is never one, so a table holds at most kMaxIds items. Growing past that throws
// std::length_error, which ends the import with this message (ProfileLoader), instead of
// wrapping an id onto another item.
constexpr uint64_t kMaxIds = std::numeric_limits<uint32_t>::max();
inline void requireIds(uint64_t count, const char* what)
{
    if (count > kMaxIds)
        throw std::length_error(
            "more than " + std::to_string(kMaxIds) + " " + what + ": the store numbers them with 32-bit ids");
}

// The kind of an argument's value (store::Arg); its number is kept in snapshots.
enum class ArgKind : uint8_t { Null = 0, Bool, Int, Uint, Double, String };

using StringId = Id<struct StringTag>;
using TrackId = Id<struct TrackTag>;
using TypeId = Id<struct TypeTag>;
using ArgSetId = Id<struct ArgSetTag>;
using SliceRow = Id<struct SliceTag>;
using InstantRow = Id<struct InstantTag>;
using FlowId = Id<struct FlowTag>;
using ProcessId = Id<struct ProcessTag>;
using CounterId = Id<struct CounterTag>;

struct TimeRange {
    TimeNs start = 0;
    TimeNs end = 0;
    TimeNs duration() const { return end - start; }
    bool empty() const { return end <= start; }
};

// Half-open range of rows [begin, end) in one of the store's columnar tables.
struct RowRange {
    uint32_t begin = 0;
    uint32_t end = 0;
    uint32_t size() const { return end - begin; }
    bool empty() const { return end <= begin; }
};

} // namespace strata::store

namespace std {
template <typename Tag> struct hash<strata::store::Id<Tag>> {
    size_t operator()(strata::store::Id<Tag> id) const noexcept { return std::hash<uint32_t>()(id.v); }
};
} // namespace std
