#pragma once
#include <store/eventstore.h>

#include <QImage>
#include <QPalette>
#include <QRect>

class QPainter;

namespace strata::analysis {
class LodIndex;
}
namespace strata::widgets {

class OperatorColors;

// The whole trace at a glance, above the ruler: per process, how busy its slice tracks are
// over time (the LodIndex busy bins), with the visible window drawn on top. The density
// picture depends only on the store and the bar's size, so it is drawn once and blitted.
class OverviewBar {
public:
    void invalidate() { m_cache = QImage(); }
    void paint(QPainter& p, const QRect& rect, const store::EventStore& store, const analysis::LodIndex& lod,
        store::TimeRange visible, const QPalette& pal, qreal dpr);

    // The visible window in widget coordinates.
    static QRectF windowRect(const QRect& rect, store::TimeRange trace, store::TimeRange visible);
    static store::TimeNs timeAt(const QRect& rect, store::TimeRange trace, double x);

private:
    void render(const QRect& rect, const store::EventStore& store, const analysis::LodIndex& lod, const QPalette& pal,
        qreal dpr);

    QImage m_cache;
    QSize m_cacheSize;
    const store::EventStore* m_cacheStore = nullptr;
    const analysis::LodIndex* m_cacheLod = nullptr;
    QRgb m_cacheBase = 0;
};

} // namespace strata::widgets
