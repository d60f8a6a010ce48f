#pragma once
#include <QPalette>

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace strata::widgets {

// Qt Charts in the application's theme instead of a chart theme: background, titles,
// legend, axes and grid from ThemePalette, so charts sit flat in their docks in light and
// dark mode. Call again on QEvent::PaletteChange. Series colours are left alone.
class ChartStyle {
public:
    static void apply(QChart* chart, const QPalette& palette);
};

} // namespace strata::widgets
