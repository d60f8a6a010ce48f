#include "pielegend.h"

#include <common/timelinestyle.h>

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace strata::widgets {

PieLegend::PieLegend(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void PieLegend::setEntries(std::vector<Entry> entries)
{
    m_entries = std::move(entries);
    m_hot = -1;
    updateGeometry();
    update();
}

void PieLegend::setElideMode(Qt::TextElideMode mode)
{
    m_elide = mode;
    update();
}

void PieLegend::setHot(int row)
{
    if (row == m_hot)
        return;
    m_hot = row;
    update();
}

int PieLegend::rowHeight() const
{
    return fontMetrics().height() + 6;
}

int PieLegend::rowAt(const QPoint& pos) const
{
    const int top = (height() - rowHeight() * int(m_entries.size())) / 2;
    if (pos.y() < top)
        return -1;
    const int row = (pos.y() - top) / rowHeight();
    return row < int(m_entries.size()) ? row : -1;
}

QSize PieLegend::sizeHint() const
{
    return { fontMetrics().horizontalAdvance(QLatin1Char('x')) * 34,
        rowHeight() * int(std::max<size_t>(1, m_entries.size())) };
}

QSize PieLegend::minimumSizeHint() const
{
    return { fontMetrics().horizontalAdvance(QLatin1Char('x')) * 14,
        rowHeight() * int(std::max<size_t>(1, m_entries.size())) };
}

void PieLegend::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QPalette& pal = palette();
    const QFontMetrics fm = fontMetrics();
    const int h = rowHeight();
    const int top = (height() - h * int(m_entries.size())) / 2;
    int valueWidth = 0;
    for (const Entry& e : m_entries)
        valueWidth = std::max(valueWidth, fm.horizontalAdvance(e.value));
    const int swatch = fm.height() - 4;
    for (size_t i = 0; i < m_entries.size(); ++i) {
        const Entry& e = m_entries[i];
        const QRect row(0, top + int(i) * h, width(), h);
        if (int(i) == m_hot)
            p.fillRect(row, TimelineStyle::mix(pal.color(QPalette::Base), pal.color(QPalette::Highlight), 0.18));
        const QRect sw(row.left() + 4, row.center().y() - swatch / 2, swatch, swatch);
        p.fillRect(sw, e.color);
        const QRect valueRect(row.right() - 4 - valueWidth, row.top(), valueWidth, h);
        const QRect nameRect(sw.right() + 7, row.top(), valueRect.left() - sw.right() - 14, h);
        p.setPen(pal.color(QPalette::Text));
        p.drawText(nameRect, Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(e.name, m_elide, nameRect.width()));
        p.setPen(TimelineStyle::mix(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.75));
        p.drawText(valueRect, Qt::AlignRight | Qt::AlignVCenter, e.value);
    }
}

void PieLegend::mouseMoveEvent(QMouseEvent* event)
{
    const int row = rowAt(event->position().toPoint());
    setCursor(row >= 0 && m_entries[size_t(row)].clickable ? Qt::PointingHandCursor : Qt::ArrowCursor);
    if (row != m_hot) {
        setHot(row);
        emit hovered(row);
    }
}

void PieLegend::mousePressEvent(QMouseEvent* event)
{
    const int row = rowAt(event->position().toPoint());
    if (event->button() == Qt::LeftButton && row >= 0 && m_entries[size_t(row)].clickable)
        emit clicked(row);
    QWidget::mousePressEvent(event);
}

void PieLegend::leaveEvent(QEvent* event)
{
    QWidget::leaveEvent(event);
    if (m_hot >= 0) {
        setHot(-1);
        emit hovered(-1);
    }
}

bool PieLegend::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int row = rowAt(help->pos());
        if (row >= 0 && !m_entries[size_t(row)].toolTip.isEmpty())
            QToolTip::showText(help->globalPos(), m_entries[size_t(row)].toolTip, this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace strata::widgets
