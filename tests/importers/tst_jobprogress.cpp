// JobProgress: the members' fractions as one job fraction, in steps of 1/200 that only move
// forward, 1 only once finished, and nothing reported without a callback.
#include <job/jobprogress.h>

#include <QtTest>

#include <thread>
#include <vector>

using strata::importers::job::JobProgress;
// Fractions given to members, in order: (member, fraction).
using Given = QList<QPair<int, double>>;

class tst_JobProgress : public QObject {
    Q_OBJECT

private slots:
    void sharesOfMembers_data();
    void sharesOfMembers();
    void forwardOnlyFromThreads();
    void noCallback();
};

void tst_JobProgress::sharesOfMembers_data()
{
    // Fractions given to members 0 and 1 of a 2-member job, in order, and what is reported.
    QTest::addColumn<Given>("given");
    QTest::addColumn<QList<double>>("reported");
    QTest::newRow("half of one") << Given { { 0, 0.5 } } << QList<double> { 0.25 };
    QTest::newRow("both halves") << Given { { 0, 0.5 }, { 1, 0.5 } } << QList<double> { 0.25, 0.5 };
    QTest::newRow("a member going back is ignored")
        << Given { { 0, 0.5 }, { 0, 0.2 }, { 1, 0.1 } } << QList<double> { 0.25, 0.3 };
    QTest::newRow("under one step: nothing new") << Given { { 0, 0.5 }, { 0, 0.503 } } << QList<double> { 0.25 };
    QTest::newRow("all done is not 1 before finished")
        << Given { { 0, 1.0 }, { 1, 1.0 } } << QList<double> { 0.5, 0.995 };
    QTest::newRow("over 1 is 1") << Given { { 0, 7.0 } } << QList<double> { 0.5 };
}

void tst_JobProgress::sharesOfMembers()
{
    QFETCH(Given, given);
    QFETCH(QList<double>, reported);
    QList<double> seen;
    JobProgress p([&](double f) { seen.append(f); }, 2);
    for (const auto& [member, fraction] : given)
        p.member(size_t(member), fraction);
    QCOMPARE(seen, reported);
    p.finished();
    QCOMPARE(seen.back(), 1.0);
    p.finished();
    QCOMPARE(seen.count(1.0), 1);
}

void tst_JobProgress::forwardOnlyFromThreads()
{
    constexpr size_t kMembers = 8;
    std::vector<double> seen;
    JobProgress p([&](double f) { seen.push_back(f); }, kMembers); // called under its lock
    std::vector<std::thread> threads;
    for (size_t m = 0; m < kMembers; ++m)
        threads.emplace_back([&p, m] {
            for (int i = 1; i <= 1000; ++i)
                p.member(m, i / 1000.0);
            p.done(m);
        });
    for (std::thread& t : threads)
        t.join();
    p.finished();
    QVERIFY(seen.size() <= size_t(JobProgress::kSteps) + 1);
    for (size_t i = 1; i < seen.size(); ++i)
        QVERIFY(seen[i] > seen[i - 1]);
    QCOMPARE(seen.back(), 1.0);
}

void tst_JobProgress::noCallback()
{
    JobProgress p({}, 3);
    p.member(0, 0.5);
    p.member(7, 0.5); // not a member: ignored
    p.done(1);
    p.finished();
}

QTEST_APPLESS_MAIN(tst_JobProgress)
#include "tst_jobprogress.moc"
