#pragma once
#include "timelineframe.h"
#include "timelinelayout.h"

#include <store/eventstore.h>

namespace strata::widgets {

// Where a marker lands when it is dropped or dragged: on the nearest slice start or end
// within kSnapPx of the pointer on the slice row the pointer is over (the track's depth row
// under its y), so a measurement takes the edge the user points at and not a nearer one of
// another track; only when that row has no edge in reach, the nearest of any track on
// screen; else where the pointer is. Cost: two binary searches per searched track level
// (starts and ends are both sorted within a level of the store); tracks scrolled out of view
// or in collapsed processes are not searched, and nothing loops over a track's events.
class MarkerSnapper {
public:
    static constexpr double kSnapPx = 8;

    struct Result {
        store::TimeNs time = 0;
        store::SliceRow slice; // invalid when nothing was near enough
        bool end = false; // the slice's end, else its start
        bool onPointerRow = false; // found on the row under the pointer, not by the fallback
        bool snapped() const { return slice.valid(); }
    };

    // `y` is the pointer's widget y; kNoRow (or a y off the tracks) searches every row alike.
    static constexpr int kNoRow = -1;
    static Result snap(const store::EventStore& store, const TimelineLayout& layout, const TimelineFrame& frame,
        store::TimeNs time, int y = kNoRow, double maxPx = kSnapPx);
};

} // namespace strata::widgets
