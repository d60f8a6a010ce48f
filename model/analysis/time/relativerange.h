#pragma once
#include <store/types.h>

#include <optional>

namespace strata::analysis {

// A time range given relative to a trace's start before the trace is known (--range on
// both command lines): resolved against the trace once it is loaded.
struct RelativeRange {
    store::TimeNs start = 0;
    std::optional<store::TimeNs> end; // empty: up to the end of the trace

    store::TimeRange resolve(store::TimeRange trace) const
    {
        return { trace.start + start, end ? trace.start + *end : trace.end };
    }
    // Still relative to the trace start, an open end closed at the trace's end.
    store::TimeRange closed(store::TimeRange trace) const { return { start, end ? *end : trace.duration() }; }
};

} // namespace strata::analysis
