#pragma once
#include <store/types.h>

#include <QtGlobal>

namespace strata::widgets {

// What a cached timeline image was rendered for: the visible range, the width in logical
// pixels, the device pixel ratio and the style (theme, colours). An image is replayed only
// while its key is equal; any change re-renders it. Shared by the track images and the
// overlap lane's images.
struct ImageKey {
    store::TimeNs t0 = 0, t1 = 0;
    int width = 0;
    qreal dpr = 0;
    quint64 style = 0;
    bool operator==(const ImageKey& o) const
    {
        return t0 == o.t0 && t1 == o.t1 && width == o.width && dpr == o.dpr && style == o.style;
    }
};

} // namespace strata::widgets
