// BreakdownIndex on hand-built stores: the Kineto-like profile below worked out by hand
// (whole trace, a window, the rank, a device, an engine and an arbitrary set of streams, idle
// causes with each kind of gap through the kernel launches, and within each engine's span),
// the bar's segments and their stretches longest first, the kind of work per format
// (Kineto, MTIA, Neuron, Sophgo, RBLN), and a profile without device work.
#include <support/breakdownstore.h>
#include <support/storetestutil.h>

#include <analysis/breakdown/breakdownindex.h>
#include <analysis/operators/launchindex.h>
#include <store/storefinalizer.h>

#include <QtTest>

using namespace strata;
using namespace strata::store;
using analysis::BreakdownIndex;
using analysis::BreakdownTimes;
using analysis::LaunchIndex;
using storetest::Builder;

namespace {

QString text(const BreakdownTimes& t)
{
    return QString("span %1 idle %2 compute %3 noncompute %4 comm %5 memory %6 other %7 overlap %8 exposed %9 | "
                   "host %10 kernel %11 idleother %12")
        .arg(t.spanNs)
        .arg(t.idleNs)
        .arg(t.computeNs)
        .arg(t.nonComputeNs)
        .arg(t.communicationNs)
        .arg(t.memoryNs)
        .arg(t.otherNs)
        .arg(t.commOverlapNs)
        .arg(t.commExposedNs)
        .arg(t.idleCauses.hostWaitNs)
        .arg(t.idleCauses.kernelWaitNs)
        .arg(t.idleCauses.otherNs);
}

TrackId track(const EventStore& s, const QString& d)
{
    return storetest::findTrack(s, d);
}

} // namespace

class tst_BreakdownIndex : public QObject {
    Q_OBJECT

private slots:
    void kineto_data();
    void kineto();
    void engines();
    void segments_data();
    void segments();
    void causesWithinEngineSpan_data();
    void causesWithinEngineSpan();
    void memoryAndOtherSegments();
    void kindPerFormat_data();
    void kindPerFormat();
    void noDeviceWork();
};

void tst_BreakdownIndex::kineto_data()
{
    QTest::addColumn<QString>("scope"); // "rank", "device N", "engine DESCRIBE", "tracks A,B"
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<qint64>("threshold");
    QTest::addColumn<QString>("expected");
    const qint64 all0 = -1000, all1 = 10000;
    QTest::newRow("device 0") << "device 0" << all0 << all1 << qint64(30)
                              << "span 310 idle 80 compute 155 noncompute 75 comm 100 memory 20 other 0 overlap 45 "
                                 "exposed 55 | host 30 kernel 5 idleother 230";
    QTest::newRow("rank") << "rank" << all0 << all1 << qint64(30)
                          << "span 410 idle 160 compute 175 noncompute 75 comm 100 memory 20 other 0 overlap 45 "
                             "exposed 55 | host 30 kernel 5 idleother 230";
    QTest::newRow("device 0, a window") << "device 0" << qint64(45) << qint64(115) << qint64(30)
                                        << "span 70 idle 0 compute 35 noncompute 35 comm 70 memory 0 other 0 overlap "
                                           "35 exposed 35 | host 30 kernel 5 idleother 0";
    QTest::newRow("device 0, threshold 3") << "device 0" << all0 << all1 << qint64(3)
                                           << "span 310 idle 80 compute 155 noncompute 75 comm 100 memory 20 other 0 "
                                              "overlap 45 exposed 55 | host 30 kernel 0 idleother 235";
    QTest::newRow("engine stream 7") << "engine thread 0/7" << all0 << all1 << qint64(30)
                                     << "span 240 idle 85 compute 155 noncompute 0 comm 0 memory 0 other 0 overlap 0 "
                                        "exposed 0 | host 30 kernel 5 idleother 50";
    QTest::newRow("two streams of device 0") << "tracks thread 0/7,thread 0/40" << all0 << all1 << qint64(30)
                                             << "span 310 idle 100 compute 155 noncompute 55 comm 100 memory 0 other "
                                                "0 overlap 45 exposed 55 | host 30 kernel 5 idleother 230";
    QTest::newRow("window with no work") << "rank" << qint64(330) << qint64(390) << qint64(30)
                                         << "span 0 idle 0 compute 0 noncompute 0 comm 0 memory 0 other 0 overlap 0 "
                                            "exposed 0 | host 0 kernel 0 idleother 0";
}

void tst_BreakdownIndex::kineto()
{
    QFETCH(QString, scope);
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(qint64, threshold);
    QFETCH(QString, expected);
    const auto s = breakdowntest::kinetoStore();
    const LaunchIndex launches(*s);
    const BreakdownIndex index(*s, &launches);
    QVERIFY(index.hasDeviceWork());
    const TimeRange w { start, end };
    BreakdownTimes t;
    if (scope == "rank") {
        t = index.rank(w, threshold);
    } else if (scope.startsWith("device ")) {
        t = index.device(scope.mid(7).toUInt(), w, threshold);
    } else if (scope.startsWith("engine ")) {
        const int e = index.engineOf(track(*s, scope.mid(7)));
        QVERIFY(e >= 0);
        t = index.engine(uint32_t(e), w, threshold);
    } else {
        std::vector<TrackId> tracks;
        for (const QString& d : scope.mid(7).split(','))
            tracks.push_back(track(*s, d));
        tracks.push_back(track(*s, "thread 100/100")); // a host track: ignored
        t = index.tracks(tracks, w, threshold);
    }
    QCOMPARE(text(t), expected);
    // A whole device or the rank asked as a set of tracks is the same answer.
    if (scope == "device 0") {
        std::vector<TrackId> tracks;
        for (uint32_t e : index.devices()[0].engines)
            tracks.push_back(index.engines()[e].track);
        QCOMPARE(text(index.tracks(tracks, w, threshold)), expected);
    }
}

void tst_BreakdownIndex::engines()
{
    const auto s = breakdowntest::kinetoStore();
    const BreakdownIndex index(*s);
    QCOMPARE(index.devices().size(), size_t(2));
    QCOMPARE(index.engines().size(), size_t(4));
    QCOMPARE(index.devices()[0].engines.size(), size_t(3));
    QCOMPARE(index.engineOf(track(*s, "thread 100/100")), -1);
    const auto kindOf = [&](const char* d) { return index.engines()[size_t(index.engineOf(track(*s, d)))].kind; };
    QCOMPARE(kindOf("thread 0/7"), WorkKind::Compute);
    QCOMPARE(kindOf("thread 0/40"), WorkKind::Communication);
    QCOMPARE(kindOf("thread 0/8"), WorkKind::Memory);
    // Without the launches no gap is host wait.
    QCOMPARE(index.device(0, { -1000, 10000 }).idleCauses.hostWaitNs, TimeNs(0));
}

// The stretches of each segment of the hand-worked store's device 0 (and of stream 40, an
// engine), longest first; ties keep time order. Their lengths add up to the segment's time.
void tst_BreakdownIndex::segments_data()
{
    QTest::addColumn<QString>("scope"); // "device 0" or "engine DESCRIBE"
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<int>("segment");
    QTest::addColumn<QString>("expected");
    using S = analysis::BreakdownSegment;
    const qint64 all0 = -1000, all1 = 10000;
    auto row = [](const char* tag, const char* scope, qint64 a, qint64 b, S seg, const char* expected) {
        QTest::newRow(tag) << scope << a << b << int(seg) << expected;
    };
    row("compute alone", "device 0", all0, all1, S::Compute, "200-250 10-40 120-150");
    row("overlapped", "device 0", all0, all1, S::CommOverlapped, "55-80 40-50 110-120");
    row("exposed", "device 0", all0, all1, S::CommExposed, "80-110 300-320 50-55");
    row("memory", "device 0", all0, all1, S::Memory, "260-280");
    row("other: none", "device 0", all0, all1, S::Other, "");
    row("idle", "device 0", all0, all1, S::Idle, "150-200 280-300 250-260");
    row("window: compute alone", "device 0", 45, 115, S::Compute, "");
    row("window: overlapped, clipped", "device 0", 45, 115, S::CommOverlapped, "55-80 45-50 110-115");
    row("window: exposed", "device 0", 45, 115, S::CommExposed, "80-110 50-55");
    row("window: no idle inside", "device 0", 45, 115, S::Idle, "");
    row("engine: exposed", "engine thread 0/40", all0, all1, S::CommExposed, "40-120 300-320");
    row("engine: idle", "engine thread 0/40", all0, all1, S::Idle, "120-300");
    row("engine: no overlap on one stream", "engine thread 0/40", all0, all1, S::CommOverlapped, "");
}

void tst_BreakdownIndex::segments()
{
    QFETCH(QString, scope);
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(int, segment);
    QFETCH(QString, expected);
    const auto s = breakdowntest::kinetoStore();
    const BreakdownIndex index(*s);
    const TimeRange w { start, end };
    const analysis::WorkIntervals* work = &index.devices()[0].work;
    BreakdownTimes t = index.device(0, w);
    if (scope.startsWith("engine ")) {
        const int e = index.engineOf(track(*s, scope.mid(7)));
        QVERIFY(e >= 0);
        work = &index.engines()[size_t(e)].work;
        t = index.engine(uint32_t(e), w);
    }
    const auto seg = analysis::BreakdownSegment(segment);
    const auto stretches = work->segmentIntervals(seg, w);
    QStringList got;
    TimeNs total = 0;
    for (const auto& i : stretches) {
        got << QString("%1-%2").arg(i.start).arg(i.end);
        total += i.end - i.start;
    }
    QCOMPARE(got.join(' '), expected);
    QCOMPARE(total, t.segmentNs(seg));
    // The six segments cut the span.
    TimeNs sum = 0;
    for (int k = 0; k < analysis::kBreakdownSegments; ++k)
        sum += t.segmentNs(analysis::BreakdownSegment(k));
    QCOMPARE(sum, t.spanNs);
}

// An engine's idle causes add up to its idle in any window, also one that ends or starts in
// a gap (the part beyond its work is outside its span). Stream 7: [10,50) [55,80) [110,150)
// [200,250); gaps 50→55 kernel wait, 80→110 host wait, 150→200 other.
void tst_BreakdownIndex::causesWithinEngineSpan_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<QString>("expected"); // "idle host kernel other"
    QTest::newRow("whole") << qint64(-1000) << qint64(10000) << "85 30 5 50";
    QTest::newRow("ends inside the host-wait gap") << qint64(0) << qint64(100) << "5 0 5 0";
    QTest::newRow("starts inside the host-wait gap") << qint64(90) << qint64(220) << "50 0 0 50";
    QTest::newRow("inside a gap only") << qint64(160) << qint64(190) << "0 0 0 0";
    QTest::newRow("starts inside the kernel-wait gap") << qint64(52) << qint64(120) << "30 30 0 0";
}

void tst_BreakdownIndex::causesWithinEngineSpan()
{
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(QString, expected);
    const auto s = breakdowntest::kinetoStore();
    const LaunchIndex launches(*s);
    const BreakdownIndex index(*s, &launches);
    const int e = index.engineOf(track(*s, "thread 0/7"));
    QVERIFY(e >= 0);
    const BreakdownTimes t = index.engine(uint32_t(e), { start, end });
    const analysis::IdleCauses& c = t.idleCauses;
    QCOMPARE(QString("%1 %2 %3 %4").arg(t.idleNs).arg(c.hostWaitNs).arg(c.kernelWaitNs).arg(c.otherNs), expected);
    QCOMPARE(c.hostWaitNs + c.kernelWaitNs + c.otherNs, t.idleNs);
}

// Memory and other where they overlap compute and each other: the bar counts memory while
// no compute or communication runs, other while none of those three runs.
void tst_BreakdownIndex::memoryAndOtherSegments()
{
    Builder b;
    const uint32_t s7 = b.thread(0, "python", 7, "stream 7");
    const uint32_t s8 = b.thread(0, "python", 8, "stream 8");
    const uint32_t s9 = b.thread(0, "python", 9, "stream 9");
    b.X(s7, "gemm", "kernel", 0, 100); // compute [0,100)
    b.X(s8, "Memcpy HtoD (Pageable -> Device)", "gpu_memcpy", 50, 100); // memory [50,150)
    b.X(s9, "Stream Wait Event", "kernel", 120, 60); // other [120,180)
    const auto s = StoreFinalizer::finalize(b.b);
    const BreakdownIndex index(*s);
    const BreakdownTimes t = index.device(0, s->extent());
    QCOMPARE(t.spanNs, TimeNs(180));
    QCOMPARE(t.memoryNs, TimeNs(100));
    QCOMPARE(t.otherNs, TimeNs(60));
    QCOMPARE(t.memoryAloneNs, TimeNs(50)); // [100,150)
    QCOMPARE(t.otherAloneNs, TimeNs(30)); // [150,180)
    QCOMPARE(t.nonComputeNs, t.memoryAloneNs + t.otherAloneNs);
    const auto memory = index.devices()[0].work.segmentIntervals(analysis::BreakdownSegment::Memory, s->extent());
    QCOMPARE(memory.size(), size_t(1));
    QCOMPARE(memory[0].start, TimeNs(100));
    QCOMPARE(memory[0].end, TimeNs(150));
}

// One slice of 10 ns on one device track, as each format writes it: which part it counts in.
void tst_BreakdownIndex::kindPerFormat_data()
{
    QTest::addColumn<QString>("trackName");
    QTest::addColumn<bool>("declared"); // the importer declares the track a device engine
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("category");
    QTest::addColumn<QString>("part");
    auto row = [](const char* tag, const char* track, bool declared, const char* name, const char* cat,
                   const char* part) { QTest::newRow(tag) << track << declared << name << cat << part; };
    row("kineto kernel", "stream 7", false, "volta_sgemm_128x64_nn", "kernel", "compute");
    row("kineto copy kernel", "stream 7", false, "void at::native::copy_kernel(int)", "kernel", "compute");
    row("kineto nccl dev kernel", "stream 7", false, "ncclDevKernel_AllReduce_Sum_f32_RING_LL", "kernel",
        "communication");
    row("kineto memset", "stream 7", false, "Memset (Device)", "gpu_memset", "memory");
    row("mtia pe execution", "stream 1", false, "pe_exe", "mtia_ccp_events", "other");
    row("mtia dma", "stream 1", false, "dma_request", "mtia_ccp_events", "memory");
    row("neuron tensor engine", "qTensor", true, "MATMUL", "tensor", "compute");
    row("neuron collective row", "CC-core0", true, "send", "", "communication");
    row("neuron dma queue", "qSyncIO DMA", true, "DMA_STORE", "dma", "memory");
    row("neuron sync engine", "qSync", true, "SEM_WAIT", "sync", "other");
    row("sophgo tiu", "TIU", true, "CONV", "", "compute");
    row("sophgo gdma", "GDMA", true, "tensor load", "", "memory");
    row("sophgo cdma", "CDMA", true, "chip send", "", "communication");
    row("rbln neural engine", "Neural Engine Clusters 0", false, "0_fused(conv1+relu)_5", "Neural Engine Clusters",
        "compute");
    row("rbln task dma", "Task DMA", false, "0_load_5", "Task DMA", "memory");
    row("rbln device sync", "Device Sync", false, "sync_3", "Device Sync", "other");
}

void tst_BreakdownIndex::kindPerFormat()
{
    QFETCH(QString, trackName);
    QFETCH(bool, declared);
    QFETCH(QString, name);
    QFETCH(QString, category);
    QFETCH(QString, part);
    Builder b;
    const QByteArray t = trackName.toUtf8(), n = name.toUtf8(), c = category.toUtf8();
    const uint32_t thread = b.thread(1, "Device 0", 3, t.constData());
    if (declared)
        b.b.setThreadRole(thread, TrackRole::Device);
    b.X(thread, n.constData(), c.constData(), 100, 10);
    const auto s = StoreFinalizer::finalize(b.b);
    const BreakdownIndex index(*s);
    QVERIFY(index.hasDeviceWork());
    const BreakdownTimes times = index.rank(s->extent());
    const QMap<QString, TimeNs> parts { { "compute", times.computeNs }, { "communication", times.communicationNs },
        { "memory", times.memoryNs }, { "other", times.otherNs } };
    for (auto it = parts.begin(); it != parts.end(); ++it)
        QCOMPARE(it.value(), it.key() == part ? TimeNs(10) : TimeNs(0));
    QCOMPARE(times.spanNs, TimeNs(10));
    QCOMPARE(times.nonComputeNs, part == "compute" ? TimeNs(0) : TimeNs(10));
}

// A Chrome trace of host work only: no engines, every answer zero.
void tst_BreakdownIndex::noDeviceWork()
{
    Builder b;
    const uint32_t main = b.thread(1, "python", 1, "main");
    b.X(main, "aten::conv2d", "cpu_op", 0, 100);
    b.X(main, "train_step", "", 100, 100);
    const auto s = StoreFinalizer::finalize(b.b);
    const BreakdownIndex index(*s);
    QVERIFY(!index.hasDeviceWork());
    QVERIFY(index.engines().empty());
    QVERIFY(index.devices().empty());
    QCOMPARE(index.rank(s->extent()).spanNs, TimeNs(0));
    QCOMPARE(index.tracks({ TrackId(0), TrackId(1) }, s->extent()).spanNs, TimeNs(0));
}

QTEST_GUILESS_MAIN(tst_BreakdownIndex)
#include "tst_breakdownindex.moc"
