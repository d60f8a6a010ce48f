#pragma once
#include "imagekey.h"
#include "trackrenderer.h"

#include <QImage>

#include <vector>

namespace strata::widgets {

// The replayable geometry of the timeline: one rendered image per track (and per collapsed
// process header, whose image is its activity summary), valid for one key
// (visible range, canvas width, device pixel ratio, style generation). Paints blit these;
// only a new key (pan, zoom, resize, theme) or a track scrolled into view renders again.
// Missing images are rendered in parallel on the global thread pool when there are several.
class TrackImageCache {
public:
    void clear();
    // Makes the images of `rows` current for ctx + style.
    void prepare(const std::vector<const LayoutRow*>& rows, const TrackRenderer::Context& ctx, quint64 style);
    const QImage& image(const LayoutRow& row) const { return m_images[slot(row)]; }
    int builds() const { return m_builds; }

private:
    // Tracks by TrackId, then process headers by ProcessId.
    size_t slot(const LayoutRow& r) const
    {
        return r.kind == LayoutRow::Kind::Track ? r.track.v : m_tracks + r.process.v;
    }

    using Key = ImageKey;

    std::vector<QImage> m_images; // per slot; buffers are reused across keys
    std::vector<uint8_t> m_current; // per slot: image drawn for m_key
    size_t m_tracks = 0;
    Key m_key;
    int m_builds = 0;
};

} // namespace strata::widgets
