#pragma once
#include "operatorhighlighter.h"
#include <common/dockcontext.h>
#include <common/timescope.h>
#include <state/latestjob.h>

#include <analysis/latency/latencybinning.h>
#include <analysis/latency/latencystats.h>
#include <analysis/latency/stepbreakdown.h>
#include <analysis/operators/operatorcatalog.h>
#include <state/statefwd.h>
#include <store/eventstore.h>

#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>
#include <utility>

class QComboBox;
class QLabel;
class QLayout;
class QSortFilterProxyModel;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QTableView;

QT_BEGIN_NAMESPACE
class QBarSet;
QT_END_NAMESPACE

namespace strata::model {
class Comparison;
}

namespace strata::widgets {

class ElidedLabel;
class LatencyCompareModel;
class LatencyHistogram;
class LatencyStatsModel;
class OperatorAverageModel;
class StepTablePane;

// The Latency dock (objectName "latencyView"; like Furiosa's inference summary): for a
// repeated unit — by default the top-level host slices that repeat (ProfilerStep#N, an
// inference), or any operator the user picks or types — the count, min, max, mean, median
// and p90/p95/p97/p99/p99.9 of its instances' durations, their histogram (median and p99
// marked), and the per-operator average elapsed time and count. The figures are
// LatencyAnalyzer's, as strata-cli latency prints them; its JSON export is that command's
// output. A Steps tab lists every instance with the device's busy and idle time in it, its
// compute, communication and exposed communication shares, and its top operator
// (StepBreakdown; the JSON's "steps"). Whole trace or current selection;
// computed on the thread pool. The histogram's
// bins are linear or logarithmic: log when the longest instance is over LatencyBinning::
// kLogRatio times the shortest, unless the user picked a scale for the unit shown (the
// pick holds until another unit or profile is shown).
//
// While two profiles are compared, the same unit (A's unit name) in B — over B's whole trace,
// or A's window moved by the alignment offset — beside A's: both histograms on the bins of
// the two sample sets together (LatencyOverlay), and the figures with A, B and Δ columns
// (LatencyCompareModel).
class LatencyWidget : public QWidget {
    Q_OBJECT
public:
    static constexpr int kBins = 30; // as strata-cli latency's default

    // Follows the context's session (A) and, when the context has a Comparison, B: both
    // profiles' distributions while comparing.
    explicit LatencyWidget(const DockContext& context, QWidget* parent = nullptr);
    ~LatencyWidget() override;
    QSize sizeHint() const override; // the default layout's share of a 1600 px window

    // "" = the default unit.
    void setUnit(const QString& unit);
    QString unit() const { return m_unit; }
    void setMode(TimeScope::Mode mode);

    const analysis::LatencyStats& stats() const { return m_stats; }
    bool comparing() const { return m_bStats.has_value(); } // B's figures are shown
    const std::optional<analysis::LatencyStats>& bStats() const { return m_bStats; }
    LatencyCompareModel* compareModel() const { return m_compareModel; }
    QTableView* compareView() const { return m_compareView; }
    LatencyHistogram* histogram() const { return m_histogram; }
    const std::vector<analysis::OperatorAverage>& averages() const;
    LatencyStatsModel* statsModel() const { return m_statsModel; }
    OperatorAverageModel* averageModel() const { return m_averageModel; }
    QTableView* statsView() const { return m_statsView; }
    QTableView* averageView() const { return m_averageView; }
    QBarSet* histogramSet() const; // null while nothing is drawn
    analysis::LatencyBinning::Scale histogramScale() const;
    QComboBox* scaleBox() const { return m_scaleBox; } // "Linear", "Log"
    QComboBox* unitBox() const { return m_unitBox; }
    QTabWidget* pages() const { return m_pages; }
    StepTablePane* stepsPane() const { return m_steps; }

    std::string latencyJson() const; // strata-cli latency --json
    std::string statsCsv() const;
    std::string histogramCsv() const;
    std::string averagesCsv() const;
    std::string averagesJson() const;

signals:
    void updated(); // new figures are shown

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    QLayout* buildBar();
    void buildPages();
    QWidget* buildHistogramPane();
    void wireActions();
    void followB(const DockContext& context);
    void setAnalysis(std::shared_ptr<const store::EventStore> store,
        std::shared_ptr<const analysis::OperatorCatalog> catalog,
        std::shared_ptr<const analysis::BreakdownIndex> breakdown);
    struct Result {
        analysis::LatencyStats stats;
        std::vector<analysis::OperatorAverage> averages;
        analysis::StepTable steps;
        std::string defaultUnit;
        // Comparing: B's figures for A's unit, and both sides on shared bins, linear and log
        // (their stats with the histograms replaced).
        std::optional<analysis::LatencyStats> b;
        analysis::LatencyStats aShared, bShared;
    };
    // B's store and catalog while comparing with both ready; else nulls.
    std::pair<std::shared_ptr<const store::EventStore>, std::shared_ptr<const analysis::OperatorCatalog>> bSide() const;
    void fitCompareView();
    void arrangeDistribution(); // the A | B | Δ table beside the histogram, or above it when too narrow
    int statsWidth() const; // A's own table's width beside the histogram
    void rebuild();
    void apply(const std::shared_ptr<const Result>& result);
    void fillUnits(const Result& r);
    void unitChosen();
    void scaleChosen(int index);
    void showHistogram();
    void highlightOperator(const QModelIndex& viewIndex);
    void tableMenu(QTableView* view, const QPoint& pos);
    void chartMenu(const QPoint& globalPos);

    model::Selection* m_selection;
    model::Viewport* m_viewport;
    TimeScope* m_window;
    std::shared_ptr<const store::EventStore> m_store;
    std::shared_ptr<const analysis::OperatorCatalog> m_catalog;
    std::shared_ptr<const analysis::BreakdownIndex> m_breakdown; // the steps' shares; null until built
    QString m_unit; // "" = default
    analysis::LatencyStats m_stats;
    std::optional<analysis::LatencyStats> m_bStats; // comparing
    analysis::LatencyStats m_aShared, m_bShared; // the histogram's input while comparing
    std::optional<store::TimeRange> m_range;
    model::Comparison* m_comparison = nullptr;
    // B's store and catalog, as the latest analysis used.
    std::pair<std::shared_ptr<const store::EventStore>, std::shared_ptr<const analysis::OperatorCatalog>> m_bSide;
    bool m_unitsFilled = false;
    // The user's scale and the unit it was picked for; unset = automatic.
    std::optional<analysis::LatencyBinning::Scale> m_scaleChoice;
    std::string m_scaleUnit;

    QComboBox* m_unitBox = nullptr;
    QComboBox* m_modeBox = nullptr;
    QComboBox* m_scaleBox = nullptr;
    ElidedLabel* m_summary = nullptr;
    QTabWidget* m_pages = nullptr;
    LatencyStatsModel* m_statsModel = nullptr;
    LatencyCompareModel* m_compareModel = nullptr;
    OperatorAverageModel* m_averageModel = nullptr;
    QSortFilterProxyModel* m_averageProxy = nullptr;
    QTableView* m_statsView = nullptr;
    QTableView* m_compareView = nullptr;
    QStackedWidget* m_statsStack = nullptr;
    QSplitter* m_splitter = nullptr;
    QTableView* m_averageView = nullptr;
    LatencyHistogram* m_histogram = nullptr;
    StepTablePane* m_steps = nullptr;

    model::LatestJob m_job;
    OperatorHighlighter m_highlighter;
};

} // namespace strata::widgets
