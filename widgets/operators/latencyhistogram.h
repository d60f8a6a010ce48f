#pragma once
#include "menuchartview.h"

#include <analysis/latency/latencystats.h>

QT_BEGIN_NAMESPACE
class QBarSeries;
class QBarSet;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace strata::widgets {

// The Latency dock's histogram (objectName "latencyHistogram"): one bar a bin of the
// instances' durations on a time axis, with the median and p99 as dashed lines across it,
// a tooltip per bar, as many time labels as the width holds, and the chart colours of the
// palette. Right clicks go to the owner's menu.
class LatencyHistogram : public MenuChartView {
    Q_OBJECT
public:
    explicit LatencyHistogram(MenuFn menu, QWidget* parent = nullptr);

    // Draws `stats` (kept: the tooltips read its bins); an empty unit means still
    // analysing (blank), a unit without instances shows "No instances".
    void setStats(const analysis::LatencyStats& stats);
    QBarSet* barSet() const { return m_set; } // null while nothing is drawn

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void updateTimeTicks();
    void applyStyle();
    void showBinTip(bool on, int bin);

    analysis::LatencyStats m_stats;
    QBarSeries* m_series;
    QBarSet* m_set = nullptr;
    QValueAxis* m_timeAxis;
    QValueAxis* m_countAxis;
    QLineSeries* m_medianLine;
    QLineSeries* m_p99Line;
};

} // namespace strata::widgets
