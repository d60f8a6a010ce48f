#include "compareheader.h"

#include <state/comparison.h>
#include <state/viewport.h>

#include <common/deltaformat.h>

#include <QMouseEvent>
#include <QPainter>

#include <cmath>

namespace strata::app {

CompareHeader::CompareHeader(model::Comparison* comparison, QWidget* parent)
    : QWidget(parent)
    , m_comparison(comparison)
{
    setObjectName(QStringLiteral("compareHeader"));
    setCursor(Qt::SizeHorCursor);
    setToolTip(tr("Drag sideways to shift B's timeline against A's"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(m_comparison, &model::Comparison::changed, this, qOverload<>(&QWidget::update));
    connect(m_comparison, &model::Comparison::offsetChanged, this, qOverload<>(&QWidget::update));
}

QSize CompareHeader::sizeHint() const
{
    return { 200, fontMetrics().height() + 8 };
}

double CompareHeader::nsPerPixel() const
{
    const model::Viewport* vp = m_comparison->b()->viewport();
    const int px = vp->timeAxisFrame().valid() ? vp->timeAxisFrame().width : width();
    return px > 0 ? double(vp->visible().duration()) / px : 0;
}

void CompareHeader::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::AlternateBase));
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(0, height() - 1, width(), height() - 1);
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(palette().color(QPalette::Text));
    const QRect text = rect().adjusted(8, 0, -8, 0);
    const QString title = tr("B: %1").arg(m_comparison->b()->fileName());
    p.drawText(text, Qt::AlignVCenter | Qt::AlignLeft, title);
    p.setFont(font());
    p.setPen(palette().color(QPalette::PlaceholderText));
    const store::TimeNs shift = m_comparison->startShiftNs(); // as the compare bar says it
    const QString hint = tr("starts at A %1 — drag to shift").arg(widgets::DeltaFormat::startShift(shift));
    p.drawText(text, Qt::AlignVCenter | Qt::AlignRight, hint);
}

void CompareHeader::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || !m_comparison->active())
        return QWidget::mousePressEvent(event);
    m_dragging = true;
    m_pressX = event->position().x();
    m_pressOffset = m_comparison->offsetNs();
    m_pressNsPerPx = nsPerPixel();
    event->accept();
}

void CompareHeader::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_dragging)
        return QWidget::mouseMoveEvent(event);
    // Dragging right moves B's events right, under later A times: B's point aligns with an
    // earlier A point, so the offset (B minus A) shrinks.
    const double dx = event->position().x() - m_pressX;
    m_comparison->setOffsetNs(m_pressOffset - static_cast<store::TimeNs>(std::llround(dx * m_pressNsPerPx)));
    event->accept();
}

void CompareHeader::mouseReleaseEvent(QMouseEvent* event)
{
    if (!m_dragging)
        return QWidget::mouseReleaseEvent(event);
    m_dragging = false;
    event->accept();
}

} // namespace strata::app
