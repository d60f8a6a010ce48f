#pragma once
#include <state/statefwd.h>
#include <store/types.h>

#include <QObject>
#include <QTimer>

#include <optional>

namespace strata::widgets {

// Which time window an analysis dock aggregates: the whole trace, or the current selection
// — the time selection when there is one, else the visible window (like Neuron's "Current
// Selection Summary", it follows zoom and pan). Moves of the window are debounced, so a
// drag or a run of wheel notches costs one re-aggregation.
class TimeScope : public QObject {
    Q_OBJECT
public:
    enum class Mode { WholeTrace, CurrentSelection };
    static constexpr int kDebounceMs = 150;

    TimeScope(model::Selection* selection, model::Viewport* viewport, QObject* parent = nullptr);

    Mode mode() const { return m_mode; }
    void setMode(Mode mode); // emits changed() at once
    // The window to aggregate: everything ({kTimeMin, kTimeMax}) for the whole trace.
    store::TimeRange window() const;
    // The window relative to the trace start, as strata-cli --range takes it; nullopt for
    // the whole trace.
    std::optional<store::TimeRange> relativeRange() const;
    // "whole trace", "time selection 1.2 ms – 3.4 ms", "visible 0 ns – 28.6 ms"
    QString describe() const;

signals:
    void changed();

private:
    void onMoved();

    model::Selection* m_selection;
    model::Viewport* m_viewport;
    Mode m_mode = Mode::WholeTrace;
    QTimer m_debounce;
};

} // namespace strata::widgets
