// ClockAligner on hand-made kernels and steps: the median of the end differences (odd and
// even counts), the first step's start, and ranks with nothing to compare.
#include <analysis/collectives/clockaligner.h>

#include <QtTest>

using namespace strata::analysis;
using strata::store::SliceRow;
using strata::store::TimeNs;

namespace {

// Rank 0 ends its collectives at 100, 200, ...; the other rank at those plus `diffs`.
std::vector<std::vector<CommSeries>> pair(const QList<qint64>& diffs)
{
    CommSeries ref { "ncclKernel_AllReduce", "stream 24", {} }, other = ref;
    for (int i = 0; i < diffs.size(); ++i) {
        const TimeNs end = 100 * (i + 1);
        ref.kernels.push_back({ SliceRow(uint32_t(i)), end - 50, end });
        other.kernels.push_back({ SliceRow(uint32_t(100 + i)), end + diffs[i] - 50, end + diffs[i] });
    }
    return { { ref }, { other } };
}

} // namespace

class tst_ClockAligner : public QObject {
    Q_OBJECT

private slots:
    void collectiveEnds_data()
    {
        QTest::addColumn<QList<qint64>>("diffs");
        QTest::addColumn<qint64>("offset");
        QTest::newRow("odd count") << QList<qint64> { 1000, 1003, 999 } << qint64(1000);
        QTest::newRow("even count: middle two, rounded down") << QList<qint64> { 7, 10, 2, 100 } << qint64(8);
        QTest::newRow("one outlier does not move it") << QList<qint64> { -5, -5, 900000 } << qint64(-5);
        QTest::newRow("negative mean of two rounds down") << QList<qint64> { -3, -4 } << qint64(-4);
    }
    void collectiveEnds()
    {
        QFETCH(QList<qint64>, diffs);
        const auto offsets = ClockAligner::offsets(ClockAlignment::CollectiveEnds, pair(diffs), { {}, {} });
        QCOMPARE(offsets.size(), size_t(2));
        QCOMPARE(offsets[0], TimeNs(0));
        QTEST(qint64(offsets[1]), "offset");
    }

    void recordedIsZero()
    {
        const auto offsets = ClockAligner::offsets(ClockAlignment::Recorded, pair({ 500 }), { {}, {} });
        QCOMPARE(offsets, (std::vector<TimeNs> { 0, 0 }));
    }

    void firstStep()
    {
        const std::vector<std::vector<ProfilerStep>> steps { { { SliceRow(0), "ProfilerStep#3", 3, 1000, 50 } },
            { { SliceRow(1), "ProfilerStep#3", 3, 4500, 50 }, { SliceRow(2), "ProfilerStep#4", 4, 4600, 50 } }, {} };
        const auto offsets = ClockAligner::offsets(ClockAlignment::FirstStep, { {}, {}, {} }, steps);
        QCOMPARE(offsets, (std::vector<TimeNs> { 0, 3500, 0 })); // rank 2 has no step: kept as recorded
    }

    void nothingSharedKeepsZero()
    {
        auto series = pair({ 10 });
        series[1][0].channel = "stream 25"; // no collective in common with the reference
        const auto offsets = ClockAligner::offsets(ClockAlignment::CollectiveEnds, series, { {}, {} });
        QCOMPARE(offsets, (std::vector<TimeNs> { 0, 0 }));
    }
};

QTEST_APPLESS_MAIN(tst_ClockAligner)
#include "tst_clockaligner.moc"
