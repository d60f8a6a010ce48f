// FindingsEngine: findings ranked by time at stake (ties: severity, id, rank), every rule of
// the table answered once in its order, a window that leaves a cause out or keeps it with
// its numbers over the window, the top operators and the job's rules alone in runJob.
#include <support/findingstores.h>

#include <analysis/findings/findingrules.h>

#include <QtTest>

using namespace strata::analysis;
using findingtest::Store;
using strata::store::TimeNs;

namespace {

Finding finding(const char* id, TimeNs atStake, FindingSeverity severity = FindingSeverity::Warning, int64_t rank = -1)
{
    Finding f;
    f.id = id;
    f.atStakeNs = atStake;
    f.severity = severity;
    f.rank = rank;
    return f;
}

QString order(const std::vector<Finding>& findings)
{
    QStringList out;
    for (const Finding& f : findings)
        out << QString("%1:%2").arg(QString::fromStdString(f.id)).arg(f.rank);
    return out.join(' ');
}

} // namespace

class tst_FindingsEngine : public QObject {
    Q_OBJECT

private slots:
    void rank();
    void everyRuleOnce();
    void window_data();
    void window();
    void topOperators();
};

void tst_FindingsEngine::rank()
{
    std::vector<Finding> f { finding("b", 10), finding("a", 30), finding("c", 10, FindingSeverity::Critical),
        finding("a", 10), finding("d", 20, FindingSeverity::Warning, 2),
        finding("d", 20, FindingSeverity::Warning, 1) };
    FindingsEngine::rank(f);
    QCOMPARE(order(f), QString("a:-1 d:1 d:2 c:-1 a:-1 b:-1"));
}

void tst_FindingsEngine::everyRuleOnce()
{
    const FindingsResult r = findingtest::run(findingtest::idleGap(20));
    QCOMPARE(r.rules.size(), FindingRules::all().size());
    for (size_t i = 0; i < r.rules.size(); ++i) {
        QCOMPARE(r.rules[i].id, std::string(FindingRules::all()[i]->id()));
        QVERIFY(r.rules[i].findings.empty()); // moved into r.findings
        QCOMPARE(r.rules[i].ran, r.rules[i].whyNot.empty());
    }
    // A job's rules alone, each once.
    const FindingsResult job = FindingsEngine::runJob(JobFindingInputs(), FindingThresholds());
    QCOMPARE(int(job.rules.size()), 2);
    QCOMPARE(job.rules[0].id, std::string("clock-offset"));
    QCOMPARE(job.rules[1].id, std::string("straggler"));
    QVERIFY(!job.rules[0].ran);
    QVERIFY(!job.rules[1].ran);
}

void tst_FindingsEngine::window_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<bool>("fires");
    QTest::addColumn<double>("value");
    // Work [0, 40) and [60, 100): the gap is 20 of the 100 ns span.
    QTest::newRow("whole trace") << qint64(INT64_MIN) << qint64(INT64_MAX) << true << 20.0;
    QTest::newRow("before the gap") << qint64(0) << qint64(40) << false << 0.0;
    QTest::newRow("the gap in 70 ns") << qint64(30) << qint64(100) << true << 100.0 * 20 / 70;
    QTest::newRow("the gap cut off: the span starts after it") << qint64(50) << qint64(110) << false << 0.0;
}

void tst_FindingsEngine::window()
{
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(bool, fires);
    const FindingsResult r = findingtest::run(findingtest::idleGap(20), FindingThresholds(), { start, end });
    const auto it
        = std::find_if(r.findings.begin(), r.findings.end(), [](const Finding& f) { return f.id == "device-idle"; });
    QCOMPARE(it != r.findings.end(), fires);
    if (!fires)
        return;
    QTEST(it->value, "value");
    QCOMPARE(it->atStakeNs, TimeNs(20));
    QCOMPARE(int(it->ranges.size()), 1);
    QCOMPARE(it->ranges[0].start, TimeNs(40));
    QCOMPARE(it->ranges[0].end, TimeNs(60));
}

void tst_FindingsEngine::topOperators()
{
    const FindingsResult r = findingtest::run(findingtest::operators(40));
    QCOMPARE(int(r.topOperators.size()), 3);
    QCOMPARE(r.topOperators[0].name, std::string("gemm"));
    QCOMPARE(r.topOperators[0].selfNs, TimeNs(40));
    QCOMPARE(r.steps, size_t(0));
    QCOMPARE(findingtest::run(findingtest::steps({ 90, 110 })).steps, size_t(2));
}

QTEST_APPLESS_MAIN(tst_FindingsEngine)
#include "tst_findingsengine.moc"
