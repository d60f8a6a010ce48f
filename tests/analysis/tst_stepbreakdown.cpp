// StepBreakdown: per step the union of the device tracks' busy time clipped to the step
// (overlapping streams count once, a slice across the step's end is split, annotation lanes
// and host threads never count), idle = duration - busy, the top operator of the slices that
// start in the step, outliers over 1.5 x the median, and the mean, std dev and CV rows; with
// the breakdown index, each step's compute, communication and exposed communication, equal to
// BreakdownCalculator over the step's window.
#include <support/storetestutil.h>

#include <analysis/breakdown/breakdowncalculator.h>
#include <analysis/latency/latencyanalyzer.h>
#include <analysis/latency/stepbreakdown.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

#include <cmath>

using namespace strata::store;
using namespace strata::analysis;
using storetest::Builder;

namespace {

// Host: ProfilerStep#1 [0, 1000), #2 [1000, 2000), #3 [2000, 5000). Device streams A and B:
// gemm [100, 400) on A and [300, 600) on B (union 500), copy [900, 1200) on A across the
// end of step 1, relu [1500, 1600) on A with a nested slice. An annotation lane spans
// everything and a host op runs in step 3: neither is device busy time.
std::shared_ptr<const EventStore> makeStore(bool withDevice)
{
    Builder s;
    const uint32_t host = s.thread(100, "python", 100, "MainThread");
    // Without device roles, names and categories that no rule reads as a device either.
    const char* work = withDevice ? "kernel" : "cpu_op";
    const char* process = withDevice ? "GPU 0" : "worker";
    const uint32_t a = s.thread(1, process, 7, withDevice ? "stream 7" : "thread 7");
    const uint32_t b = s.thread(1, process, 8, withDevice ? "stream 8" : "thread 8");
    const uint32_t note = s.thread(1, process, 9, "annotations");
    if (withDevice) {
        s.b.setThreadRole(a, TrackRole::Device);
        s.b.setThreadRole(b, TrackRole::Device);
        s.b.setThreadRole(note, TrackRole::Annotation);
    }
    s.X(host, "ProfilerStep#1", "user_annotation", 0, 1000);
    s.X(host, "ProfilerStep#2", "user_annotation", 1000, 1000);
    s.X(host, "ProfilerStep#3", "user_annotation", 2000, 3000);
    s.X(host, "aten::mm", "cpu_op", 2100, 50);
    s.X(a, "gemm", work, 100, 300);
    s.X(b, "gemm", work, 300, 300);
    s.X(a, "copy", work, 900, 300);
    s.X(a, "relu", work, 1500, 100);
    s.X(a, "relu_inner", work, 1510, 50);
    s.X(note, "annotation", "gpu_user_annotation", 0, 5000);
    return StoreFinalizer::finalize(s.b);
}

// Steps #1 [0, 1000), #2 [1000, 2000), #3 [2000, 2500). Stream 7 computes: gemm [100, 400),
// [1250, 1500), and [1900, 2100) across the end of step 2; stream 8 communicates:
// ncclKernel [300, 700) and [1100, 1300).
std::shared_ptr<const EventStore> makeCommStore()
{
    Builder s;
    const uint32_t host = s.thread(100, "python", 100, "MainThread");
    const uint32_t compute = s.thread(1, "GPU 0", 7, "stream 7");
    const uint32_t comm = s.thread(1, "GPU 0", 8, "stream 8");
    s.b.setThreadRole(compute, TrackRole::Device);
    s.b.setThreadRole(comm, TrackRole::Device);
    s.X(host, "ProfilerStep#1", "user_annotation", 0, 1000);
    s.X(host, "ProfilerStep#2", "user_annotation", 1000, 1000);
    s.X(host, "ProfilerStep#3", "user_annotation", 2000, 500);
    s.X(compute, "gemm", "kernel", 100, 300);
    s.X(compute, "gemm", "kernel", 1250, 250);
    s.X(compute, "gemm", "kernel", 1900, 200);
    s.X(comm, "ncclKernel_AllReduce", "kernel", 300, 400);
    s.X(comm, "ncclKernel_AllReduce", "kernel", 1100, 200);
    return StoreFinalizer::finalize(s.b);
}

} // namespace

class tst_StepBreakdown : public QObject {
    Q_OBJECT

private slots:
    void steps_data();
    void steps();
    void sameRowsAsLatency();
    void spread();
    void windowAndUnit();
    void noDeviceTrack();
    void shares_data();
    void shares();
    void noShares();
};

void tst_StepBreakdown::steps_data()
{
    QTest::addColumn<int>("step");
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("dur");
    QTest::addColumn<qint64>("busy");
    QTest::addColumn<QString>("top");
    QTest::addColumn<qint64>("topNs");
    QTest::addColumn<bool>("outlier");
    // [100, 600) once though two streams overlap, plus [900, 1000) of the copy.
    QTest::newRow("overlapping streams, a slice across the end")
        << 0 << qint64(0) << qint64(1000) << qint64(600) << "gemm" << qint64(600) << false;
    // [1000, 1200) of the copy that started in step 1, and relu (its child adds nothing).
    QTest::newRow("the rest of the copy, a nested slice")
        << 1 << qint64(1000) << qint64(1000) << qint64(300) << "relu" << qint64(100) << false;
    QTest::newRow("no device work, 3 x the median")
        << 2 << qint64(2000) << qint64(3000) << qint64(0) << "" << qint64(0) << true;
}

void tst_StepBreakdown::steps()
{
    QFETCH(int, step);
    QFETCH(qint64, start);
    QFETCH(qint64, dur);
    QFETCH(qint64, busy);
    QFETCH(QString, top);
    QFETCH(qint64, topNs);
    QFETCH(bool, outlier);
    const auto store = makeStore(true);
    const OperatorCatalog catalog(*store);
    const StepTable t = StepBreakdown::compute(*store, catalog, "ProfilerStep");
    QCOMPARE(t.steps.size(), size_t(3));
    QVERIFY(!t.deviceFallback);
    const StepRow& s = t.steps[size_t(step)];
    QCOMPARE(s.index, uint32_t(step + 1));
    QCOMPARE(s.name, "ProfilerStep#" + std::to_string(step + 1));
    QCOMPARE(s.startNs, start);
    QCOMPARE(s.durNs, dur);
    QCOMPARE(s.busyNs, busy);
    QCOMPARE(s.idleNs, dur - busy);
    QCOMPARE(QString::fromStdString(s.topOperator), top);
    QCOMPARE(s.topOperatorNs, topNs);
    QCOMPARE(s.outlier, outlier);
    QCOMPARE(store->sliceTs(s.row), start);
    QCOMPARE(t.medianNs, 1000.0);
}

// The rows are LatencyAnalyzer's instances, in its order: the Steps table and the
// statistics count the same steps.
void tst_StepBreakdown::sameRowsAsLatency()
{
    const auto store = makeStore(true);
    const OperatorCatalog catalog(*store);
    const StepTable t = StepBreakdown::compute(*store, catalog, "ProfilerStep");
    const auto instances = LatencyAnalyzer::instances(*store, catalog, "ProfilerStep");
    QCOMPARE(t.steps.size(), instances.size());
    for (size_t i = 0; i < instances.size(); ++i) {
        QCOMPARE(t.steps[i].startNs, instances[i].first);
        QCOMPARE(t.steps[i].durNs, instances[i].second);
    }
}

void tst_StepBreakdown::spread()
{
    const auto store = makeStore(true);
    const OperatorCatalog catalog(*store);
    const StepTable t = StepBreakdown::compute(*store, catalog, "ProfilerStep");
    // Durations 1000, 1000, 3000: mean 5000/3, population std sqrt(8/9) x 1000.
    QCOMPARE(t.duration.meanNs, 5000.0 / 3);
    QVERIFY(std::abs(t.duration.stdDevNs - std::sqrt(8.0 / 9.0) * 1000) < 1e-9);
    QVERIFY(std::abs(t.duration.cv - t.duration.stdDevNs / t.duration.meanNs) < 1e-12);
    QCOMPARE(t.busy.meanNs, 300.0); // 600, 300, 0
    QCOMPARE(t.idle.meanNs, 5000.0 / 3 - 300);
    const StepSpread none = StepBreakdown::spread({});
    QCOMPARE(none.meanNs, 0.0);
    QCOMPARE(none.cv, 0.0);
    QCOMPARE(StepBreakdown::spread({ 0, 0 }).cv, 0.0); // no division by a zero mean
}

void tst_StepBreakdown::windowAndUnit()
{
    const auto store = makeStore(true);
    const OperatorCatalog catalog(*store);
    // Steps that start in [500, 2500): #2 and #3, counted whole.
    const StepTable t = StepBreakdown::compute(*store, catalog, "ProfilerStep", { 500, 2500 });
    QCOMPARE(t.steps.size(), size_t(2));
    QCOMPARE(t.steps[0].index, 1u);
    QCOMPARE(t.steps[0].busyNs, TimeNs(300));
    QCOMPARE(t.steps[1].durNs, TimeNs(3000));
    QVERIFY(StepBreakdown::compute(*store, catalog, "").steps.empty());
    QVERIFY(StepBreakdown::compute(*store, catalog, "no such unit").steps.empty());
}

// Without a device track the Device scope is every thread (as the summaries fall back), the
// step's own thread included, and the table says so.
void tst_StepBreakdown::noDeviceTrack()
{
    const auto store = makeStore(false);
    const OperatorCatalog catalog(*store);
    const StepTable t = StepBreakdown::compute(*store, catalog, "ProfilerStep");
    QVERIFY(t.deviceFallback);
    QCOMPARE(t.steps.size(), size_t(3));
    for (const StepRow& s : t.steps) {
        QCOMPARE(s.busyNs, s.durNs);
        QCOMPARE(s.idleNs, TimeNs(0));
    }
}

void tst_StepBreakdown::shares_data()
{
    QTest::addColumn<int>("step");
    QTest::addColumn<qint64>("compute");
    QTest::addColumn<qint64>("communication");
    QTest::addColumn<qint64>("exposed");
    QTest::addColumn<qint64>("idle");
    // Union [100, 700): idle 400 of the step; [300, 400) of the communication runs under compute.
    QTest::newRow("overlapped in part") << 0 << qint64(300) << qint64(400) << qint64(300) << qint64(400);
    // Compute [1250, 1500) and [1900, 2000) (the kernel is cut at the step's end), communication
    // [1100, 1300), 50 of it under compute; union [1100, 1500) [1900, 2000) = 500.
    QTest::newRow("a kernel across the end") << 1 << qint64(350) << qint64(200) << qint64(150) << qint64(500);
    QTest::newRow("compute only") << 2 << qint64(100) << qint64(0) << qint64(0) << qint64(400);
}

void tst_StepBreakdown::shares()
{
    QFETCH(int, step);
    QFETCH(qint64, compute);
    QFETCH(qint64, communication);
    QFETCH(qint64, exposed);
    QFETCH(qint64, idle);
    const auto store = makeCommStore();
    const OperatorCatalog catalog(*store);
    const BreakdownIndex index(*store);
    const StepTable t
        = StepBreakdown::compute(*store, catalog, "ProfilerStep", { kTimeMin, kTimeMax }, nullptr, &index);
    QCOMPARE(t.steps.size(), size_t(3));
    const StepRow& s = t.steps[size_t(step)];
    QVERIFY(s.breakdown);
    QCOMPARE(s.breakdown->computeNs, compute);
    QCOMPARE(s.breakdown->communicationNs, communication);
    QCOMPARE(s.breakdown->commExposedNs, exposed);
    QCOMPARE(s.idleNs, idle);
    QCOMPARE(s.percentOfStep(s.breakdown->computeNs), 100.0 * double(compute) / double(s.durNs));
    // The time breakdown of the step's window, as strata-cli breakdown --range gives it; the
    // step's idle is its duration less the device's work (the breakdown's idle is of its span).
    const RankBreakdown ref = BreakdownCalculator::compute(*store, index, { s.startNs, s.startNs + s.durNs });
    QCOMPARE(s.breakdown->computeNs, ref.times.computeNs);
    QCOMPARE(s.breakdown->communicationNs, ref.times.communicationNs);
    QCOMPARE(s.breakdown->commExposedNs, ref.times.commExposedNs);
    QCOMPARE(s.idleNs, s.durNs - (ref.times.spanNs - ref.times.idleNs));
}

// No index, or a profile without device work: no shares (not zeros).
void tst_StepBreakdown::noShares()
{
    const auto withDevice = makeStore(true);
    const OperatorCatalog catalog(*withDevice);
    for (const StepRow& s : StepBreakdown::compute(*withDevice, catalog, "ProfilerStep").steps)
        QVERIFY(!s.breakdown);
    const auto hostOnly = makeStore(false);
    const OperatorCatalog hostCatalog(*hostOnly);
    const BreakdownIndex index(*hostOnly);
    QVERIFY(!index.hasDeviceWork());
    const StepTable t
        = StepBreakdown::compute(*hostOnly, hostCatalog, "ProfilerStep", { kTimeMin, kTimeMax }, nullptr, &index);
    QCOMPARE(t.steps.size(), size_t(3));
    for (const StepRow& s : t.steps)
        QVERIFY(!s.breakdown);
}

QTEST_GUILESS_MAIN(tst_StepBreakdown)
#include "tst_stepbreakdown.moc"
