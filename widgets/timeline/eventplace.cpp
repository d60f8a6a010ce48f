#include "eventplace.h"

#include "timelineoverlay.h"

namespace strata::widgets {

std::optional<EventPlace> EventPlace::of(const store::EventStore& store, model::EventRef e)
{
    EventPlace p;
    if (e.kind == model::EventRef::Kind::Slice && e.row < store.sliceCount()) {
        const store::SliceRow r(e.row);
        p.range = { store.sliceTs(r), store.sliceEnd(r) };
        p.track = store.sliceTrack(r);
        p.depth = int(store.sliceDepth(r));
        return p;
    }
    if (e.kind == model::EventRef::Kind::Instant && e.row < store.instantCount()) {
        const store::InstantRow r(e.row);
        p.range = { store.instantTs(r), store.instantTs(r) };
        p.track = TimelineOverlay::instantTrack(store, r);
        return p;
    }
    return std::nullopt;
}

} // namespace strata::widgets
