// CollectiveMatcher on hand-made communication kernels: matching by name, channel and
// ordinal, skew, waits, last arrival, shortest duration, and the straggler's tie rules.
#include <analysis/collectives/collectivematcher.h>

#include <QtTest>

using namespace strata::analysis;
using strata::store::SliceRow;
using strata::store::TimeNs;

namespace {

// One series per rank: `name` on "stream 24", kernels (start, end).
std::vector<std::vector<CommSeries>> oneSeries(const std::vector<std::vector<std::pair<TimeNs, TimeNs>>>& perRank)
{
    std::vector<std::vector<CommSeries>> out;
    uint32_t row = 0;
    for (const auto& kernels : perRank) {
        CommSeries s { "ncclDevKernel_AllReduce", "stream 24", {} };
        for (const auto& [start, end] : kernels)
            s.kernels.push_back({ SliceRow(row++), start, end });
        out.push_back({ s });
    }
    return out;
}

} // namespace

class tst_CollectiveMatcher : public QObject {
    Q_OBJECT

private slots:
    void oneCollective_data()
    {
        QTest::addColumn<QList<qint64>>("starts");
        QTest::addColumn<QList<qint64>>("ends");
        QTest::addColumn<qint64>("skew");
        QTest::addColumn<QList<qint64>>("waits");
        QTest::addColumn<int>("last");
        QTest::addColumn<qint64>("minDur");
        QTest::newRow("rank 2 last") << QList<qint64> { 100, 130, 190 } << QList<qint64> { 300, 300, 301 } << qint64(90)
                                     << QList<qint64> { 90, 60, 0 } << 2 << qint64(111);
        QTest::newRow("all together") << QList<qint64> { 50, 50 } << QList<qint64> { 80, 90 } << qint64(0)
                                      << QList<qint64> { 0, 0 } << -1 << qint64(30);
        QTest::newRow("tie for last: the first") << QList<qint64> { 10, 40, 40 } << QList<qint64> { 60, 60, 60 }
                                                 << qint64(30) << QList<qint64> { 30, 0, 0 } << 1 << qint64(20);
    }
    void oneCollective()
    {
        QFETCH(QList<qint64>, starts);
        QFETCH(QList<qint64>, ends);
        std::vector<std::vector<std::pair<TimeNs, TimeNs>>> ranks;
        for (int i = 0; i < starts.size(); ++i)
            ranks.push_back({ { starts[i], ends[i] } });
        const auto matched = CollectiveMatcher::match(oneSeries(ranks), std::vector<TimeNs>(ranks.size(), 0));
        QCOMPARE(matched.size(), size_t(1));
        const MatchedCollective& c = matched[0];
        QTEST(qint64(c.skewNs), "skew");
        QList<qint64> waits;
        for (TimeNs w : c.waits)
            waits.push_back(w);
        QTEST(waits, "waits");
        QTEST(c.lastRank, "last");
        QTEST(qint64(c.minDurNs), "minDur");
        QCOMPARE(c.ranks.size(), size_t(starts.size()));
    }

    void offsetsApplyBeforeMeasuring()
    {
        // Rank 1's clock reads 1000 later: as recorded it is last, shifted it is first.
        const auto series = oneSeries({ { { 100, 200 } }, { { 1090, 1200 } } });
        const auto recorded = CollectiveMatcher::match(series, { 0, 0 });
        QCOMPARE(recorded[0].lastRank, 1);
        const auto aligned = CollectiveMatcher::match(series, { 0, 1000 });
        QCOMPARE(aligned[0].lastRank, 0);
        QCOMPARE(aligned[0].skewNs, TimeNs(10));
        QCOMPARE(aligned[0].starts[1], TimeNs(90));
    }

    void matchesByNameChannelAndOrdinal()
    {
        // Rank 0 has three kernels, rank 1 two: the third is on one rank only and not matched.
        auto series = oneSeries({ { { 0, 10 }, { 100, 110 }, { 200, 210 } }, { { 5, 10 }, { 101, 110 } } });
        // Another stream on rank 1 only: nothing to match it with.
        series[1].push_back({ "ncclDevKernel_AllReduce", "stream 25", { { SliceRow(99), 0, 5 } } });
        const auto matched = CollectiveMatcher::match(series, { 0, 0 });
        QCOMPARE(matched.size(), size_t(2));
        QCOMPARE(matched[0].ordinal, 0u);
        QCOMPARE(matched[1].ordinal, 1u);
        QCOMPARE(matched[1].index, 1u);
        QCOMPARE(matched[0].skewNs, TimeNs(5));
        QCOMPARE(matched[1].skewNs, TimeNs(1));
    }

    void stragglerTiesGoToSmallerWait()
    {
        // Rank 1 is last at collective 0, rank 2 at collective 1: one last arrival each. Rank 1
        // waited 5 in all (at collective 1), rank 2 waited 50 (at collective 0): rank 1 it is.
        const auto series
            = oneSeries({ { { 0, 100 }, { 200, 300 } }, { { 50, 100 }, { 200, 300 } }, { { 0, 100 }, { 205, 300 } } });
        const auto matched = CollectiveMatcher::match(series, { 0, 0, 0 });
        const auto ranks = CollectiveMatcher::perRank(matched, 3);
        QCOMPARE(ranks[1].lastArrivals, 1u);
        QCOMPARE(ranks[2].lastArrivals, 1u);
        QCOMPARE(ranks[1].waitNs, TimeNs(5));
        QCOMPARE(ranks[2].waitNs, TimeNs(50));
        const StragglerVerdict v = CollectiveMatcher::straggler(matched, ranks);
        QCOMPARE(v.rank, 1);
        QCOMPARE(v.lastArrivals, 1u);
        QCOMPARE(v.collectives, 2u);
        QCOMPARE(v.othersWaitNs, TimeNs(100)); // ranks 0 and 2 waited 50 each at collective 0
    }

    void noCollectiveNoStraggler()
    {
        const auto matched = CollectiveMatcher::match(oneSeries({ { { 0, 10 } }, {} }), { 0, 0 });
        QVERIFY(matched.empty());
        QCOMPARE(CollectiveMatcher::straggler(matched, CollectiveMatcher::perRank(matched, 2)).rank, -1);
    }
};

QTEST_APPLESS_MAIN(tst_CollectiveMatcher)
#include "tst_collectivematcher.moc"
