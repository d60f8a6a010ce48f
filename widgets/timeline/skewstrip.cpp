#include "skewstrip.h"

#include <analysis/collectives/collectivekind.h>
#include <common/qstr.h>
#include <common/timelinestyle.h>
#include <common/unitformat.h>

#include <QPainter>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace strata::widgets {

using analysis::CollectiveSpans;
using analysis::MatchedCollective;
using store::TimeNs;
using store::TimeRange;

namespace {
constexpr size_t kMaxRankRows = 16; // more ranks: the card lists the last arrival and the longest waits

QString meaningOf(CollectiveSpans::Severity s)
{
    switch (s) {
    case CollectiveSpans::Severity::Low: return QStringLiteral("skew under 10 % of the first arrival's kernel");
    case CollectiveSpans::Severity::Medium: return QStringLiteral("10 to 33 %");
    case CollectiveSpans::Severity::High: return QStringLiteral("33 % or more");
    case CollectiveSpans::Severity::None: break;
    }
    return QStringLiteral("none: every rank arrived together");
}

void addLegend(TooltipContent& c, const QPalette& pal)
{
    for (auto s :
        { CollectiveSpans::Severity::Low, CollectiveSpans::Severity::Medium, CollectiveSpans::Severity::High }) {
        c.fields.push_back(
            { s == CollectiveSpans::Severity::Low ? QStringLiteral("Colours") : QString(), meaningOf(s) });
        c.swatches.push_back(SkewStrip::colorOf(s, pal));
    }
}
} // namespace

void SkewStrip::setIndex(std::shared_ptr<const analysis::JobIndex> index)
{
    m_index = std::move(index);
    m_spans = m_index ? CollectiveSpans(m_index->analysis()) : CollectiveSpans();
    m_key = ImageKey();
}

QColor SkewStrip::colorOf(Severity s, const QPalette& pal)
{
    const TimelineStyle st = TimelineStyle::from(pal);
    switch (s) {
    case Severity::High: return st.slower;
    case Severity::Medium: return st.dark ? QColor(0xe3, 0xb3, 0x41) : QColor(0xc9, 0x8a, 0x10);
    case Severity::Low: return TimelineStyle::mix(st.muted, st.base, 0.25);
    case Severity::None: break;
    }
    return st.muted;
}

QString SkewStrip::title(int collective) const
{
    const MatchedCollective& c = m_index->analysis().collectives[size_t(collective)];
    return QStringLiteral("%1 #%2").arg(qstr(analysis::CollectiveKind::of(c.name))).arg(c.index);
}

QString SkewStrip::rankName(uint32_t rankIndex) const
{
    const auto& ranks = m_index->layout().ranks();
    return QStringLiteral("rank %1").arg(rankIndex < ranks.size() ? ranks[rankIndex].rank : qint64(rankIndex));
}

const QImage& SkewStrip::image(const ImageKey& key, const QPalette& pal)
{
    if (!(key == m_key)) {
        m_key = key;
        render(pal);
        ++m_builds;
    }
    return m_image;
}

void SkewStrip::render(const QPalette& pal)
{
    // One value per device pixel, so the strip is as sharp as the tracks on a scaled screen.
    const qreal dpr = m_key.dpr;
    const int w = std::max(1, int(std::lround(m_key.width * dpr)));
    const int h = std::max(1, int(std::lround(kHeight * dpr)));
    if (m_image.width() != w || m_image.height() != h)
        m_image = QImage(w, h, QImage::Format_RGB32);
    m_image.setDevicePixelRatio(dpr);
    const TimelineStyle st = TimelineStyle::from(pal);
    m_image.fill(st.base);
    const std::vector<CollectiveSpans::Pixel> px = m_spans.pixels({ m_key.t0, m_key.t1 }, w);
    const QRgb bars[] = { 0, colorOf(Severity::Low, pal).rgb(), colorOf(Severity::Medium, pal).rgb(),
        colorOf(Severity::High, pal).rgb() };
    const QRgb line = TimelineStyle::mix(st.base, st.text, 0.45).rgb();
    const int unit = std::max(1, int(std::lround(dpr)));
    const int border = h - unit; // the bottom border's first row
    const int barTop = int(std::lround(kBarPad * dpr)), barBottom = border - barTop; // exclusive
    const int tickTop = int(std::lround((kBarPad - 2) * dpr)), tickBottom = border - tickTop;
    const int lineTop = (barTop + barBottom - unit) / 2;
    for (int y = 0; y < border; ++y) {
        auto* row = reinterpret_cast<QRgb*>(m_image.scanLine(y));
        const bool onBar = y >= barTop && y < barBottom, onLine = y >= lineTop && y < lineTop + unit;
        const bool onTick = y >= tickTop && y < tickBottom;
        for (int x = 0; x < w; ++x) {
            const CollectiveSpans::Pixel& p = px[size_t(x)];
            if (onBar && p.bar != Severity::None)
                row[x] = bars[int(p.bar)];
            else if ((onTick && p.line == CollectiveSpans::Pixel::Line::End)
                || (onLine && p.line != CollectiveSpans::Pixel::Line::None))
                row[x] = line;
        }
    }
    for (int y = border; y < h; ++y) {
        auto* row = reinterpret_cast<QRgb*>(m_image.scanLine(y));
        std::fill(row, row + w, st.border.rgb());
    }
}

void SkewStrip::paint(
    QPainter& p, const TimelineFrame& f, qreal dpr, quint64 style, const QPalette& pal, const QFont& font)
{
    if (f.skew.isEmpty())
        return;
    p.drawImage(f.skew.topLeft(), image({ f.t0, f.t1, f.skew.width(), dpr, style }, pal));
    const TimelineStyle st = TimelineStyle::from(pal);
    const QRect label = f.skewLabel;
    p.save();
    p.fillRect(label, pal.color(QPalette::Window));
    QFont small = font;
    small.setPointSizeF(font.pointSizeF() * 0.88);
    const QFontMetrics fm(small);
    p.setFont(small);
    p.setPen(st.muted);
    const QRect text = label.adjusted(14, 0, -8, -1);
    p.drawText(text, Qt::AlignVCenter | Qt::AlignLeft,
        fm.elidedText(QStringLiteral("Collective skew"), Qt::ElideRight, text.width()));
    p.fillRect(QRect(label.left(), label.bottom(), label.width(), 1), st.border);
    p.fillRect(QRect(label.right(), label.top(), 1, label.height()), st.border);
    p.restore();
}

TimeRange SkewStrip::window(const TimelineFrame& f, int x)
{
    constexpr int kSlack = 2;
    const TimeNs a = f.timeAt(x - kSlack);
    return { a, std::max(a + 1, f.timeAt(x + kSlack + 1)) };
}

TooltipContent SkewStrip::hover(
    const store::EventStore& store, const TimelineFrame& f, QPoint pos, const QPalette& pal) const
{
    if (f.skewLabel.contains(pos))
        return about(pal);
    return f.skew.contains(pos) ? tooltip(store, window(f, pos.x()), pal) : TooltipContent();
}

bool SkewStrip::click(const TimelineFrame& f, QPoint pos, model::Selection& selection) const
{
    if (!f.skew.contains(pos))
        return false;
    select(collectiveAt(window(f, pos.x())), selection);
    return true;
}

int SkewStrip::collectiveAt(TimeRange pixel, uint32_t* count) const
{
    const CollectiveSpans::Hit h = m_index ? m_spans.at(pixel) : CollectiveSpans::Hit();
    if (count)
        *count = h.count;
    return h.span < 0 ? -1 : int(m_spans.span(size_t(h.span)).collective);
}

TooltipContent SkewStrip::tooltip(const store::EventStore& store, TimeRange pixel, const QPalette& pal) const
{
    TooltipContent c;
    uint32_t count = 0;
    const int at = collectiveAt(pixel, &count);
    if (at < 0)
        return c;
    const MatchedCollective& m = m_index->analysis().collectives[size_t(at)];
    const size_t n = m.ranks.size();
    c.title = QStringLiteral("%1 · skew %2").arg(title(at), UnitFormat::duration(m.skewNs));
    if (m.lastRank >= 0)
        c.title += QStringLiteral(" · last: ") + rankName(uint32_t(m.lastRank));
    c.title += n == 1 ? QStringLiteral(" · 1 rank") : QStringLiteral(" · %1 ranks").arg(n);
    auto field = [&c](const QString& key, const QString& value, const QColor& swatch = QColor()) {
        c.fields.push_back({ key, value });
        c.swatches.push_back(swatch);
    };
    // Each rank's wait, in rank order; a big job lists the last arrival and the longest waits.
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), size_t(0));
    auto isLast = [&m](size_t i) { return m.lastRank >= 0 && m.ranks[i] == uint32_t(m.lastRank); };
    if (n > kMaxRankRows) {
        std::stable_sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return isLast(a) != isLast(b) ? isLast(a) : m.waits[a] > m.waits[b]; });
        order.resize(kMaxRankRows - 1);
    }
    for (size_t i : order) {
        field(rankName(m.ranks[i]),
            isLast(i) ? QStringLiteral("arrived last")
                      : QStringLiteral("waited %1").arg(UnitFormat::duration(m.waits[i])));
    }
    if (order.size() < n)
        field(QStringLiteral("…"), QStringLiteral("%1 more ranks, shorter waits").arg(n - order.size()));
    const double share = CollectiveSpans::shareOf(m);
    field(QStringLiteral("Skew"),
        QStringLiteral("%1 of the first arrival's kernel").arg(UnitFormat::percent(share * 100)),
        colorOf(CollectiveSpans::severityOf(share), pal));
    field(QStringLiteral("Work"), UnitFormat::duration(m.minDurNs) + QStringLiteral(" (the shortest kernel)"));
    const TimeNs first = *std::min_element(m.starts.begin(), m.starts.end());
    const TimeNs end = *std::max_element(m.ends.begin(), m.ends.end());
    field(QStringLiteral("Span"),
        UnitFormat::precise(first - store.extent().start) + QStringLiteral(" + ") + UnitFormat::duration(end - first));
    field(QStringLiteral("Kernel"), qstr(m.name));
    if (count > 1)
        field(QStringLiteral("Here"), QStringLiteral("%1 collectives; the worst skew shown").arg(count));
    addLegend(c, pal);
    return c;
}

TooltipContent SkewStrip::about(const QPalette& pal)
{
    TooltipContent c;
    c.title = QStringLiteral("Collective skew");
    c.fields.push_back({ QStringLiteral("Bar"), QStringLiteral("first arrival to last arrival on the ranks") });
    c.fields.push_back({ QStringLiteral("Line"), QStringLiteral("on to the collective's end (tick)") });
    c.fields.push_back({ QStringLiteral("Click"), QStringLiteral("selects its kernels on every rank") });
    c.swatches.assign(c.fields.size(), QColor());
    addLegend(c, pal);
    return c;
}

void SkewStrip::select(int collective, model::Selection& selection) const
{
    if (!m_index || collective < 0 || size_t(collective) >= m_index->analysis().collectives.size())
        return;
    const MatchedCollective& m = m_index->analysis().collectives[size_t(collective)];
    auto rows = std::make_shared<std::vector<store::SliceRow>>(m.rows);
    std::sort(rows->begin(), rows->end());
    rows->erase(std::unique(rows->begin(), rows->end()), rows->end());
    const size_t n = m.ranks.size();
    selection.setHighlighted(std::move(rows),
        QStringLiteral("%1 on %2")
            .arg(title(collective), n == 1 ? QStringLiteral("1 rank") : QStringLiteral("%1 ranks").arg(n)));
    if (!m.starts.empty() && !m.ends.empty())
        selection.setTimeSelection(
            { *std::min_element(m.starts.begin(), m.starts.end()), *std::max_element(m.ends.begin(), m.ends.end()) });
}

} // namespace strata::widgets
