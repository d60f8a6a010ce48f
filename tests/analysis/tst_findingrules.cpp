// FindingRules, the table of findings rules, and the thresholds they read: every rule fires
// on a hand-built store whose measure is exactly its default threshold, with that value and
// its time at stake, and stays silent just below; a rule whose input is missing says it did
// not run and why; the straggler over a job of two ranks; ids and threshold keys are unique
// and every key belongs to a rule.
#include <support/findingstores.h>

#include <analysis/collectives/collectiveanalyzer.h>
#include <analysis/findings/findingrules.h>
#include <analysis/findings/findingthresholds.h>
#include <analysis/findings/syncstallrule.h>

#include <QtTest>

#include <set>

using namespace strata::analysis;
using findingtest::Store;
using strata::store::TimeNs;

Q_DECLARE_METATYPE(Store)

namespace {

const char* kLoader = "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__";

const Finding* findingOf(const FindingsResult& r, const QString& id)
{
    for (const Finding& f : r.findings)
        if (QString::fromStdString(f.id) == id)
            return &f;
    return nullptr;
}

const RuleOutcome* outcomeOf(const FindingsResult& r, const QString& id)
{
    for (const RuleOutcome& o : r.rules)
        if (QString::fromStdString(o.id) == id)
            return &o;
    return nullptr;
}

std::vector<TimeNs> outlierSteps(TimeNs last)
{
    std::vector<TimeNs> d(99, 100);
    d.push_back(last);
    return d;
}

} // namespace

class tst_FindingRules : public QObject {
    Q_OBJECT

private slots:
    // Which host calls sync-stall counts: waits and synchronous copies of each runtime, not
    // their asynchronous forms nor a launch.
    void syncCalls_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("sync");
        QTest::newRow("CUDA device sync") << "cudaDeviceSynchronize" << true;
        QTest::newRow("CUDA sync copy") << "cudaMemcpy" << true;
        QTest::newRow("CUDA async copy") << "cudaMemcpyAsync" << false;
        QTest::newRow("CUDA launch") << "cudaLaunchKernel" << false;
        QTest::newRow("driver stream sync") << "cuStreamSynchronize" << true;
        QTest::newRow("HIP stream sync") << "hipStreamSynchronize" << true;
        QTest::newRow("HIP async copy") << "hipMemcpyAsync" << false;
        QTest::newRow("MTIA stream sync") << "synchronizeStream" << true;
        QTest::newRow("Neuron tensor read") << "nrt_tensor_read" << true;
        QTest::newRow("Neuron tensor write") << "nrt_tensor_write" << true;
        QTest::newRow("Neuron execute") << "nrt_execute" << false;
    }
    void syncCalls()
    {
        QFETCH(QString, name);
        QFETCH(bool, sync);
        QCOMPARE(SyncStallRule::isSyncCall(name.toStdString()), sync);
    }

    void atThreshold_data();
    void atThreshold();
    void notRun_data();
    void notRun();
    void straggler_data();
    void straggler();
    void table();
    void thresholds();
};

void tst_FindingRules::atThreshold_data()
{
    using namespace findingtest;
    QTest::addColumn<Store>("store");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<bool>("fires");
    QTest::addColumn<double>("value");
    QTest::addColumn<qint64>("atStake");
    QTest::addColumn<int>("ranges");

    QTest::newRow("device-idle at 20 %") << idleGap(20) << "device-idle" << true << 20.0 << qint64(20) << 1;
    QTest::newRow("device-idle at 19 %") << idleGap(19) << "device-idle" << false << 0.0 << qint64(0) << 0;
    QTest::newRow("exposed-communication at 15 %")
        << exposedComm(15) << "exposed-communication" << true << 15.0 << qint64(15) << 1;
    QTest::newRow("exposed-communication at 14 %")
        << exposedComm(14) << "exposed-communication" << false << 0.0 << qint64(0) << 0;
    // 30 short kernels, each 10 ns shorter than its 60 ns launch.
    QTest::newRow("launch-bound at 30 %") << launches(30) << "launch-bound" << true << 30.0 << qint64(300) << 20;
    QTest::newRow("launch-bound at 29 %") << launches(29) << "launch-bound" << false << 0.0 << qint64(0) << 0;
    QTest::newRow("sync-stall at 10 %") << hostWait("cudaDeviceSynchronize", "cuda_runtime", 10) << "sync-stall" << true
                                        << 10.0 << qint64(10) << 1;
    QTest::newRow("sync-stall at 9 %") << hostWait("cudaDeviceSynchronize", "cuda_runtime", 9) << "sync-stall" << false
                                       << 0.0 << qint64(0) << 0;
    QTest::newRow("sync-stall: cudaMemcpyAsync does not block")
        << hostWait("cudaMemcpyAsync", "cuda_runtime", 50) << "sync-stall" << false << 0.0 << qint64(0) << 0;
    QTest::newRow("dataloader-wait at 10 %")
        << hostWait(kLoader, "cpu_op", 10) << "dataloader-wait" << true << 10.0 << qint64(10) << 1;
    QTest::newRow("dataloader-wait at 9 %")
        << hostWait(kLoader, "cpu_op", 9) << "dataloader-wait" << false << 0.0 << qint64(0) << 0;
    QTest::newRow("pageable-memcpy: one copy") << copy(true) << "pageable-memcpy" << true << 1.0 << qint64(20) << 1;
    QTest::newRow("pageable-memcpy: a pinned copy")
        << copy(false) << "pageable-memcpy" << false << 0.0 << qint64(0) << 0;
    QTest::newRow("small-transfers at 10 %") << transfers(10) << "small-transfers" << true << 10.0 << qint64(10) << 1;
    QTest::newRow("small-transfers at 9.1 %") << transfers(9) << "small-transfers" << false << 0.0 << qint64(0) << 0;
    // Population standard deviation 10 of a mean 100: 10 %; 10 ns beyond the median 100.
    QTest::newRow("step-variance: CV at 10 %")
        << steps({ 90, 110 }) << "step-variance" << true << 10.0 << qint64(10) << 1;
    QTest::newRow("step-variance: CV at 9 %")
        << steps({ 91, 109 }) << "step-variance" << false << 0.0 << qint64(0) << 0;
    QTest::newRow("step-variance: a step at 1.5 x the median")
        << steps(outlierSteps(150)) << "step-variance" << true << 1.5 << qint64(50) << 1;
    QTest::newRow("step-variance: a step at 1.49 x the median")
        << steps(outlierSteps(149)) << "step-variance" << false << 0.0 << qint64(0) << 0;
    QTest::newRow("hot-operator at 40 %") << operators(40) << "hot-operator" << true << 40.0 << qint64(40) << 1;
    QTest::newRow("hot-operator at 39 %") << operators(39) << "hot-operator" << false << 0.0 << qint64(0) << 0;
}

void tst_FindingRules::atThreshold()
{
    QFETCH(Store, store);
    QFETCH(QString, rule);
    QFETCH(bool, fires);
    const FindingsResult r = findingtest::run(store);
    const RuleOutcome* outcome = outcomeOf(r, rule);
    QVERIFY(outcome);
    QVERIFY2(outcome->ran, outcome->whyNot.c_str());
    const Finding* f = findingOf(r, rule);
    QCOMPARE(f != nullptr, fires);
    if (!fires)
        return;
    QTEST(f->value, "value");
    QTEST(qint64(f->atStakeNs), "atStake");
    QTEST(int(f->ranges.size()), "ranges");
    QVERIFY(!f->cause.empty());
    QVERIFY(!f->action.empty());
    QVERIFY(f->value >= f->threshold);
}

void tst_FindingRules::notRun_data()
{
    using namespace findingtest;
    QTest::addColumn<Store>("store");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("why");

    QTest::newRow("launch-bound without launches")
        << idleGap(20) << "launch-bound"
        << "no launch attribution: no kernel in this profile is tied to the host call "
           "that launched it (Kineto's correlation ids)";
    QTest::newRow("exposed-communication without communication") << idleGap(20) << "exposed-communication"
                                                                 << "no communication kernels in this profile";
    QTest::newRow("pageable-memcpy without copies") << idleGap(20) << "pageable-memcpy"
                                                    << "no memory transfers in this profile";
    QTest::newRow("small-transfers without copies") << idleGap(20) << "small-transfers"
                                                    << "no memory transfers in this profile";
    QTest::newRow("step-variance without steps") << idleGap(20) << "step-variance"
                                                 << "no steps: no repeated step (as ProfilerStep#N) in this window";
    QTest::newRow("device-idle without device work")
        << hostWait("cudaDeviceSynchronize", "cuda_runtime", 10) << "device-idle"
        << "no device work in this profile";
    QTest::newRow("straggler of one profile") << idleGap(20) << "straggler"
                                              << "not a job: open the folder of the job's ranks to compare them";
    QTest::newRow("clock-offset of one profile") << idleGap(20) << "clock-offset"
                                                 << "not a job: the ranks' clocks are compared in a job";
}

void tst_FindingRules::notRun()
{
    QFETCH(Store, store);
    QFETCH(QString, rule);
    const FindingsResult r = findingtest::run(store);
    const RuleOutcome* outcome = outcomeOf(r, rule);
    QVERIFY(outcome);
    QVERIFY(!outcome->ran);
    QTEST(QString::fromStdString(outcome->whyNot), "why");
    QVERIFY(!findingOf(r, rule));
}

void tst_FindingRules::straggler_data()
{
    QTest::addColumn<qint64>("late");
    QTest::addColumn<bool>("fires");
    // Rank 1 arrives last at both all-reduces; rank 0 waits `late` at each: 2 x late of its
    // 1000 ns step. At 50 ns that is 10 %.
    QTest::newRow("wait at 10 % of the step") << qint64(50) << true;
    QTest::newRow("wait at 9.8 % of the step") << qint64(49) << false;
}

void tst_FindingRules::straggler()
{
    QFETCH(qint64, late);
    QFETCH(bool, fires);
    const Store r0 = findingtest::rank(0), r1 = findingtest::rank(late);
    std::vector<CollectiveRank> in(2);
    in[0].rank = 0;
    in[0].store = r0.get();
    in[1].rank = 1;
    in[1].store = r1.get();
    const CollectiveAnalysis a = CollectiveAnalyzer::analyze(in, ClockAlignment::Recorded);
    JobFindingInputs job;
    job.ranks = { { 0, r0.get(), r0->extent() }, { 1, r1.get(), r1->extent() } };
    job.collectives = &a;
    const FindingsResult r = FindingsEngine::runJob(job, FindingThresholds());
    QCOMPARE(int(r.rules.size()), 2); // the job's rules: clock-offset and straggler
    QVERIFY(outcomeOf(r, "straggler")->ran);
    const Finding* f = findingOf(r, "straggler");
    QCOMPARE(f != nullptr, fires);
    if (!fires)
        return;
    QCOMPARE(f->rank, int64_t(1));
    QCOMPARE(f->value, 100.0);
    QCOMPARE(f->threshold, 50.0);
    QCOMPARE(f->atStakeNs, TimeNs(2 * late));
    QCOMPARE(int(f->ranges.size()), 2);
    QCOMPARE(f->ranges[0].rank, int64_t(0)); // rank 0 waits
    QCOMPARE(f->ranges[0].end - f->ranges[0].start, TimeNs(late));

    // A window that leaves out the second all-reduce halves the wait: under the threshold.
    job.ranks[0].window = { 0, 250 };
    job.ranks[1].window = { 0, 250 };
    QVERIFY(!findingOf(FindingsEngine::runJob(job, FindingThresholds()), "straggler"));
}

void tst_FindingRules::table()
{
    std::set<std::string> ids;
    for (const auto& rule : FindingRules::all()) {
        QVERIFY2(ids.insert(std::string(rule->id())).second, std::string(rule->id()).c_str());
        QCOMPARE(FindingRules::find(rule->id()), rule.get());
        QVERIFY(!rule->needs().empty());
    }
    QCOMPARE(ids,
        (std::set<std::string> { "device-idle", "exposed-communication", "clock-offset", "straggler", "launch-bound",
            "sync-stall", "pageable-memcpy", "small-transfers", "step-variance", "dataloader-wait", "hot-operator" }));
    QVERIFY(!FindingRules::find("no-such-rule"));
    // Every threshold belongs to a rule ("rule.name") and no key is listed twice.
    std::set<std::string> keys;
    for (const FindingThresholds::Spec& s : FindingThresholds::specs()) {
        const std::string key = s.key;
        QVERIFY2(keys.insert(key).second, s.key);
        QVERIFY2(ids.count(key.substr(0, key.find('.'))), s.key);
    }
}

void tst_FindingRules::thresholds()
{
    FindingThresholds t;
    QCOMPARE(t.get("device-idle.idle_pct"), 20.0);
    QVERIFY(t.set("device-idle.idle_pct", 10));
    QCOMPARE(t.get("device-idle.idle_pct"), 10.0);
    QVERIFY(!t.set("device-idle.no_such", 1));
    QVERIFY(!t.set("device-idle.idle_pct", -1));
    QCOMPARE(int(t.overrides().size()), 1);
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, t.get("no-such.key"));
    // A lower threshold makes the 19 % gap a finding.
    QVERIFY(findingOf(findingtest::run(findingtest::idleGap(19), t), "device-idle"));
}

QTEST_APPLESS_MAIN(tst_FindingRules)
#include "tst_findingrules.moc"
