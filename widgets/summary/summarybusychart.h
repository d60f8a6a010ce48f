#pragma once
#include <analysis/summary/summaryresult.h>

#include <QChartView>
#include <QStringList>

#include <vector>

QT_BEGIN_NAMESPACE
class QBarCategoryAxis;
class QBarSet;
class QHorizontalStackedBarSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace strata::widgets {

// A horizontal bar chart of busy time per engine (track), the busiest on top: compute
// engines in the timeline's orange, communication engines in violet, data-transfer engines
// in its blue (bar sets 0, 1 and 2: setOf). Hovering a bar tells
// its busy time and utilisation. Engines beyond kMaxBars (the least busy) are left out and
// counted in the axis title.
class SummaryBusyChart : public QChartView {
    Q_OBJECT
public:
    static constexpr int kMaxBars = 24;

    explicit SummaryBusyChart(QWidget* parent = nullptr);

    void setSummary(const analysis::TraceSummary& summary);
    void clear();

    // The bars, busiest first: their labels (distinct; the axis shows them elided to the
    // chart's width), the summary rows they show, busy times.
    const QStringList& labels() const { return m_labels; }
    QStringList shownLabels() const; // top to bottom, as the axis shows them
    const std::vector<size_t>& rows() const { return m_rows; }
    const std::vector<store::TimeNs>& busy() const { return m_busy; }
    int barCount() const { return int(m_labels.size()); }
    QHorizontalStackedBarSeries* series() const { return m_series; }
    QBarCategoryAxis* categoryAxis() const { return m_categories; }
    // The bar set an engine's bar is in: 0 compute (sync and host rows too), 1 communication,
    // 2 data transfer (memory).
    static int setOf(store::WorkKind engine)
    {
        return engine == store::WorkKind::Communication ? 1 : engine == store::WorkKind::Memory ? 2 : 0;
    }

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void restyle();
    void relabel();
    void showToolTip(bool on, int index);

    QHorizontalStackedBarSeries* m_series = nullptr;
    QBarSet* m_compute = nullptr;
    QBarSet* m_communication = nullptr;
    QBarSet* m_transfer = nullptr;
    QBarCategoryAxis* m_categories = nullptr;
    QValueAxis* m_values = nullptr;
    QStringList m_labels; // top to bottom
    std::vector<size_t> m_rows; // summary rows, top to bottom
    std::vector<store::TimeNs> m_busy;
    std::vector<QString> m_tips; // per bar, top to bottom
    int m_labelWidth = 0; // what the axis labels are elided to
};

} // namespace strata::widgets
