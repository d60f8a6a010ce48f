#pragma once
#include <store/types.h>

#include <QRect>
#include <QSize>

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
    // Under the ruler and the banner, above the tracks: a job's collective skew strip (beside
    // the canvas) and its label; both empty when the strip is not shown.
    QRect skew, skewLabel;
    QRect labels; // label column beside the tracks
    QRect canvas; // tracks
    store::TimeNs t0 = 0, t1 = 1;
    double nsPerPx = 1;
    int scrollY = 0;

    // What a frame is computed from: the widget's size, the label column's width (kept between
    // TrackLabels' minimum and half the widget), the heights of the bands above the tracks
    // (0: not shown) and the visible range.
    struct Parts {
        QSize size;
        int labelWidth = 0;
        int overview = 0, ruler = 0, flags = 0, banner = 0, skew = 0;
        int minLabelWidth = 0;
        store::TimeRange visible;
        int scrollY = 0;
    };
    static TimelineFrame of(const Parts& parts);

    double xOf(store::TimeNs t) const { return canvas.left() + double(t - t0) / nsPerPx; }
    store::TimeNs timeAt(double x) const { return t0 + store::TimeNs(std::llround((x - canvas.left()) * nsPerPx)); }
    QRect rulerTicks() const { return ruler.adjusted(0, flags.height(), 0, 0); } // the ticks and their labels
    int originY() const { return canvas.top() - scrollY; } // widget y of content y 0
};

} // namespace strata::widgets
