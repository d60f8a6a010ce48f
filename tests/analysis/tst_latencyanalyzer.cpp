// LatencyAnalyzer: percentiles against numpy's default (linear) values, Furiosa's inference
// summary, the histogram, the default unit, unit matching and the per-operator table.
#include <support/storetestutil.h>

#include <analysis/latency/latencyanalyzer.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

#include <cmath>

using namespace strata::store;
using namespace strata::analysis;
using storetest::Builder;

namespace {

// Furiosa's example: four inferences and their printed summary (rounded to ns).
const std::vector<TimeNs> kSeedInferences = { 3027309, 2111363, 1824769, 1584494 };

} // namespace

class tst_LatencyAnalyzer : public QObject {
    Q_OBJECT

private slots:
    void percentile_data();
    void percentile();
    void seedSummary();
    void summarizeEdges();
    void histogram();
    void defaultUnit_data();
    void defaultUnit();
    void units();
    void furiosaStore();
};

// numpy.percentile(np.arange(1, 11), p) with the default method="linear".
void tst_LatencyAnalyzer::percentile_data()
{
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("expected");
    QTest::newRow("p0") << 0.0 << 1.0;
    QTest::newRow("p25") << 25.0 << 3.25;
    QTest::newRow("p50") << 50.0 << 5.5;
    QTest::newRow("p90") << 90.0 << 9.1;
    QTest::newRow("p95") << 95.0 << 9.55;
    QTest::newRow("p97") << 97.0 << 9.73;
    QTest::newRow("p99") << 99.0 << 9.91;
    QTest::newRow("p99.9") << 99.9 << 9.991;
    QTest::newRow("p100") << 100.0 << 10.0;
}

void tst_LatencyAnalyzer::percentile()
{
    QFETCH(double, p);
    QFETCH(double, expected);
    const std::vector<TimeNs> v = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
    QVERIFY2(std::abs(LatencyAnalyzer::percentile(v, p) - expected) < 1e-9,
        qPrintable(QString::number(LatencyAnalyzer::percentile(v, p), 'g', 17)));
}

void tst_LatencyAnalyzer::seedSummary()
{
    const LatencyStats s = LatencyAnalyzer::summarize(kSeedInferences);
    QCOMPARE(s.count, uint64_t(4));
    QCOMPARE(s.minNs, TimeNs(1584494));
    QCOMPARE(s.maxNs, TimeNs(3027309));
    QCOMPARE(s.meanNs, 2136983.75);
    QCOMPARE(s.medianNs, 1968066.0);
    // numpy: 2752525.2, 2889917.1, 2944873.86, 2999830.62, 3024561.162
    QVERIFY(std::abs(s.p90Ns - 2752525.2) < 1e-6);
    QVERIFY(std::abs(s.p95Ns - 2889917.1) < 1e-6);
    QVERIFY(std::abs(s.p97Ns - 2944873.86) < 1e-6);
    QVERIFY(std::abs(s.p99Ns - 2999830.62) < 1e-6);
    QVERIFY(std::abs(s.p99_9Ns - 3024561.162) < 1e-6);
    // ... which the seed prints rounded:
    QCOMPARE(std::llround(s.meanNs), 2136984ll);
    QCOMPARE(std::llround(s.p90Ns), 2752525ll);
    QCOMPARE(std::llround(s.p95Ns), 2889917ll);
    QCOMPARE(std::llround(s.p97Ns), 2944874ll);
    QCOMPARE(std::llround(s.p99Ns), 2999831ll);
    QCOMPARE(std::llround(s.p99_9Ns), 3024561ll);
    QCOMPARE(s.samples, kSeedInferences); // input order kept
}

void tst_LatencyAnalyzer::summarizeEdges()
{
    const LatencyStats empty = LatencyAnalyzer::summarize({});
    QCOMPARE(empty.count, uint64_t(0));
    QVERIFY(empty.histogram.empty());
    const LatencyStats one = LatencyAnalyzer::summarize({ 42 });
    QCOMPARE(one.count, uint64_t(1));
    QCOMPARE(one.minNs, TimeNs(42));
    QCOMPARE(one.p99_9Ns, 42.0);
    QCOMPARE(one.medianNs, 42.0);
    QCOMPARE(one.histogram.size(), size_t(1));
    QCOMPARE(one.histogram[0].count, uint64_t(1));
    const LatencyStats two = LatencyAnalyzer::summarize({ 10, 20 });
    QCOMPARE(two.medianNs, 15.0);
    QCOMPARE(two.p90Ns, 19.0);
}

void tst_LatencyAnalyzer::histogram()
{
    const std::vector<TimeNs> v = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
    const std::vector<LatencyBin> h = LatencyAnalyzer::histogram(v, 3);
    QCOMPARE(h.size(), size_t(3));
    QCOMPARE(h[0].startNs, 1.0);
    QCOMPARE(h[1].startNs, 4.0);
    QCOMPARE(h[2].startNs, 7.0);
    QCOMPARE(h[2].endNs, 10.0);
    QCOMPARE(h[0].count, uint64_t(3)); // 1 2 3
    QCOMPARE(h[1].count, uint64_t(3)); // 4 5 6
    QCOMPARE(h[2].count, uint64_t(4)); // 7 8 9 10: the last bin holds its end
    uint64_t total = 0;
    for (const LatencyBin& b : LatencyAnalyzer::histogram(kSeedInferences, 30))
        total += b.count;
    QCOMPARE(total, uint64_t(4));
    QCOMPARE(LatencyAnalyzer::summarize(v).histogram.size(), size_t(30));
}

// Slices as "<thread>:<name>@<ts>+<dur>" separated by "; ", thread main or other (host
// threads) or dev (an NPU engine). "N*" before an item repeats it N times from ts, each 10 ns
// after the previous one ends; a name ending in "#" is numbered ("ProfilerStep#0", ...).
void tst_LatencyAnalyzer::defaultUnit_data()
{
    QTest::addColumn<QString>("slices");
    QTest::addColumn<QString>("unit");
    const QString none;
    // clang-format off
    QTest::newRow("steps beat a busier dataloader")
        << "3*main:ProfilerStep#@0+1000; 5*other:enumerate(DataLoader)#_x.__next__@100+50" << "ProfilerStep";
    QTest::newRow("steps beat the backward ops")
        << "3*main:ProfilerStep#@0+1000; 12*other:autograd::engine::evaluate_function: ConvolutionBackward0@500+100"
        << "ProfilerStep";
    QTest::newRow("furiosa inference") << "4*main:Inference@0+100; 4*main:Quantize@500+10" << "Inference";
    QTest::newRow("twice is repeated: RBLN forward")
        << "2*main:forward@0+4000; 2*other:runtime_call@100+3000; 6*dev:0_fused_1@200+100" << "forward";
    QTest::newRow("Sophgo: the subnet iteration over its layers")
        << "3*main:Subnet 0@0+1000; 30*other:Load(L)@5+20" << "Subnet 0";
    QTest::newRow("one iteration holding repeated layers")
        << "main:Subnet 0@0+1000; 5*other:Load(L)@5+20; 3*other:Store(S)@300+20" << "Subnet 0";
    QTest::newRow("a lone wrapper does not hide the steps")
        << "main:<module>@0+10000; 3*main:ProfilerStep#@10+1000; main:cleanup@9000+500" << "ProfilerStep";
    QTest::newRow("a span over the whole trace does not hide the steps")
        << "other:PyTorch Profiler (0)@0+100000; 2*main:ProfilerStep#@10+1000; 4*main:aten::copy_@5000+10"
        << "ProfilerStep";
    QTest::newRow("nor does it become the unit")
        << "other:PyTorch Profiler (0)@0+100000; 3*main:aten::mm@10+100" << "aten::mm";
    QTest::newRow("one step holding repeated ops")
        << "main:ProfilerStep#@0+1000; 3*other:aten::mm@10+100" << "ProfilerStep";
    QTest::newRow("forward as a word only")
        << "3*main:ForwardWheelEvent@0+100; 3*other:RunTask@1000+200" << "RunTask";
    QTest::newRow("the longer in total") << "3*main:a@0+100; 3*other:b@1000+200" << "b";
    QTest::newRow("as long in total: the more frequent") << "4*main:a@0+50; 2*other:b@1000+100" << "a";
    QTest::newRow("outer beats a more frequent inner") << "2*main:run@0+1000; 20*other:op@5+40" << "run";
    QTest::newRow("a lone slice is no unit") << "main:train@0+100" << none;
    QTest::newRow("two lone slices are none") << "main:a@0+100; other:b@500+10" << none;
    QTest::newRow("device slices never") << "main:x@0+10; 10*dev:0_fc_1@0+50" << none;
    // clang-format on
}

void tst_LatencyAnalyzer::defaultUnit()
{
    QFETCH(QString, slices);
    QFETCH(QString, unit);
    Builder s;
    const QMap<QString, uint32_t> threads { { "main", s.thread(100, "python3", 100, "MainThread") },
        { "other", s.thread(100, "python3", 101, "worker") },
        { "dev", s.thread(1, "NPU 0", 1, "Neural Engine Clusters") } };
    int numbered = 0;
    for (const QString& item : slices.split(QStringLiteral("; "), Qt::SkipEmptyParts)) {
        const int star = item.indexOf('*');
        const int times = star < 0 ? 1 : item.left(star).toInt();
        const QString spec = item.mid(star + 1);
        const int colon = spec.indexOf(':'), at = spec.lastIndexOf('@'), plus = spec.lastIndexOf('+');
        const QString name = spec.mid(colon + 1, at - colon - 1);
        const TimeNs dur = spec.mid(plus + 1).toLongLong();
        TimeNs ts = spec.mid(at + 1, plus - at - 1).toLongLong();
        for (int i = 0; i < times; ++i, ts += dur + 10) {
            const QByteArray full = (name.endsWith('#') ? name + QString::number(numbered++) : name).toUtf8();
            s.X(threads.value(spec.left(colon)), full.constData(), ts, dur);
        }
    }
    const auto store = StoreFinalizer::finalize(s.b);
    const OperatorCatalog cat(*store);
    QCOMPARE(QString::fromStdString(LatencyAnalyzer::defaultUnit(*store, cat)), unit);
}

void tst_LatencyAnalyzer::units()
{
    Builder s;
    const uint32_t main = s.thread(100, "python3", 100, "MainThread");
    s.X(main, "ProfilerStep#1", 0, 1000);
    s.X(main, "ProfilerStep#2", 1100, 900);
    s.X(main, "aten::mm", 1150, 10);
    s.X(main, "ProfilerStep#3", 2100, 1100);
    const auto store = StoreFinalizer::finalize(s.b);
    const OperatorCatalog cat(*store);
    const LatencyStats def = LatencyAnalyzer::analyze(*store, cat, "");
    QCOMPARE(QString::fromStdString(def.unit), QString("ProfilerStep"));
    QVERIFY(def.defaultUnit);
    QCOMPARE(def.samples, (std::vector<TimeNs> { 1000, 900, 1100 })); // start order
    QCOMPARE(def.medianNs, 1000.0);
    const LatencyStats one = LatencyAnalyzer::analyze(*store, cat, "ProfilerStep#2");
    QVERIFY(!one.defaultUnit);
    QCOMPARE(one.samples, std::vector<TimeNs> { 900 });
    // Nested slices are units too, and the window takes the ones that start inside it.
    QCOMPARE(LatencyAnalyzer::durations(*store, cat, "aten::mm"), std::vector<TimeNs> { 10 });
    QCOMPARE(LatencyAnalyzer::durations(*store, cat, "ProfilerStep", { 1000, 2100 }), std::vector<TimeNs> { 900 });
    QCOMPARE(LatencyAnalyzer::analyze(*store, cat, "nothing").count, uint64_t(0));
}

// A Furiosa-shaped store: "Inference" spans on the host, NPU instructions with operand lists.
void tst_LatencyAnalyzer::furiosaStore()
{
    Builder s;
    const uint32_t host = s.thread(4000, "python3", 1, "thread 1");
    const uint32_t npu = s.thread(4000, "python3", 10000000, "NPU 0");
    TimeNs ts = 0;
    for (TimeNs d : kSeedInferences) {
        s.X(host, "Inference", "Nux", ts, d);
        ts += d + 1000;
    }
    s.X(npu, "Execution", "NPU", 0, 20000);
    s.X(npu, "LowLevelConv2d(41,40,42,44)", "NPU", 100, 5000);
    s.X(npu, "LowLevelConv2d(45,44,46,48)", "NPU", 6000, 6000);
    s.X(npu, "LowLevelPad(3,4)", "NPU", 12500, 500);
    s.X(npu, "LowLevelPad(5,6)", "NPU", 13500, 500);
    const auto store = StoreFinalizer::finalize(s.b);
    const OperatorCatalog cat(*store);

    const LatencyStats st = LatencyAnalyzer::analyze(*store, cat, "");
    QCOMPARE(QString::fromStdString(st.unit), QString("Inference"));
    QCOMPARE(st.count, uint64_t(4));
    QCOMPARE(st.medianNs, 1968066.0);
    QCOMPARE(std::llround(st.p99Ns), 2999831ll);

    // Picking an operator of the table: the Op key groups the instructions by base name.
    const LatencyStats conv = LatencyAnalyzer::analyze(*store, cat, "LowLevelConv2d");
    QCOMPARE(conv.samples, (std::vector<TimeNs> { 5000, 6000 }));

    const std::vector<OperatorAverage> ops = LatencyAnalyzer::operatorAverages(*store, cat);
    QStringList got;
    for (const OperatorAverage& o : ops)
        got << QString("%1 %2 %3").arg(QString::fromStdString(o.name)).arg(o.averageNs).arg(o.count);
    QCOMPARE(got.join("; "), QString("Execution 20000 1; LowLevelConv2d 5500 2; LowLevelPad 500 2"));
}

QTEST_GUILESS_MAIN(tst_LatencyAnalyzer)
#include "tst_latencyanalyzer.moc"
