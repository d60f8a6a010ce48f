#pragma once
#include <store/types.h>

#include <QObject>

#include <vector>

namespace strata::model {

using store::TimeNs;
using store::TimeRange;

// The visible time window shared by every dock. One signal, visibleChanged (plus
// timeAxisFrameChanged for where the timeline draws it, see AxisFrame).
// History: a Jump (zoom to an event, reset, a drag selection made into the view) pushes a
// new entry; a run of Steps (key presses, wheel notches) coalesces into one entry, so
// back/forward moves between places the user meant to visit.
class Viewport : public QObject {
    Q_OBJECT
public:
    enum class Nav { Jump, Step };
    static constexpr TimeNs kMinSpanNs = 10; // the widget also limits zoom to 1 ns per 10 px

    // The screen pixels the timeline maps the visible range to: the visible start at global
    // x, the end at x + width. Another time chart aligns its plot to it so both axes share
    // pixels; width 0 = no timeline on screen.
    struct AxisFrame {
        int x = 0;
        int width = 0;
        bool valid() const { return width > 0; }
        bool operator==(const AxisFrame& o) const { return x == o.x && width == o.width; }
        bool operator!=(const AxisFrame& o) const { return !(*this == o); }
    };

    explicit Viewport(QObject* parent = nullptr);

    // Sets the whole trace's range and shows all of it; clears history.
    void setTraceRange(TimeRange range);
    TimeRange traceRange() const { return m_trace; }
    TimeRange visible() const { return m_visible; }

    // Clamped to the trace range (with the span kept where possible) and to kMinSpanNs.
    void setVisible(TimeRange range, Nav nav = Nav::Jump);
    // factor < 1 zooms in; the time under `anchor` stays where it is on screen.
    void zoom(double factor, TimeNs anchor, Nav nav = Nav::Step);
    void pan(TimeNs delta, Nav nav = Nav::Step);
    void reset(); // the whole trace, as a Jump

    bool canGoBack() const { return !m_back.empty(); }
    bool canGoForward() const { return !m_forward.empty(); }
    bool back();
    bool forward();

    AxisFrame timeAxisFrame() const { return m_axisFrame; }
    void setTimeAxisFrame(AxisFrame frame); // emits only on a change

signals:
    void visibleChanged(strata::store::TimeRange visible);
    void timeAxisFrameChanged();

private:
    TimeRange clamp(TimeRange r) const;

    TimeRange m_trace { 0, 1 };
    TimeRange m_visible { 0, 1 };
    std::vector<TimeRange> m_back, m_forward;
    bool m_lastWasStep = false;
    AxisFrame m_axisFrame;
};

} // namespace strata::model
