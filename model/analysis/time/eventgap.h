#pragma once
#include <store/types.h>

namespace strata::analysis {

// The time between two events, as a user measuring "from this event to that one" means it:
// from the end of the earlier event to the start of the later one, in the store's
// nanoseconds (never through pixels). Which event is earlier is decided by start time (ties:
// the first event given); a negative gap is an overlap, the later event starting before the
// earlier one ends. An instant is an event whose start and end coincide.
struct EventGap {
    store::TimeNs from = 0; // the end of the earlier event
    store::TimeNs to = 0; // the start of the later event
    bool secondFirst = false; // the second event given is the earlier one
    store::TimeNs delta() const { return to - from; }
    bool overlap() const { return to < from; }

    static EventGap between(store::TimeRange first, store::TimeRange second);
};

} // namespace strata::analysis
