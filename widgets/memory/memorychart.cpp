#include "memorychart.h"

#include <common/qstr.h>
#include <common/timelinestyle.h>
#include <common/unitformat.h>
#include <state/viewport.h>
#include <timeline/timelinenavigator.h>
#include <timeline/timeruler.h>

#include <QFontMetricsF>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace strata::widgets {

using store::MemoryAccessTable;
using store::TimeNs;

// As Sophgo's profile view: red = GDMA write / TIU output, green = GDMA read / TIU input.
const QColor MemoryChart::kReadColor(67, 160, 71);
const QColor MemoryChart::kWriteColor(211, 61, 56);

namespace {

QString hex(uint64_t v)
{
    return QStringLiteral("0x") + QString::number(v, 16);
}

QString bytesText(uint64_t b)
{
    if (b >= (uint64_t(1) << 30))
        return QString::number(double(b) / double(1 << 30), 'f', 2) + QStringLiteral(" GiB");
    if (b >= (uint64_t(1) << 20))
        return QString::number(double(b) / double(1 << 20), 'f', 2) + QStringLiteral(" MiB");
    if (b >= 1024)
        return QString::number(double(b) / 1024.0, 'f', b % 1024 ? 1 : 0) + QStringLiteral(" KiB");
    return QString::number(b) + QStringLiteral(" B");
}

QRgb premultiplied(const QColor& c, int alpha)
{
    return qRgba(c.red() * alpha / 255, c.green() * alpha / 255, c.blue() * alpha / 255, alpha);
}

} // namespace

MemoryChart::MemoryChart(model::Viewport* viewport, model::Selection* selection, QWidget* parent)
    : QWidget(parent)
    , m_viewport(viewport)
    , m_selection(selection)
{
    setObjectName(QStringLiteral("memoryChart"));
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(m_viewport, &model::Viewport::visibleChanged, this, qOverload<>(&QWidget::update));
    connect(m_viewport, &model::Viewport::timeAxisFrameChanged, this, qOverload<>(&QWidget::update));
    connect(m_selection, &model::Selection::currentChanged, this, qOverload<>(&QWidget::update));
}

void MemoryChart::setSpace(std::shared_ptr<const store::EventStore> store, store::MemorySpaceId space,
    std::vector<MemoryAddressAxis::Band> bands)
{
    m_store = std::move(store);
    m_space = space;
    const bool local = m_store && m_store->memoryAccesses().space(space).kind == store::MemoryKind::Local;
    m_axis.setBands(std::move(bands), local);
    m_axisHeight = -1;
    m_key = Key();
    m_hover = -1;
    update();
}

QString MemoryChart::title() const
{
    if (!m_store)
        return {};
    const store::MemorySpace& sp = m_store->memoryAccesses().space(m_space);
    const std::string_view name = m_store->str(sp.name);
    QString t = qstr(name);
    if (sp.kind == store::MemoryKind::Local && sp.lanes > 0)
        t += tr(" · lane 0 of %1").arg(sp.lanes);
    if (sp.size > 0)
        t += QStringLiteral(" · ") + bytesText(sp.size);
    if (sp.banks > 0)
        t += tr(" in %1 banks").arg(sp.banks);
    return t;
}

QRect MemoryChart::plotRect() const
{
    const int h = std::max(1, height() - kHeaderHeight - 4);
    const model::Viewport::AxisFrame f = m_viewport->timeAxisFrame();
    if (f.valid()) {
        const int left = f.x - mapToGlobal(QPoint(0, 0)).x();
        // The timeline's axis starts over this chart: the plot starts there too and ends
        // where the axis or this chart does.
        if (left >= kMinAxisWidth && left + kMinPlotWidth <= width())
            return QRect(left, kHeaderHeight, std::min(f.width, width() - left), h);
    }
    return QRect(kAxisWidth, kHeaderHeight, std::max(1, width() - kAxisWidth - 4), h);
}

int MemoryChart::timeAxisWidth() const
{
    const QRect plot = plotRect();
    const model::Viewport::AxisFrame f = m_viewport->timeAxisFrame();
    // Aligned exactly when the plot starts at the frame's left (plotRect's rule).
    return f.valid() && mapToGlobal(plot.topLeft()).x() == f.x ? f.width : plot.width();
}

double MemoryChart::xOf(TimeNs t) const
{
    const store::TimeRange v = m_viewport->visible();
    return plotRect().left() + double(t - v.start) * timeAxisWidth() / double(std::max<TimeNs>(1, v.duration()));
}

TimeNs MemoryChart::timeAt(double x) const
{
    const store::TimeRange v = m_viewport->visible();
    return v.start
        + TimeNs(std::llround((x - plotRect().left()) * double(v.duration()) / std::max(1, timeAxisWidth())));
}

QRectF MemoryChart::accessRect(uint32_t row) const
{
    const MemoryAccessTable& m = m_store->memoryAccesses();
    const QRect plot = plotRect();
    const double margin = 4.0 * plot.width() + 1000; // the painter's fixed point cannot take 1e12 px
    const double x0 = std::clamp(xOf(m.start(row)), plot.left() - margin, plot.right() + margin);
    const double x1 = std::max(x0 + 1, std::clamp(xOf(m.end(row)), plot.left() - margin, plot.right() + margin));
    const auto [y0, y1] = m_axis.span(m.address(row), m.bytes(row));
    return QRectF(x0, plot.top() + y0, x1 - x0, y1 - y0);
}

std::vector<uint32_t> MemoryChart::outlinedRows() const
{
    std::vector<uint32_t> out;
    if (!m_store)
        return out;
    const model::EventRef cur = m_selection->current();
    if (cur.kind != model::EventRef::Kind::Slice)
        return out;
    const MemoryAccessTable& m = m_store->memoryAccesses();
    for (uint32_t r : m.accessesOf(store::SliceRow(cur.row))) {
        if (m.spaceOf(r) == m_space)
            out.push_back(r);
    }
    return out;
}

int MemoryChart::accessAt(QPoint pos) const
{
    if (!m_store || m_axis.empty())
        return -1;
    const QRect plot = plotRect();
    if (!plot.adjusted(-2, -2, 2, 2).contains(pos))
        return -1;
    const MemoryAccessTable& m = m_store->memoryAccesses();
    const store::TimeRange v = m_viewport->visible();
    const double nsPerPx = double(std::max<TimeNs>(1, v.duration())) / std::max(1, timeAxisWidth());
    const TimeNs tol = TimeNs(std::ceil(2 * nsPerPx));
    const TimeNs t = timeAt(pos.x());
    int best = -1;
    double bestArea = 0;
    m.forEachInRange(m_space, t - tol, t + tol, [&](uint32_t r) {
        const QRectF rect = accessRect(r).adjusted(-2, -2, 2, 2);
        if (!rect.contains(QPointF(pos)))
            return;
        const double area = rect.width() * rect.height();
        if (best < 0 || area < bestArea) {
            best = int(r);
            bestArea = area;
        }
    });
    return best;
}

QString MemoryChart::toolTipFor(uint32_t row) const
{
    const MemoryAccessTable& m = m_store->memoryAccesses();
    QString text = QStringLiteral("<b>%1</b> %2 – %3<br>%4")
                       .arg(m.isWrite(row) ? tr("Write") : tr("Read"), hex(m.address(row)),
                           hex(m.address(row) + m.bytes(row)), bytesText(m.bytes(row)));
    if (m.bank(row) != MemoryAccessTable::kNoBank)
        text += tr(" · bank %1").arg(m.bank(row));
    if (m.space(m_space).lanes > 0)
        text += tr(" · lane %1").arg(m.lane(row));
    text += QStringLiteral("<br>") + UnitFormat::precise(m.start(row) - m_viewport->traceRange().start)
        + QStringLiteral(" + ") + UnitFormat::duration(m.end(row) - m.start(row));
    const store::SliceRow slice = m.slice(row);
    if (slice.valid()) {
        const std::string_view name = m_store->str(m_store->sliceName(slice));
        const std::string track = m_store->trackLabel(m_store->sliceTrack(slice));
        text += QStringLiteral("<br>")
            + tr("Instruction: <b>%1</b> on %2")
                  .arg(qstr(name).toHtmlEscaped(), QString::fromStdString(track).toHtmlEscaped());
    }
    return text;
}

void MemoryChart::renderAccesses(const QRect& plot, qreal dpr)
{
    const int w = std::max(1, int(std::lround(plot.width() * dpr)));
    const int h = std::max(1, int(std::lround(plot.height() * dpr)));
    if (m_image.size() != QSize(w, h))
        m_image = QImage(w, h, QImage::Format_ARGB32_Premultiplied);
    m_image.setDevicePixelRatio(dpr);
    ++m_renders;
    // Per device pixel: bit 0 read, bit 1 write, bit 2 the edge of an access at least 4 px
    // both ways. Many accesses inside one pixel fold into its bits.
    std::vector<uint8_t> mask(size_t(w) * size_t(h), 0);
    const MemoryAccessTable& m = m_store->memoryAccesses();
    const store::TimeRange v = m_viewport->visible();
    const double nsPerDev = double(std::max<TimeNs>(1, v.duration())) / (timeAxisWidth() * dpr);
    // Only what the plot shows: all of the visible range, or its first part when the plot
    // ends before the timeline's axis does.
    const TimeNs shownEnd = std::min(v.end, v.start + TimeNs(std::ceil(w * nsPerDev)));
    m.forEachInRange(m_space, v.start, shownEnd, [&](uint32_t r) {
        const int x0 = int(std::clamp(std::floor(double(m.start(r) - v.start) / nsPerDev), -1.0, double(w)));
        const int x1
            = std::max(x0 + 1, int(std::clamp(std::ceil(double(m.end(r) - v.start) / nsPerDev), -1.0, double(w))));
        const auto [ya, yb] = m_axis.span(m.address(r), m.bytes(r));
        const int y0 = int(std::floor(ya * dpr));
        const int y1 = std::max(y0 + 1, int(std::ceil(yb * dpr)));
        const uint8_t bit = m.isWrite(r) ? 2 : 1;
        const bool edged = x1 - x0 >= 4 && y1 - y0 >= 4;
        for (int y = std::max(0, y0); y < std::min(h, y1); ++y) {
            uint8_t* line = mask.data() + size_t(y) * size_t(w);
            const bool edgeRow = edged && (y == y0 || y == y1 - 1);
            for (int x = std::max(0, x0); x < std::min(w, x1); ++x)
                line[x] |= uint8_t(bit | ((edgeRow || (edged && (x == x0 || x == x1 - 1))) ? 4 : 0));
        }
    });
    const QColor both = TimelineStyle::mix(kReadColor, kWriteColor, 0.5);
    const QRgb fill[4]
        = { 0, premultiplied(kReadColor, 170), premultiplied(kWriteColor, 170), premultiplied(both, 190) };
    const QRgb edge[4] = { 0, premultiplied(kReadColor.darker(140), 230), premultiplied(kWriteColor.darker(140), 230),
        premultiplied(both.darker(140), 230) };
    for (int y = 0; y < h; ++y) {
        auto* px = reinterpret_cast<QRgb*>(m_image.scanLine(y));
        const uint8_t* line = mask.data() + size_t(y) * size_t(w);
        for (int x = 0; x < w; ++x)
            px[x] = (line[x] & 4) ? edge[line[x] & 3] : fill[line[x] & 3];
    }
}

void MemoryChart::paintBands(QPainter& p, const QRect& plot) const
{
    const TimelineStyle st = TimelineStyle::from(palette());
    const QColor bandA = TimelineStyle::mix(st.base, st.text, 0.035);
    const QColor bandB = TimelineStyle::mix(st.base, st.text, 0.07);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p.setFont(small);
    const QFontMetricsF fm(small);
    const QColor label = TimelineStyle::mix(st.base, st.text, 0.65);
    const auto& bands = m_axis.bands();
    const store::MemorySpace& sp = m_store->memoryAccesses().space(m_space);
    for (size_t i = 0; i < bands.size(); ++i) {
        const MemoryAddressAxis::Band& b = bands[i];
        const QRectF r(plot.left(), plot.top() + b.y0, plot.width(), b.y1 - b.y0);
        p.fillRect(r, b.region ? (i % 2 ? bandB : bandA) : TimelineStyle::mix(st.base, st.text, 0.02));
        if (m_axis.linear())
            continue;
        p.setPen(label);
        const QRectF text(4, r.top(), plot.left() - 8, r.height());
        if (r.height() >= 2 * fm.height()) {
            p.drawText(text, Qt::AlignLeft | Qt::AlignTop, fm.elidedText(b.label, Qt::ElideRight, text.width()));
            p.drawText(text.adjusted(0, fm.height(), 0, 0), Qt::AlignLeft | Qt::AlignTop, hex(b.begin));
        } else {
            p.drawText(text, Qt::AlignLeft | Qt::AlignVCenter,
                fm.elidedText(b.label + QLatin1Char(' ') + hex(b.begin), Qt::ElideRight, text.width()));
        }
    }
    if (m_axis.linear() && sp.banks > 0 && !bands.empty()) {
        // Bank boundaries: a line each, and the bank's name where there is room for it.
        const MemoryAddressAxis::Band& b = bands.front();
        const uint64_t bankBytes = std::max<uint64_t>(1, (b.end - b.begin) / sp.banks);
        double lastLabel = -1e9;
        for (uint32_t k = 0; k < sp.banks; ++k) {
            const double y = plot.top() + m_axis.yOf(b.begin + k * bankBytes);
            p.setPen(QPen(st.grid.darker(112), 1));
            if (k > 0)
                p.drawLine(QPointF(plot.left(), std::floor(y) + 0.5), QPointF(plot.right(), std::floor(y) + 0.5));
            // Labels as dense as the text allows: every bank, or every second, fourth, ...
            if (y - lastLabel >= fm.height()) {
                p.setPen(label);
                p.drawText(QRectF(4, y, plot.left() - 8, fm.height()), Qt::AlignLeft | Qt::AlignTop,
                    QStringLiteral("BANK[%1] %2").arg(k).arg(hex(b.begin + k * bankBytes)));
                lastLabel = y;
            }
        }
    }
}

void MemoryChart::paintHeader(QPainter& p, const QRect& plot) const
{
    const TimelineStyle st = TimelineStyle::from(palette());
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(st.windowText);
    const QRectF titleRect(4, 0, width() - 8, kHeaderHeight);
    p.drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter, title());
    // Time ticks along the plot, as on the timeline's ruler; labels where the title leaves room.
    const store::TimeRange v = m_viewport->visible();
    const TimeRuler::Ticks ticks = TimeRuler::compute(v.start, v.end, m_viewport->traceRange().start, timeAxisWidth());
    p.setPen(QPen(st.grid, 1));
    for (const RulerTick& t : ticks.ticks) {
        if (t.major && t.x < plot.width()) // an aligned axis may run on past the plot
            p.drawLine(QPointF(plot.left() + std::floor(t.x) + 0.5, plot.top()),
                QPointF(plot.left() + std::floor(t.x) + 0.5, plot.bottom()));
    }
    const QFontMetricsF fm(bold);
    const QRectF avoid(0, 0, 8 + fm.horizontalAdvance(title()) + 12, kHeaderHeight);
    TimeRuler::paint(p, QRect(plot.left(), 0, plot.width(), kHeaderHeight), ticks, palette(), font(), avoid);
}

void MemoryChart::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const TimelineStyle st = TimelineStyle::from(palette());
    p.fillRect(rect(), st.base);
    if (!m_store || m_axis.empty()) {
        p.setPen(st.windowText);
        p.drawText(rect(), Qt::AlignCenter, tr("No accesses in this memory"));
        return;
    }
    const QRect plot = plotRect();
    if (m_axisHeight != plot.height()) {
        m_axis.layout(plot.height());
        m_axisHeight = plot.height();
        m_key = Key();
    }
    const store::TimeRange v = m_viewport->visible();
    const Key key { v.start, v.end, plot.size(), timeAxisWidth(), devicePixelRatioF() };
    if (!(key == m_key)) {
        renderAccesses(plot, devicePixelRatioF());
        m_key = key;
    }
    paintBands(p, plot);
    paintHeader(p, plot);
    p.drawImage(plot.topLeft(), m_image);
    p.setPen(QPen(st.border, 1));
    p.drawLine(QPointF(plot.left() - 0.5, plot.top()), QPointF(plot.left() - 0.5, plot.bottom()));

    p.setClipRect(plot.adjusted(-1, -1, 1, 1));
    p.setBrush(Qt::NoBrush);
    const QColor accent = palette().color(QPalette::Highlight);
    for (uint32_t r : outlinedRows()) {
        const QRectF rect = accessRect(r);
        if (rect.right() < plot.left() || rect.left() > plot.right())
            continue;
        p.setPen(QPen(accent, 2));
        p.drawRect(rect.adjusted(-1, -1, 1, 1));
    }
    if (m_hover >= 0 && uint32_t(m_hover) < m_store->memoryAccesses().size()) {
        p.setPen(QPen(st.text, 1));
        p.drawRect(accessRect(uint32_t(m_hover)).adjusted(-0.5, -0.5, 0.5, 0.5));
    }
}

void MemoryChart::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    m_axisHeight = -1;
}

void MemoryChart::select(QPoint pos, bool reveal)
{
    const int hit = accessAt(pos);
    if (hit < 0)
        return;
    const store::SliceRow slice = m_store->memoryAccesses().slice(uint32_t(hit));
    if (slice.valid())
        m_selection->setCurrent(model::EventRef::slice(slice), reveal);
}

void MemoryChart::mousePressEvent(QMouseEvent* e)
{
    if (e->button() != Qt::LeftButton || !m_store)
        return;
    m_pressPos = e->position().toPoint();
    m_pressVisible = m_viewport->visible();
    m_dragging = false;
}

void MemoryChart::mouseMoveEvent(QMouseEvent* e)
{
    const QPoint pos = e->position().toPoint();
    if (!m_store)
        return;
    if (e->buttons() & Qt::LeftButton) {
        if (!m_dragging && (pos - m_pressPos).manhattanLength() > 3)
            m_dragging = true;
        if (m_dragging) {
            const double nsPerPx = double(m_pressVisible.duration()) / std::max(1, timeAxisWidth());
            const TimeNs delta = TimeNs(std::llround((m_pressPos.x() - pos.x()) * nsPerPx));
            m_viewport->setVisible(
                { m_pressVisible.start + delta, m_pressVisible.end + delta }, model::Viewport::Nav::Step);
        }
        return;
    }
    const int hit = accessAt(pos);
    if (hit != m_hover) {
        m_hover = hit;
        update();
    }
    if (hit >= 0)
        QToolTip::showText(e->globalPosition().toPoint(), toolTipFor(uint32_t(hit)), this);
    else
        QToolTip::hideText();
}

void MemoryChart::mouseReleaseEvent(QMouseEvent* e)
{
    if (e->button() != Qt::LeftButton || !m_store)
        return;
    if (!m_dragging)
        select(e->position().toPoint(), false);
    m_dragging = false;
}

void MemoryChart::mouseDoubleClickEvent(QMouseEvent* e)
{
    if (e->button() == Qt::LeftButton && m_store)
        select(e->position().toPoint(), true);
}

void MemoryChart::wheelEvent(QWheelEvent* e)
{
    if (!m_store)
        return;
    const QPoint ad = e->angleDelta();
    const QRect plot = plotRect();
    const TimelineNavigator nav(m_viewport, timeAxisWidth());
    if (e->modifiers() & Qt::ShiftModifier || std::abs(ad.x()) > std::abs(ad.y())) {
        const double notches = (ad.x() != 0 ? ad.x() : ad.y()) / 120.0;
        nav.panBy(-notches * 0.1);
    } else {
        // The chart has nothing to scroll: the wheel zooms at the cursor, as Ctrl+wheel on the timeline.
        const double x = e->position().x();
        const TimeNs anchor = plot.contains(e->position().toPoint())
            ? timeAt(x)
            : m_viewport->visible().start + m_viewport->visible().duration() / 2;
        nav.zoomBy(std::pow(0.8, ad.y() / 120.0), anchor);
    }
    e->accept();
}

void MemoryChart::leaveEvent(QEvent* e)
{
    QWidget::leaveEvent(e);
    if (m_hover >= 0) {
        m_hover = -1;
        update();
    }
}

} // namespace strata::widgets
