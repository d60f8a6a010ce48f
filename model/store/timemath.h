#pragma once
// Checked arithmetic on times read from input files. Every time a store holds (a slice's
// start and end, an instant, a counter sample, a flow point) lies in
// [-kTimeLimit, kTimeLimit], about ±146 years of nanoseconds: far beyond any clock a trace
// uses (Unix-epoch ns today are 1.8e18 < 4.6e18), and small enough that the difference of
// two stored times, an end, or an end plus one never overflows. Importers convert with
// these functions and drop or clamp what does not fit, counting it; StoreBuilder refuses
// what still lies outside (diagnostic "time_out_of_range"). Sums of many durations, which
// in-range times do not bound, saturate; prefix sums wrap by design (wrappingAdd).
#include "types.h"

#include <cmath>
#include <optional>

namespace strata::store {

// 2^62 - 1: the difference of two such times is at most 2^63 - 2, never past INT64_MAX.
constexpr TimeNs kTimeLimit = (TimeNs(1) << 62) - 1;

class TimeMath {
public:
    static constexpr bool inRange(TimeNs t) { return t >= -kTimeLimit && t <= kTimeLimit; }

    // a + b, a - b, a * b when the exact result is in range; nullopt otherwise.
    static constexpr std::optional<TimeNs> add(int64_t a, int64_t b)
    {
        int64_t r = 0;
        if (__builtin_add_overflow(a, b, &r) || !inRange(r))
            return std::nullopt;
        return r;
    }
    static constexpr std::optional<TimeNs> sub(int64_t a, int64_t b)
    {
        int64_t r = 0;
        if (__builtin_sub_overflow(a, b, &r) || !inRange(r))
            return std::nullopt;
        return r;
    }
    static constexpr std::optional<TimeNs> mul(int64_t a, int64_t b)
    {
        int64_t r = 0;
        if (__builtin_mul_overflow(a, b, &r) || !inRange(r))
            return std::nullopt;
        return r;
    }
    // Unsigned inputs (cycle counters, protobuf uint64 fields).
    static constexpr std::optional<TimeNs> fromUnsigned(uint64_t v)
    {
        if (v > uint64_t(kTimeLimit))
            return std::nullopt;
        return TimeNs(v);
    }
    // A finite double of nanoseconds, rounded to the nearest; NaN, infinities and values
    // out of range give nullopt (a plain cast of those is undefined behaviour).
    static std::optional<TimeNs> fromDouble(double ns)
    {
        if (!std::isfinite(ns) || ns < -double(kTimeLimit) || ns > double(kTimeLimit))
            return std::nullopt;
        return TimeNs(std::llround(ns));
    }

    // Sums of durations (busy time, totals over many slices) saturate at kTimeMax instead
    // of wrapping: a figure that large is already meaningless, but never negative.
    static constexpr TimeNs saturatingAdd(TimeNs a, TimeNs b)
    {
        int64_t r = 0;
        if (__builtin_add_overflow(a, b, &r))
            return b > 0 ? kTimeMax : kTimeMin;
        return r;
    }
    static constexpr TimeNs saturatingSub(TimeNs a, TimeNs b)
    {
        int64_t r = 0;
        if (__builtin_sub_overflow(a, b, &r))
            return b < 0 ? kTimeMax : kTimeMin;
        return r;
    }
    // Prefix sums, whose differences give window totals, wrap instead (two's complement, as
    // unsigned arithmetic defines it): a difference is then exact whenever the window's true
    // total fits, however large the sums before it grew. Only a trace of absurd durations
    // (each within range, their sum not) sees a wrapped figure; never undefined behaviour.
    static constexpr TimeNs wrappingAdd(TimeNs a, TimeNs b) { return TimeNs(uint64_t(a) + uint64_t(b)); }
    static constexpr TimeNs wrappingSub(TimeNs a, TimeNs b) { return TimeNs(uint64_t(a) - uint64_t(b)); }
};

} // namespace strata::store
