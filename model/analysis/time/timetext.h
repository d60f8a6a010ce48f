#pragma once
#include "relativerange.h"
#include <store/types.h>

#include <optional>
#include <string>
#include <string_view>

namespace strata::analysis {

// Times typed by a user, in the Search dock and on both command lines: "1500" (ns),
// "1500ns", "1.5us", "1.5 µs", "2ms", "0.25s", the unit in any case. Exact decimal, never
// through a float, so "1700000000.123456789s" keeps every nanosecond; the digits past the
// nanosecond round half up. No sign: these are durations or times after a trace's start.
class TimeText {
public:
    static std::optional<store::TimeNs> parse(std::string_view text, std::string* error = nullptr);
    // "START:END"; a side left empty is the trace's own start or end ("2ms:", ":1s").
    // END must be after START.
    static std::optional<RelativeRange> parseRange(std::string_view text, std::string* error = nullptr);
};

} // namespace strata::analysis
