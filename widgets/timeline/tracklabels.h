#pragma once
#include "timelinelayout.h"
#include <common/themepalette.h>

#include <QFont>
#include <QFontMetrics>
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
    static constexpr int kIndentPx = 12;
    // The line across the labels and the tracks above each rank of a job but the first.
    static constexpr int kRankLine = 2;
    static QColor rankLine(const ThemePalette& st);
    // Where a track's name starts in its row: one step right per LayoutRow::indent level.
    static int textLeft(const QRect& row, int indent) { return row.left() + 14 + indent * kIndentPx; }
    // A track name fitted to `width`: nested names share their ancestors' path, so the
    // middle goes and both the root and the track's own name stay readable. The id that
    // tells sibling tracks apart stays whole: a leading "thread 1454" or "Stream 101", or a
    // trailing "(pid 17)", "(overlap 2)" or number; only the descriptive part between loses
    // its middle ("thread 3212 (launc…test_m)", not "thread 3212…her_test_m)").
    static QString elided(const QFontMetrics& fm, const QString& name, int width);
};

} // namespace strata::widgets
