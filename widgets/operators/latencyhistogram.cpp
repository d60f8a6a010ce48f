#include "latencyhistogram.h"

#include <common/chartstyle.h>
#include <common/themepalette.h>
#include <common/unitformat.h>

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace strata::widgets {

// Bars on a hidden category axis, a time axis laid over them for the marker lines.
LatencyHistogram::LatencyHistogram(MenuFn menu, QWidget* parent)
    : MenuChartView(new QChart, std::move(menu), parent)
    , m_series(new QBarSeries)
{
    QChart* c = chart();
    m_series->setBarWidth(1.0);
    c->addSeries(m_series);
    c->setMargins(QMargins(2, 2, 6, 2));
    c->setAnimationOptions(QChart::NoAnimation);
    c->legend()->setAlignment(Qt::AlignTop);
    auto* bins = new QBarCategoryAxis(c);
    bins->setVisible(false);
    c->addAxis(bins, Qt::AlignBottom);
    m_series->attachAxis(bins);
    m_timeAxis = new QValueAxis(c);
    c->addAxis(m_timeAxis, Qt::AlignBottom);
    m_countAxis = new QValueAxis(c);
    m_countAxis->setLabelFormat(QStringLiteral("%d"));
    c->addAxis(m_countAxis, Qt::AlignLeft);
    m_series->attachAxis(m_countAxis);
    m_medianLine = new QLineSeries(c);
    m_medianLine->setName(tr("median"));
    m_p99Line = new QLineSeries(c);
    m_p99Line->setName(tr("p99"));
    for (QLineSeries* l : { m_medianLine, m_p99Line }) {
        c->addSeries(l);
        l->attachAxis(m_timeAxis);
        l->attachAxis(m_countAxis);
    }
    setObjectName(QStringLiteral("latencyHistogram"));
    setRenderHint(QPainter::Antialiasing);
    setFrameShape(QFrame::NoFrame);
    setMinimumSize(200, 140);
    connect(m_series, &QBarSeries::hovered, this, [this](bool on, int i, QBarSet*) { showBinTip(on, i); });
    applyStyle();
}

void LatencyHistogram::showBinTip(bool on, int bin)
{
    if (!on || bin < 0 || size_t(bin) >= m_stats.histogram.size()) {
        QToolTip::hideText();
        return;
    }
    const analysis::LatencyBin& b = m_stats.histogram[size_t(bin)];
    QToolTip::showText(QCursor::pos(),
        (b.count == 1 ? tr("%1 – %2: 1 instance") : tr("%1 – %2: %3 instances").arg(b.count))
            .arg(UnitFormat::duration(store::TimeNs(std::llround(b.startNs))),
                UnitFormat::duration(store::TimeNs(std::llround(b.endNs)))),
        this);
}

void LatencyHistogram::setStats(const analysis::LatencyStats& stats)
{
    m_stats = stats;
    QChart* c = chart();
    m_series->clear();
    m_set = nullptr;
    m_medianLine->clear();
    m_p99Line->clear();
    auto* bins = qobject_cast<QBarCategoryAxis*>(m_series->attachedAxes().value(0));
    if (bins)
        bins->clear();
    const auto& hist = m_stats.histogram;
    const bool any = !hist.empty() && m_stats.count > 0;
    m_timeAxis->setVisible(any);
    m_countAxis->setVisible(any);
    c->legend()->setVisible(any);
    // "No instances" only for a finished analysis that found none; blank while analysing.
    c->setTitle(any || m_stats.unit.empty() ? QString() : tr("No instances"));
    if (!any)
        return;
    m_set = new QBarSet(tr("instances"));
    m_set->setColor(ThemePalette::transfer());
    m_set->setBorderColor(palette().color(QPalette::Base));
    QStringList categories;
    uint64_t peak = 1;
    for (size_t i = 0; i < hist.size(); ++i) {
        *m_set << double(hist[i].count);
        categories << QString::number(i);
        peak = std::max(peak, hist[i].count);
    }
    m_series->append(m_set);
    for (QLegendMarker* m : c->legend()->markers(m_series))
        m->setVisible(false); // the bars need no legend entry; the marker lines do
    if (bins)
        bins->append(categories);

    const double lo = hist.front().startNs, hi = hist.back().endNs;
    const UnitFormat::AxisUnit u = UnitFormat::axisUnit(std::max(std::fabs(lo), std::fabs(hi)));
    m_timeAxis->setRange(lo / u.ns, hi / u.ns);
    updateTimeTicks();
    m_timeAxis->setTitleText(QString::fromUtf8(u.suffix));

    const double top = double(peak) * 1.12;
    m_countAxis->setRange(0, top);
    m_countAxis->setTickType(QValueAxis::TicksDynamic);
    m_countAxis->setTickAnchor(0);
    // A tick every 1, 2 or 5 × 10^k instances, about five of them.
    double step = 1;
    for (double magnitude = 1; step * 5 < double(peak); magnitude *= 10) {
        for (double m : { 1.0, 2.0, 5.0 }) {
            step = m * magnitude;
            if (step * 5 >= double(peak))
                break;
        }
    }
    m_countAxis->setTickInterval(step);

    *m_medianLine << QPointF(m_stats.medianNs / u.ns, 0) << QPointF(m_stats.medianNs / u.ns, top);
    *m_p99Line << QPointF(m_stats.p99Ns / u.ns, 0) << QPointF(m_stats.p99Ns / u.ns, top);
    applyStyle();
}

void LatencyHistogram::updateTimeTicks()
{
    const auto& hist = m_stats.histogram;
    if (hist.empty())
        return;
    // As many labels as fit (about one per 90 px), with the decimals their spacing needs.
    const double lo = hist.front().startNs, hi = hist.back().endNs;
    const UnitFormat::AxisUnit u = UnitFormat::axisUnit(std::max(std::fabs(lo), std::fabs(hi)));
    const int ticks = std::clamp(width() / 90, 3, 9);
    const double step = (hi - lo) / u.ns / (ticks - 1);
    const int decimals = step > 0 ? std::clamp(int(std::ceil(-std::log10(step))) + 1, 0, 6) : 3;
    m_timeAxis->setTickCount(ticks);
    m_timeAxis->setLabelFormat(QStringLiteral("%.%1f").arg(decimals));
}

void LatencyHistogram::applyStyle()
{
    const QPalette pal = palette();
    ChartStyle::apply(chart(), pal);
    setBackgroundBrush(pal.color(QPalette::Base));
    QPen median(ThemePalette::mix(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.75), 1.5, Qt::DashLine);
    m_medianLine->setPen(median);
    QPen p99(ThemePalette::from(pal).error, 1.5, Qt::DashLine);
    m_p99Line->setPen(p99);
    if (m_set)
        m_set->setBorderColor(pal.color(QPalette::Base));
}

void LatencyHistogram::resizeEvent(QResizeEvent* event)
{
    MenuChartView::resizeEvent(event);
    updateTimeTicks();
}

void LatencyHistogram::changeEvent(QEvent* event)
{
    MenuChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyStyle();
}

} // namespace strata::widgets
