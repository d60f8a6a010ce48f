#pragma once
#include "operatorhighlighter.h"
#include <common/dockcontext.h>
#include <common/timescope.h>
#include <state/latestjob.h>

#include <analysis/operators/operatorcatalog.h>
#include <analysis/operators/operatortable.h>
#include <state/statefwd.h>
#include <store/eventstore.h>

#include <QWidget>

#include <atomic>
#include <memory>

class QBoxLayout;
class QComboBox;
class QGraphicsSimpleTextItem;
class QLabel;

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QHorizontalPercentBarSeries;
class QPieSeries;
class QPieSlice;
QT_END_NAMESPACE

namespace strata::widgets {

class OperatorCompareBars;
class PieLegend;
class TransferSplitBar;

// The Operator Charts dock (objectName "operatorCharts"; the pie of the Neuron TensorBoard
// plugin's operator views): a donut of the share of busy time by operator at a chosen level
// — framework op, operator, layer, HLO, command or module — as the top 8 plus "Other", and
// the split of the same time by kind of work — execution, communication, data transfer —
// as one stacked bar (TransferSplitBar; "about 83 % of the time spent on data transfer" is
// read off it). Shares are self time over the busy time
// of the tracks in scope, the Operator Table's "% Busy" column, so both docks agree.
//
// Clicking a slice highlights its events on the timeline. Whole trace or current
// selection, as the table; aggregation runs on the thread pool.
//
// Comparing (the context's Comparison active, B's catalog built): A | B. The donut gives way
// to OperatorCompareBars, A's and B's time per operator side by side for the operators that
// take the most in either, with both splits under them. B's window is the
// whole of B, or A's selection moved by the alignment offset, as in the summaries.
class OperatorChartsWidget : public QWidget {
    Q_OBJECT
public:
    static constexpr int kTopSlices = 8;

    // Follows the context's session: its profile, analyses and the state objects it shares.
    explicit OperatorChartsWidget(const DockContext& context, QWidget* parent = nullptr);
    ~OperatorChartsWidget() override;
    QSize sizeHint() const override; // the default layout's share of a 1600 px window

    void setLevel(analysis::OperatorLevel level);
    analysis::OperatorLevel level() const;
    void setMode(TimeScope::Mode mode);

    QPieSeries* shareSeries() const { return m_pie; }
    QHorizontalPercentBarSeries* splitSeries() const;
    PieLegend* legend() const { return m_legend; }
    const analysis::OperatorTable* table() const { return m_table.get(); }
    const analysis::OperatorTable* bTable() const { return m_bTable.get(); } // comparing only
    OperatorCompareBars* compareBars() const { return m_compareBars; }
    // Highlights the slices of the operator behind a pie slice (not "Other").
    void highlightSlice(QPieSlice* slice);

signals:
    void chartsChanged(); // new figures are drawn

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void setAnalysis(
        std::shared_ptr<const store::EventStore> store, std::shared_ptr<const analysis::OperatorCatalog> catalog);
    void rebuild();
    struct Result; // A's table, and while comparing B's and the two joined
    void apply(const std::shared_ptr<const Result>& result);
    void showCompare(bool on);
    // B's store and catalog while comparing and B's catalog is built; else none.
    std::pair<std::shared_ptr<const store::EventStore>, std::shared_ptr<const analysis::OperatorCatalog>> bSide() const;
    void fillPie();
    void fillSplit();
    void applyStyle();
    void placeCenterLabel();
    void explode(int row, bool on);
    void showContextMenu(const QPoint& globalPos);

    model::Selection* m_selection;
    model::Viewport* m_viewport;
    TimeScope* m_window;
    std::shared_ptr<const store::EventStore> m_store;
    std::shared_ptr<const analysis::OperatorCatalog> m_catalog;
    std::shared_ptr<const analysis::OperatorTable> m_table;
    std::shared_ptr<const analysis::OperatorTable> m_bTable;
    model::Comparison* m_comparison = nullptr;
    std::shared_ptr<const store::EventStore> m_bStore; // what the last rebuild compared with
    OperatorCompareBars* m_compareBars = nullptr;
    std::optional<store::TimeRange> m_tableRange;

    QComboBox* m_levelBox = nullptr;
    QComboBox* m_modeBox = nullptr;
    QLabel* m_status = nullptr;
    QChart* m_pieChart = nullptr;
    QChartView* m_pieView = nullptr;
    QPieSeries* m_pie = nullptr;
    QGraphicsSimpleTextItem* m_center = nullptr;
    PieLegend* m_legend = nullptr;
    QBoxLayout* m_donutLayout = nullptr;
    TransferSplitBar* m_split = nullptr;

    model::LatestJob m_job;
    OperatorHighlighter m_highlighter;
    bool m_building = false;
    bool m_levelChosen = false; // the user picked a level: keep it; else each profile opens at its default
};

} // namespace strata::widgets
