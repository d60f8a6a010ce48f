#include "summarybusychart.h"

#include <common/chartstyle.h>
#include <common/summaryformat.h>
#include <common/themepalette.h>
#include <common/unitformat.h>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QEvent>
#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QHash>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QSet>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <numeric>

namespace strata::widgets {

SummaryBusyChart::SummaryBusyChart(QWidget* parent)
    : QChartView(parent)
{
    setObjectName(QStringLiteral("summaryBusyChart"));
    setRenderHint(QPainter::Antialiasing);
    setFrameShape(QFrame::NoFrame);
    setMinimumSize(220, 140);
    auto* chart = new QChart;
    chart->setMargins(QMargins(8, 4, 12, 2));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->hide();
    setChart(chart);
    restyle();
}

void SummaryBusyChart::clear()
{
    chart()->removeAllSeries();
    for (QAbstractAxis* a : chart()->axes()) {
        chart()->removeAxis(a);
        delete a;
    }
    m_series = nullptr;
    m_compute = m_communication = m_transfer = nullptr;
    m_categories = nullptr;
    m_values = nullptr;
    m_labels.clear();
    m_rows.clear();
    m_busy.clear();
    m_tips.clear();
}

void SummaryBusyChart::setSummary(const analysis::TraceSummary& s)
{
    clear();
    std::vector<size_t> order(s.tracks.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(
        order.begin(), order.end(), [&](size_t a, size_t b) { return s.tracks[a].busyNs > s.tracks[b].busyNs; });
    const size_t shown = std::min(order.size(), size_t(kMaxBars));
    order.resize(shown);

    // Names repeat across processes ("MainThread"); the axis needs distinct labels.
    QHash<QString, int> uses;
    for (const analysis::TrackSummaryRow& r : s.tracks)
        ++uses[SummaryFormat::trackName(r)];
    QSet<QString> taken;
    bool any[3] = {}; // a bar in the compute, communication, data-transfer set
    for (size_t i : order) {
        const analysis::TrackSummaryRow& r = s.tracks[i];
        QString label = SummaryFormat::trackName(r);
        if (uses.value(label) > 1)
            label += r.pid.isString ? QStringLiteral(" · %1").arg(QString::fromStdString(r.processLabel))
                                    : QStringLiteral(" · %1").arg(r.pid.num);
        const QString base = label;
        for (int n = 2; taken.contains(label); ++n)
            label = QStringLiteral("%1 #%2").arg(base).arg(n);
        taken.insert(label);
        m_labels << label;
        m_rows.push_back(i);
        m_busy.push_back(r.busyNs);
        any[setOf(r.engine)] = true;
        m_tips.push_back(tr("<b>%1</b><br>%2<br>Busy %3 · %4 of the window · %5 slices")
                             .arg(SummaryFormat::trackName(r).toHtmlEscaped(),
                                 QString::fromStdString(r.processLabel).toHtmlEscaped(), UnitFormat::duration(r.busyNs),
                                 SummaryFormat::utilization(r.utilization), UnitFormat::count(r.events)));
    }
    if (m_labels.isEmpty())
        return;

    const store::TimeNs maxBusy = *std::max_element(m_busy.begin(), m_busy.end());
    const UnitFormat::AxisUnit scale = UnitFormat::axisUnit(double(maxBusy));
    m_compute = new QBarSet(tr("Compute"));
    m_communication = new QBarSet(tr("Communication"));
    m_transfer = new QBarSet(tr("Data transfer"));
    QBarSet* const sets[3] = { m_compute, m_communication, m_transfer };
    const QColor colours[3] = { ThemePalette::execution(), ThemePalette::communication(), ThemePalette::transfer() };
    for (int i = 0; i < 3; ++i) {
        sets[i]->setColor(colours[i]);
        sets[i]->setBorderColor(colours[i]);
    }
    for (int k = int(m_labels.size()) - 1; k >= 0; --k) { // category 0 is drawn at the bottom
        const int set = setOf(s.tracks[m_rows[size_t(k)]].engine);
        const double v = double(m_busy[size_t(k)]) / scale.ns;
        for (int i = 0; i < 3; ++i)
            *sets[i] << (i == set ? v : 0.0);
    }
    m_series = new QHorizontalStackedBarSeries;
    for (QBarSet* set : sets)
        m_series->append(set);
    m_series->setBarWidth(0.72);
    chart()->addSeries(m_series);

    m_categories = new QBarCategoryAxis;
    m_labelWidth = 0;
    relabel();
    m_categories->setGridLineVisible(false);
    m_categories->setTruncateLabels(false); // relabel() elides them to what fits
    m_values = new QValueAxis;
    m_values->setRange(0, double(maxBusy) / scale.ns);
    m_values->applyNiceNumbers();
    m_values->setLabelFormat(QStringLiteral("%g"));
    const int hidden = int(s.tracks.size()) - int(m_labels.size());
    m_values->setTitleText(hidden > 0 ? tr("Busy time (%1) — %n less busy engine(s) not shown", nullptr, hidden)
                                            .arg(QString::fromUtf8(scale.suffix))
                                      : tr("Busy time (%1)").arg(QString::fromUtf8(scale.suffix)));
    chart()->addAxis(m_categories, Qt::AlignLeft);
    chart()->addAxis(m_values, Qt::AlignBottom);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_values);

    QLegend* legend = chart()->legend();
    legend->setVisible(int(any[0]) + int(any[1]) + int(any[2]) > 1);
    for (QLegendMarker* m : legend->markers(m_series))
        m->setShape(QLegend::MarkerShapeRectangle);

    for (QBarSet* set : sets)
        connect(set, &QBarSet::hovered, this, &SummaryBusyChart::showToolTip);
    restyle();
}

// Labels may take up to 36 % of the chart's width (and 30 characters); longer ones are
// elided in the middle. Qt Charts' own truncation leaves only "..." in a small chart.
void SummaryBusyChart::relabel()
{
    if (!m_categories)
        return;
    const QFontMetrics fm(font());
    const int width = std::clamp(int(this->width() * 0.36), fm.horizontalAdvance(QLatin1Char('x')) * 8,
        fm.horizontalAdvance(QLatin1Char('x')) * 30);
    if (width == m_labelWidth)
        return;
    m_labelWidth = width;
    QStringList bottomUp;
    QSet<QString> taken;
    for (int k = int(m_labels.size()) - 1; k >= 0; --k) {
        QString shown = fm.elidedText(m_labels[k], Qt::ElideMiddle, width);
        for (int n = 2; taken.contains(shown); ++n) // categories must stay distinct
            shown = fm.elidedText(m_labels[k], Qt::ElideMiddle, width - fm.horizontalAdvance(QStringLiteral(" #0")))
                + QStringLiteral(" #%1").arg(n);
        taken.insert(shown);
        bottomUp << shown;
    }
    m_categories->setCategories(bottomUp);
}

QStringList SummaryBusyChart::shownLabels() const
{
    if (!m_categories)
        return {};
    QStringList top = m_categories->categories();
    std::reverse(top.begin(), top.end());
    return top;
}

void SummaryBusyChart::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    relabel();
}

void SummaryBusyChart::showToolTip(bool on, int index)
{
    const int top = int(m_tips.size()) - 1 - index;
    if (!on || top < 0 || top >= int(m_tips.size())) {
        QToolTip::hideText();
        return;
    }
    QToolTip::showText(QCursor::pos(), m_tips[size_t(top)], this);
}

void SummaryBusyChart::restyle()
{
    ChartStyle::apply(chart(), palette());
    QFont labelFont = font();
    for (QAbstractAxis* a : chart()->axes()) {
        a->setLabelsFont(labelFont);
        QFont title = labelFont;
        title.setPointSizeF(labelFont.pointSizeF() * 0.92);
        a->setTitleFont(title);
    }
    chart()->legend()->setFont(labelFont);
}

void SummaryBusyChart::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        restyle();
    if (event->type() == QEvent::FontChange) {
        m_labelWidth = 0;
        relabel();
    }
}

} // namespace strata::widgets
