#include "overlaplane.h"

#include <common/breakdowncolors.h>
#include <common/qstr.h>
#include <common/timelinestyle.h>
#include <common/unitformat.h>

#include <cmath>
#include <cstring>

namespace strata::widgets {

using analysis::OverlapLaneIndex;

void OverlapLane::setIndex(std::shared_ptr<const OverlapLaneIndex> index)
{
    m_index = std::move(index);
    m_images.assign(m_index ? m_index->laneCount() : 0, QImage());
    m_current.assign(m_images.size(), 0);
    m_key = Key();
}

std::vector<uint8_t> OverlapLane::processes(size_t processCount, bool shown) const
{
    std::vector<uint8_t> out;
    if (!m_index || !shown)
        return out;
    out.assign(processCount, 0);
    for (size_t l = 0; l < m_index->laneCount(); ++l)
        if (m_index->process(l).v < processCount)
            out[m_index->process(l).v] = 1;
    return out;
}

QColor OverlapLane::colorOf(State s, const QPalette& pal)
{
    switch (s) {
    case State::Idle: return BreakdownColors::idle();
    case State::Compute: return BreakdownColors::compute();
    case State::Overlapped: return BreakdownColors::overlapped();
    case State::Exposed: return BreakdownColors::exposed();
    case State::Memory: return BreakdownColors::memory();
    case State::Other: return BreakdownColors::other();
    case State::None: break;
    }
    return TimelineStyle::from(pal).base;
}

QString OverlapLane::nameOf(State s)
{
    switch (s) {
    case State::Idle: return QStringLiteral("idle");
    case State::Compute: return QStringLiteral("compute only");
    case State::Overlapped: return QStringLiteral("compute + communication");
    case State::Exposed: return QStringLiteral("communication exposed");
    case State::Memory: return QStringLiteral("memory only");
    case State::Other: return QStringLiteral("other");
    case State::None: break;
    }
    return QStringLiteral("no device work");
}

void OverlapLane::prepare(const std::vector<const LayoutRow*>& lanes, store::TimeRange visible, int widthPx, qreal dpr,
    quint64 style, const QPalette& pal)
{
    if (!m_index)
        return;
    const Key key { visible.start, visible.end, widthPx, dpr, style };
    if (!(key == m_key)) {
        std::fill(m_current.begin(), m_current.end(), 0);
        m_key = key;
    }
    for (const LayoutRow* row : lanes) {
        const int lane = m_index->laneOf(row->process);
        if (lane >= 0 && !m_current[size_t(lane)]) {
            render(size_t(lane), key, pal);
            m_current[size_t(lane)] = 1;
            ++m_builds;
        }
    }
}

void OverlapLane::render(size_t lane, const Key& key, const QPalette& pal)
{
    // One state per device pixel, so the lane is as sharp as the tracks on a scaled screen.
    const int w = std::max(1, int(std::lround(key.width * key.dpr)));
    const int h = std::max(1, int(std::lround(TimelineLayout::kLaneHeight * key.dpr)));
    QImage& img = m_images[lane];
    if (img.width() != w || img.height() != h)
        img = QImage(w, h, QImage::Format_RGB32);
    img.setDevicePixelRatio(key.dpr);
    const TimelineStyle st = TimelineStyle::from(pal);
    img.fill(st.base);
    const std::vector<State> states = m_index->pixels(lane, { key.t0, key.t1 }, w);
    QRgb colors[OverlapLaneIndex::kStates];
    for (int s = 0; s < OverlapLaneIndex::kStates; ++s)
        colors[s] = colorOf(State(s), pal).rgb();
    const int top = int(std::lround(kPad * key.dpr));
    const int bottom = h - top; // exclusive
    auto* first = reinterpret_cast<QRgb*>(img.scanLine(top));
    for (int x = 0; x < w; ++x)
        first[x] = colors[states[size_t(x)]];
    for (int y = top + 1; y < bottom; ++y)
        std::memcpy(img.scanLine(y), first, size_t(w) * sizeof(QRgb));
    // The separator every row ends with.
    const int sep = h - std::max(1, int(std::lround(key.dpr)));
    for (int y = sep; y < h; ++y) {
        auto* line = reinterpret_cast<QRgb*>(img.scanLine(y));
        std::fill(line, line + w, st.separator.rgb());
    }
}

TooltipContent OverlapLane::tooltip(const store::EventStore& store, const LayoutRow& row, store::TimeRange pixel) const
{
    TooltipContent c;
    const int lane = m_index ? m_index->laneOf(row.process) : -1;
    if (lane < 0 || pixel.empty())
        return c;
    const OverlapLaneIndex::StateTimes t = m_index->times(size_t(lane), pixel);
    const State s = OverlapLaneIndex::dominant(t);
    const store::TimeNs inSpan = pixel.duration() - t[State::None];
    c.title = s == State::None
        ? nameOf(s)
        : QStringLiteral("%1 · %2 of %3").arg(nameOf(s), UnitFormat::duration(t[s]), UnitFormat::duration(inSpan));
    for (State k : OverlapLaneIndex::kPrecedence) {
        if (t[k] <= 0)
            continue;
        c.fields.push_back({ nameOf(k), UnitFormat::duration(t[k]) });
        c.swatches.push_back(colorOf(k, QPalette()));
    }
    c.fields.push_back({ QStringLiteral("Range"),
        UnitFormat::precise(pixel.start - store.extent().start) + QStringLiteral(" + ")
            + UnitFormat::duration(pixel.duration()) });
    c.swatches.push_back(QColor());
    c.fields.push_back({ QStringLiteral("Device"), qstr(store.processLabel(row.process)) });
    c.swatches.push_back(QColor());
    return c;
}

} // namespace strata::widgets
