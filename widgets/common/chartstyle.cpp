#include "chartstyle.h"

#include <common/timelinestyle.h>

#include <QAbstractAxis>
#include <QChart>
#include <QLegend>

namespace strata::widgets {

bool ChartStyle::isDark(const QPalette& palette)
{
    return palette.color(QPalette::Base).lightnessF() < 0.5;
}

QColor ChartStyle::executionColor()
{
    return QColor(0xe0, 0x8a, 0x3c);
}
QColor ChartStyle::transferColor()
{
    return QColor(0x3b, 0x8e, 0xd0);
}

QColor ChartStyle::otherColor(const QPalette& palette)
{
    return TimelineStyle::mix(palette.color(QPalette::Base), palette.color(QPalette::Text), 0.30);
}

QColor ChartStyle::categoryColor(int i)
{
    static const QRgb kColors[]
        = { 0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f };
    constexpr int n = int(sizeof(kColors) / sizeof(kColors[0]));
    return QColor(kColors[((i % n) + n) % n]);
}

void ChartStyle::apply(QChart* chart, const QPalette& pal)
{
    const QColor base = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    chart->setBackgroundBrush(base);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setBackgroundRoundness(0);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(text);
    chart->setDropShadowEnabled(false);
    if (QLegend* legend = chart->legend()) {
        legend->setLabelColor(text);
        legend->setBrush(Qt::NoBrush);
        legend->setPen(Qt::NoPen);
    }
    const QColor axisLine = TimelineStyle::mix(base, text, 0.35);
    const QColor grid = TimelineStyle::mix(base, text, 0.10);
    const QColor labels = TimelineStyle::mix(base, text, 0.80);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsColor(labels);
        axis->setLinePenColor(axisLine);
        axis->setGridLineColor(grid);
        axis->setMinorGridLineColor(grid);
        axis->setTitleBrush(labels);
        axis->setShadesVisible(false);
    }
}

} // namespace strata::widgets
