#pragma once
#include <analysis/summary/summaryindex.h>
#include <analysis/summary/summaryresult.h>
#include <state/statefwd.h>
#include <store/eventstore.h>

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <utility>

namespace strata::model {
class Comparison;
}

namespace strata::widgets {

class CompareSummaryStack;
class SummaryComputer;
class SummaryView;

// The Current Selection Summary dock (objectName "selectionSummary"; as in the Neuron
// profiler): the SummaryView of the time selection when there is one, else of the visible
// window — the numbers `strata-cli summary FILE --range START:END` prints for it. It
// follows zoom and pan: moves are debounced (kDebounceMs, but at most kMaxDelayMs during a
// long drag), computed on the thread pool, and a result that a newer move has overtaken is
// dropped. Shows "Building summary…" from setStore until setSummaryIndex. While two
// profiles are compared, an A | B | Δ mode (CompareSummaryStack) shows A's window and B's
// same window, moved by the alignment offset, side by side.
class SelectionSummaryWidget : public QWidget {
    Q_OBJECT
public:
    static constexpr int kDebounceMs = 120;
    // A drag that never pauses still updates this often: the numbers follow the hand.
    static constexpr int kMaxDelayMs = 400;

    // Follows the session's profile and analyses, and the state objects it shares.
    explicit SelectionSummaryWidget(model::Session* session, QWidget* parent = nullptr);
    // The same for the comparison's A, with the A | B | Δ mode.
    explicit SelectionSummaryWidget(model::Comparison* comparison, QWidget* parent = nullptr);

    // The window to summarise now: the time selection, else the visible range (absolute).
    store::TimeRange targetWindow() const;
    bool targetIsSelection() const;
    // Computes the target window at once instead of after the debounce.
    void refresh();

    // What is on screen: the summary, its window (absolute) and whether it was a selection.
    std::shared_ptr<const analysis::TraceSummary> summary() const;
    store::TimeRange window() const { return m_shownWindow; }
    bool showsSelection() const { return m_shownSelection; }
    bool isBusy() const; // a move is waiting for the debounce or its result
    SummaryComputer* computer() const { return m_computer; }
    SummaryView* view() const { return m_view; }
    CompareSummaryStack* compareStack() const { return m_compare; } // null without a comparison

signals:
    void summaryUpdated(); // a new summary is on screen

private:
    SelectionSummaryWidget(model::Comparison* comparison, model::Session* session, QWidget* parent);
    void setStore(std::shared_ptr<const store::EventStore> store, const QString& filePath = QString(),
        const QString& format = QString());
    void setSummaryIndex(std::shared_ptr<const analysis::SummaryIndex> index);
    void onWindowMoved();
    void apply(std::shared_ptr<const analysis::TraceSummary> summary);
    store::TimeNs origin() const;
    // "Selection: 1.200 ms – 3.400 ms (2.200 ms)" or "Visible: …" for an absolute window of A,
    // and its tooltip.
    std::pair<QString, QString> captionFor(store::TimeRange window, bool selection) const;

    model::Selection* m_selection;
    model::Viewport* m_viewport;
    SummaryComputer* m_computer;
    SummaryView* m_view;
    CompareSummaryStack* m_compare = nullptr;
    QTimer m_debounce;
    QElapsedTimer m_burst; // since the first move the debounce has been holding back
    QString m_path;
    bool m_requestedSelection = false; // of the latest request
    store::TimeRange m_shownWindow;
    bool m_shownSelection = false;
};

} // namespace strata::widgets
