#pragma once
#include "timelineframe.h"
#include "timelinelayout.h"

#include <store/eventstore.h>

namespace strata::widgets {

// Where a marker lands when it is dropped or dragged: on the nearest slice start or end of
// any track on screen within kSnapPx of the pointer, else where the pointer is. Cost: two
// binary searches per visible track level (starts and ends are both sorted within a level
// of the store); tracks scrolled out of view or in collapsed processes are not searched,
// and nothing loops over a track's events.
class MarkerSnapper {
public:
    static constexpr double kSnapPx = 8;

    struct Result {
        store::TimeNs time = 0;
        store::SliceRow slice; // invalid when nothing was near enough
        bool end = false; // the slice's end, else its start
        bool snapped() const { return slice.valid(); }
    };

    static Result snap(const store::EventStore& store, const TimelineLayout& layout, const TimelineFrame& frame,
        store::TimeNs time, double maxPx = kSnapPx);
};

} // namespace strata::widgets
