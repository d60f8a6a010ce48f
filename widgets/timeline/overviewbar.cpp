#include "overviewbar.h"

#include <analysis/timeline/lodindex.h>
#include <common/themepalette.h>

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace strata::widgets {

using store::TimeNs;

QRectF OverviewBar::windowRect(const QRect& rect, store::TimeRange trace, store::TimeRange visible)
{
    const double span = std::max<double>(1, double(trace.duration()));
    const double x0 = rect.left() + double(visible.start - trace.start) / span * rect.width();
    double x1 = rect.left() + double(visible.end - trace.start) / span * rect.width();
    x1 = std::max(x1, x0 + 3); // a deep zoom is still a grabbable window
    return QRectF(x0, rect.top(), x1 - x0, rect.height());
}

TimeNs OverviewBar::timeAt(const QRect& rect, store::TimeRange trace, double x)
{
    const double f = std::clamp((x - rect.left()) / std::max(1, rect.width()), 0.0, 1.0);
    return trace.start + TimeNs(std::llround(f * double(trace.duration())));
}

void OverviewBar::render(
    const QRect& rect, const store::EventStore& store, const analysis::LodIndex& lod, const QPalette& pal, qreal dpr)
{
    m_cache = QImage(QSize(rect.width(), rect.height()) * dpr, QImage::Format_ARGB32_Premultiplied);
    m_cache.setDevicePixelRatio(dpr);
    m_cache.fill(Qt::transparent);
    m_cacheSize = rect.size();
    m_cacheStore = &store;
    m_cacheLod = &lod;
    m_cacheBase = pal.color(QPalette::Base).rgba();

    // Processes in display order, each with the mean busy fraction of its slice tracks.
    struct Band {
        std::vector<float> busy;
        int tracks = 0;
    };
    std::vector<Band> bands;
    store::ProcessId last;
    bool any = false;
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        const std::vector<float>& b = lod.busy(store::TrackId(t));
        if (b.empty())
            continue;
        const store::ProcessId p = store.track(store::TrackId(t)).process;
        if (!any || p != last) {
            bands.push_back({ std::vector<float>(analysis::LodIndex::kOverviewBins, 0.f), 0 });
            last = p;
            any = true;
        }
        Band& band = bands.back();
        for (int i = 0; i < analysis::LodIndex::kOverviewBins; ++i)
            band.busy[i] += b[i];
        ++band.tracks;
    }
    if (bands.empty())
        return;
    // More processes than fit at 5 px each: fold neighbours together.
    const int maxBands = std::max(1, (rect.height() - 4) / 5);
    while (int(bands.size()) > maxBands) {
        std::vector<Band> merged;
        for (size_t i = 0; i < bands.size(); i += 2) {
            Band b = bands[i];
            if (i + 1 < bands.size()) {
                for (int k = 0; k < analysis::LodIndex::kOverviewBins; ++k)
                    b.busy[k] += bands[i + 1].busy[k];
                b.tracks += bands[i + 1].tracks;
            }
            merged.push_back(std::move(b));
        }
        bands = std::move(merged);
    }

    // Each band is a heat strip: opacity follows the busy fraction relative to the band's
    // own peak, so a lightly loaded device still shows its rhythm.
    const int w = rect.width() * dpr;
    const double bandH = double(m_cache.height() - 4 * dpr) / bands.size();
    for (size_t bi = 0; bi < bands.size(); ++bi) {
        const Band& band = bands[bi];
        std::vector<float> col(w, 0.f);
        float peak = 0;
        for (int x = 0; x < w; ++x) {
            // Max over the bins under this pixel column keeps short bursts visible.
            const int b0 = x * analysis::LodIndex::kOverviewBins / w;
            const int b1 = std::max(b0 + 1, (x + 1) * analysis::LodIndex::kOverviewBins / w);
            for (int b = b0; b < b1 && b < analysis::LodIndex::kOverviewBins; ++b)
                col[x] = std::max(col[x], band.busy[b]);
            peak = std::max(peak, col[x]);
        }
        const QRgb c = ThemePalette::band(int(bi)).rgba();
        const int y0 = int(std::lround(2 * dpr + bi * bandH)), y1 = int(std::lround(2 * dpr + (bi + 1) * bandH)) - 1;
        for (int x = 0; x < w; ++x) {
            const float v = peak > 0 ? col[x] / peak : 0.f;
            const int a = v > 0 ? int(40 + 215 * std::sqrt(v)) : 0;
            const QRgb px = qRgba(qRed(c) * a / 255, qGreen(c) * a / 255, qBlue(c) * a / 255, a);
            for (int y = y0; y < std::max(y0 + 1, y1); ++y)
                reinterpret_cast<QRgb*>(m_cache.scanLine(y))[x] = px;
        }
    }
}

void OverviewBar::paint(QPainter& p, const QRect& rect, const store::EventStore& store, const analysis::LodIndex& lod,
    store::TimeRange visible, const QPalette& pal, qreal dpr)
{
    if (rect.width() < 4 || rect.height() < 4)
        return;
    if (m_cache.isNull() || m_cacheSize != rect.size() || m_cacheStore != &store || m_cacheLod != &lod
        || m_cacheBase != pal.color(QPalette::Base).rgba() || !qFuzzyCompare(m_cache.devicePixelRatio(), dpr))
        render(rect, store, lod, pal, dpr);
    p.fillRect(rect, pal.color(QPalette::Base));
    p.drawImage(rect.topLeft(), m_cache);

    // Shade what is outside the visible window and outline the window.
    const QRectF win = windowRect(rect, store.extent(), visible);
    QColor shade = pal.color(QPalette::Window);
    shade.setAlpha(150);
    p.fillRect(QRectF(rect.left(), rect.top(), win.left() - rect.left(), rect.height()), shade);
    p.fillRect(QRectF(win.right(), rect.top(), rect.right() + 1 - win.right(), rect.height()), shade);
    QColor edge = pal.color(QPalette::Highlight);
    p.setPen(QPen(edge, 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(win.adjusted(0.5, 0.5, -0.5, -0.5));
}

} // namespace strata::widgets
