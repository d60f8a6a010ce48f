// StepBreakdown: per step the union of the device tracks' busy time clipped to the step
// (overlapping streams count once, a slice across the step's end is split, annotation lanes
// and host threads never count), idle = duration - busy, the top operator of the slices that
// start in the step, outliers over 1.5 x the median, and the mean, std dev and CV rows.
#include <support/storetestutil.h>

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

QTEST_GUILESS_MAIN(tst_StepBreakdown)
#include "tst_stepbreakdown.moc"
