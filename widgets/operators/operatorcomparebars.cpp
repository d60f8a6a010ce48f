#include "operatorcomparebars.h"

#include <common/deltaformat.h>
#include <common/themepalette.h>
#include <common/unitformat.h>

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace strata::widgets {

namespace {

constexpr int kMargin = 6;
constexpr int kHeaderGap = 4; // between the legend line and the rows, and before the split block

QString durationText(double ns)
{
    return UnitFormat::duration(store::TimeNs(ns));
}

} // namespace

OperatorCompareBars::OperatorCompareBars(MenuFn menu, QWidget* parent)
    : QWidget(parent)
    , m_menu(std::move(menu))
{
    setObjectName(QStringLiteral("operatorCompareBars"));
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void OperatorCompareBars::setRows(const std::vector<analysis::CompareRow>& rows, Split a, Split b)
{
    std::vector<const analysis::CompareRow*> sorted;
    sorted.reserve(rows.size());
    for (const analysis::CompareRow& r : rows)
        sorted.push_back(&r);
    std::stable_sort(sorted.begin(), sorted.end(), [](const analysis::CompareRow* x, const analysis::CompareRow* y) {
        const double mx = std::max(x->aTotalNs, x->bTotalNs), my = std::max(y->aTotalNs, y->bTotalNs);
        return mx != my ? mx > my : x->name < y->name;
    });
    if (sorted.size() > size_t(kTopRows))
        sorted.resize(size_t(kTopRows));
    m_rows.clear();
    for (const analysis::CompareRow* r : sorted)
        m_rows.push_back({ QString::fromStdString(r->name), r->aTotalNs, r->bTotalNs, r->aCount, r->bCount });
    m_operatorRows = m_rows.size();
    const store::TimeNs communication = a.communicationNs + b.communicationNs;
    if (a.executionNs + a.transferNs + b.executionNs + b.transferNs + communication > 0) {
        m_rows.push_back({ tr("Execution"), double(a.executionNs), double(b.executionNs) });
        if (communication > 0)
            m_rows.push_back({ tr("Communication"), double(a.communicationNs), double(b.communicationNs) });
        m_rows.push_back({ tr("Data transfer"), double(a.transferNs), double(b.transferNs) });
    }
    updateGeometry();
    update();
}

QStringList OperatorCompareBars::operators() const
{
    QStringList out;
    for (size_t i = 0; i < m_operatorRows; ++i)
        out << m_rows[i].name;
    return out;
}

int OperatorCompareBars::rowHeight() const
{
    return fontMetrics().height() + 4;
}

QSize OperatorCompareBars::sizeHint() const
{
    return { 360, kMargin * 2 + rowHeight() * (int(m_rows.size()) + 1) + 2 * kHeaderGap };
}

QSize OperatorCompareBars::minimumSizeHint() const
{
    return { 200, sizeHint().height() };
}

// Rows start under the legend line; the split block starts kHeaderGap lower.
int OperatorCompareBars::rowAt(int y) const
{
    int top = kMargin + rowHeight() + kHeaderGap;
    for (size_t i = 0; i < m_rows.size(); ++i) {
        if (i == m_operatorRows)
            top += kHeaderGap;
        if (y >= top && y < top + rowHeight())
            return int(i);
        top += rowHeight();
    }
    return -1;
}

void OperatorCompareBars::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const QColor text = palette().color(QPalette::Text);
    const QColor muted = ThemePalette::mix(palette().color(QPalette::Base), text, 0.62);
    const QColor aColour = ThemePalette::transfer(), bColour = ThemePalette::execution();
    const QFontMetrics fm = fontMetrics();
    const int h = rowHeight();
    const int w = width() - 2 * kMargin;
    if (m_rows.empty()) {
        p.setPen(muted);
        p.drawText(rect(), Qt::AlignCenter, tr("No operators in the window"));
        return;
    }
    // Legend line: the sides' swatches, and what the bars measure.
    int x = kMargin;
    int y = kMargin;
    for (const auto& [label, colour] : { std::pair { tr("A"), aColour }, std::pair { tr("B"), bColour } }) {
        p.fillRect(QRect(x, y + h / 2 - 5, 10, 10), colour);
        p.setPen(text);
        p.drawText(QRect(x + 14, y, 40, h), Qt::AlignVCenter | Qt::AlignLeft, label);
        x += 14 + fm.horizontalAdvance(label) + 12;
    }
    p.setPen(muted);
    p.drawText(QRect(x, y, w - x, h), Qt::AlignVCenter | Qt::AlignRight, tr("total time · Δ %"));
    y += h + kHeaderGap;

    const int nameW = std::clamp(w * 2 / 5, 60, 260);
    const int deltaW = fm.horizontalAdvance(QStringLiteral("+999.9 %")) + 6;
    const int barX = kMargin + nameW + 6;
    const int barW = std::max(10, w - nameW - 6 - deltaW);
    auto peakOf = [&](size_t from, size_t to) {
        double m = 0;
        for (size_t i = from; i < to; ++i)
            m = std::max({ m, m_rows[i].a, m_rows[i].b });
        return m > 0 ? m : 1.0;
    };
    const double opPeak = peakOf(0, m_operatorRows), splitPeak = peakOf(m_operatorRows, m_rows.size());
    for (size_t i = 0; i < m_rows.size(); ++i) {
        if (i == m_operatorRows) {
            y += kHeaderGap;
            p.setPen(ThemePalette::mix(palette().color(QPalette::Base), text, 0.2));
            p.drawLine(kMargin, y - kHeaderGap / 2, kMargin + w, y - kHeaderGap / 2);
        }
        const Row& r = m_rows[i];
        const double peak = i < m_operatorRows ? opPeak : splitPeak;
        p.setPen(text);
        p.drawText(QRect(kMargin, y, nameW, h), Qt::AlignVCenter | Qt::AlignLeft,
            fm.elidedText(r.name, Qt::ElideMiddle, nameW));
        const int barH = std::max(3, (h - 4) / 2);
        const int aLen = int(barW * r.a / peak), bLen = int(barW * r.b / peak);
        p.fillRect(QRect(barX, y + 2, std::max(aLen, r.a > 0 ? 1 : 0), barH), aColour);
        p.fillRect(QRect(barX, y + 2 + barH, std::max(bLen, r.b > 0 ? 1 : 0), barH), bColour);
        const std::optional<double> pct = DeltaFormat::percentOf(r.a, r.b);
        p.setPen(muted);
        p.drawText(QRect(kMargin + w - deltaW, y, deltaW, h), Qt::AlignVCenter | Qt::AlignRight,
            r.a > 0 ? DeltaFormat::percent(pct) : (r.b > 0 ? tr("new") : DeltaFormat::missing()));
        y += h;
    }
}

QString OperatorCompareBars::toolTipFor(const Row& row) const
{
    QString tip = QStringLiteral("<b>%1</b>").arg(row.name.toHtmlEscaped());
    if (row.aCount >= 0)
        tip += tr("<br>A: %1 total · %2 slices<br>B: %3 total · %4 slices")
                   .arg(durationText(row.a), UnitFormat::count(quint64(row.aCount)), durationText(row.b),
                       UnitFormat::count(quint64(row.bCount)));
    else
        tip += tr("<br>A: %1<br>B: %2").arg(durationText(row.a), durationText(row.b));
    tip += tr("<br>Δ %1 (%2)")
               .arg(DeltaFormat::signedValue(row.b - row.a, &durationText),
                   DeltaFormat::percent(DeltaFormat::percentOf(row.a, row.b)));
    return tip;
}

bool OperatorCompareBars::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int row = rowAt(help->pos().y());
        if (row >= 0)
            QToolTip::showText(help->globalPos(), toolTipFor(m_rows[size_t(row)]), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void OperatorCompareBars::contextMenuEvent(QContextMenuEvent* event)
{
    if (m_menu)
        m_menu(event->globalPos());
}

} // namespace strata::widgets
