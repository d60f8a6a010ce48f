#include "timelineoverlay.h"

#include "eventtooltip.h"
#include "flowbundler.h"
#include "overlaplane.h"
#include "trackimagecache.h"
#include <common/operatorcolors.h>
#include <common/timelinestyle.h>
#include <common/unitformat.h>

#include <analysis/flows/flowchain.h>

#include <QImage>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <vector>

namespace strata::widgets {

using store::SliceRow;
using store::TimeNs;

TimelineOverlay::TimelineOverlay(const store::EventStore& store, const TimelineLayout& layout,
    const TimelineFrame& frame, const OperatorColors& colors, const QPalette& pal)
    : m_store(store)
    , m_layout(layout)
    , m_frame(frame)
    , m_colors(colors)
    , m_pal(pal)
{
}

store::TrackId TimelineOverlay::instantTrack(const store::EventStore& s, store::InstantRow r)
{
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        const store::RowRange in = s.track(store::TrackId(t)).instants;
        if (r.v >= in.begin && r.v < in.end)
            return store::TrackId(t);
    }
    return store::TrackId();
}

TooltipContent TimelineOverlay::card(const Hit& h, QPoint pos, const OverlapLane& lane) const
{
    const TimelineFrame& f = m_frame;
    const bool onTrack = h.row >= 0 && !h.header && !h.lane;
    if (h.event.valid())
        return EventTooltip::forEvent(m_store, h.event);
    if (h.lane) {
        const TimeNs at = f.timeAt(pos.x()); // the pixel (at least 1 ns), or over the label the visible range
        const store::TimeRange pixel = f.canvas.contains(pos)
            ? store::TimeRange { at, std::max(at + 1, f.timeAt(pos.x() + 1)) }
            : store::TimeRange { f.t0, f.t1 };
        return lane.tooltip(m_store, m_layout.rows()[size_t(h.row)], pixel);
    }
    if (onTrack && f.labels.contains(pos))
        return EventTooltip::forTrack(m_store, m_layout.rows()[size_t(h.row)].track);
    if (onTrack && m_store.track(m_layout.rows()[size_t(h.row)].track).kind == store::TrackKind::Counter)
        return EventTooltip::forCounter(m_store, m_layout.rows()[size_t(h.row)].track, f.timeAt(pos.x()));
    return {};
}

TimelineOverlay::Hit TimelineOverlay::hitTest(QPoint pos) const
{
    Hit h;
    const TimelineFrame& f = m_frame;
    if (!f.canvas.contains(pos) && !f.labels.contains(pos))
        return h;
    const int cy = pos.y() - f.originY();
    h.row = m_layout.rowAt(cy);
    if (h.row < 0)
        return h;
    const LayoutRow& row = m_layout.rows()[h.row];
    if (row.kind == LayoutRow::Kind::Process) {
        h.header = true;
        return h;
    }
    if (row.kind == LayoutRow::Kind::Lane) {
        h.lane = true;
        return h;
    }
    if (!f.canvas.contains(pos))
        return h;
    const TimeNs t = f.timeAt(pos.x());
    const TimeNs tol = TimeNs(std::ceil(3 * f.nsPerPx));
    const store::TrackInfo& info = m_store.track(row.track);
    const int depth = TimelineLayout::depthAt(row, cy);
    const bool instants = info.kind == store::TrackKind::ProcessInstants
        || info.kind == store::TrackKind::GlobalInstants || (row.instantStrip > 0 && depth < 0);
    if (instants) {
        const store::RowRange r = m_store.instantsInRange(row.track, t - tol, t + tol);
        TimeNs best = tol + 1;
        for (uint32_t i = r.begin; i < r.end && i < r.begin + 64; ++i) {
            const TimeNs d = std::llabs(m_store.instantTs(store::InstantRow(i)) - t);
            if (d < best) {
                best = d;
                h.event = model::EventRef::instant(store::InstantRow(i));
            }
        }
    } else if (depth >= 0 && uint32_t(depth) < row.levels) {
        const SliceRow r = m_store.hitTestLevel(row.track, uint32_t(depth), t, tol);
        // Above a short bar is empty space, within 3 px of its top still the bar.
        if (r.valid() && (!m_store.hasSliceHeights() || pos.y() >= sliceRect(r).top() - 3))
            h.event = model::EventRef::slice(r);
    }
    return h;
}

QRectF TimelineOverlay::sliceRect(SliceRow r) const
{
    const store::TrackId track = m_store.sliceTrack(r);
    // Far off-screen ends are pulled in: the painter's fixed-point maths cannot take 1e12 px.
    const double margin = 4.0 * m_frame.canvas.width() + 1000;
    const double lo = m_frame.canvas.left() - margin, hi = m_frame.canvas.right() + margin;
    const double x0 = std::clamp(m_frame.xOf(m_store.sliceTs(r)), lo, hi);
    const double x1 = std::max(std::clamp(m_frame.xOf(m_store.sliceEnd(r)), lo, hi), x0 + 1);
    const int row = m_layout.rowOfTrack(track);
    if (row < 0) {
        const int header = m_layout.rowOfProcess(m_store.track(track).process);
        if (header < 0)
            return {};
        const LayoutRow& h = m_layout.rows()[header];
        return QRectF(x0, m_frame.originY() + h.y + 4, x1 - x0, h.height - 8);
    }
    const LayoutRow& lr = m_layout.rows()[row];
    const int top = m_frame.originY() + TimelineLayout::sliceTop(lr, m_store.sliceDepth(r));
    // A slice with a height fraction is a bar at the bottom of its depth row.
    const double bar = m_store.hasSliceHeights() ? TrackRenderer::barHeight(m_store.sliceHeight(r))
                                                 : double(TimelineLayout::kSliceHeight);
    return QRectF(x0, top + TimelineLayout::kSliceHeight - bar, x1 - x0, bar);
}

QRectF TimelineOverlay::eventRect(model::EventRef e) const
{
    if (e.kind == model::EventRef::Kind::Slice && e.row < m_store.sliceCount())
        return sliceRect(SliceRow(e.row));
    if (e.kind != model::EventRef::Kind::Instant || e.row >= m_store.instantCount())
        return {};
    const store::InstantRow r(e.row);
    const store::TrackId track = instantTrack(m_store, r);
    const int row = track.valid() ? m_layout.rowOfTrack(track) : -1;
    if (row < 0)
        return {};
    const LayoutRow& lr = m_layout.rows()[row];
    const double x = m_frame.xOf(m_store.instantTs(r));
    const int h = lr.instantStrip > 0 ? lr.instantStrip : lr.height;
    return QRectF(x - 5, m_frame.originY() + lr.y, 10, h);
}

std::vector<int> TimelineOverlay::globalInstantColumns() const
{
    const QRect& canvas = m_frame.canvas;
    std::vector<int> columns;
    for (uint32_t t = 0; t < m_store.trackCount(); ++t) {
        const store::TrackId track(t);
        if (m_store.track(track).kind != store::TrackKind::GlobalInstants)
            continue;
        const store::RowRange rows = m_store.instantsInRange(track, m_frame.t0, m_frame.t1);
        double lastX = -1e9;
        for (uint32_t i = rows.begin; i < rows.end; ++i) {
            const double x = std::floor(m_frame.xOf(m_store.instantTs(store::InstantRow(i))));
            if (x - lastX < 4)
                continue;
            if (x >= canvas.left() && x <= canvas.right())
                columns.push_back(int(x) - canvas.left());
            lastX = x;
            if (i - rows.begin > 4096)
                break;
        }
    }
    return columns;
}

void TimelineOverlay::paintGlobalInstantLines(
    QPainter& p, const std::vector<int>& columns, const std::vector<QRect>& areas) const
{
    const QRect& canvas = m_frame.canvas;
    if (columns.empty() || canvas.isEmpty())
        return;
    // Every line is a 1 px dashed line (4 px on, 2 off, as a 1 px Qt::DashLine pen draws
    // it). Stroked one by one, the dashes of a few hundred lines (the 100M-event benchmark's
    // checkpoints at full zoom) took a quarter of the paint: one tile as wide as the canvas
    // holds all the lines' dashes and is filled down the area, one blended span per scanline.
    constexpr int kOn = TrackRenderer::kInstantDashOn, kPeriod = TrackRenderer::kInstantDashPeriod;
    const QRgb line = TimelineStyle::from(m_pal).instantLine.rgba();
    QImage tile(canvas.width(), kPeriod, QImage::Format_ARGB32_Premultiplied);
    tile.fill(Qt::transparent);
    for (int y = 0; y < kOn; ++y) {
        auto* px = reinterpret_cast<QRgb*>(tile.scanLine(y));
        for (int x : columns)
            px[x] = line;
    }
    p.save();
    p.setBrushOrigin(canvas.left(), m_frame.originY()); // content y 0 starts a dash
    const QBrush brush(tile);
    for (const QRect& area : areas) {
        const QRect target = area.intersected(canvas);
        if (!target.isEmpty())
            p.fillRect(target, brush);
    }
    p.restore();
}

void TimelineOverlay::paintHighlights(
    QPainter& p, const model::Selection& selection, const TrackImageCache& images) const
{
    const model::Selection::RowSet rows = selection.highlighted();
    const model::Selection::InstantSet instants = selection.highlightedInstants();
    if (!rows && !instants)
        return;
    const bool dim = selection.highlightDimsOthers();
    if (dim) {
        QColor veil = m_pal.color(QPalette::Base);
        veil.setAlpha(165);
        p.fillRect(m_frame.canvas, veil);
    }
    static const std::vector<SliceRow> kNone;
    const std::vector<SliceRow>& set = rows ? *rows : kNone;
    const auto [first, last] = m_layout.rowsIn(m_frame.scrollY, m_frame.scrollY + m_frame.canvas.height());
    const QColor outline = m_pal.color(QPalette::Text);
    const QColor accent = m_pal.color(QPalette::Highlight);
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setBrush(Qt::NoBrush);
    for (int i = first; i < last; ++i) {
        const LayoutRow& lr = m_layout.rows()[i];
        if (lr.kind != LayoutRow::Kind::Track)
            continue;
        if (instants && !instants->empty())
            paintHighlightedInstants(p, lr, *instants);
        if (set.empty())
            continue;
        const QImage& image = images.image(lr);
        const double dpr = image.devicePixelRatio();
        for (uint32_t d = 0; d < lr.levels; ++d) {
            const store::RowRange vis = m_store.slicesInRange(lr.track, d, m_frame.t0, m_frame.t1);
            auto a = std::lower_bound(set.begin(), set.end(), SliceRow(vis.begin));
            const auto z = std::lower_bound(a, set.end(), SliceRow(vis.end));
            const double top = m_frame.originY() + TimelineLayout::sliceTop(lr, d);
            while (a != z) {
                const QRectF r = sliceRect(*a);
                const double x0 = std::max<double>(m_frame.canvas.left(), std::floor(r.left()));
                const double x1 = std::min<double>(m_frame.canvas.right() + 1, std::max(x0 + 1, std::ceil(r.right())));
                const QRectF target(x0, top, x1 - x0, TimelineLayout::kSliceHeight);
                if (dim) {
                    if (!image.isNull()) {
                        const QRectF source((x0 - m_frame.canvas.left()) * dpr, (top - m_frame.originY() - lr.y) * dpr,
                            target.width() * dpr, target.height() * dpr);
                        p.drawImage(target, image, source);
                    } else {
                        p.fillRect(target, QColor::fromRgb(m_colors.sliceColor(m_store.sliceType(*a), lr.track)));
                    }
                    if (target.width() >= 3) {
                        p.setPen(outline);
                        p.drawRect(target.adjusted(0.5, 0.5, -0.5, -0.5));
                    }
                } else if (target.width() < 4) {
                    // Too narrow for a ring to show: a solid accent bar, 2 px at least.
                    p.fillRect(QRectF(x0, top, std::max(2.0, x1 - x0), TimelineLayout::kSliceHeight), accent);
                } else {
                    p.setPen(QPen(accent, 2));
                    p.drawRect(target.adjusted(1, 1, -1, -1));
                }
                // Skip highlighted rows starting inside the same pixel column.
                const TimeNs next = m_frame.timeAt(std::floor(r.left()) + 1);
                a = std::partition_point(a + 1, z, [&](SliceRow s) { return m_store.sliceTs(s) < next; });
            }
        }
    }
    p.restore();
}

void TimelineOverlay::paintHighlightedInstants(
    QPainter& p, const LayoutRow& lr, const std::vector<store::InstantRow>& set) const
{
    const store::TrackInfo& info = m_store.track(lr.track);
    const bool instantTrack
        = info.kind == store::TrackKind::ProcessInstants || info.kind == store::TrackKind::GlobalInstants;
    if (info.instants.empty() || (!instantTrack && lr.instantStrip <= 0))
        return;
    const store::RowRange vis = m_store.instantsInRange(lr.track, m_frame.t0, m_frame.t1);
    auto a = std::lower_bound(set.begin(), set.end(), store::InstantRow(vis.begin));
    const auto z = std::lower_bound(a, set.end(), store::InstantRow(vis.end));
    const double h = lr.instantStrip > 0 ? lr.instantStrip : lr.height;
    const double cy = m_frame.originY() + lr.y + h / 2.0;
    const double half = std::min(5.0, h / 2.0);
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QPen(m_pal.color(QPalette::Base), 1));
    p.setBrush(m_pal.color(QPalette::Highlight));
    while (a != z) {
        const double x = m_frame.xOf(m_store.instantTs(*a));
        const QPointF diamond[] = { { x, cy - half }, { x + half, cy }, { x, cy + half }, { x - half, cy } };
        p.drawPolygon(diamond, 4);
        const TimeNs next = m_frame.timeAt(std::floor(x) + 1);
        a = std::partition_point(a + 1, z, [&](store::InstantRow r) { return m_store.instantTs(r) < next; });
    }
    p.restore();
}

void TimelineOverlay::paintTimeSelection(QPainter& p, store::TimeRange r) const
{
    const double x0 = std::max<double>(m_frame.canvas.left(), m_frame.xOf(r.start));
    const double x1 = std::min<double>(m_frame.canvas.right() + 1, m_frame.xOf(r.end));
    QColor band = m_pal.color(QPalette::Highlight);
    if (x1 >= x0) {
        band.setAlpha(40);
        p.fillRect(QRectF(x0, m_frame.canvas.top(), std::max(1.0, x1 - x0), m_frame.canvas.height()), band);
    }
    p.setPen(QPen(TimelineStyle::mix(m_pal.color(QPalette::Base), m_pal.color(QPalette::Highlight), 0.8), 1));
    for (TimeNs t : { r.start, r.end }) {
        const double x = std::floor(m_frame.xOf(t)) + 0.5;
        if (x >= m_frame.canvas.left() && x <= m_frame.canvas.right() + 1)
            p.drawLine(QPointF(x, m_frame.ruler.top()), QPointF(x, m_frame.canvas.bottom()));
    }
}

QRectF TimelineOverlay::rulerPill(double x, const QString& text, const QFont& font) const
{
    const QFontMetrics fm(font);
    const int w = fm.horizontalAdvance(text) + 12, h = fm.height() + 2;
    const QRect ticks = m_frame.rulerTicks();
    QRectF box(x - w / 2.0, ticks.top() + (ticks.height() - h) / 2.0 - 2, w, h);
    box.moveLeft(std::clamp(box.left(), double(m_frame.ruler.left()), double(m_frame.ruler.right() + 1 - w)));
    return box;
}

void TimelineOverlay::paintRulerPill(QPainter& p, const QRectF& box, const QString& text, bool accent) const
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    const QColor bg = accent ? m_pal.color(QPalette::Highlight) : m_pal.color(QPalette::ToolTipBase);
    p.setPen(accent ? Qt::NoPen : QPen(m_pal.color(QPalette::Mid), 1));
    p.setBrush(bg);
    p.drawRoundedRect(box, box.height() / 2.0, box.height() / 2.0);
    p.setPen(accent ? m_pal.color(QPalette::HighlightedText) : m_pal.color(QPalette::ToolTipText));
    p.drawText(box, Qt::AlignCenter, text);
    p.restore();
}

void TimelineOverlay::paintOutline(QPainter& p, model::EventRef e, bool selected) const
{
    const QRectF r = eventRect(e);
    if (r.isEmpty())
        return;
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setBrush(Qt::NoBrush);
    QColor c = m_pal.color(QPalette::Text);
    if (selected) {
        // Dark and light rings: visible on any slice colour and either theme.
        const QRectF outer(std::floor(r.left()) - 1.5, r.top() - 1.5, std::ceil(r.width()) + 3, r.height() + 3);
        p.setPen(QPen(m_pal.color(QPalette::Base), 1));
        p.drawRect(outer.adjusted(-1, -1, 1, 1));
        p.setPen(QPen(c, 2));
        p.drawRect(outer.adjusted(0.5, 0.5, -0.5, -0.5));
    } else {
        c.setAlpha(170);
        p.setPen(QPen(c, 1));
        p.drawRect(QRectF(std::floor(r.left()) - 0.5, r.top() - 0.5, std::ceil(r.width()) + 1, r.height() + 1));
    }
    p.restore();
}

void TimelineOverlay::paintFlows(QPainter& p, SliceRow slice, int depth) const
{
    const analysis::FlowChain chain(m_store, slice, unsigned(std::max(depth, 1)));
    if (chain.empty())
        return;
    std::vector<FlowSegment> segments;
    segments.reserve(chain.links().size());
    for (const analysis::FlowLink& link : chain.links()) {
        const QRectF from = sliceRect(link.from), to = sliceRect(link.to);
        if (from.isNull() || to.isNull())
            continue;
        segments.push_back(
            { QPointF(from.right(), from.center().y()), QPointF(to.left(), to.center().y()), link.depth });
    }
    const std::vector<FlowBundle> bundles = FlowBundler::bundle(segments);
    p.save();
    p.setClipRect(m_frame.canvas);
    p.setRenderHint(QPainter::Antialiasing, true);
    const QColor text = m_pal.color(QPalette::Text);
    std::vector<std::pair<QPointF, int>> labels; // curve midpoint, count
    for (const FlowBundle& b : bundles) {
        QColor c = text;
        // Farther hops fade, so the selected slice's own flows stand out.
        c.setAlpha(std::max(110, 215 - 25 * (b.depth - 1)));
        const double width = FlowBundler::penWidth(b.count);
        const QPointF a = b.from, z = b.to;
        const double bend = std::clamp(std::abs(z.x() - a.x()) / 2, 24.0, 160.0);
        QPainterPath path(a);
        path.cubicTo(a + QPointF(bend, 0), z - QPointF(bend, 0), z);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(m_pal.color(QPalette::Base), width + 2));
        p.drawPath(path);
        p.setPen(QPen(c, width));
        p.drawPath(path);
        // Arrow head along the curve's final (horizontal) tangent.
        const double hl = 6 + 1.5 * width, hw = 3 + width;
        QPainterPath head;
        head.moveTo(z);
        head.lineTo(z + QPointF(-hl, -hw));
        head.lineTo(z + QPointF(-hl, hw));
        head.closeSubpath();
        p.fillPath(head, c);
        p.setPen(Qt::NoPen);
        p.setBrush(c);
        p.drawEllipse(a, 1.5 + width / 2, 1.5 + width / 2);
        if (b.count > 1)
            labels.push_back({ path.pointAtPercent(0.5), b.count });
    }
    // Counts go on top of every arrow. Bundles whose labels would overlap (nearly parallel
    // arrows in neighbouring bins) share one label with their summed count.
    const QFontMetricsF fm(p.font());
    auto boxFor = [&](QPointF mid, int count) {
        const QString text = QStringLiteral("×%1").arg(count);
        QRectF box(mid.x() - fm.horizontalAdvance(text) / 2 - 4, mid.y() - fm.height() / 2 - 1,
            fm.horizontalAdvance(text) + 8, fm.height() + 2);
        // Short arrows near an edge: keep the count readable inside the canvas.
        box.moveLeft(std::clamp(box.left(), m_frame.canvas.left() + 2.0,
            std::max(m_frame.canvas.left() + 2.0, m_frame.canvas.right() - box.width() - 2)));
        return box;
    };
    std::vector<std::pair<QPointF, int>> merged;
    for (const auto& [mid, count] : labels) {
        // A named box, not the bindings: C++17 lets no lambda capture a structured binding.
        const QRectF box = boxFor(mid, count);
        auto hit = std::find_if(merged.begin(), merged.end(),
            [&](const auto& m) { return boxFor(m.first, m.second).adjusted(-2, -2, 2, 2).intersects(box); });
        if (hit == merged.end())
            merged.push_back({ mid, count });
        else
            hit->second += count;
    }
    QColor frame = text;
    frame.setAlpha(215);
    for (const auto& [mid, count] : merged) {
        const QRectF box = boxFor(mid, count);
        p.setBrush(m_pal.color(QPalette::ToolTipBase));
        p.setPen(QPen(frame, 1));
        p.drawRoundedRect(box, 4, 4);
        p.setPen(m_pal.color(QPalette::ToolTipText));
        p.drawText(box, Qt::AlignCenter, QStringLiteral("×%1").arg(count));
    }
    // The chain's other slices get a thin outline (the chain is capped, so this is bounded).
    for (const analysis::FlowLink& link : chain.links()) {
        if (link.reached() != slice)
            paintOutline(p, model::EventRef::slice(link.reached()), false);
    }
    p.restore();
}

void TimelineOverlay::paintCursor(QPainter& p, double x) const
{
    p.fillRect(
        QRectF(std::floor(x), m_frame.canvas.top(), 1, m_frame.canvas.height()), TimelineStyle::from(m_pal).cursor);
}

} // namespace strata::widgets

namespace strata::widgets {

QRectF TimelineOverlay::scrollThumb(const TimelineFrame& f, int contentHeight)
{
    constexpr int kWidth = 8;
    const int view = f.canvas.height();
    if (contentHeight <= view || view <= 0)
        return {};
    const double h = std::max(24.0, double(view) * view / contentHeight);
    const double y = f.canvas.top() + (view - h) * double(f.scrollY) / (contentHeight - view);
    return QRectF(f.canvas.right() + 1 - kWidth, y, kWidth, h);
}

void TimelineOverlay::paintScrollThumb(QPainter& p, int contentHeight, bool active) const
{
    const QRectF thumb = scrollThumb(m_frame, contentHeight);
    if (thumb.isNull())
        return;
    QColor c = m_pal.color(QPalette::Text);
    c.setAlpha(active ? 130 : 80);
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(c);
    p.drawRoundedRect(thumb.adjusted(2, 2, -2, -2), 2, 2);
    p.restore();
}

} // namespace strata::widgets
