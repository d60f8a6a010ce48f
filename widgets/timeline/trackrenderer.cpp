#include "trackrenderer.h"

#include <analysis/timeline/lodindex.h>
#include <common/operatorcolors.h>
#include <common/themepalette.h>
#include <common/unitformat.h>

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace strata::widgets {

using store::RowRange;
using store::SliceRow;
using store::TimeNs;

namespace {
// First index in [from, end) whose time is >= t, for times non-decreasing along the
// indices: gallops out from `from` so a short hop costs O(log hop), not O(log n).
template <typename TimeAt> uint32_t gallop(uint32_t from, uint32_t end, TimeNs t, TimeAt timeAt)
{
    uint32_t lo = from, hi = from;
    uint64_t step = 1;
    while (hi < end && timeAt(hi) < t) {
        lo = hi + 1;
        hi = static_cast<uint32_t>(std::min<uint64_t>(end, from + step));
        step *= 2;
    }
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (timeAt(mid) < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

inline QRgb darken(QRgb c, int pct)
{
    return qRgba(qRed(c) * pct / 100, qGreen(c) * pct / 100, qBlue(c) * pct / 100, qAlpha(c));
}

inline QRgb premultiplied(QRgb c, int alpha)
{
    return qRgba(qRed(c) * alpha / 255, qGreen(c) * alpha / 255, qBlue(c) * alpha / 255, alpha);
}

// A premultiplied colour drawn over an opaque one, with the raster engine's rounding, so a
// tone baked into an opaque image looks as it did blended over the canvas.
inline QRgb over(QRgb src, QRgb dst)
{
    const int ia = 255 - qAlpha(src);
    auto mul = [ia](int d) {
        const int t = d * ia;
        return (t + (t >> 8) + 0x80) >> 8;
    };
    return qRgb(qRed(src) + mul(qRed(dst)), qGreen(src) + mul(qGreen(dst)), qBlue(src) + mul(qBlue(dst)));
}

// A pixel column as an int: slices far off screen map to huge x that no int holds.
inline int column(double x, int width)
{
    return int(std::clamp(x, -1.0, double(width) + 1));
}

void copyLine(QImage& img, const std::vector<QRgb>& line, int y0, int y1)
{
    for (int y = std::max(0, y0); y < std::min(img.height(), y1); ++y)
        std::memcpy(img.scanLine(y), line.data(), line.size() * sizeof(QRgb));
}

// As copyLine, but each column only as high as its bar (device px), from the bottom y1 up.
void copyBars(QImage& img, const std::vector<QRgb>& line, const std::vector<uint8_t>& bar, int y0, int y1)
{
    const int w = int(line.size());
    for (int y = std::max(0, y0); y < std::min(img.height(), y1); ++y) {
        auto* px = reinterpret_cast<QRgb*>(img.scanLine(y));
        const int fromBottom = y1 - y; // 1 on the bottom row
        for (int x = 0; x < w; ++x) {
            if (bar[size_t(x)] >= fromBottom)
                px[x] = line[size_t(x)];
        }
    }
}
} // namespace

TrackRenderer::TrackRenderer(const Context& ctx)
    : m_ctx(ctx)
{
    m_w = std::max(1, int(std::lround(ctx.widthPx * ctx.dpr)));
    m_nsPerDev = std::max(1e-9, double(ctx.t1 - ctx.t0) / m_w);
    const ThemePalette style = ThemePalette::from(ctx.palette);
    m_base = style.base.rgb();
    m_grid = style.grid.rgb();
    m_header = style.header.rgb();
    m_instantLine = style.instantLine.rgb();
    m_separator = style.separator.rgb();
    m_background.assign(size_t(m_w), m_base);
    for (const double gx : ctx.gridX) {
        // The logical pixel column floor(gx), in device pixels.
        const double left = std::floor(gx);
        const int a = std::max(0, int(std::lround(left * ctx.dpr)));
        const int z = std::min(m_w, std::max(a + 1, int(std::lround((left + 1) * ctx.dpr))));
        for (int x = a; x < z; ++x) {
            if (m_background[size_t(x)] != m_grid) {
                m_background[size_t(x)] = m_grid;
                m_gridColumns.push_back(x);
            }
        }
    }
}

void TrackRenderer::fillBackground(QImage& img, int y0, int y1) const
{
    copyLine(img, m_background, y0, y1);
}

void TrackRenderer::drawInstantLines(QImage& img, const LayoutRow& row) const
{
    // Baked in here, on the render threads: filling a canvas-wide tile of the dashes on the
    // GUI thread took 0.5-1 ms of every paint, warm or cold, at full zoom on the 100M trace.
    if (m_ctx.instantLineX.empty())
        return;
    std::vector<int> columns; // device px
    columns.reserve(m_ctx.instantLineX.size());
    for (const int x : m_ctx.instantLineX) {
        const int a = int(std::lround(x * m_ctx.dpr)), z = int(std::lround((x + 1) * m_ctx.dpr));
        for (int c = std::max(0, a); c < std::min(m_w, std::max(a + 1, z)); ++c)
            columns.push_back(c);
    }
    for (int y = 0; y < img.height(); ++y) {
        const int contentY = row.y + int(std::floor(y / m_ctx.dpr));
        if (contentY % kInstantDashPeriod >= kInstantDashOn)
            continue;
        auto* px = reinterpret_cast<QRgb*>(img.scanLine(y));
        for (const int c : columns)
            px[c] = m_instantLine;
    }
}

void TrackRenderer::render(const LayoutRow& row, QImage& img) const
{
    const int h = std::max(1, int(std::lround(row.height * m_ctx.dpr)));
    if (img.width() != m_w || img.height() != h || img.format() != QImage::Format_RGB32)
        img = QImage(m_w, h, QImage::Format_RGB32);
    img.setDevicePixelRatio(m_ctx.dpr);
    if (row.kind == LayoutRow::Kind::Process) {
        renderSummary(img, row);
        finish(img, row);
        return;
    }
    // Every scanline is written once: slice and counter tracks draw theirs and lay the
    // background on the others; filling the image first would write it twice, and on a
    // zoomed-out cold paint those fills were a fifth of the time.
    const store::TrackInfo& info = m_ctx.store->track(row.track);
    switch (info.kind) {
    case store::TrackKind::Counter: renderCounter(img, row); break;
    case store::TrackKind::ProcessInstants:
    case store::TrackKind::GlobalInstants:
        fillBackground(img, 0, img.height());
        renderInstants(img, row.track, 0, row.height, false);
        break;
    default:
        renderSlices(img, row);
        if (row.instantStrip > 0)
            renderInstants(img, row.track, 0, row.instantStrip, true);
        break;
    }
    finish(img, row);
}

void TrackRenderer::finish(QImage& img, const LayoutRow& row) const
{
    // The separator under the row: its last logical px.
    const int y0 = int(std::lround((row.height - 1) * m_ctx.dpr));
    for (int y = std::max(0, y0); y < img.height(); ++y) {
        auto* px = reinterpret_cast<QRgb*>(img.scanLine(y));
        std::fill(px, px + m_w, m_separator);
    }
    drawInstantLines(img, row);
}

double TrackRenderer::cost(const LayoutRow& row) const
{
    const store::EventStore& s = *m_ctx.store;
    const double w = m_w;
    auto levelCost = [&](store::TrackId track, uint32_t depth) {
        const RowRange rows = s.slicesInRange(track, depth, m_ctx.t0, m_ctx.t1);
        return rows.empty() ? 0.0 : w + std::min(double(rows.size()), 4 * w);
    };
    if (row.kind == LayoutRow::Kind::Process) {
        double c = w;
        for (uint32_t t = 0; t < s.trackCount(); ++t) {
            const store::TrackId track(t);
            if (s.track(track).process == row.process && s.track(track).levelCount > 0)
                c += levelCost(track, 0);
        }
        return c;
    }
    const store::TrackInfo& info = s.track(row.track);
    if (info.kind == store::TrackKind::Counter) {
        // Per column a step, a min/max over the column's samples (a few blocks when
        // crowded) and the row-by-row fill of the chart's height.
        if (!info.counter.valid())
            return 0;
        const RowRange rows = s.counterRange(info.counter, m_ctx.t0, m_ctx.t1);
        return 4 * w + std::min(double(rows.size()), 8 * w);
    }
    double c = 0;
    for (uint32_t depth = 0; depth < row.levels; ++depth)
        c += levelCost(row.track, depth);
    return c;
}

void TrackRenderer::renderSlices(QImage& img, const LayoutRow& row) const
{
    const store::EventStore& s = *m_ctx.store;
    const double dpr = m_ctx.dpr;
    std::vector<QRgb> line(m_w);
    // Per pixel column, the duration of the slice whose colour it shows: where spans
    // overlap in a column, the longest slice wins, whatever order they come in.
    std::vector<TimeNs> weight(m_w);
    std::vector<Label> labels;
    const double minLabelDev = kMinLabelPx * dpr;
    // Per pixel column, the bar height (device px) of the slice shown there; only when the
    // importer set heights — otherwise every bar fills its row.
    const bool bars = s.hasSliceHeights();
    const int rowDev = int(std::lround(TimelineLayout::kSliceHeight * dpr));
    std::vector<uint8_t> bar(bars ? size_t(m_w) : 0);
    const int minLabelBar = int(std::ceil(QFontMetricsF(m_ctx.font).height())) - 1;
    // Scanlines a level's line is copied onto whole; the others get the background before
    // the labels. Bars leave parts of their rows unwritten, so with bars the background is
    // laid first.
    std::vector<uint8_t> written(size_t(img.height()), 0);
    if (bars)
        fillBackground(img, 0, img.height());

    for (uint32_t depth = 0; depth < row.levels; ++depth) {
        const RowRange rows = s.slicesInRange(row.track, depth, m_ctx.t0, m_ctx.t1);
        if (rows.empty())
            continue;
        std::copy(m_background.begin(), m_background.end(), line.begin());
        std::fill(weight.begin(), weight.end(), TimeNs(-1));
        std::fill(bar.begin(), bar.end(), uint8_t(0));
        const int top = TimelineLayout::sliceTop(row, depth) - row.y;
        m_ctx.lod->foldLevel(rows.begin, rows.end, m_ctx.t0, m_nsPerDev, [&](const analysis::LodIndex::Span& span) {
            const double x0 = span.x0, x1 = span.x1;
            const int a = std::max(0, column(std::floor(x0), m_w));
            const int z = std::min(m_w, std::max(a + 1, column(std::ceil(x1), m_w)));
            if (a >= m_w || z <= 0)
                return;
            const QRgb c = m_ctx.colors->sliceColor(span.type, row.track);
            const TimeNs w = span.dur;
            const double barPx = bars ? barHeight(s.sliceHeight(SliceRow(span.row))) : TimelineLayout::kSliceHeight;
            const auto barDev = uint8_t(std::clamp<long>(std::lround(barPx * dpr), 1, std::min(rowDev, 255)));
            for (int x = a; x < z; ++x) {
                if (w > weight[x]) {
                    weight[x] = w;
                    line[x] = c;
                    if (bars)
                        bar[size_t(x)] = barDev;
                }
            }
            if (!span.single)
                return;
            // A darker first column keeps neighbours of one operator apart.
            if (z - a >= 5 && x0 >= 0 && weight[a] == w)
                line[a] = darken(c, 78);
            if (x1 - x0 >= minLabelDev && barPx >= minLabelBar) { // a short bar has no room for text
                const float cx0 = float(std::max(0.0, x0)), cx1 = float(std::min(double(m_w), x1));
                if (cx1 - cx0 >= minLabelDev)
                    labels.push_back({ cx0, cx1, top, span.row, int(barPx) });
            }
        });
        const int y0 = int(std::lround(top * dpr));
        if (bars) {
            copyBars(img, line, bar, y0, y0 + rowDev);
        } else {
            copyLine(img, line, y0, y0 + rowDev);
            for (int y = std::max(0, y0); y < std::min(img.height(), y0 + rowDev); ++y)
                written[size_t(y)] = 1;
        }
    }
    if (!bars) {
        for (int y = 0; y < img.height();) {
            int z = y;
            while (z < img.height() && !written[size_t(z)])
                ++z;
            fillBackground(img, y, z);
            y = z + 1;
        }
    }
    drawLabels(img, labels);
}

void TrackRenderer::renderSummary(QImage& img, const LayoutRow& header) const
{
    // A collapsed process still shows when it works: the top level of all its slice tracks
    // merged into one thin lane, each column in the colour of its longest slice, on the
    // header's band.
    const store::EventStore& s = *m_ctx.store;
    std::vector<QRgb> line(m_w, m_header);
    img.fill(m_header);
    std::vector<TimeNs> weight(m_w, TimeNs(-1));
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        const store::TrackId track(t);
        if (s.track(track).process != header.process || s.track(track).levelCount == 0)
            continue;
        const RowRange rows = s.slicesInRange(track, 0, m_ctx.t0, m_ctx.t1);
        m_ctx.lod->foldLevel(rows.begin, rows.end, m_ctx.t0, m_nsPerDev, [&](const analysis::LodIndex::Span& span) {
            const int a = std::max(0, column(std::floor(span.x0), m_w));
            const int z = std::min(m_w, std::max(a + 1, column(std::ceil(span.x1), m_w)));
            const QRgb c = m_ctx.colors->sliceColor(span.type, track);
            for (int x = a; x < z; ++x) {
                if (span.dur > weight[x]) {
                    weight[x] = span.dur;
                    line[x] = c;
                }
            }
        });
    }
    const double dpr = m_ctx.dpr;
    const int y0 = int(std::lround((header.height / 2.0 - 4) * dpr));
    copyLine(img, line, y0, y0 + int(std::lround(8 * dpr)));
}

void TrackRenderer::drawLabels(QImage& img, const std::vector<Label>& labels) const
{
    if (labels.empty())
        return;
    const store::EventStore& s = *m_ctx.store;
    QPainter p(&img);
    p.setFont(m_ctx.font);
    const QFontMetricsF fm(m_ctx.font);
    const double dpr = m_ctx.dpr;
    QRgb lastBg = 0;
    QColor pen;
    for (const Label& l : labels) {
        const SliceRow r(l.row);
        const store::TypeId type = s.sliceType(r);
        const QString& name = m_ctx.labels->names[type.v];
        const double fullWidth = fm.horizontalAdvance(name);
        const double left = l.x0 / dpr + 3, right = l.x1 / dpr - 3;
        const double avail = right - left;
        if (avail < 8)
            continue;
        QString text;
        double textWidth = fullWidth;
        if (fullWidth <= avail) {
            text = name;
        } else {
            text = fm.elidedText(name, Qt::ElideRight, avail);
            // "Pr…" says nothing; four letters of a name is where a label starts to help.
            if (text.size() < 5)
                continue;
            textWidth = fm.horizontalAdvance(text);
        }
        const QRgb bg = m_ctx.colors->sliceColor(type, s.sliceTrack(r));
        if (bg != lastBg) {
            pen = ThemePalette::textOn(QColor::fromRgb(bg));
            p.setPen(pen);
            lastBg = bg;
        }
        const double x = left + std::max(0.0, (avail - textWidth) / 2);
        // Centred in the bar, which sits at the bottom of the depth row.
        const double barTop = l.top + TimelineLayout::kSliceHeight - l.bar;
        p.drawText(QPointF(x, barTop + (l.bar + fm.ascent() - fm.descent()) / 2.0), text);
    }
}

void TrackRenderer::renderInstants(QImage& img, store::TrackId track, int top, int height, bool triangles) const
{
    const store::EventStore& s = *m_ctx.store;
    const RowRange rows = s.instantsInRange(track, m_ctx.t0 - TimeNs(6 * m_nsPerDev), m_ctx.t1);
    if (rows.empty())
        return;
    const double dpr = m_ctx.dpr;
    const int yTop = int(std::lround(top * dpr));
    const int size = std::max(3, int(std::lround((triangles ? 4 : 5) * dpr))); // half width
    const int yMid = int(std::lround((top + height / 2.0) * dpr));
    auto tsAt = [&s](uint32_t r) { return s.instantTs(store::InstantRow(r)); };
    // One marker per marker width: a dense run reads as a row of distinct markers.
    const TimeNs foldNs = std::max<TimeNs>(1, TimeNs(std::ceil(m_nsPerDev * (2 * size + 3))));
    QRgb* const bits = reinterpret_cast<QRgb*>(img.bits());
    const qsizetype stride = img.bytesPerLine() / qsizetype(sizeof(QRgb));
    for (uint32_t i = rows.begin; i < rows.end;) {
        const TimeNs ts = s.instantTs(store::InstantRow(i));
        const int cx = int(std::floor(double(ts - m_ctx.t0) / m_nsPerDev));
        const QRgb c = darken(m_ctx.colors->sliceColor(s.instantType(store::InstantRow(i)), track), 85);
        for (int dy = -size; dy <= size; ++dy) {
            // Triangles point down from the strip's top; diamonds sit on the row's middle.
            const int y = triangles ? yTop + 1 + dy + size : yMid + dy;
            const int half = triangles ? (size - (dy + size) / 2) : size - std::abs(dy);
            if (y < 0 || y >= img.height() || half < 0)
                continue;
            QRgb* px = bits + y * stride;
            for (int x = std::max(0, cx - half); x <= std::min(m_w - 1, cx + half); ++x)
                px[x] = c;
        }
        i = gallop(i + 1, rows.end, ts + foldNs, tsAt);
    }
}

void TrackRenderer::renderCounter(QImage& img, const LayoutRow& row) const
{
    const store::EventStore& s = *m_ctx.store;
    const store::TrackInfo& info = s.track(row.track);
    if (!info.counter.valid()) {
        fillBackground(img, 0, img.height());
        return;
    }
    const store::CounterSeries& series = s.counter(info.counter);
    const RowRange rows = s.counterRange(info.counter, m_ctx.t0, m_ctx.t1);
    const double dpr = m_ctx.dpr;
    // From zero, unless the series lives far from it (memory in use): then from its minimum,
    // so its changes stay visible; the scale labels say which.
    const bool offset = series.minValue > 0 && series.minValue > 0.5 * series.maxValue;
    const double base = offset ? series.minValue : std::min(0.0, series.minValue);
    double topV = series.maxValue;
    if (!(topV > base))
        topV = base + 1;
    const int bottom = img.height() - int(std::lround(2 * dpr));
    const int chartTop = int(std::lround(4 * dpr));
    auto yOf = [&](double v) {
        const double f = (v - base) / (topV - base);
        return std::clamp(int(std::lround(bottom - f * (bottom - chartTop))), chartTop, bottom);
    };
    const QRgb color = m_ctx.colors->counterColor(info.counter);
    // Three tones: the area under the value, the min/max envelope of a column holding many
    // samples, and the line through the last value of each column. The first two are
    // translucent, laid over the background (and over the grid lines in their columns).
    const QRgb fillTone = premultiplied(color, 80);
    const QRgb envelopeTone = premultiplied(darken(color, 85), 150);
    const QRgb fill = over(fillTone, m_base), envelope = over(envelopeTone, m_base);
    const QRgb stroke = darken(color, 72) | 0xff000000u;
    const TimeNs endOfData = s.extent().end;

    // Per column: the last value's y, the min/max envelope and the step from the previous
    // column; then the image is written row by row (column-wise writes thrash the cache).
    // Structure of arrays, so the row loop below compiles to branch-free vector selects.
    std::vector<int32_t> strokeTop(m_w, 0), strokeBottom(m_w, -1), envTop(m_w, 0), envBottom(m_w, -1),
        fillTop(m_w, std::numeric_limits<int32_t>::max());
    uint32_t i = rows.begin;
    bool have = false;
    double carry = 0;
    int prevY = bottom;
    for (int x = 0; x < m_w && !rows.empty(); ++x) {
        const TimeNs colStart = m_ctx.t0 + TimeNs(std::floor(x * m_nsPerDev));
        const TimeNs colEnd = m_ctx.t0 + TimeNs(std::ceil((x + 1) * m_nsPerDev));
        if (colStart > endOfData)
            break;
        double lo = carry, hi = carry;
        if (i < rows.end && s.counterTs(i) < colEnd) {
            // The column's samples are [i, j). Up to a block of them are cheapest to scan.
            // A crowd (hundreds zoomed out on a big trace; sample i + kBlock is inside) goes
            // to the index, which reads the raw samples of only the blocks at the column's
            // two ends.
            constexpr uint32_t kBlock = analysis::LodIndex::kCounterBlock;
            uint32_t j = i;
            double mn = std::numeric_limits<double>::infinity(), mx = -mn;
            if (uint64_t(i) + kBlock < rows.end && s.counterTs(i + kBlock) < colEnd) {
                j = m_ctx.lod->counterFirstAtOrAfter(i + kBlock + 1, rows.end, colEnd);
                // The next column likely holds as many samples: start loading the block it
                // probably ends in now, so both lookups find it in the cache.
                const uint64_t next = (uint64_t(j) + (j - i)) / kBlock * kBlock;
                if (next < rows.end)
                    s.prefetchCounters(uint32_t(next), uint32_t(std::min<uint64_t>(rows.end, next + kBlock)));
                m_ctx.lod->counterMinMax(i, j, &mn, &mx);
            } else {
                for (; j < rows.end && s.counterTs(j) < colEnd; ++j) { // at most kBlock of them
                    mn = std::min(mn, s.counterValue(j));
                    mx = std::max(mx, s.counterValue(j));
                }
            }
            if (have && s.counterTs(i) > colStart) {
                lo = std::min(carry, mn);
                hi = std::max(carry, mx);
            } else {
                lo = mn;
                hi = mx;
            }
            carry = s.counterValue(j - 1);
            have = true;
            i = j;
        } else if (!have) {
            continue;
        }
        const int yEnd = yOf(carry);
        // The line steps from the previous column's value to this one's.
        strokeTop[x] = std::min(prevY, yEnd);
        strokeBottom[x] = std::max(prevY, yEnd);
        envTop[x] = yOf(hi);
        envBottom[x] = yOf(lo);
        fillTop[x] = yEnd;
        prevY = yEnd;
    }
    const int32_t* const st = strokeTop.data();
    const int32_t* const sb = strokeBottom.data();
    const int32_t* const et = envTop.data();
    const int32_t* const eb = envBottom.data();
    const int32_t* const ft = fillTop.data();
    const int w = m_w; // a local: stores through `line` could alias the member
    const QRgb* const bg = m_background.data();
    // Every pixel of the chart's scanlines is written below; the margins above and under it
    // get the background here.
    fillBackground(img, 0, chartTop);
    fillBackground(img, bottom + 1, img.height());
    for (int y = chartTop; y <= bottom; ++y) {
        auto* line = reinterpret_cast<uint32_t*>(img.scanLine(y));
        for (int x = 0; x < w; ++x) {
            const uint32_t inFill = 0u - uint32_t(y >= ft[x]);
            const uint32_t inEnv = 0u - uint32_t((y >= et[x]) & (y <= eb[x]));
            const uint32_t inStroke = 0u - uint32_t((y >= st[x]) & (y <= sb[x]));
            uint32_t c = (bg[x] & ~inFill) | (fill & inFill);
            c = (c & ~inEnv) | (envelope & inEnv);
            line[x] = (c & ~inStroke) | (stroke & inStroke);
        }
    }
    // The grid's columns: the translucent tones over the grid's colour instead.
    const QRgb gridFill = over(fillTone, m_grid), gridEnvelope = over(envelopeTone, m_grid);
    for (const int x : m_gridColumns) {
        for (int y = chartTop; y <= bottom; ++y) {
            QRgb& px = reinterpret_cast<QRgb*>(img.scanLine(y))[x];
            if (y >= st[x] && y <= sb[x])
                continue; // the stroke is opaque
            if (y >= et[x] && y <= eb[x])
                px = gridEnvelope;
            else if (y >= ft[x])
                px = gridFill;
        }
    }

    // Scale: the series' maximum at the top left, as Perfetto shows it.
    QPainter p(&img);
    QFont small = m_ctx.font;
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p.setFont(small);
    QColor text = m_ctx.palette.color(QPalette::Text);
    text.setAlpha(150);
    p.setPen(text);
    const QFontMetricsF fm(small);
    p.drawText(QPointF(4, fm.ascent() + 1), UnitFormat::number(series.maxValue));
    if (base != 0)
        p.drawText(QPointF(4, img.height() / dpr - fm.descent() - 2), UnitFormat::number(base));
}

} // namespace strata::widgets
