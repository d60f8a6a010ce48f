#include "trackimagecache.h"

#include <state/poolrun.h>

#include <QThread>
#include <QThreadPool>

#include <algorithm>
#include <atomic>
#include <utility>

namespace strata::widgets {

namespace {
// Painting runs on the GUI thread and waits for these tasks, so they get threads of their
// own: on the global pool they would queue behind the analyses a fresh load starts (the
// summary index, the operator catalog, the docks' aggregations) and stall the first paint.
QThreadPool* renderPool()
{
    static QThreadPool* pool = [] {
        auto* p = new QThreadPool;
        p->setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
        p->setExpiryTimeout(-1);
        return p;
    }();
    return pool;
}
} // namespace

void TrackImageCache::clear()
{
    m_images.clear();
    m_current.clear();
    m_key = Key();
}

void TrackImageCache::prepare(
    const std::vector<const LayoutRow*>& rows, const TrackRenderer::Context& ctx, quint64 style)
{
    m_tracks = ctx.store->trackCount();
    const size_t slotCount = m_tracks + ctx.store->processCount();
    if (m_images.size() != slotCount) {
        m_images.assign(slotCount, QImage());
        m_current.assign(slotCount, 0);
    }
    const Key key { ctx.t0, ctx.t1, ctx.widthPx, ctx.dpr, style };
    if (!(key == m_key)) {
        // Keep the buffers of the tracks about to be drawn; free the others.
        std::vector<uint8_t> keep(slotCount, 0);
        for (const LayoutRow* r : rows)
            keep[slot(*r)] = 1;
        for (size_t t = 0; t < slotCount; ++t) {
            if (!keep[t])
                m_images[t] = QImage();
        }
        std::fill(m_current.begin(), m_current.end(), 0);
        m_key = key;
    }
    std::vector<const LayoutRow*> missing;
    for (const LayoutRow* r : rows) {
        if (!m_current[slot(*r)])
            missing.push_back(r);
    }
    if (missing.empty())
        return;
    const TrackRenderer renderer(ctx);
    // Longest first: the paint ends when the last track is done, and a costly track taken
    // last keeps one thread busy while the others idle.
    if (missing.size() > 2) {
        std::vector<std::pair<double, const LayoutRow*>> byCost;
        byCost.reserve(missing.size());
        for (const LayoutRow* r : missing)
            byCost.emplace_back(renderer.cost(*r), r);
        std::stable_sort(byCost.begin(), byCost.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        for (size_t i = 0; i < missing.size(); ++i)
            missing[i] = byCost[i].second;
    }
    // Each task writes only its own track's image and reads the immutable store and index.
    // The GUI thread takes rows off the list together with the pool's threads, then waits:
    // one thread per core in all, as more would only take turns on the cores.
    std::atomic<size_t> next { 0 };
    auto drain = [&] {
        for (size_t i; (i = next.fetch_add(1)) < missing.size();)
            renderer.render(*missing[i], m_images[slot(*missing[i])]);
    };
    const size_t cores = size_t(std::max(1, QThread::idealThreadCount()));
    const size_t helpers = std::min({ missing.size() - 1, cores - 1, size_t(renderPool()->maxThreadCount()) });
    const model::Handover handover;
    std::vector<QFuture<void>> running;
    running.reserve(helpers);
    for (size_t k = 0; k < helpers; ++k)
        running.push_back(model::runOnPool(renderPool(), handover, drain));
    drain();
    for (QFuture<void>& f : running)
        f.waitForFinished();
    handover.receive();
    for (const LayoutRow* r : missing)
        m_current[slot(*r)] = 1;
    m_builds += int(missing.size());
}

} // namespace strata::widgets
