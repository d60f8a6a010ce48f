#pragma once
class QKeyEvent;

namespace strata::widgets {

class TimelineWidget;

// The timeline's keyboard: W/S zoom at the mouse (or the middle of the view), A/D and the
// arrows pan (Alt+arrows: back and forward in the view history), Up/Down scroll the tracks,
// F focuses the selection, 0 resets, M adds a marker, Delete removes the selected one,
// [ and ] follow the selected slice's flow chain, ? shows the key help and Esc clears.
// Shift makes each step larger (TimelineWidget's k*Fast steps). The keys the timeline
// claims over application shortcuts are listed here too, beside the keys it acts on. The
// widget forwards its key events here and keeps painting, hover and geometry, as it does
// with TimelineMouse for the pointer.
class TimelineKeys {
public:
    explicit TimelineKeys(TimelineWidget& w)
        : m_w(w)
    {
    }

    // A plain key (Shift and keypad allowed) the timeline acts on, which must win over an
    // application shortcut while the timeline has focus.
    static bool claimsShortcut(const QKeyEvent& e);
    // Acts on the key; false when the timeline does nothing with it (the widget passes it on).
    bool press(QKeyEvent* e);

private:
    TimelineWidget& m_w;
};

} // namespace strata::widgets
