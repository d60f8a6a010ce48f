#include "timelineframe.h"

#include <algorithm>

namespace strata::widgets {

TimelineFrame TimelineFrame::of(const Parts& parts)
{
    TimelineFrame f;
    const int w = parts.size.width(), h = parts.size.height();
    const int lw = std::clamp(parts.labelWidth, std::min(parts.minLabelWidth, w / 2), std::max(1, w / 2));
    // The flags top the ruler, so a flag never covers a tick label.
    const int rulerHeight = parts.ruler + parts.flags;
    const int head = parts.overview + rulerHeight;
    const int strip = head + parts.banner;
    const int top = strip + parts.skew;
    f.corner = QRect(0, 0, lw, head);
    f.overview = QRect(lw, 0, w - lw, parts.overview);
    f.ruler = QRect(lw, parts.overview, w - lw, rulerHeight);
    if (parts.flags > 0)
        f.flags = QRect(lw, parts.overview, w - lw, parts.flags);
    if (strip > head)
        f.banner = QRect(0, head, w, strip - head);
    if (top > strip) {
        f.skewLabel = QRect(0, strip, lw, top - strip);
        f.skew = QRect(lw, strip, w - lw, top - strip);
    }
    f.labels = QRect(0, top, lw, std::max(0, h - top));
    f.canvas = QRect(lw, top, std::max(1, w - lw), std::max(0, h - top));
    f.t0 = parts.visible.start;
    f.t1 = parts.visible.end;
    f.nsPerPx = std::max(1e-6, double(parts.visible.duration()) / f.canvas.width());
    f.scrollY = parts.scrollY;
    return f;
}

} // namespace strata::widgets
