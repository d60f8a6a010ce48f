#pragma once
#include <common/menuchartview.h>

#include <analysis/latency/latencybinning.h>
#include <analysis/latency/latencystats.h>

#include <optional>

QT_BEGIN_NAMESPACE
class QAbstractAxis;
class QBarSeries;
class QBarSet;
class QCategoryAxis;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace strata::widgets {

// The Latency dock's histogram (objectName "latencyHistogram"): one bar a bin of the
// instances' durations on a time axis, with the median and p99 as dashed lines across it,
// a tooltip per bar, as many time labels as the width holds, and the chart colours of the
// palette. Right clicks go to the owner's menu. On the log scale the bars are the stats'
// log bins and the time axis is logarithmic (a linear axis over log10 of the time, labelled
// with durations at 1-2-5 steps or whole decades), so equal-ratio bins are equally wide.
// Comparing two profiles, both distributions share the bins (LatencyOverlay): a bar of each
// per bin, A and B in two colours named in the legend, with each side's median. When every
// instance has the same duration (one step), one narrow bar is labelled with that duration.
class LatencyHistogram : public MenuChartView {
    Q_OBJECT
public:
    using Scale = analysis::LatencyBinning::Scale;

    explicit LatencyHistogram(MenuFn menu, QWidget* parent = nullptr);

    // Draws `stats` (kept: the tooltips read its bins) on `scale`; an empty unit means still
    // analysing (blank), a unit without instances shows "No instances".
    void setStats(const analysis::LatencyStats& stats, Scale scale = Scale::Linear);
    // Draws two distributions whose histogram and logHistogram have the same edges on each
    // side (LatencyOverlay), named in the legend ("A: run7.json").
    void setComparison(const analysis::LatencyStats& a, const analysis::LatencyStats& b, Scale scale,
        const QString& aName, const QString& bName);
    Scale scale() const { return m_scale; }
    QBarSet* barSet() const { return m_set; } // null while nothing is drawn; A's when comparing
    QBarSet* bBarSet() const { return m_bSet; } // B's; null unless comparing
    const std::vector<analysis::LatencyBin>& bins() const; // the bins drawn (A's when comparing)
    const std::vector<analysis::LatencyBin>& bBins() const; // B's, on the same edges; empty unless comparing
    // Whether every instance has one duration (one bin, 1 ns wide): then one narrow bar and
    // one label, the duration, on the category axis.
    bool oneDuration() const;
    // The log axis' labelled points (ns) and their labels, for the current width.
    std::vector<std::pair<double, QString>> logTicks() const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void draw();
    void updateTimeTicks();
    void updateLogTicks();
    void attachLines(QAbstractAxis* x);
    void applyStyle();
    void showBinTip(bool on, int bin);

    analysis::LatencyStats m_stats;
    std::optional<analysis::LatencyStats> m_b; // comparing
    Scale m_scale = Scale::Linear;
    QBarSeries* m_series;
    QBarSet* m_set = nullptr;
    QBarSet* m_bSet = nullptr;
    QValueAxis* m_timeAxis;
    QCategoryAxis* m_logAxis; // x = log10(ns)
    QValueAxis* m_countAxis;
    QLineSeries* m_medianLine;
    QLineSeries* m_p99Line;
    QLineSeries* m_bMedianLine;
};

} // namespace strata::widgets
