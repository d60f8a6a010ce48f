// WorkPool: every slot of a job runs exactly once, whatever the pool's threads are doing;
// a job started inside another job's slot, or by many threads at once, completes and runs
// on no threads but the callers' and the pool's own (nesting does not add threads).
#include <store/workpool.h>

#include <QtTest>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

using strata::store::WorkPool;

namespace {
// The pool of this test process: three threads whatever the machine's core count, so the
// slots really are shared (the first call fixes the size).
constexpr unsigned kWorkers = 3;

WorkPool& pool()
{
    return WorkPool::instance(kWorkers);
}

// The threads a test's slots ran on.
struct ThreadSet {
    std::mutex mutex;
    std::set<std::thread::id> ids;
    void add()
    {
        std::lock_guard<std::mutex> lock(mutex);
        ids.insert(std::this_thread::get_id());
    }
};
} // namespace

class tst_WorkPool : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QCOMPARE(pool().workers(), kWorkers); }

    void eachSlotOnce_data()
    {
        QTest::addColumn<unsigned>("count");
        QTest::newRow("none") << 0u;
        QTest::newRow("one: the caller alone") << 1u;
        QTest::newRow("as many as the threads") << kWorkers + 1;
        QTest::newRow("more than the threads") << 64u;
    }

    void eachSlotOnce()
    {
        QFETCH(unsigned, count);
        std::vector<std::atomic<int>> runs(count);
        auto slot = [&](unsigned s) { runs[s].fetch_add(1); };
        for (int round = 0; round < 200; ++round)
            pool().run(count, slot);
        for (unsigned s = 0; s < count; ++s)
            QCOMPARE(runs[s].load(), 200);
    }

    // Slot 0 is always the caller's own; a job of one slot never leaves the caller.
    void callerRunsSlotZero()
    {
        const std::thread::id caller = std::this_thread::get_id();
        std::thread::id ranZero, ranOnly;
        auto four = [&](unsigned s) {
            if (s == 0)
                ranZero = std::this_thread::get_id();
        };
        pool().run(4, four);
        QCOMPARE(ranZero, caller);
        auto one = [&](unsigned) { ranOnly = std::this_thread::get_id(); };
        pool().run(1, one);
        QCOMPARE(ranOnly, caller);
    }

    // Jobs inside jobs, started from several threads at once: every innermost slot runs
    // once, and no thread but the callers and the pool's took part.
    void nestedJobsShareThePool()
    {
        constexpr unsigned kCallers = 4, kOuter = 6, kInner = 5;
        ThreadSet threads;
        std::atomic<unsigned> innermost { 0 };
        std::vector<std::thread> callers;
        for (unsigned c = 0; c < kCallers; ++c) {
            callers.emplace_back([&] {
                for (int round = 0; round < 20; ++round) {
                    auto outer = [&](unsigned) {
                        threads.add();
                        auto inner = [&](unsigned) {
                            threads.add();
                            auto innermostSlot = [&](unsigned) {
                                threads.add();
                                innermost.fetch_add(1);
                            };
                            pool().run(kInner, innermostSlot);
                        };
                        pool().run(kInner, inner);
                    };
                    pool().run(kOuter, outer);
                }
            });
        }
        for (std::thread& t : callers)
            t.join();
        QCOMPARE(innermost.load(), kCallers * 20 * kOuter * kInner * kInner);
        QVERIFY2(threads.ids.size() <= kCallers + kWorkers, qPrintable(QString::number(threads.ids.size())));
    }
};

QTEST_APPLESS_MAIN(tst_WorkPool)
#include "tst_workpool.moc"
