#pragma once
#include <analysis/breakdown/breakdownindex.h>
#include <analysis/breakdown/breakdownresult.h>
#include <common/dockcontext.h>
#include <common/timescope.h>
#include <store/eventstore.h>

#include <QWidget>

#include <memory>
#include <optional>
#include <string>
#include <vector>

class QCheckBox;
class QLabel;
class QScrollArea;
class QSplitter;
class QStackedWidget;

namespace strata::widgets {

class BreakdownBars;
class BreakdownComputer;
class BreakdownTable;
class ElidedLabel;
class TimeScopeBox;

// The Time Breakdown dock (objectName "timeBreakdown"): whether the devices compute,
// communicate, move memory or stand idle over a TimeScope's window (whole trace by default,
// the visible range, the current selection or a marker pair) — the numbers of strata-cli
// breakdown, computed off the GUI thread from the profile's BreakdownIndex. Per device (and,
// with "Engines", per engine) a stacked bar of its span (BreakdownBars) and the durations and
// shares under it (BreakdownTable). A click on a segment of a bar selects, on the timeline,
// the longest stretch of that segment's kind for that device or engine inside the window,
// and brings it into view; the next click on the same segment steps to the next longest
// ("2 of 37" in the status bar), all through the session's Selection and Viewport. The
// table's context menu copies it and exports what strata-cli breakdown --csv/--json prints.
class BreakdownWidget : public QWidget {
    Q_OBJECT
public:
    explicit BreakdownWidget(const DockContext& context, QWidget* parent = nullptr);

    std::shared_ptr<const analysis::RankBreakdown> breakdown() const { return m_shown; }
    bool isBusy() const;
    QString placeholderText() const; // "" while the breakdown is shown
    TimeScope* scope() const { return m_scope; }
    BreakdownBars* bars() const { return m_bars; }
    BreakdownTable* table() const { return m_table; }
    // The breakdown shown, as strata-cli breakdown FILE [--range] --csv and --json print it
    // (FILE: the profile's path); empty while none is shown.
    std::string csv() const;
    std::string json() const;
    // Where the last segment click stands: "compute 2 of 37: 1.234 ms on stream 7"; "" before one.
    QString stepText() const { return m_stepText; }

signals:
    void breakdownUpdated(); // a new breakdown is on screen

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void setStore(std::shared_ptr<const store::EventStore> store);
    void setIndex(std::shared_ptr<const analysis::BreakdownIndex> index);
    void refresh();
    void apply(std::shared_ptr<const analysis::RankBreakdown> breakdown);
    void showPlaceholder(const QString& text);
    void fitBars();
    void selectSegment(int device, int engine, analysis::BreakdownSegment segment);
    void onSegmentReady(int device, int engine, analysis::BreakdownSegment segment, store::TimeRange window,
        std::shared_ptr<const std::vector<analysis::IntervalSet::Interval>> intervals);
    void showStep();
    void tableMenu(const QPoint& pos);
    QString rowLabel(int device, int engine) const;

    model::Session* m_session;
    TimeScope* m_scope;
    TimeScopeBox* m_scopeBox;
    BreakdownComputer* m_computer;
    QCheckBox* m_engines;
    QLabel* m_caption;
    ElidedLabel* m_step;
    QStackedWidget* m_stack;
    QLabel* m_placeholder;
    QScrollArea* m_barsArea;
    QSplitter* m_split;
    bool m_userSplit = false; // the user placed the splitter: the dock no longer does
    BreakdownBars* m_bars;
    BreakdownTable* m_table;
    std::shared_ptr<const analysis::RankBreakdown> m_shown;
    // The segment clicked last and its stretches, longest first (null until they arrive);
    // `step` is the one selected now.
    struct Pick {
        int device = -1;
        int engine = -1;
        analysis::BreakdownSegment segment {};
        store::TimeRange window;
        std::shared_ptr<const std::vector<analysis::IntervalSet::Interval>> intervals;
        size_t step = 0;
    };
    std::optional<Pick> m_pick;
    // The time selection this dock set last: with the Current Selection scope it would
    // otherwise become the window and the stretches' list with it.
    std::optional<store::TimeRange> m_selected;
    QString m_stepText;
};

} // namespace strata::widgets
