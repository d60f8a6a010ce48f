#pragma once
#include <store/types.h>

#include <QFont>
#include <QFontMetrics>
#include <QPalette>
#include <QRect>
#include <QRectF>
#include <QString>

#include <vector>

class QPainter;

namespace strata::widgets {

struct RulerTick {
    store::TimeNs t = 0; // absolute trace time
    double x = 0; // px from the left of the canvas
    bool major = false;
    QString label; // major ticks only
};

// The time axis above the tracks. Ticks follow a 1-2-5 series chosen so labels are at least
// `minLabelPx` apart; labels are times since the trace start ("1.250 ms"). Deep in a long
// trace, where "100.000 012 340 s" would not fit, the ruler switches to an origin shown once
// at its left plus short offsets ("+20 ns").
class TimeRuler {
public:
    struct Ticks {
        std::vector<RulerTick> ticks;
        store::TimeNs step = 0; // between major ticks
        QString origin; // non-empty in offset mode
    };

    static Ticks compute(store::TimeNs visStart, store::TimeNs visEnd, store::TimeNs traceStart, double widthPx,
        double minLabelPx = 110);
    // The major tick step for a span, width and label spacing.
    static store::TimeNs majorStep(store::TimeNs span, double widthPx, double minLabelPx);

    // Where a major tick's label is drawn in `rect` (the ticks' part of the ruler).
    static QRectF labelRect(const QRect& rect, const RulerTick& tick, const QFontMetrics& fm);
    // Draws ticks and labels in `rect` (x of a tick is relative to rect.left()), leaving out
    // labels that would run into `avoid`.
    static void paint(QPainter& p, const QRect& rect, const Ticks& ticks, const QPalette& pal, const QFont& font,
        const QRectF& avoid = QRectF());
};

} // namespace strata::widgets
