#pragma once
#include <state/marker.h>
#include <state/statefwd.h>
#include <store/types.h>

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <optional>

namespace strata::widgets {

// The stretch of time a dock computes over: one concept for every dock that has a scope,
// so that "whole trace", "visible range", "current selection" and "marker pair" mean the
// same in each of them.
// - WholeTrace: everything ({kTimeMin, kTimeMax}).
// - VisibleRange: what the timeline shows; follows zoom and pan.
// - CurrentSelection: the selected slice's exact extent [ts, ts + dur] or the time selection,
//   whichever the user set last (Selection::currentIsLatest), else the visible range (like
//   Neuron's "Current Selection Summary"). Framing the slice (F) pads the view, never the
//   scope: the window stays the slice.
// - MarkerPair: a marker and its Diff vs marker (the Annotations dock's pair). The marker
//   follows the one selected on the timeline or in the Annotations dock; a deselection
//   keeps the last one while it exists. Without a pair there is no window (hasWindow()).
// Moves of the scope's window are paced (setPace: debounced, optionally with a cap), so a
// drag or a run of wheel notches costs one recomputation; a change of mode or of the pair's
// marker is reported at once.
class TimeScope : public QObject {
    Q_OBJECT
public:
    enum class Mode { WholeTrace, VisibleRange, CurrentSelection, MarkerPair };
    // What window() is now: CurrentSelection resolves to Slice, TimeSelection or Visible;
    // None is a marker pair without one.
    enum class Source { WholeTrace, Visible, TimeSelection, MarkerPair, None, Slice };
    static constexpr int kDebounceMs = 150;

    explicit TimeScope(model::Session* session, QObject* parent = nullptr);

    Mode mode() const { return m_mode; }
    void setMode(Mode mode); // emits changed() at once
    // quietMs: how long the moves must pause before changed(); maxDelayMs (0 = no cap): the
    // longest a run of moves is held back, so the numbers follow a drag that never pauses.
    void setPace(int quietMs, int maxDelayMs = 0);
    bool isPending() const { return m_debounce.isActive(); } // a move waits for the pause
    void discardPending(); // the held-back move is dropped (a new profile replaces it)

    // The pair's marker (MarkerPair); setting it reports a new pair at once.
    model::MarkerId marker() const { return m_marker; }
    void setMarker(model::MarkerId id);

    Source source() const;
    bool hasWindow() const { return source() != Source::None; }
    // The window, absolute: {kTimeMin, kTimeMax} for the whole trace, empty without one.
    store::TimeRange window() const;
    // The window relative to the trace start, as strata-cli --range takes it; nullopt for
    // the whole trace (and without a window).
    std::optional<store::TimeRange> relativeRange() const;
    // "whole trace", "time selection 1.2 ms – 3.4 ms (2.2 ms)", "visible window …",
    // "marker pair …", "no marker pair", "ProfilerStep#6 …" (a selected slice).
    QString describe() const;
    // The selected slice's name while the source is Slice, else "".
    QString sliceName() const;

    static QString label(Mode mode); // "Whole trace", "Visible range", …
    static QString toolTip(Mode mode);

signals:
    void changed();

private:
    bool follows(Source moved) const;
    // The current event when it is a slice of the session's store; else invalid.
    store::SliceRow currentSlice() const;
    void onMoved();
    void onMarkersChanged();
    void onMarkerSelected(model::MarkerId id);
    void report();

    model::Session* m_session;
    model::Selection* m_selection;
    model::Viewport* m_viewport;
    model::AnnotationsModel* m_annotations;
    Mode m_mode = Mode::WholeTrace;
    model::MarkerId m_marker;
    int m_quietMs = kDebounceMs;
    int m_maxDelayMs = 0;
    QTimer m_debounce;
    QElapsedTimer m_burst; // since the first move the debounce holds back
};

} // namespace strata::widgets
