// LatencyBinning: log bins cover the shortest to the longest duration, grow by one ratio,
// hold every duration in exactly the bin its edges say, and the automatic choice turns to
// log above a ratio of 100.
#include <analysis/latency/latencyanalyzer.h>
#include <analysis/latency/latencybinning.h>

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace strata::store;
using namespace strata::analysis;

Q_DECLARE_METATYPE(std::vector<TimeNs>)

class tst_LatencyBinning : public QObject {
    Q_OBJECT

private slots:
    void logarithmic_data();
    void logarithmic();
    void automatic_data();
    void automatic();
    void summarizeKeepsBoth();
};

void tst_LatencyBinning::logarithmic_data()
{
    QTest::addColumn<std::vector<TimeNs>>("durations");
    QTest::addColumn<int>("bins");
    QTest::addColumn<int>("expectedBins");
    // The case: 1 µs … 646 ms, most instances short.
    QTest::newRow("1 us .. 646 ms") << std::vector<TimeNs> { 1000, 1200, 1500, 2000, 3000, 9000, 50000, 646000000 }
                                    << 30 << 30;
    QTest::newRow("narrow") << std::vector<TimeNs> { 1000, 1001, 1002, 1500, 1999 } << 10 << 10;
    QTest::newRow("from zero") << std::vector<TimeNs> { 0, 0, 1, 7, 100, 100000 } << 12 << 12;
    QTest::newRow("edge values") << std::vector<TimeNs> { 1, 10, 100, 1000, 10000 } << 4 << 4;
    QTest::newRow("two") << std::vector<TimeNs> { 5, 5000000000 } << 30 << 30;
    QTest::newRow("all equal") << std::vector<TimeNs> { 42, 42, 42 } << 30 << 1;
    QTest::newRow("one") << std::vector<TimeNs> { 7 } << 30 << 1;
    QTest::newRow("zeros") << std::vector<TimeNs> { 0, 0 } << 30 << 1;
}

void tst_LatencyBinning::logarithmic()
{
    QFETCH(std::vector<TimeNs>, durations);
    QFETCH(int, bins);
    QFETCH(int, expectedBins);
    std::sort(durations.begin(), durations.end());
    const std::vector<LatencyBin> h = LatencyBinning::logarithmic(durations, bins);
    QCOMPARE(int(h.size()), expectedBins);

    // Covers the shortest (from 1 ns) to the longest duration.
    const double lo = std::max(1.0, double(durations.front()));
    QCOMPARE(h.front().startNs, lo);
    QVERIFY(h.back().endNs >= double(durations.back()));
    if (h.size() > 1)
        QCOMPARE(h.back().endNs, double(durations.back()));

    // Contiguous, and every bin's end is the same ratio times its start.
    const double ratio = h.front().endNs / h.front().startNs;
    QVERIFY(ratio > 1);
    for (size_t i = 0; i < h.size(); ++i) {
        QVERIFY(h[i].endNs > h[i].startNs);
        if (i > 0)
            QCOMPARE(h[i].startNs, h[i - 1].endNs);
        QVERIFY2(std::fabs(h[i].endNs / h[i].startNs / ratio - 1) < 1e-9, qPrintable(QString::number(i)));
    }

    // Every duration in exactly one bin, the one its edges name, as counted.
    std::vector<uint64_t> expected(h.size(), 0);
    for (TimeNs v : durations) {
        const double d = std::max(lo, double(v));
        int in = 0;
        for (size_t i = 0; i < h.size(); ++i) {
            const bool last = i + 1 == h.size();
            if (d >= h[i].startNs && (d < h[i].endNs || (last && d <= h[i].endNs))) {
                ++expected[i];
                ++in;
            }
        }
        QCOMPARE(in, 1);
    }
    for (size_t i = 0; i < h.size(); ++i)
        QCOMPARE(h[i].count, expected[i]);
}

void tst_LatencyBinning::automatic_data()
{
    QTest::addColumn<qint64>("minNs");
    QTest::addColumn<qint64>("maxNs");
    QTest::addColumn<bool>("log");
    QTest::newRow("ratio 1") << qint64(500) << qint64(500) << false;
    QTest::newRow("ratio 100") << qint64(10) << qint64(1000) << false;
    QTest::newRow("just above 100") << qint64(10) << qint64(1001) << true;
    QTest::newRow("just under 100") << qint64(1000000) << qint64(99999999) << false;
    QTest::newRow("1 us .. 646 ms") << qint64(1000) << qint64(646000000) << true;
    QTest::newRow("from 0, max 100") << qint64(0) << qint64(100) << false;
    QTest::newRow("from 0, max 101") << qint64(0) << qint64(101) << true;
}

void tst_LatencyBinning::automatic()
{
    QFETCH(qint64, minNs);
    QFETCH(qint64, maxNs);
    QFETCH(bool, log);
    QCOMPARE(LatencyBinning::automatic(minNs, maxNs) == LatencyBinning::Scale::Log, log);
}

// The analysis hands both sets of bins to the dock, so switching the scale needs no pass
// over the instances on the GUI thread.
void tst_LatencyBinning::summarizeKeepsBoth()
{
    const LatencyStats s = LatencyAnalyzer::summarize({ 3000, 1000, 646000000, 2000 }, 20);
    QCOMPARE(s.histogram.size(), size_t(20));
    QCOMPARE(s.logHistogram.size(), size_t(20));
    QCOMPARE(s.logHistogram.front().startNs, 1000.0);
    QCOMPARE(s.logHistogram.back().endNs, 646000000.0);
    uint64_t total = 0;
    for (const LatencyBin& b : s.logHistogram)
        total += b.count;
    QCOMPARE(total, uint64_t(4));
}

QTEST_GUILESS_MAIN(tst_LatencyBinning)
#include "tst_latencybinning.moc"
