#include "breakdownbars.h"

#include <common/breakdowncolors.h>
#include <common/unitformat.h>

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace strata::widgets {

namespace {

constexpr int kMargin = 6;
constexpr int kIndent = 14; // an engine's row under its device
constexpr int kGap = 4;

QString percentOf(store::TimeNs ns, store::TimeNs span)
{
    return span > 0 ? UnitFormat::decimal(100.0 * double(ns) / double(span), 1) + QStringLiteral(" %")
                    : QStringLiteral("–");
}

} // namespace

QString BreakdownBars::segmentName(analysis::BreakdownSegment segment)
{
    using S = analysis::BreakdownSegment;
    switch (segment) {
    case S::Compute: return tr("compute");
    case S::CommOverlapped: return tr("comm. overlapped");
    case S::CommExposed: return tr("comm. exposed");
    case S::Memory: return tr("memory");
    case S::Other: return tr("other");
    case S::Idle: return tr("idle");
    }
    return {};
}

std::vector<BreakdownBars::Segment> BreakdownBars::segments(const analysis::BreakdownTimes& t)
{
    using S = analysis::BreakdownSegment;
    const QColor colors[analysis::kBreakdownSegments] = { BreakdownColors::compute(), BreakdownColors::overlapped(),
        BreakdownColors::exposed(), BreakdownColors::memory(), BreakdownColors::other(), BreakdownColors::idle() };
    std::vector<Segment> out;
    for (int i = 0; i < analysis::kBreakdownSegments; ++i) {
        const S kind = S(i);
        out.push_back({ kind, segmentName(kind), std::max<store::TimeNs>(0, t.segmentNs(kind)), colors[i] });
    }
    return out;
}

BreakdownBars::BreakdownBars(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("breakdownBars"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    setMouseTracking(false);
}

void BreakdownBars::setBreakdown(std::shared_ptr<const analysis::RankBreakdown> breakdown)
{
    m_breakdown = std::move(breakdown);
    rebuild();
}

void BreakdownBars::setShowEngines(bool on)
{
    m_engines = on;
    rebuild();
}

void BreakdownBars::rebuild()
{
    m_rows.clear();
    if (m_breakdown) {
        for (size_t d = 0; d < m_breakdown->devices.size(); ++d) {
            const analysis::DeviceBreakdown& device = m_breakdown->devices[d];
            m_rows.push_back({ int(d), -1, QString::fromStdString(device.label), device.times });
            if (!m_engines)
                continue;
            for (size_t e = 0; e < device.engines.size(); ++e)
                m_rows.push_back(
                    { int(d), int(e), QString::fromStdString(device.engines[e].label), device.engines[e].times });
        }
    }
    updateGeometry();
    update();
}

int BreakdownBars::rowHeight() const
{
    return 2 * fontMetrics().height() + kGap;
}

int BreakdownBars::legendHeight(int width) const
{
    const QFontMetrics fm = fontMetrics();
    const int swatch = fm.height();
    int x = kMargin;
    int lines = 1;
    for (const Segment& s : segments({})) {
        const int w = swatch + 4 + fm.horizontalAdvance(s.name) + 10;
        if (x > kMargin && x + w > width - kMargin) {
            x = kMargin;
            ++lines;
        }
        x += w;
    }
    return lines * (fm.height() + 2) + kGap;
}

int BreakdownBars::heightForWidth(int w) const
{
    return heightFor(w, int(m_rows.size()));
}

int BreakdownBars::heightFor(int width, int rows) const
{
    // Fewer than all rows: end where the next row's label starts, so none of it shows.
    const int shown = std::min(rows, int(m_rows.size()));
    return kMargin + legendHeight(width) + shown * rowHeight() + (shown < int(m_rows.size()) ? 0 : kMargin);
}

QSize BreakdownBars::sizeHint() const
{
    return { 320, heightForWidth(320) };
}

QSize BreakdownBars::minimumSizeHint() const
{
    return { 160, fontMetrics().height() * 3 };
}

QRect BreakdownBars::barRect(int row) const
{
    const Row& r = m_rows.at(size_t(row));
    const int h = fontMetrics().height();
    const int top = kMargin + legendHeight(width()) + row * rowHeight() + h;
    const int left = kMargin + (r.engine >= 0 ? kIndent : 0);
    return { left, top, std::max(1, width() - kMargin - left), h };
}

QRect BreakdownBars::segmentRect(int row, analysis::BreakdownSegment segment) const
{
    const Row& r = m_rows.at(size_t(row));
    const QRect bar = barRect(row);
    if (r.times.spanNs <= 0)
        return {};
    // The same arithmetic as the painting, so a segment's rectangle is where it is drawn.
    double at = bar.left();
    for (const Segment& s : segments(r.times)) {
        const double w = double(bar.width()) * double(s.ns) / double(r.times.spanNs);
        if (s.kind == segment) {
            const int left = int(std::ceil(at)), right = int(std::floor(at + w));
            return right > left ? QRect(left, bar.top(), right - left, bar.height()) : QRect();
        }
        at += w;
    }
    return {};
}

bool BreakdownBars::segmentAt(int row, QPoint p, analysis::BreakdownSegment* segment) const
{
    const Row& r = m_rows.at(size_t(row));
    const QRect bar = barRect(row);
    if (r.times.spanNs <= 0 || p.y() < bar.top() || p.y() > bar.bottom() || p.x() < bar.left() || p.x() > bar.right())
        return false;
    double at = bar.left();
    const Segment* last = nullptr;
    for (const Segment& s : segments(r.times)) {
        if (s.ns <= 0)
            continue;
        last = &s;
        at += double(bar.width()) * double(s.ns) / double(r.times.spanNs);
        if (p.x() + 0.5 <= at) {
            *segment = s.kind;
            return true;
        }
    }
    if (!last)
        return false;
    *segment = last->kind; // rounding at the right end
    return true;
}

int BreakdownBars::rowAt(QPoint p) const
{
    const int top = kMargin + legendHeight(width());
    if (p.y() < top)
        return -1;
    const int row = (p.y() - top) / rowHeight();
    return row < int(m_rows.size()) ? row : -1;
}

void BreakdownBars::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QFontMetrics fm = fontMetrics();
    const QColor text = palette().color(QPalette::WindowText);
    // Legend, wrapped to the width.
    const int swatch = fm.height();
    int x = kMargin;
    int y = kMargin;
    for (const Segment& s : segments({})) {
        const int w = swatch + 4 + fm.horizontalAdvance(s.name) + 10;
        if (x > kMargin && x + w > width() - kMargin) {
            x = kMargin;
            y += fm.height() + 2;
        }
        p.fillRect(QRect(x, y + 2, swatch - 4, swatch - 4), s.color);
        p.setPen(text);
        p.drawText(QRect(x + swatch, y, w, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, s.name);
        x += w;
    }
    for (int i = 0; i < int(m_rows.size()); ++i) {
        const Row& r = m_rows[size_t(i)];
        const QRect bar = barRect(i);
        const QRect label(bar.left(), bar.top() - fm.height(), bar.width(), fm.height());
        const QString span = tr("span %1").arg(UnitFormat::duration(r.times.spanNs));
        const int spanWidth = fm.horizontalAdvance(span);
        QFont f = font();
        f.setBold(r.engine < 0);
        p.setFont(f);
        p.setPen(text);
        p.drawText(label.adjusted(0, 0, -spanWidth - 8, 0), Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetrics(f).elidedText(r.label, Qt::ElideMiddle, std::max(0, label.width() - spanWidth - 8)));
        p.setFont(font());
        p.drawText(label, Qt::AlignRight | Qt::AlignVCenter, span);
        p.fillRect(bar, palette().color(QPalette::Base));
        if (r.times.spanNs <= 0)
            continue;
        double at = bar.left();
        for (const Segment& s : segments(r.times)) {
            const double w = double(bar.width()) * double(s.ns) / double(r.times.spanNs);
            p.fillRect(QRectF(at, bar.top(), w, bar.height()), s.color);
            at += w;
        }
        p.setPen(palette().color(QPalette::Mid));
        p.drawRect(bar.adjusted(0, 0, -1, -1));
    }
}

void BreakdownBars::mousePressEvent(QMouseEvent* event)
{
    const int row = rowAt(event->pos());
    analysis::BreakdownSegment segment {};
    if (row >= 0 && event->button() == Qt::LeftButton && segmentAt(row, event->pos(), &segment)) {
        emit segmentClicked(m_rows[size_t(row)].device, m_rows[size_t(row)].engine, segment);
        event->accept();
        return;
    }
    QWidget::mousePressEvent(event);
}

bool BreakdownBars::event(QEvent* event)
{
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const int row = rowAt(help->pos());
    if (row < 0) {
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    const Row& r = m_rows[size_t(row)];
    analysis::BreakdownSegment under {};
    const bool onSegment = segmentAt(row, help->pos(), &under);
    QStringList lines { r.label.toHtmlEscaped() };
    for (const Segment& s : segments(r.times)) {
        const QString line = tr("%1: %2 (%3)").arg(s.name, UnitFormat::duration(s.ns), percentOf(s.ns, r.times.spanNs));
        lines << (onSegment && s.kind == under ? QStringLiteral("<b>%1</b>").arg(line.toHtmlEscaped())
                                               : line.toHtmlEscaped());
    }
    if (onSegment)
        lines << tr("Click to select the longest %1 stretch on the timeline; click again for the next.")
                     .arg(segmentName(under))
                     .toHtmlEscaped();
    QToolTip::showText(help->globalPos(),
        QStringLiteral("<p style='white-space:pre'>%1</p>").arg(lines.join(QStringLiteral("<br>"))), this);
    return true;
}

} // namespace strata::widgets
