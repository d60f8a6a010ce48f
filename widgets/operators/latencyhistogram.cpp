#include "latencyhistogram.h"

#include <common/chartstyle.h>
#include <common/themepalette.h>
#include <common/unitformat.h>

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
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

namespace {

// "1 µs", "20 ms": a tick is a round number of its own unit, so no decimals are needed.
QString tickLabel(double ns)
{
    const UnitFormat::AxisUnit u = UnitFormat::axisUnit(ns * (1 + 1e-9));
    return QString::number(ns / u.ns, 'g', 3) + QLatin1Char(' ') + QString::fromUtf8(u.suffix);
}

} // namespace

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
    m_logAxis = new QCategoryAxis(c);
    m_logAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_logAxis->setVisible(false);
    c->addAxis(m_logAxis, Qt::AlignBottom);
    m_countAxis = new QValueAxis(c);
    m_countAxis->setLabelFormat(QStringLiteral("%d"));
    c->addAxis(m_countAxis, Qt::AlignLeft);
    m_series->attachAxis(m_countAxis);
    m_medianLine = new QLineSeries(c);
    m_medianLine->setName(tr("median"));
    m_p99Line = new QLineSeries(c);
    m_p99Line->setName(tr("p99"));
    m_bMedianLine = new QLineSeries(c);
    for (QLineSeries* l : { m_medianLine, m_p99Line, m_bMedianLine }) {
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
    if (!on || bin < 0 || size_t(bin) >= bins().size()) {
        QToolTip::hideText();
        return;
    }
    const analysis::LatencyBin& b = bins()[size_t(bin)];
    const QString span = oneDuration() ? UnitFormat::duration(store::TimeNs(std::llround(b.startNs)))
                                       : tr("%1 – %2").arg(UnitFormat::duration(store::TimeNs(std::llround(b.startNs))),
                                           UnitFormat::duration(store::TimeNs(std::llround(b.endNs))));
    const QString text = m_b
        ? tr("%1\nA: %2\nB: %3").arg(span).arg(b.count).arg(bBins()[size_t(bin)].count)
        : (b.count == 1 ? tr("%1: 1 instance").arg(span) : tr("%1: %2 instances").arg(span).arg(b.count));
    QToolTip::showText(QCursor::pos(), text, this);
}

const std::vector<analysis::LatencyBin>& LatencyHistogram::bins() const
{
    return m_scale == Scale::Log ? m_stats.logHistogram : m_stats.histogram;
}

const std::vector<analysis::LatencyBin>& LatencyHistogram::bBins() const
{
    static const std::vector<analysis::LatencyBin> kNone;
    if (!m_b)
        return kNone;
    return m_scale == Scale::Log ? m_b->logHistogram : m_b->histogram;
}

void LatencyHistogram::attachLines(QAbstractAxis* x)
{
    for (QLineSeries* l : { m_medianLine, m_p99Line, m_bMedianLine }) {
        for (QAbstractAxis* a : { static_cast<QAbstractAxis*>(m_timeAxis), static_cast<QAbstractAxis*>(m_logAxis) })
            if (a != x && l->attachedAxes().contains(a))
                l->detachAxis(a);
        if (!l->attachedAxes().contains(x))
            l->attachAxis(x);
    }
}

void LatencyHistogram::setStats(const analysis::LatencyStats& stats, Scale scale)
{
    m_stats = stats;
    m_b.reset();
    setToolTip(QString());
    m_scale = scale;
    draw();
}

void LatencyHistogram::setComparison(const analysis::LatencyStats& a, const analysis::LatencyStats& b, Scale scale,
    const QString& aName, const QString& bName)
{
    m_stats = a;
    m_b = b;
    setToolTip(tr("A: %1\nB: %2").arg(aName, bName)); // the legend has only the letters
    m_scale = scale;
    draw();
}

void LatencyHistogram::draw()
{
    const bool log = m_scale == Scale::Log;
    QChart* c = chart();
    m_series->clear();
    m_set = nullptr;
    m_bSet = nullptr;
    m_medianLine->clear();
    m_p99Line->clear();
    m_bMedianLine->clear();
    auto* binAxis = qobject_cast<QBarCategoryAxis*>(m_series->attachedAxes().value(0));
    if (binAxis)
        binAxis->clear();
    const auto& hist = bins();
    const bool any = !hist.empty() && (m_stats.count > 0 || (m_b && m_b->count > 0));
    // Every instance one duration: one narrow bar labelled with it, on the category axis (a
    // time axis over the 1 ns wide bin would label it "14.455000 14.455000 14.455001").
    const bool single = any && oneDuration();
    m_series->setBarWidth(single ? 0.4 : 1.0);
    m_timeAxis->setVisible(any && !log && !single);
    m_logAxis->setVisible(any && (log || single));
    attachLines(log || single ? static_cast<QAbstractAxis*>(m_logAxis) : m_timeAxis);
    m_countAxis->setVisible(any);
    c->legend()->setVisible(any);
    // "No instances" only for a finished analysis that found none; blank while analysing.
    c->setTitle(any || m_stats.unit.empty() ? QString() : tr("No instances"));
    if (!any)
        return;
    // Legend names: the sides' letters only. The compare bar names the files, and in a dock of
    // the default width QtCharts drops the text of longer entries and keeps bare swatches.
    m_set = new QBarSet(m_b ? tr("A") : tr("instances"));
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
    if (m_b) {
        // B beside A in each bin: the same edges, so a bin's two bars compare directly.
        m_bSet = new QBarSet(tr("B"));
        m_bSet->setColor(ThemePalette::execution());
        m_bSet->setBorderColor(palette().color(QPalette::Base));
        for (const analysis::LatencyBin& b : bBins()) {
            *m_bSet << double(b.count);
            peak = std::max(peak, b.count);
        }
        m_series->append(m_bSet);
    }
    for (QLegendMarker* m : c->legend()->markers(m_series))
        m->setVisible(m_b.has_value()); // one distribution needs no legend entry; the marker lines do
    if (binAxis)
        binAxis->append(categories);

    const double lo = hist.front().startNs, hi = hist.back().endNs;
    // Where the marker lines go: a time in the axis' unit, or its log10 on the log scale.
    const UnitFormat::AxisUnit u = UnitFormat::axisUnit(std::max(std::fabs(lo), std::fabs(hi)));
    auto at = [&u, log, single](double ns) { return single ? 1.0 : log ? std::log10(std::max(1.0, ns)) : ns / u.ns; };
    if (single) {
        for (const QString& label : m_logAxis->categoriesLabels())
            m_logAxis->remove(label);
        m_logAxis->setRange(0, 2);
        m_logAxis->setStartValue(0);
        m_logAxis->append(UnitFormat::duration(store::TimeNs(std::llround(lo))), 1);
    } else if (log) {
        m_logAxis->setRange(std::log10(lo), std::log10(hi));
        updateLogTicks();
    } else {
        m_timeAxis->setRange(lo / u.ns, hi / u.ns);
        updateTimeTicks();
        m_timeAxis->setTitleText(QString::fromUtf8(u.suffix));
    }

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

    // Comparing: each side's median (the table has the other figures); else the median and p99.
    m_medianLine->setName(m_b ? tr("A p50") : tr("median"));
    m_bMedianLine->setName(tr("B p50"));
    if (m_stats.count > 0)
        *m_medianLine << QPointF(at(m_stats.medianNs), 0) << QPointF(at(m_stats.medianNs), top);
    if (!m_b)
        *m_p99Line << QPointF(at(m_stats.p99Ns), 0) << QPointF(at(m_stats.p99Ns), top);
    else if (m_b->count > 0)
        *m_bMedianLine << QPointF(at(m_b->medianNs), 0) << QPointF(at(m_b->medianNs), top);
    for (QLegendMarker* m : c->legend()->markers(m_p99Line))
        m->setVisible(!m_b);
    for (QLegendMarker* m : c->legend()->markers(m_bMedianLine))
        m->setVisible(m_b && m_b->count > 0);
    for (QLegendMarker* m : c->legend()->markers(m_medianLine))
        m->setVisible(m_stats.count > 0);
    applyStyle();
}

bool LatencyHistogram::oneDuration() const
{
    const auto& hist = bins();
    return hist.size() == 1 && hist.front().endNs - hist.front().startNs <= 1;
}

std::vector<std::pair<double, QString>> LatencyHistogram::logTicks() const
{
    std::vector<std::pair<double, QString>> out;
    const auto& hist = m_stats.logHistogram;
    if (hist.empty())
        return out;
    const double lo = hist.front().startNs, hi = hist.back().endNs;
    const int fit = std::clamp(width() / 70, 3, 12); // about one label per 70 px
    const double eps = 1e-9;
    // 1-2-5 in each decade, else whole decades: every one, every 2nd, 3rd, ...
    auto ticks = [&](std::initializer_list<double> mantissas, int everyDecades) {
        std::vector<double> v;
        for (int k = int(std::floor(std::log10(lo))); std::pow(10.0, k) <= hi * (1 + eps); ++k) {
            if (k % everyDecades != 0)
                continue;
            for (double m : mantissas) {
                const double t = m * std::pow(10.0, k);
                if (t >= lo * (1 - eps) && t <= hi * (1 + eps))
                    v.push_back(t);
            }
        }
        return v;
    };
    std::vector<double> chosen = ticks({ 1, 2, 5 }, 1);
    for (int every = 1; int(chosen.size()) > fit && every <= 20; every = every < 3 ? every + 1 : every * 2)
        chosen = ticks({ 1 }, every);
    if (chosen.size() < 2) // a range inside one 1-2-5 step: its ends
        chosen = { lo, hi };
    for (double t : chosen)
        out.emplace_back(t, tickLabel(t));
    return out;
}

void LatencyHistogram::updateLogTicks()
{
    if (oneDuration())
        return; // its one label does not depend on the width
    for (const QString& label : m_logAxis->categoriesLabels())
        m_logAxis->remove(label);
    if (m_stats.logHistogram.empty())
        return;
    m_logAxis->setStartValue(std::log10(m_stats.logHistogram.front().startNs));
    for (const auto& [ns, label] : logTicks())
        m_logAxis->append(label, std::log10(ns));
}

void LatencyHistogram::updateTimeTicks()
{
    const auto& hist = m_stats.histogram;
    if (hist.empty() || m_scale == Scale::Log)
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
    const QColor text = pal.color(QPalette::Text);
    // Comparing, each median takes its side's hue, moved toward the text so it reads over
    // its own bars.
    const QColor median = m_b ? ThemePalette::mix(ThemePalette::transfer(), text, 0.45)
                              : ThemePalette::mix(pal.color(QPalette::Base), text, 0.75);
    m_medianLine->setPen(QPen(median, 1.5, Qt::DashLine));
    m_bMedianLine->setPen(QPen(ThemePalette::mix(ThemePalette::execution(), text, 0.45), 1.5, Qt::DashLine));
    QPen p99(ThemePalette::from(pal).error, 1.5, Qt::DashLine);
    m_p99Line->setPen(p99);
    for (QBarSet* set : { m_set, m_bSet })
        if (set)
            set->setBorderColor(pal.color(QPalette::Base));
}

void LatencyHistogram::resizeEvent(QResizeEvent* event)
{
    MenuChartView::resizeEvent(event);
    if (m_scale == Scale::Log)
        updateLogTicks();
    else
        updateTimeTicks();
}

void LatencyHistogram::changeEvent(QEvent* event)
{
    MenuChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyStyle();
}

} // namespace strata::widgets
