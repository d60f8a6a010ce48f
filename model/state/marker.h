#pragma once
#include "markeranchor.h"

#include <store/types.h>

#include <QString>

#include <optional>

namespace strata::model {

// Stable for the life of a marker set, saved in marker files: "Diff vs" refers to it.
using MarkerId = store::Id<struct MarkerTag>;

// A vertical line across the timeline at an absolute time of the store's clock.
struct Marker {
    MarkerId id;
    QString name;
    store::TimeNs time = 0;
    quint32 rgb = 0; // 0xRRGGBB; model/state is Qt Core only, so no QColor here
    MarkerId diffVs; // the marker this one is measured against; invalid = none
    // Set while the marker sits on a slice's edge, so a re-import can put it back there.
    std::optional<MarkerAnchor> anchor;
};

} // namespace strata::model
