// Parallel: parts() and forEach() run every part and item exactly once, a worker number is
// never used by two threads at a time (the callers' per-worker scratch relies on it), the
// caps are what the analyses are tuned for, and calls nested inside parts complete.
#include <store/parallel.h>

#include <QtTest>

#include <atomic>
#include <thread>
#include <vector>

using strata::store::Parallel;

class tst_Parallel : public QObject {
    Q_OBJECT

private slots:
    void threadsCapped_data()
    {
        QTest::addColumn<unsigned>("requested");
        QTest::addColumn<unsigned>("cap");
        QTest::addColumn<unsigned>("expected"); // 0: the machine's cores, at most the cap
        QTest::newRow("asked for 3") << 3u << Parallel::kMaxThreads << 3u;
        QTest::newRow("asked for more than the cap") << 8u << Parallel::kMaxThreads << 8u;
        QTest::newRow("cores, heavy cap") << 0u << Parallel::kMaxThreads << 0u;
        QTest::newRow("cores, light cap") << 0u << Parallel::kLightThreads << 0u;
    }

    void threadsCapped()
    {
        QFETCH(unsigned, requested);
        QFETCH(unsigned, cap);
        QFETCH(unsigned, expected);
        const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
        QCOMPARE(Parallel::threads(requested, cap), expected ? expected : std::min(cap, cores));
    }

    void partsEachOnce_data()
    {
        QTest::addColumn<unsigned>("parts");
        QTest::newRow("0") << 0u;
        QTest::newRow("1") << 1u;
        QTest::newRow("2") << 2u;
        QTest::newRow("9") << 9u;
    }

    void partsEachOnce()
    {
        QFETCH(unsigned, parts);
        std::vector<std::atomic<int>> runs(parts);
        Parallel::parts(parts, [&](unsigned p) { runs[p].fetch_add(1); });
        for (unsigned p = 0; p < parts; ++p)
            QCOMPARE(runs[p].load(), 1);
    }

    void forEachOncePerItemOneThreadPerWorker_data()
    {
        QTest::addColumn<size_t>("items");
        QTest::addColumn<unsigned>("threads");
        QTest::newRow("no items") << size_t(0) << 4u;
        QTest::newRow("fewer items than threads") << size_t(3) << 8u;
        QTest::newRow("one thread") << size_t(1000) << 1u;
        QTest::newRow("the heavy cap") << size_t(20000) << Parallel::kMaxThreads;
        QTest::newRow("past the cap") << size_t(20000) << 7u;
    }

    void forEachOncePerItemOneThreadPerWorker()
    {
        QFETCH(size_t, items);
        QFETCH(unsigned, threads);
        std::vector<std::atomic<int>> runs(items);
        std::vector<std::atomic<int>> busy(threads);
        std::atomic<bool> overlap { false }, outOfRange { false };
        Parallel::forEach(items, threads, [&](size_t i, unsigned worker) {
            if (worker >= threads || worker >= std::max<size_t>(1, items)) {
                outOfRange = true;
                return;
            }
            if (busy[worker].fetch_add(1) != 0)
                overlap = true;
            runs[i].fetch_add(1);
            busy[worker].fetch_sub(1);
        });
        QVERIFY(!outOfRange);
        QVERIFY(!overlap);
        for (size_t i = 0; i < items; ++i)
            QCOMPARE(runs[i].load(), 1);
    }

    // An analysis's parallel step inside another's part, from several threads at once (as
    // BackgroundPool threads call them).
    void nestedFromManyThreads()
    {
        std::atomic<uint64_t> sum { 0 };
        std::vector<std::thread> callers;
        for (int c = 0; c < 4; ++c) {
            callers.emplace_back([&] {
                Parallel::parts(Parallel::kMaxThreads, [&](unsigned) {
                    Parallel::forEach(1000, Parallel::kLightThreads, [&](size_t i, unsigned) { sum.fetch_add(i); });
                });
            });
        }
        for (std::thread& t : callers)
            t.join();
        QCOMPARE(sum.load(), uint64_t(4) * Parallel::kMaxThreads * (999 * 1000 / 2));
    }
};

QTEST_APPLESS_MAIN(tst_Parallel)
#include "tst_parallel.moc"
