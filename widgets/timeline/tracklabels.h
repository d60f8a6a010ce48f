#pragma once
#include "timelinelayout.h"

#include <QFont>
#include <QPalette>
#include <QRect>

class QPainter;

namespace strata::widgets {

// The label column left of the tracks: bold process headers with a collapse chevron and
// their labels, thread and lane names (with tid), counter names with their value range.
class TrackLabels {
public:
    static constexpr int kDefaultWidth = 220;
    static constexpr int kMinWidth = 120;

    // `originY` is the widget y of content y 0 (the track area's top minus the scroll).
    static void paint(QPainter& p, const QRect& column, int originY, const TimelineLayout& layout,
        const store::EventStore& store, const QPalette& pal, const QFont& font, int hoveredRow);
    // The box above the column: `trace` beside the overview, `view` beside the ruler.
    static void paintCorner(QPainter& p, const QRect& corner, int overviewHeight, const QString& trace,
        const QString& view, const QPalette& pal, const QFont& font);
    static QString processSubtitle(const store::EventStore& store, const LayoutRow& row);
};

} // namespace strata::widgets
