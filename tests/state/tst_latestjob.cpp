// LatestJob: a dock's newest background job wins; older ones are cancelled and their
// results dropped.
#include <state/latestjob.h>

#include <QSemaphore>
#include <QtTest>

#include <atomic>
#include <memory>

using strata::model::LatestJob;

class tst_LatestJob : public QObject {
    Q_OBJECT
private slots:
    void startCancelsThePreviousJob()
    {
        LatestJob job;
        const LatestJob::Ticket first = job.start();
        QVERIFY(job.isCurrent(first.generation));
        QVERIFY(!first.cancel->load());
        const LatestJob::Ticket second = job.start();
        QVERIFY(first.cancel->load());
        QVERIFY(!second.cancel->load());
        QVERIFY(!job.isCurrent(first.generation));
        QVERIFY(job.isCurrent(second.generation));
        QCOMPARE(job.generation(), second.generation);
    }

    void cancelDropsResultsInFlight()
    {
        LatestJob job;
        const quint64 before = job.generation();
        QVERIFY(job.isCurrent(before));
        job.cancel(); // nothing running: only the generation moves on
        QVERIFY(!job.isCurrent(before));
        const LatestJob::Ticket t = job.start();
        job.cancel();
        QVERIFY(t.cancel->load());
        QVERIFY(!job.isCurrent(t.generation));
    }

    void destroyingCancels()
    {
        std::shared_ptr<std::atomic<bool>> flag;
        {
            LatestJob job;
            flag = job.start().cancel;
            QVERIFY(!flag->load());
        }
        QVERIFY(flag->load()); // the worker still holds the flag and sees it
    }

    // run(): the newest job's result is applied on the context's thread; an older one that
    // finishes later is dropped, and its work saw its cancel flag raised.
    void runAppliesTheNewestOnly()
    {
        QObject context;
        LatestJob job;
        QList<int> applied;
        QSemaphore release;
        std::atomic<bool> firstSawCancel { false };
        job.run(
            &context,
            [&](const std::atomic<bool>& cancel) {
                release.acquire(); // holds the first job until the second has started
                firstSawCancel = cancel.load();
                return 1;
            },
            [&](int v) { applied << v; });
        job.run(
            &context, [](const std::atomic<bool>&) { return 2; }, [&](int v) { applied << v; });
        release.release();
        QVERIFY(QTest::qWaitFor([&] { return !applied.isEmpty(); }, 10000));
        strata::model::BackgroundPool::instance()->waitForDone();
        QCoreApplication::processEvents();
        QCOMPARE(applied, QList<int>({ 2 }));
        QVERIFY(firstSawCancel.load());
    }

    void runDropsResultsAfterCancelOrContextGone()
    {
        LatestJob job;
        bool applied = false;
        {
            QObject context;
            job.run(
                &context, [](const std::atomic<bool>&) { return 1; }, [&](int) { applied = true; });
        } // the watcher dies with its context
        auto context = std::make_unique<QObject>();
        job.run(
            context.get(), [](const std::atomic<bool>&) {}, [&] { applied = true; });
        job.cancel();
        strata::model::BackgroundPool::instance()->waitForDone();
        QCoreApplication::processEvents();
        QVERIFY(!applied);
    }
};

QTEST_GUILESS_MAIN(tst_LatestJob)
#include "tst_latestjob.moc"
