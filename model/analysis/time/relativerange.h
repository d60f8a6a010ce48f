#pragma once
#include <store/types.h>

#include <optional>

namespace strata::store {

// A time range given relative to a trace's start before the trace is known (--range on
// both command lines): resolved against the trace once it is loaded.
struct RelativeRange {
    TimeNs start = 0;
    std::optional<TimeNs> end; // empty: up to the end of the trace

    TimeRange resolve(TimeRange trace) const { return { trace.start + start, end ? trace.start + *end : trace.end }; }
    // Still relative to the trace start, an open end closed at the trace's end.
    TimeRange closed(TimeRange trace) const { return { start, end ? *end : trace.duration() }; }
};

} // namespace strata::store
