// OperatorAggregator: hand-computed tables on a small store (nesting and self time, fused
// attribution, metrics, engines, the execution vs transfer split, windows), and the
// parallel path checked against the serial one on a large generated store.
#include <support/operatorteststore.h>

#include <support/storetestutil.h>

#include <analysis/operators/operatoraggregator.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

#include <algorithm>
#include <random>

using namespace strata::store;
using namespace strata::analysis;
using storetest::Builder;

namespace {

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), int(s.size()));
}

// "name count total self min max median percent transfer", rows in table order, ';'-joined.
QString rowsText(const OperatorTable& t)
{
    QStringList out;
    for (const OperatorRow& r : t.rows)
        out << QString("%1 %2 %3 %4 %5 %6 %7 %8 %9")
                   .arg(qs(r.name))
                   .arg(r.count)
                   .arg(r.totalNs)
                   .arg(r.selfNs)
                   .arg(r.minNs)
                   .arg(r.maxNs)
                   .arg(r.medianNs)
                   .arg(r.percent, 0, 'f', 2)
                   .arg(r.transferNs);
    return out.join("; ");
}

const OperatorRow* findRow(const OperatorTable& t, const char* name)
{
    for (const OperatorRow& r : t.rows)
        if (r.name == name)
            return &r;
    return nullptr;
}

} // namespace

class tst_OperatorAggregator : public QObject {
    Q_OBJECT

private slots:
    void table_data();
    void table();
    void metricsEnginesFused();
    void split();
    void splitThreeWays_data();
    void splitThreeWays();
    void defaultScope();
    void overflowLane();
    void parallelMatchesSerial();
    void largeMedians_data();
    void largeMedians();
    void cancelled();

private:
    const operatortest::HandCatalog m_hand {};
};

void tst_OperatorAggregator::table_data()
{
    QTest::addColumn<QString>("level");
    QTest::addColumn<QString>("scope");
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<QString>("rows");
    const qint64 lo = kTimeMin, hi = kTimeMax;
    // Device busy time: 650 on the engine + 100 on Task DMA = 750.
    QTest::newRow("op, device") << "op"
                                << "device" << lo << hi
                                << "conv2d 3 600 600 100 300 200 80.00 0; "
                                   "dma_load_weight 2 100 100 40 60 50 13.33 100; "
                                   "linear 1 50 50 50 50 50 6.67 0";
    // The fused group carries its weight load too; members sorted as written.
    QTest::newRow("layer, device") << "layer"
                                   << "device" << lo << hi
                                   << "fused(bn1+conv1+relu) 3 440 440 40 300 100 58.67 40; "
                                      "layer1.0.conv1 2 260 260 60 200 130 34.67 60; "
                                      "fc 1 50 50 50 50 50 6.67 0";
    // Median of 40, 50, 100, 300 is (50 + 100) / 2.
    QTest::newRow("module, device") << "module"
                                    << "device" << lo << hi
                                    << "(top) 4 490 490 40 300 75 65.33 40; layer1.0 2 260 260 60 200 130 34.67 60";
    QTest::newRow("command, device")
        << "command"
        << "device" << lo << hi
        << "0_fused(bn1+conv1+relu)_2 1 300 300 300 300 300 40.00 0; 0_layer1.0.conv1_3 1 200 200 200 200 200 26.67 0; "
           "0_fused(bn1+conv1+relu)_1 1 100 100 100 100 100 13.33 0; 0_layer1.0.conv1_5 1 60 60 60 60 60 8.00 60; "
           "0_fc_4 1 50 50 50 50 50 6.67 0; 0_fused(bn1+conv1+relu)_0 1 40 40 40 40 40 5.33 40";
    // Host: self = duration minus direct children; the busy time is the 3000 of the steps.
    QTest::newRow("op, host") << "op"
                              << "host" << lo << hi
                              << "ProfilerStep 3 3000 1900 900 1100 1000 63.33 0; "
                                 "aten::conv2d 3 1100 800 200 500 400 26.67 0; "
                                 "aten::convolution 1 300 300 300 300 300 10.00 0";
    QTest::newRow("name, host") << "name"
                                << "host" << lo << hi
                                << "ProfilerStep#3 1 1100 1100 1100 1100 1100 36.67 0; "
                                   "aten::conv2d 3 1100 800 200 500 400 26.67 0; "
                                   "ProfilerStep#1 1 1000 400 1000 1000 1000 13.33 0; "
                                   "ProfilerStep#2 1 900 400 900 900 900 13.33 0; "
                                   "aten::convolution 1 300 300 300 300 300 10.00 0";
    // Kineto ops take their layer from args; slices without one are "(none)".
    QTest::newRow("layer, host") << "layer"
                                 << "host" << lo << hi
                                 << "(none) 4 3300 2200 300 1100 950 73.33 0; "
                                    "layer1.0.conv1 2 900 600 400 500 450 20.00 0; "
                                    "layer1.0.conv2 1 200 200 200 200 200 6.67 0";
    QTest::newRow("op, all") << "op"
                             << "all" << lo << hi
                             << "ProfilerStep 3 3000 1900 900 1100 1000 50.67 0; "
                                "aten::conv2d 3 1100 800 200 500 400 21.33 0; "
                                "conv2d 3 600 600 100 300 200 16.00 0; "
                                "aten::convolution 1 300 300 300 300 300 8.00 0; "
                                "dma_load_weight 2 100 100 40 60 50 2.67 100; "
                                "linear 1 50 50 50 50 50 1.33 0";
    // Windows take the slices that start inside [start, end), with their whole duration.
    // [500,1500): step 2 (its child at 1200 is inside too) and both conv2d at 600 and 1200
    // (the one at 600 has its parent outside, so nothing is taken off that parent).
    QTest::newRow("window host [500,1500)") << "op"
                                            << "host" << qint64(500) << qint64(1500)
                                            << "ProfilerStep 1 900 400 900 900 900 36.36 0; "
                                               "aten::conv2d 2 700 700 200 500 350 63.64 0";
    // [1000,1150): step 2 alone; its child starts after the window but still is not its self time.
    QTest::newRow("window child after end")
        << "op"
        << "host" << qint64(1000) << qint64(1150) << "ProfilerStep 1 900 400 900 900 900 100.00 0";
    // [100,140): the conv2d at 100; its convolution child (150) is after the end, two levels down.
    QTest::newRow("window grandchild level")
        << "op"
        << "host" << qint64(100) << qint64(140) << "aten::conv2d 1 400 100 400 400 400 100.00 0";
    QTest::newRow("window device [400,820)") << "op"
                                             << "device" << qint64(400) << qint64(820)
                                             << "conv2d 1 200 200 200 200 200 64.52 0; "
                                                "dma_load_weight 1 60 60 60 60 60 19.35 60; "
                                                "linear 1 50 50 50 50 50 16.13 0";
    QTest::newRow("window start inclusive, end exclusive")
        << "op"
        << "device" << qint64(800) << qint64(850) << "linear 1 50 50 50 50 50 100.00 0";
    QTest::newRow("empty window") << "op"
                                  << "all" << qint64(5000) << qint64(6000) << "";
}

void tst_OperatorAggregator::table()
{
    QFETCH(QString, level);
    QFETCH(QString, scope);
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(QString, rows);
    OperatorLevel l;
    OperatorScope s;
    QVERIFY(parseOperatorLevel(level.toStdString(), &l));
    QVERIFY(parseOperatorScope(scope.toStdString(), &s));
    for (unsigned threads : { 1u, 3u }) {
        const OperatorTable t
            = OperatorAggregator::aggregate(*m_hand.store, m_hand.catalog, l, { start, end }, s, nullptr, threads);
        QCOMPARE(rowsText(t), rows);
        QCOMPARE(t.level, l);
        QCOMPARE(t.scope, s);
        double sum = 0;
        for (const OperatorRow& r : t.rows)
            sum += r.percent;
        QVERIFY(t.rows.empty() || qAbs(sum - 100.0) < 1e-9);
    }
}

void tst_OperatorAggregator::metricsEnginesFused()
{
    const OperatorTable op = OperatorAggregator::aggregate(
        *m_hand.store, m_hand.catalog, OperatorLevel::Op, OperatorAggregator::wholeTrace(), OperatorScope::Device);
    const OperatorRow* conv = findRow(op, "conv2d");
    QVERIFY(conv);
    QVERIFY(conv->hasBytes && conv->hasFlops);
    QCOMPARE(conv->bytes, 4500.0);
    QCOMPARE(conv->flops, 20000.0); // only two of the three carry flops
    QCOMPARE(conv->mfu, 35.0); // (50 * 100 + 30 * 300) / 400, weighted by duration
    QCOMPARE(conv->hfu, -1.0);
    QCOMPARE(conv->avgNs, 200.0);
    QCOMPARE(conv->engines, std::vector<std::string> { "Neural Engine Clusters" });
    QVERIFY(conv->fusedMembers.empty());
    const OperatorRow* dma = findRow(op, "dma_load_weight");
    QVERIFY(dma);
    QCOMPARE(dma->bytes, 6144.0);
    QVERIFY(!dma->hasFlops);
    QCOMPARE(dma->mfu, -1.0);
    QCOMPARE(dma->engines, std::vector<std::string> { "Task DMA" });
    QCOMPARE(dma->executionNs(), TimeNs(0));

    const OperatorTable layer = OperatorAggregator::aggregate(
        *m_hand.store, m_hand.catalog, OperatorLevel::Layer, OperatorAggregator::wholeTrace(), OperatorScope::Device);
    const OperatorRow* fused = findRow(layer, "fused(bn1+conv1+relu)");
    QVERIFY(fused);
    QCOMPARE(fused->fusedMembers, (std::vector<std::string> { "bn1", "conv1", "relu" }));
    QCOMPARE(fused->engines, (std::vector<std::string> { "Neural Engine Clusters", "Task DMA" }));
    QCOMPARE(fused->bytes, 1000.0 + 3000.0 + 4096.0);
    QCOMPARE(fused->executionNs(), TimeNs(400));
    QVERIFY(findRow(layer, "fc")->fusedMembers.empty());

    const OperatorTable cmd = OperatorAggregator::aggregate(
        *m_hand.store, m_hand.catalog, OperatorLevel::Command, OperatorAggregator::wholeTrace(), OperatorScope::Device);
    QCOMPARE(
        findRow(cmd, "0_fused(bn1+conv1+relu)_1")->fusedMembers, (std::vector<std::string> { "bn1", "conv1", "relu" }));
}

void tst_OperatorAggregator::split()
{
    const OperatorTable d = OperatorAggregator::aggregate(
        *m_hand.store, m_hand.catalog, OperatorLevel::Layer, OperatorAggregator::wholeTrace(), OperatorScope::Device);
    QCOMPARE(d.events, uint64_t(6));
    QCOMPARE(d.busyNs, TimeNs(750));
    QCOMPARE(d.transferNs, TimeNs(100));
    QCOMPARE(d.executionNs, TimeNs(650));
    QCOMPARE(d.window.start, m_hand.store->extent().start);
    QCOMPARE(d.window.end, m_hand.store->extent().end);
    const OperatorTable h = OperatorAggregator::aggregate(
        *m_hand.store, m_hand.catalog, OperatorLevel::Op, OperatorAggregator::wholeTrace(), OperatorScope::Host);
    QCOMPARE(h.busyNs, TimeNs(3000));
    QCOMPARE(h.transferNs, TimeNs(0));
    QCOMPARE(h.events, uint64_t(7));
}

// Kineto kernels on one stream, one after another: each counts with its kind of work
// (WorkClassifier): NCCL kernels are communication, copies data transfer, the rest compute.
void tst_OperatorAggregator::splitThreeWays_data()
{
    QTest::addColumn<QStringList>("kernels"); // "name|category|duration"
    QTest::addColumn<qint64>("execution"); // busy outside data transfer: compute and communication
    QTest::addColumn<qint64>("communication");
    QTest::addColumn<qint64>("transfer");
    QTest::newRow("compute only") << QStringList { "volta_sgemm_128x64_nn|kernel|100" } << qint64(100) << qint64(0)
                                  << qint64(0);
    QTest::newRow("nccl is communication")
        << QStringList { "volta_sgemm_128x64_nn|kernel|40", "ncclKernel_AllReduce_RING_LL_Sum_float|kernel|60" }
        << qint64(100) << qint64(60) << qint64(0);
    QTest::newRow("nccl dev kernel") << QStringList {
        "ncclDevKernel_ReduceScatter_Sum_f32_RING_LL(ncclDevComm*)|kernel|"
        "25"
    } << qint64(25) << qint64(25) << qint64(0);
    QTest::newRow("copy is data transfer")
        << QStringList { "volta_sgemm_128x64_nn|kernel|70", "Memcpy HtoD (Pageable -> Device)|gpu_memcpy|30" }
        << qint64(70) << qint64(0) << qint64(30);
    QTest::newRow("three ways") << QStringList { "volta_sgemm_128x64_nn|kernel|50",
        "ncclKernel_AllGather_RING_LL_Sum_float|kernel|30", "Memset (Device)|gpu_memset|20" }
                                << qint64(80) << qint64(30) << qint64(20);
}

void tst_OperatorAggregator::splitThreeWays()
{
    QFETCH(QStringList, kernels);
    Builder s;
    const uint32_t stream = s.thread(0, "python", 7, "stream 7");
    TimeNs at = 0;
    for (const QString& k : kernels) {
        const QStringList f = k.split('|');
        const TimeNs dur = f[2].toLongLong();
        s.X(stream, f[0].toUtf8().constData(), f[1].toUtf8().constData(), at, dur);
        at += dur + 10;
    }
    const auto store = StoreFinalizer::finalize(s.b);
    const OperatorCatalog cat(*store);
    const OperatorTable t
        = OperatorAggregator::aggregate(*store, cat, OperatorLevel::Op, OperatorAggregator::wholeTrace());
    QFETCH(qint64, execution);
    QFETCH(qint64, communication);
    QFETCH(qint64, transfer);
    QCOMPARE(t.executionNs, TimeNs(execution));
    QCOMPARE(t.communicationNs, TimeNs(communication));
    QCOMPARE(t.transferNs, TimeNs(transfer));
    QCOMPARE(t.busyNs, TimeNs(execution + transfer));
    TimeNs rowsCommunication = 0;
    for (const OperatorRow& r : t.rows)
        rowsCommunication += r.communicationNs;
    QCOMPARE(rowsCommunication, t.communicationNs);
}

void tst_OperatorAggregator::defaultScope()
{
    QCOMPARE(OperatorAggregator::defaultScope(m_hand.catalog), OperatorScope::Device);
    const OperatorTable t = OperatorAggregator::aggregate(
        *m_hand.store, m_hand.catalog, OperatorLevel::Op, OperatorAggregator::wholeTrace());
    QCOMPARE(t.scope, OperatorScope::Device);
    Builder s;
    const uint32_t main = s.thread(7, "python3 train.py", 7, "MainThread");
    s.X(main, "aten::mm", 0, 10);
    const auto store = StoreFinalizer::finalize(s.b);
    const OperatorCatalog cat(*store);
    QCOMPARE(OperatorAggregator::defaultScope(cat), OperatorScope::All);
    QCOMPARE(rowsText(OperatorAggregator::aggregate(*store, cat, OperatorLevel::Op, OperatorAggregator::wholeTrace())),
        QString("aten::mm 1 10 10 10 10 10 100.00 0"));
}

// A slice that partially overlaps its sibling goes to an overflow lane of the same engine.
void tst_OperatorAggregator::overflowLane()
{
    Builder s;
    const uint32_t nec = s.thread(1, "NPU 0", 1, "Neural Engine Clusters");
    s.X(nec, "0_a_1", 0, 100);
    s.X(nec, "0_a_2", 50, 100);
    const auto store = StoreFinalizer::finalize(s.b);
    const OperatorCatalog cat(*store);
    const OperatorTable t = OperatorAggregator::aggregate(
        *store, cat, OperatorLevel::Layer, OperatorAggregator::wholeTrace(), OperatorScope::Device);
    QCOMPARE(rowsText(t), QString("a 2 200 200 100 100 100 100.00 0"));
    QCOMPARE(t.rows[0].engines, std::vector<std::string> { "Neural Engine Clusters" });
}

// A store big enough for the parallel path (several chunks per level, nesting, windows).
void tst_OperatorAggregator::parallelMatchesSerial()
{
    Builder s;
    std::mt19937 rng(7);
    const char* ops[] = { "0_fused(a+b)_1", "0_layer1.0.conv1_2", "aten::mm", "dma(x)", "LowLevelPad(1)", "fusion.3" };
    std::vector<uint32_t> threads;
    threads.reserve(4);
    for (int d = 0; d < 3; ++d)
        threads.push_back(s.thread(1, "NPU 0", d + 1, d == 2 ? "Task DMA" : "Neural Engine"));
    threads.push_back(s.thread(2, "python3", 1, "MainThread"));
    const ArgSetId a1 = s.args({ { "opcode", "conv2d" }, { "bytes", 10 }, { "flops", 7 }, { "hfu", 12.5 } });
    const ArgSetId a2 = s.args({ { "layer", "layer2.1" }, { "hlo_name", "dot.4" } });
    for (uint32_t t : threads) {
        TimeNs ts = 0;
        for (int i = 0; i < 120000; ++i) {
            const TimeNs dur = 10 + TimeNs(rng() % 5000);
            s.X(t, ops[rng() % 6], ts, dur, rng() % 2 ? a1 : a2);
            if (i % 3 == 0) // a child, and sometimes a grandchild
                s.X(t, ops[rng() % 6], ts + 1, dur / 2, a2);
            if (i % 9 == 0)
                s.X(t, ops[rng() % 6], ts + 2, dur / 4);
            ts += dur + TimeNs(rng() % 50);
        }
    }
    const auto store = StoreFinalizer::finalize(s.b);
    const OperatorCatalog cat(*store);
    const TimeRange ext = store->extent();
    for (int l = 0; l < kOperatorLevelCount; ++l) {
        for (TimeRange w : { OperatorAggregator::wholeTrace(),
                 TimeRange { ext.start + ext.duration() / 3, ext.start + ext.duration() / 2 } }) {
            const OperatorTable serial
                = OperatorAggregator::aggregate(*store, cat, OperatorLevel(l), w, OperatorScope::All, nullptr, 1);
            const OperatorTable parallel
                = OperatorAggregator::aggregate(*store, cat, OperatorLevel(l), w, OperatorScope::All, nullptr, 4);
            QCOMPARE(rowsText(parallel), rowsText(serial));
            QVERIFY(!serial.rows.empty());
            for (size_t i = 0; i < serial.rows.size(); ++i) {
                QCOMPARE(parallel.rows[i].bytes, serial.rows[i].bytes);
                QCOMPARE(parallel.rows[i].flops, serial.rows[i].flops);
                QCOMPARE(parallel.rows[i].hfu, serial.rows[i].hfu);
                QCOMPARE(parallel.rows[i].engines, serial.rows[i].engines);
            }
        }
    }
}

// Rows beyond 4096 values take the radix-select path: compare with a full sort.
void tst_OperatorAggregator::largeMedians_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("spread"); // durations in [1, spread]
    QTest::newRow("odd, wide") << 10001 << 1000000000;
    QTest::newRow("even, wide") << 20000 << 1000000000;
    QTest::newRow("even, narrow (one value per bucket)") << 8192 << 3000;
    QTest::newRow("even, many ties") << 9000 << 3;
    QTest::newRow("skewed") << 7000 << -1;
}

void tst_OperatorAggregator::largeMedians()
{
    QFETCH(int, n);
    QFETCH(int, spread);
    Builder s;
    const uint32_t t = s.thread(1, "NPU 0", 1, "Neural Engine");
    std::mt19937_64 rng { uint64_t(n) };
    std::vector<TimeNs> durs;
    TimeNs ts = 0;
    for (int i = 0; i < n; ++i) {
        // skewed: almost all tiny, a few huge, so the middle bucket holds nearly everything
        const TimeNs d = spread > 0 ? 1 + TimeNs(rng() % uint64_t(spread))
                                    : (i % 1000 ? 1 + TimeNs(rng() % 100) : TimeNs(1) << 40);
        durs.push_back(d);
        s.X(t, "x", ts, d);
        ts += d;
    }
    const auto store = StoreFinalizer::finalize(s.b);
    const OperatorCatalog cat(*store);
    const OperatorTable table = OperatorAggregator::aggregate(
        *store, cat, OperatorLevel::Name, OperatorAggregator::wholeTrace(), OperatorScope::All);
    std::sort(durs.begin(), durs.end());
    const double expected
        = n % 2 ? double(durs[size_t(n / 2)]) : (double(durs[size_t(n / 2 - 1)]) + double(durs[size_t(n / 2)])) / 2;
    QCOMPARE(table.rows.size(), size_t(1));
    QCOMPARE(table.rows[0].medianNs, expected);
    QCOMPARE(table.rows[0].minNs, durs.front());
    QCOMPARE(table.rows[0].maxNs, durs.back());
}

void tst_OperatorAggregator::cancelled()
{
    std::atomic<bool> cancel { true };
    const OperatorTable t = OperatorAggregator::aggregate(*m_hand.store, m_hand.catalog, OperatorLevel::Op,
        OperatorAggregator::wholeTrace(), OperatorScope::All, &cancel);
    QVERIFY(t.rows.empty());
}

QTEST_GUILESS_MAIN(tst_OperatorAggregator)
#include "tst_operatoraggregator.moc"
