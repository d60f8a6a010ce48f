#pragma once
#include <state/selection.h>
#include <store/eventstore.h>

#include <optional>

namespace strata::widgets {

// Where an event sits: its time span and the track row (and depth) it is drawn on. What
// revealing an event needs to pan, zoom, expand its process and scroll to it.
struct EventPlace {
    store::TimeRange range; // an instant's is empty
    store::TrackId track; // invalid for an instant no track holds
    int depth = 0;

    // None for an invalid ref or a row outside the store.
    static std::optional<EventPlace> of(const store::EventStore& store, model::EventRef e);
};

} // namespace strata::widgets
