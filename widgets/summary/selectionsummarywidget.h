#pragma once
#include <analysis/breakdown/breakdownindex.h>
#include <analysis/summary/summaryindex.h>
#include <analysis/summary/summaryresult.h>
#include <common/dockcontext.h>
#include <common/timescope.h>
#include <state/statefwd.h>
#include <store/eventstore.h>

#include <QWidget>

#include <memory>
#include <utility>

class QComboBox;

namespace strata::widgets {

class CompareSummaryStack;
class SummaryComputer;
class SummaryView;

// The Current Selection Summary dock (objectName "selectionSummary"; as in the Neuron
// profiler): the SummaryView of a window of the trace — the numbers `strata-cli summary
// FILE --range START:END` prints for it. The window is the dock's TimeScope: the current
// selection (the selected slice's exact extent or the time selection, whichever the user set
// last, else the visible range; the default — its caption names the slice),
// the visible range, or the marker pair (the selected marker and its Diff vs marker). The
// whole trace is the Overall Summary dock's. It follows zoom, pan and marker drags: moves
// are debounced (kDebounceMs, but at most kMaxDelayMs during a long drag), computed on the
// thread pool, and a result that a newer move has overtaken is dropped. Shows "Building
// summary…" from setStore until setSummaryIndex. While two profiles are compared, an
// A | B | Δ mode (CompareSummaryStack) shows A's window and B's same window, moved by the
// alignment offset, side by side.
class SelectionSummaryWidget : public QWidget {
    Q_OBJECT
public:
    static constexpr int kDebounceMs = 120;
    // A drag that never pauses still updates this often: the numbers follow the hand.
    static constexpr int kMaxDelayMs = 400;

    // Follows the context's session; with the context's Comparison, the A | B | Δ mode.
    explicit SelectionSummaryWidget(const DockContext& context, QWidget* parent = nullptr);

    // The window to summarise now (absolute); empty for a marker pair without one.
    store::TimeRange targetWindow() const;
    bool targetIsSelection() const;
    // Computes the target window at once instead of after the debounce.
    void refresh();
    TimeScope* timeScope() const { return m_scope; }
    QComboBox* scopeBox() const { return m_scopeBox; }

    // What is on screen: the summary, its window (absolute) and whether it was a selection.
    std::shared_ptr<const analysis::TraceSummary> summary() const;
    store::TimeRange window() const { return m_shownWindow; }
    bool showsSelection() const { return m_shownSource == TimeScope::Source::TimeSelection; }
    TimeScope::Source shownSource() const { return m_shownSource; }
    bool isBusy() const; // a move is waiting for the debounce or its result
    SummaryComputer* computer() const { return m_computer; }
    SummaryView* view() const { return m_view; }
    CompareSummaryStack* compareStack() const { return m_compare; } // null without a comparison

signals:
    void summaryUpdated(); // a new summary is on screen

private:
    void setStore(std::shared_ptr<const store::EventStore> store, const QString& filePath = QString(),
        const QString& format = QString());
    // `breakdown` (may be null, still being built) makes device busy each device's union.
    void setSummaryIndex(std::shared_ptr<const analysis::SummaryIndex> index,
        std::shared_ptr<const analysis::BreakdownIndex> breakdown = nullptr);
    void apply(std::shared_ptr<const analysis::TraceSummary> summary);
    store::TimeNs origin() const;
    // "Selection: 1.200 ms – 3.400 ms (2.200 ms)", "Visible: …", "Markers: …" or, for a
    // selected slice, "ProfilerStep#6 · …" for an absolute window of A, and its tooltip.
    std::pair<QString, QString> captionFor(
        store::TimeRange window, TimeScope::Source source, const QString& sliceName) const;

    TimeScope* m_scope;
    QComboBox* m_scopeBox;
    SummaryComputer* m_computer;
    SummaryView* m_view;
    CompareSummaryStack* m_compare = nullptr;
    QString m_path;
    TimeScope::Source m_requestedSource = TimeScope::Source::Visible; // of the latest request
    QString m_requestedSlice; // the slice's name when the latest request was a slice's extent
    store::TimeRange m_shownWindow;
    TimeScope::Source m_shownSource = TimeScope::Source::Visible;
};

} // namespace strata::widgets
