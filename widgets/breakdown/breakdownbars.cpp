#include "breakdownbars.h"

#include <common/breakdowncolors.h>
#include <common/unitformat.h>

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

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

std::vector<BreakdownBars::Segment> BreakdownBars::segments(const analysis::BreakdownTimes& t)
{
    const store::TimeNs rest = std::max<store::TimeNs>(0, t.nonComputeNs - t.commExposedNs);
    return {
        { tr("compute"), std::max<store::TimeNs>(0, t.computeNs - t.commOverlapNs), BreakdownColors::compute() },
        { tr("comm. overlapped"), t.commOverlapNs, BreakdownColors::overlapped() },
        { tr("comm. exposed"), t.commExposedNs, BreakdownColors::exposed() },
        { tr("memory/other"), rest, BreakdownColors::memory() },
        { tr("idle"), t.idleNs, BreakdownColors::idle() },
    };
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
            m_rows.push_back({ int(d), false, QString::fromStdString(device.label), device.times });
            if (!m_engines)
                continue;
            for (const analysis::EngineBreakdown& e : device.engines)
                m_rows.push_back({ int(d), true, QString::fromStdString(e.label), e.times });
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
    return kMargin + legendHeight(width) + std::min(rows, int(m_rows.size())) * rowHeight() + kMargin;
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
    const int left = kMargin + (r.engine ? kIndent : 0);
    return { left, top, std::max(1, width() - kMargin - left), h };
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
        f.setBold(!r.engine);
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
    if (row >= 0 && event->button() == Qt::LeftButton && !m_rows[size_t(row)].engine) {
        emit deviceClicked(m_rows[size_t(row)].device);
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
    QStringList lines { r.label };
    for (const Segment& s : segments(r.times))
        lines << tr("%1: %2 (%3)").arg(s.name, UnitFormat::duration(s.ns), percentOf(s.ns, r.times.spanNs));
    if (!r.engine)
        lines << tr("Click to select this device's work on the timeline.");
    QToolTip::showText(help->globalPos(), lines.join(QLatin1Char('\n')), this);
    return true;
}

} // namespace strata::widgets
