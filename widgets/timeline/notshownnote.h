#pragma once
#include <QFont>
#include <QPalette>
#include <QRect>
#include <QString>

class QPainter;

namespace strata::widgets {

// Paints NotShownText's sentence on the timeline: a one-line banner above the tracks when
// something was drawn but kinds were skipped, or a wrapped paragraph centred on the canvas
// when there is nothing to draw.
class NotShownNote {
public:
    static constexpr int kBannerHeight = 22;

    static void paintBanner(
        QPainter& p, const QRect& area, const QString& text, const QPalette& pal, const QFont& font);
    static void paintCentred(
        QPainter& p, const QRect& area, const QString& text, const QPalette& pal, const QFont& font);
};

} // namespace strata::widgets
