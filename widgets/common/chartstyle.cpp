#include "chartstyle.h"

#include <common/themepalette.h>

#include <QAbstractAxis>
#include <QChart>
#include <QLegend>

namespace strata::widgets {

void ChartStyle::apply(QChart* chart, const QPalette& pal)
{
    const ThemePalette t = ThemePalette::from(pal);
    // No QChart::setTheme: it would recolour the series, which carry operator and family colours.
    chart->setBackgroundBrush(t.base);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setBackgroundRoundness(0);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(t.text);
    chart->setDropShadowEnabled(false);
    if (QLegend* legend = chart->legend()) {
        legend->setLabelColor(t.text);
        legend->setBrush(Qt::NoBrush);
        legend->setPen(Qt::NoPen);
    }
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsColor(t.chartLabel);
        axis->setLinePenColor(t.chartAxis);
        axis->setGridLineColor(t.chartGrid);
        axis->setMinorGridLineColor(t.chartGrid);
        axis->setTitleBrush(t.chartLabel);
        axis->setShadesVisible(false);
    }
}

} // namespace strata::widgets
