#pragma once
#include <store/types.h>

#include <QRect>

#include <cmath>

namespace strata::widgets {

// Where the parts of the timeline sit in widget coordinates for one paint or one event, and
// how time maps to x on the canvas. Cheap to compute; nothing caches it.
struct TimelineFrame {
    QRect corner; // above the label column: trace summary, ruler origin
    QRect overview; // whole-trace density with the visible window
    QRect ruler; // time axis, flags included
    QRect flags; // the ruler's top strip where marker flags hang, above its tick labels; empty without markers
    QRect banner; // under the ruler, across the widget: what was not shown; empty when nothing needs saying
    QRect labels; // label column beside the tracks
    QRect canvas; // tracks
    store::TimeNs t0 = 0, t1 = 1;
    double nsPerPx = 1;
    int scrollY = 0;

    double xOf(store::TimeNs t) const { return canvas.left() + double(t - t0) / nsPerPx; }
    store::TimeNs timeAt(double x) const { return t0 + store::TimeNs(std::llround((x - canvas.left()) * nsPerPx)); }
    QRect rulerTicks() const { return ruler.adjusted(0, flags.height(), 0, 0); } // the ticks and their labels
    int originY() const { return canvas.top() - scrollY; } // widget y of content y 0
};

} // namespace strata::widgets
