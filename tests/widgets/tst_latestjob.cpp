// LatestJob: a dock's newest background job wins; older ones are cancelled and their
// results dropped.
#include <common/latestjob.h>

#include <QtTest>

using strata::widgets::LatestJob;

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
};

QTEST_GUILESS_MAIN(tst_LatestJob)
#include "tst_latestjob.moc"
