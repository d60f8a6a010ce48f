// LatencyOverlay: two sample sets counted into the bins of their union, on either scale.
#include <analysis/latency/latencyanalyzer.h>
#include <analysis/latency/latencyoverlay.h>

#include <QtTest>

#include <numeric>

using namespace strata;
using namespace strata::analysis;
using Samples = std::vector<store::TimeNs>;

Q_DECLARE_METATYPE(Samples)
Q_DECLARE_METATYPE(LatencyBinning::Scale)

namespace {

uint64_t total(const std::vector<LatencyBin>& bins)
{
    return std::accumulate(
        bins.begin(), bins.end(), uint64_t(0), [](uint64_t n, const LatencyBin& b) { return n + b.count; });
}

} // namespace

class tst_LatencyOverlay : public QObject {
    Q_OBJECT
private slots:
    void sharedBins_data()
    {
        QTest::addColumn<Samples>("a");
        QTest::addColumn<Samples>("b");
        QTest::addColumn<LatencyBinning::Scale>("scale");
        QTest::addColumn<int>("bins");
        using S = LatencyBinning::Scale;
        QTest::newRow("apart, linear") << Samples { 500, 500, 510 } << Samples { 400, 405 } << S::Linear << 10;
        QTest::newRow("apart, log") << Samples { 100000, 120000 } << Samples { 1000, 1100, 900 } << S::Log << 12;
        QTest::newRow("overlapping") << Samples { 10, 20, 30, 40 } << Samples { 25, 35, 45 } << S::Linear << 4;
        QTest::newRow("B empty") << Samples { 10, 20 } << Samples {} << S::Linear << 5;
        QTest::newRow("A empty, log") << Samples {} << Samples { 1, 1000 } << S::Log << 3;
        QTest::newRow("all equal") << Samples { 7, 7 } << Samples { 7 } << S::Log << 8;
    }
    // The edges are those of the union; each side keeps all its samples.
    void sharedBins()
    {
        QFETCH(Samples, a);
        QFETCH(Samples, b);
        QFETCH(LatencyBinning::Scale, scale);
        QFETCH(int, bins);
        const LatencyOverlay::Bins out = LatencyOverlay::bin(a, b, scale, bins);
        Samples all = a;
        all.insert(all.end(), b.begin(), b.end());
        std::sort(all.begin(), all.end());
        const std::vector<LatencyBin> expected = scale == LatencyBinning::Scale::Log
            ? LatencyBinning::logarithmic(all, bins)
            : LatencyAnalyzer::histogram(all, bins);
        QCOMPARE(out.a.size(), expected.size());
        QCOMPARE(out.b.size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(out.a[i].startNs, expected[i].startNs);
            QCOMPARE(out.b[i].startNs, expected[i].startNs);
            QCOMPARE(out.a[i].endNs, expected[i].endNs);
            QCOMPARE(out.b[i].endNs, expected[i].endNs);
            QCOMPARE(out.a[i].count + out.b[i].count, expected[i].count);
        }
        QCOMPARE(total(out.a), uint64_t(a.size()));
        QCOMPARE(total(out.b), uint64_t(b.size()));
    }

    // A value counts where start <= v < end; the last bin holds its end; outside values go to
    // the nearest end bin.
    void countEdges()
    {
        std::vector<LatencyBin> bins { { 10, 20, 9 }, { 20, 30, 9 }, { 30, 40, 9 } };
        LatencyOverlay::count(bins, { 5, 10, 19, 20, 40, 99 });
        QCOMPARE(bins[0].count, uint64_t(3));
        QCOMPARE(bins[1].count, uint64_t(1));
        QCOMPARE(bins[2].count, uint64_t(2));
    }
};

QTEST_MAIN(tst_LatencyOverlay)
#include "tst_latencyoverlay.moc"
