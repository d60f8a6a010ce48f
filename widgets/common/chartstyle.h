#pragma once
#include <QColor>
#include <QPalette>

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace strata::widgets {

// Qt Charts in the application's palette instead of a chart theme: background, titles,
// legend, axes and grid mixed from the palette, so charts sit flat in their docks in light
// and dark mode. Call again on QEvent::PaletteChange. Series colours are left alone.
class ChartStyle {
public:
    static void apply(QChart* chart, const QPalette& palette);
    static bool isDark(const QPalette& palette);
    // Execution and data transfer, the same hues as the timeline's compute and transfer
    // families, picked to read on both light and dark backgrounds.
    static QColor executionColor();
    static QColor transferColor();
    static QColor otherColor(const QPalette& palette); // the "Other" slice: a neutral grey
    // The i-th of 9 qualitative colours (Tableau 10 without its grey): neighbours in a pie
    // stay apart, on light and dark backgrounds alike.
    static QColor categoryColor(int i);
};

} // namespace strata::widgets
