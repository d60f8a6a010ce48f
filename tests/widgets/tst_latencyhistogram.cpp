// LatencyHistogram: one bar a bin, the median and p99 lines across the bars' height, the
// time axis in the unit of the longest bin edge, the titles of the empty states, and the
// log scale: the log bins on a log10 axis labelled with round durations.
#include <operators/latencyhistogram.h>

#include <analysis/latency/latencyanalyzer.h>
#include <common/unitformat.h>

#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QLineSeries>
#include <QValueAxis>
#include <QtTest>

using namespace strata;

namespace {

analysis::LatencyStats statsOf(const QList<qulonglong>& counts, double binNs, double medianNs, double p99Ns)
{
    analysis::LatencyStats s;
    s.unit = "ProfilerStep";
    for (int i = 0; i < counts.size(); ++i) {
        s.histogram.push_back({ binNs * i, binNs * (i + 1), counts[i] });
        s.count += counts[i];
    }
    s.medianNs = medianNs;
    s.p99Ns = p99Ns;
    return s;
}

QLineSeries* line(QChart* c, const QString& name)
{
    for (QAbstractSeries* s : c->series()) {
        if (s->name() == name)
            return qobject_cast<QLineSeries*>(s);
    }
    return nullptr;
}

QValueAxis* timeAxis(QChart* c)
{
    for (QAbstractAxis* a : c->axes(Qt::Horizontal)) {
        if (auto* v = qobject_cast<QValueAxis*>(a))
            return v;
    }
    return nullptr;
}

} // namespace

class tst_LatencyHistogram : public QObject {
    Q_OBJECT
private slots:
    void drawsBinsAndMarkers_data()
    {
        QTest::addColumn<QList<qulonglong>>("counts");
        QTest::addColumn<double>("binNs");
        QTest::addColumn<double>("medianNs");
        QTest::addColumn<double>("p99Ns");
        QTest::addColumn<QString>("unit"); // the time axis title
        QTest::addColumn<double>("scale"); // ns per axis unit
        QTest::newRow("ms") << QList<qulonglong>({ 1, 4, 2 }) << 1e6 << 1.5e6 << 2.9e6 << "ms" << 1e6;
        QTest::newRow("µs, one bin") << QList<qulonglong>({ 5 }) << 1500.0 << 700.0 << 1400.0 << "µs" << 1e3;
        QTest::newRow("ns") << QList<qulonglong>({ 2, 2 }) << 300.0 << 290.0 << 590.0 << "ns" << 1.0;
        QTest::newRow("s") << QList<qulonglong>({ 0, 3, 0, 9 }) << 5e8 << 1.6e9 << 1.9e9 << "s" << 1e9;
    }

    void drawsBinsAndMarkers()
    {
        QFETCH(QList<qulonglong>, counts);
        QFETCH(double, binNs);
        QFETCH(double, medianNs);
        QFETCH(double, p99Ns);
        QFETCH(QString, unit);
        QFETCH(double, scale);
        widgets::LatencyHistogram h([](const QPoint&) {});
        h.resize(400, 200);
        h.setStats(statsOf(counts, binNs, medianNs, p99Ns));
        QVERIFY(h.barSet());
        QCOMPARE(h.barSet()->count(), counts.size());
        qulonglong peak = 0;
        for (int i = 0; i < counts.size(); ++i) {
            QCOMPARE(h.barSet()->at(i), double(counts[i]));
            peak = std::max(peak, counts[i]);
        }
        QVERIFY(h.chart()->title().isEmpty());
        QCOMPARE(timeAxis(h.chart())->titleText(), unit);
        QCOMPARE(timeAxis(h.chart())->min(), 0.0);
        QCOMPARE(timeAxis(h.chart())->max(), binNs * counts.size() / scale);
        for (const auto& [name, at] :
            { std::pair { QStringLiteral("median"), medianNs }, { QStringLiteral("p99"), p99Ns } }) {
            QLineSeries* l = line(h.chart(), name);
            QVERIFY(l);
            QCOMPARE(l->count(), 2);
            QCOMPARE(l->at(0).x(), at / scale);
            QCOMPARE(l->at(1).x(), at / scale);
            QVERIFY(l->at(1).y() > double(peak)); // across the tallest bar
        }
    }

    void emptyStates_data()
    {
        QTest::addColumn<QString>("unit");
        QTest::addColumn<QString>("title");
        QTest::newRow("analysing") << QString() << QString();
        QTest::newRow("no instances") << "ProfilerStep"
                                      << "No instances";
    }

    void emptyStates()
    {
        QFETCH(QString, unit);
        QFETCH(QString, title);
        widgets::LatencyHistogram h([](const QPoint&) {});
        h.setStats(statsOf({ 2, 1 }, 10, 5, 9)); // something drawn first
        analysis::LatencyStats none;
        none.unit = unit.toStdString();
        h.setStats(none);
        QVERIFY(!h.barSet());
        QCOMPARE(h.chart()->title(), title);
        QVERIFY(!timeAxis(h.chart())->isVisible());
        QCOMPARE(line(h.chart(), QStringLiteral("median"))->count(), 0);
    }

    // One step (or instances all of one duration): one narrow bar and one label, the
    // duration, on either scale; the marker lines through the bar.
    void oneDuration_data()
    {
        QTest::addColumn<QList<qint64>>("durations");
        QTest::addColumn<bool>("log");
        QTest::addColumn<QString>("label");
        QTest::newRow("one step, linear") << QList<qint64>({ 14455000 }) << false << "14.455 ms";
        QTest::newRow("one step, log") << QList<qint64>({ 14455000 }) << true << "14.455 ms";
        QTest::newRow("three equal, linear") << QList<qint64>({ 2500, 2500, 2500 }) << false << "2.500 µs";
    }

    void oneDuration()
    {
        QFETCH(QList<qint64>, durations);
        QFETCH(bool, log);
        QFETCH(QString, label);
        const analysis::LatencyStats s
            = analysis::LatencyAnalyzer::summarize(std::vector<store::TimeNs>(durations.begin(), durations.end()), 30);
        widgets::LatencyHistogram h([](const QPoint&) {});
        h.resize(600, 200);
        h.setStats(s, log ? widgets::LatencyHistogram::Scale::Log : widgets::LatencyHistogram::Scale::Linear);
        QVERIFY(h.oneDuration());
        QVERIFY(h.barSet());
        QCOMPARE(h.barSet()->count(), 1);
        QCOMPARE(h.barSet()->at(0), double(durations.size()));
        QVERIFY(!timeAxis(h.chart())->isVisible());
        QCategoryAxis* axis = nullptr;
        for (QAbstractAxis* a : h.chart()->axes(Qt::Horizontal))
            if (auto* c = qobject_cast<QCategoryAxis*>(a))
                axis = c;
        QVERIFY(axis && axis->isVisible());
        QCOMPARE(axis->categoriesLabels(), QStringList({ label }));
        h.resize(300, 200); // a resize keeps the one label
        QCOMPARE(axis->categoriesLabels(), QStringList({ label }));
        QLineSeries* median = line(h.chart(), QStringLiteral("median"));
        QCOMPARE(median->at(0).x(), (axis->min() + axis->max()) / 2); // through the bar
    }

    void logScale_data()
    {
        QTest::addColumn<QList<qint64>>("durations");
        QTest::addColumn<int>("width");
        QTest::addColumn<QStringList>("ticks");
        QTest::newRow("1 µs … 1 s, wide: every decade")
            << QList<qint64>({ 1000, 2000, 5000, 1000000000 }) << 800
            << QStringList({ "1 µs", "10 µs", "100 µs", "1 ms", "10 ms", "100 ms", "1 s" });
        QTest::newRow("1 µs … 1 s, narrow: every second decade")
            << QList<qint64>({ 1000, 2000, 5000, 1000000000 }) << 220 << QStringList({ "10 µs", "1 ms", "100 ms" });
        QTest::newRow("two decades: 1-2-5")
            << QList<qint64>({ 1000, 3000, 100000 }) << 800
            << QStringList({ "1 µs", "2 µs", "5 µs", "10 µs", "20 µs", "50 µs", "100 µs" });
        QTest::newRow("inside one step: the ends")
            << QList<qint64>({ 1000, 1200, 1500 }) << 800 << QStringList({ "1 µs", "1.5 µs" });
    }

    void logScale()
    {
        QFETCH(QList<qint64>, durations);
        QFETCH(int, width);
        QFETCH(QStringList, ticks);
        const analysis::LatencyStats s
            = analysis::LatencyAnalyzer::summarize(std::vector<store::TimeNs>(durations.begin(), durations.end()), 30);
        widgets::LatencyHistogram h([](const QPoint&) {});
        h.resize(width, 200);
        h.setStats(s, widgets::LatencyHistogram::Scale::Log);
        QCOMPARE(h.scale(), widgets::LatencyHistogram::Scale::Log);
        QVERIFY(h.barSet());
        QCOMPARE(h.barSet()->count(), int(s.logHistogram.size()));
        for (int i = 0; i < h.barSet()->count(); ++i)
            QCOMPARE(h.barSet()->at(i), double(s.logHistogram[size_t(i)].count));
        QCategoryAxis* logAxis = nullptr;
        for (QAbstractAxis* a : h.chart()->axes(Qt::Horizontal))
            if (auto* c = qobject_cast<QCategoryAxis*>(a))
                logAxis = c;
        QVERIFY(logAxis && logAxis->isVisible());
        QVERIFY(!timeAxis(h.chart())->isVisible());
        QCOMPARE(logAxis->min(), std::log10(double(durations.front())));
        QCOMPARE(logAxis->max(), std::log10(double(durations.back())));
        QStringList labels;
        for (const auto& [ns, label] : h.logTicks())
            labels << label;
        QCOMPARE(labels, ticks);
        QCOMPARE(logAxis->categoriesLabels(), ticks);
        QLineSeries* median = line(h.chart(), QStringLiteral("median"));
        QCOMPARE(median->at(0).x(), std::log10(s.medianNs));
        QVERIFY(median->attachedAxes().contains(logAxis));

        // Back to linear: the time axis again, the lines on it.
        h.setStats(s, widgets::LatencyHistogram::Scale::Linear);
        QVERIFY(!logAxis->isVisible());
        QVERIFY(timeAxis(h.chart())->isVisible());
        QCOMPARE(h.barSet()->at(0), double(s.histogram[0].count));
        QVERIFY(!median->attachedAxes().contains(logAxis));
        QCOMPARE(median->at(0).x(), s.medianNs / widgets::UnitFormat::axisUnit(s.histogram.back().endNs).ns);
    }
};

QTEST_MAIN(tst_LatencyHistogram)
#include "tst_latencyhistogram.moc"
