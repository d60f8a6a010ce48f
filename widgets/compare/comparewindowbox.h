#pragma once
#include <state/marker.h>
#include <state/statefwd.h>
#include <store/types.h>

#include <QComboBox>
#include <QTimer>

namespace strata::model {
class Comparison;
}

namespace strata::widgets {

// Which time window one side of the Compare dock aggregates: the whole trace, the current
// selection, or a pair of neighbouring markers of that side's AnnotationsModel. The current
// selection of A is A's time selection, else A's visible window; of B, B's own time
// selection, else A's shifted by the comparison's alignment offset (A time t is B time
// t + offset), else A's visible window shifted alike. The tooltip says which. Moves of the
// selection, the view or the markers are debounced, so a drag costs one recomputation.
class CompareWindowBox : public QComboBox {
    Q_OBJECT
public:
    enum class Side { A, B };
    static constexpr int kDebounceMs = 150;

    CompareWindowBox(model::Comparison* comparison, Side side, QWidget* parent = nullptr);

    enum class Mode { WholeTrace, CurrentSelection, Markers };
    Mode mode() const;
    // The window to aggregate on this side's clock; everything for the whole trace.
    store::TimeRange window() const;
    // "whole trace", "B's time selection 1.2 ms – 3.4 ms (2.2 ms)", "M1 – M2 …"
    QString describe() const;
    // Picks the marker pair that starts at `first` (a no-op when there is none).
    bool selectMarkerPair(model::MarkerId first);

signals:
    void windowChanged();

private:
    model::Session* side() const;
    void rebuildMarkers();
    void onMoved();
    void report(); // emits windowChanged for the window now
    void updateToolTip();
    store::TimeNs origin() const; // the side's trace start: times are shown relative to it

    model::Comparison* m_comparison;
    Side m_side;
    QTimer m_debounce;
    store::TimeRange m_reported; // the window as last reported by windowChanged
};

} // namespace strata::widgets
