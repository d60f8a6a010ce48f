#include <store/stagetimes.h>

#include <QtTest>

#include <thread>
#include <vector>

using strata::store::StageTimes;

namespace {
StageTimes::Clock::time_point at(double seconds)
{
    return StageTimes::Clock::time_point()
        + std::chrono::duration_cast<StageTimes::Clock::duration>(std::chrono::duration<double>(seconds));
}
} // namespace

class tst_StageTimes : public QObject {
    Q_OBJECT

private slots:
    void stagesKeepTheirFirstOrder()
    {
        StageTimes t;
        t.add("scan", at(0), at(1), 0.5, 0.1, 3);
        t.add("parse", at(0), at(2), 1.0, 0, 3, 2);
        t.add("scan", at(1), at(2), 0.5, 0.2, 1);
        const auto s = t.stages();
        QCOMPARE(s.size(), size_t(2));
        QCOMPARE(s[0].name, std::string("scan"));
        QCOMPARE(s[1].name, std::string("parse"));
    }

    void addsSumBusyWaitedAndCountsAndSpanTheWall()
    {
        StageTimes t;
        t.add("merge", at(1), at(2), 0.25, 0.5, 2);
        t.add("merge", at(4), at(5), 0.5, 0.25, 3);
        const auto s = t.stages().at(0);
        QCOMPARE(s.wallSeconds, 4.0); // from 1 to 5
        QCOMPARE(s.busySeconds, 0.75);
        QCOMPARE(s.waitedSeconds, 0.75);
        QCOMPARE(s.count, uint64_t(5));
        QCOMPARE(s.threads, 1u);
    }

    // busy never passes wall x threads: a rounding error of the caller's clock is clamped.
    void busyBoundedByWallTimesThreads_data()
    {
        QTest::addColumn<double>("busy");
        QTest::addColumn<unsigned>("threads");
        QTest::addColumn<double>("expected");
        QTest::newRow("within") << 1.5 << 2u << 1.5;
        QTest::newRow("over one thread") << 1.5 << 1u << 1.0;
        QTest::newRow("over two threads") << 2.5 << 2u << 2.0;
    }
    void busyBoundedByWallTimesThreads()
    {
        QFETCH(double, busy);
        QFETCH(unsigned, threads);
        QFETCH(double, expected);
        StageTimes t;
        t.add("parse", at(0), at(1), busy, 0, 1, threads);
        QCOMPARE(t.stages().at(0).busySeconds, expected);
        QCOMPARE(t.stages().at(0).threads, threads);
    }

    void workersAddConcurrently()
    {
        StageTimes t;
        std::vector<std::thread> threads;
        threads.reserve(4);
        for (int w = 0; w < 4; ++w)
            threads.emplace_back([&t, w] {
                for (int i = 0; i < 1000; ++i)
                    t.add("parse", at(w), at(w + 1), 0.0001, 0, 1, 4);
            });
        for (auto& th : threads)
            th.join();
        const auto s = t.stages().at(0);
        QCOMPARE(s.count, uint64_t(4000));
        QCOMPARE(s.wallSeconds, 4.0);
        QVERIFY(s.busySeconds <= s.wallSeconds * s.threads);
    }
};

QTEST_APPLESS_MAIN(tst_StageTimes)
#include "tst_stagetimes.moc"
