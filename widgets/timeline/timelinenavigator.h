#pragma once
#include <state/selection.h>
#include <state/viewport.h>
#include <store/eventstore.h>

namespace strata::widgets {

// Turns the timeline's keys, wheel and focus requests into Viewport moves, with the zoom
// limit of 1 ns per 10 px of canvas. Key presses and wheel notches are Steps (they coalesce
// in view history); F, 0 and reveals are Jumps.
class TimelineNavigator {
public:
    static constexpr int kPxPerNsLimit = 10;

    TimelineNavigator(model::Viewport* viewport, int canvasWidth)
        : m_viewport(viewport)
        , m_width(canvasWidth)
    {
    }

    store::TimeNs minSpan() const;
    // factor < 1 zooms in; the time `anchor` stays where it is on screen.
    void zoomBy(double factor, store::TimeNs anchor, model::Viewport::Nav nav = model::Viewport::Nav::Step) const;
    void panBy(double fraction) const; // of the visible span; > 0 moves later
    void zoomTo(store::TimeRange r) const; // exactly r, widened to the zoom limit about its centre
    // The time selection if there is one, else the current event with a margin.
    void focus(const store::EventStore& store, const model::Selection& selection) const;
    // Brings r into view: only pans when it fits at the current zoom, else zooms to it.
    void reveal(store::TimeRange r) const;

private:
    model::Viewport* m_viewport;
    int m_width;
};

} // namespace strata::widgets
