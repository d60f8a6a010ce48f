#include "memoryusagebar.h"

#include <common/operatorcolors.h>

#include <QFontMetrics>
#include <QPainter>

#include <algorithm>

namespace strata::widgets {

namespace {
constexpr int kBarWidth = 90;

QString megabytes(uint64_t b)
{
    return QString::number(double(b) / 1e6, 'f', 2) + QStringLiteral(" MB");
}
} // namespace

MemoryUsageBar::MemoryUsageBar(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("memoryUsageBar"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void MemoryUsageBar::setParts(std::vector<Part> parts)
{
    m_parts = std::move(parts);
    setToolTip(m_parts.empty() ? QString() : tr("Allocated device memory by kind: %1").arg(legendText()));
    updateGeometry();
    update();
}

QString MemoryUsageBar::legendText() const
{
    QStringList items;
    for (const Part& p : m_parts)
        items << p.category + QLatin1Char(' ') + megabytes(p.bytes);
    return items.join(QStringLiteral(" · "));
}

QColor MemoryUsageBar::colorOf(const QString& category)
{
    // The three kinds Sophgo's profile view reports get fixed, distinct colours; anything else a stable one.
    if (category == QLatin1String("Coeff"))
        return QColor(126, 87, 194);
    if (category == QLatin1String("Runtime"))
        return QColor(251, 140, 0);
    if (category == QLatin1String("Tensor"))
        return QColor(0, 137, 123);
    return OperatorColors::computeColor(category.toStdString());
}

QSize MemoryUsageBar::minimumSizeHint() const
{
    QStringList names;
    for (const Part& p : m_parts)
        names << p.category;
    const QFontMetrics fm(font());
    return { kBarWidth + 12 + fm.horizontalAdvance(names.join(QStringLiteral("     "))) + 14 * int(m_parts.size()) + 8,
        fm.height() + 6 };
}

QSize MemoryUsageBar::sizeHint() const
{
    const QFontMetrics fm(font());
    return { kBarWidth + 12 + fm.horizontalAdvance(legendText()) + 14 * int(m_parts.size()) + 8, fm.height() + 6 };
}

void MemoryUsageBar::paintEvent(QPaintEvent*)
{
    if (m_parts.empty())
        return;
    QPainter p(this);
    uint64_t total = 0;
    for (const Part& part : m_parts)
        total += part.bytes;
    const QFontMetrics fm(font());
    const int h = std::min(height() - 4, fm.height() - 2);
    const QRect bar(2, (height() - h) / 2, kBarWidth, h);
    double x = bar.left();
    for (const Part& part : m_parts) {
        const double w = total ? bar.width() * double(part.bytes) / double(total) : 0;
        p.fillRect(QRectF(x, bar.top(), w, bar.height()), colorOf(part.category));
        x += w;
    }
    // The legend: a swatch per kind with its size; only the kinds' names when that is too wide.
    int lx = bar.right() + 12;
    const bool sizes = width() >= sizeHint().width();
    for (const Part& part : m_parts) {
        const QString text = sizes ? part.category + QLatin1Char(' ') + megabytes(part.bytes) : part.category;
        p.fillRect(QRect(lx, bar.top() + 2, 10, bar.height() - 4), colorOf(part.category));
        lx += 14;
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(lx, 0, fm.horizontalAdvance(text) + 2, height()), Qt::AlignVCenter, text);
        lx += fm.horizontalAdvance(text) + 14;
    }
}

} // namespace strata::widgets
