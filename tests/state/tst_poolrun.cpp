// runOnPool: a task runs on the pool's thread, leaves its result in memory it shares with
// the caller, and is freed there once it ran; the future finishes only after that write.
#include <state/poolrun.h>

#include <QSemaphore>
#include <QThread>
#include <QtTest>

#include <memory>
#include <vector>

using strata::model::Handover;
using strata::model::runOnPool;

class tst_PoolRun : public QObject {
    Q_OBJECT
private slots:
    void resultArrivesBeforeFinished_data()
    {
        QTest::addColumn<int>("tasks");
        QTest::newRow("one") << 1;
        QTest::newRow("more than threads") << 16;
    }

    void resultArrivesBeforeFinished()
    {
        QFETCH(int, tasks);
        QThreadPool pool;
        pool.setMaxThreadCount(2);
        const Handover handover;
        auto sums = std::make_shared<std::vector<long>>(size_t(tasks), 0);
        std::vector<QFuture<void>> futures;
        futures.reserve(size_t(tasks));
        for (int t = 0; t < tasks; ++t) {
            futures.push_back(runOnPool(&pool, handover, [sums, t] {
                long s = 0;
                for (long i = 1; i <= 1000; ++i)
                    s += i * (t + 1);
                (*sums)[size_t(t)] = s;
            }));
        }
        for (QFuture<void>& f : futures) {
            f.waitForFinished();
            QVERIFY(f.isFinished());
        }
        handover.receive();
        for (int t = 0; t < tasks; ++t)
            QCOMPARE((*sums)[size_t(t)], 500500L * (t + 1));
    }

    void runsOnThePoolAndFreesTheTask()
    {
        QThreadPool pool;
        auto alive = std::make_shared<int>(0);
        std::weak_ptr<int> watch = alive;
        QThread* ranOn = nullptr;
        QSemaphore release;
        const Handover handover;
        QFuture<void> f = runOnPool(&pool, handover, [&ranOn, &release, alive = std::move(alive)] {
            ranOn = QThread::currentThread();
            release.acquire();
        });
        QVERIFY(!watch.expired()); // the queued task holds what it captured
        QVERIFY(!f.isFinished());
        release.release();
        f.waitForFinished();
        pool.waitForDone();
        handover.receive(); // without it ThreadSanitizer reports the read of ranOn
        QVERIFY(ranOn && ranOn != QThread::currentThread());
        QVERIFY(watch.expired()); // freed with the task, on the pool
    }
};

QTEST_GUILESS_MAIN(tst_PoolRun)
#include "tst_poolrun.moc"
