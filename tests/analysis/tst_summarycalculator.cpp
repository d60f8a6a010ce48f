// SummaryCalculator: the rows the summary docks and `strata-cli summary` show.
#include <support/analysistestutil.h>

#include <analysis/summary/summarycalculator.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

#include <cmath>
#include <memory>
#include <random>

using namespace strata::store;
using namespace strata::analysis;
using analysistest::near;
using analysistest::Script;

namespace {
using Store = std::shared_ptr<const EventStore>;

const TrackSummaryRow* rowNamed(const TraceSummary& s, const std::string& name)
{
    for (const TrackSummaryRow& r : s.tracks)
        if (r.name == name)
            return &r;
    return nullptr;
}

double orMinusOne(const std::optional<double>& v)
{
    return v ? *v : -1.0;
}

// A DMA queue, a compute engine and a host thread; the trace spans [0, 400].
const char* const kEngines = "T 5 Task_DMA; X 5 dma 0 100 bytes=1000; X 5 dma 200 100 bytes=3000;"
                             "T 1 Neural_Engine; X 1 k 0 100 flops=1000 mfu=50.0; X 1 k 100 300 flops=3000 mfu=10.0;"
                             "T 2 host; X 2 save 0 50 bytes=10; X 2 inner 10 10";
} // namespace

class tst_SummaryCalculator : public QObject {
    Q_OBJECT

private slots:
    void rows_data();
    void rows();
    void engineClassification();
    void idsAsWritten();
    void asyncLanes();
    void overflowFoldedIntoThread();
    void counters_data();
    void counters();
    void emptyWindow();
    void factsAndDiagnostics();
    void additiveOverAdjacentWindows();
    void deviceBusyIsUnion();
};

void tst_SummaryCalculator::rows_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<QString>("track");
    QTest::addColumn<qint64>("events");
    QTest::addColumn<qint64>("busy");
    QTest::addColumn<double>("utilization");
    QTest::addColumn<double>("avg");
    QTest::addColumn<double>("bytes"); // -1: absent
    QTest::addColumn<double>("bandwidth"); // bytes per second, -1: absent
    QTest::addColumn<double>("flops");
    QTest::addColumn<double>("mfu");

    // clang-format off
    QTest::newRow("dma, whole trace")    << 0LL << 400LL << "Task DMA" << 2LL << 200LL << 0.5 << 100.0 << 4000.0 << 2e10 << -1.0 << -1.0;
    QTest::newRow("engine, whole trace") << 0LL << 400LL << "Neural Engine" << 2LL << 400LL << 1.0 << 200.0 << -1.0 << -1.0 << 4000.0 << 20.0;
    QTest::newRow("host, whole trace")   << 0LL << 400LL << "host" << 2LL << 50LL << 0.125 << 30.0 << 10.0 << -1.0 << -1.0 << -1.0;
    // [50, 250]: half of each DMA, so the bandwidth stays the slices' own rate.
    QTest::newRow("dma, cut")            << 50LL << 250LL << "Task DMA" << 2LL << 100LL << 0.5 << 100.0 << 2000.0 << 2e10 << -1.0 << -1.0;
    QTest::newRow("engine, cut")         << 50LL << 250LL << "Neural Engine" << 2LL << 200LL << 1.0 << 200.0 << -1.0 << -1.0 << 2000.0 << 20.0;
    QTest::newRow("host, none inside")   << 50LL << 250LL << "host" << 0LL << 0LL << 0.0 << 0.0 << 0.0 << -1.0 << -1.0 << -1.0;
    QTest::newRow("dma, idle window")    << 150LL << 180LL << "Task DMA" << 0LL << 0LL << 0.0 << 0.0 << 0.0 << -1.0 << -1.0 << -1.0;
    QTest::newRow("dma, one slice")      << 210LL << 260LL << "Task DMA" << 1LL << 50LL << 1.0 << 100.0 << 1500.0 << 3e10 << -1.0 << -1.0;
    // clang-format on
}

void tst_SummaryCalculator::rows()
{
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(QString, track);
    QFETCH(qint64, events);
    QFETCH(qint64, busy);
    QFETCH(double, utilization);
    QFETCH(double, avg);
    QFETCH(double, bytes);
    QFETCH(double, bandwidth);
    QFETCH(double, flops);
    QFETCH(double, mfu);
    Script sc;
    const Store s = sc.run(kEngines);
    const SummaryIndex index(*s);
    const TraceSummary sum = SummaryCalculator::compute(*s, index, TimeRange { start, end });
    QCOMPARE(sum.tracks.size(), size_t(3));
    const TrackSummaryRow* r = rowNamed(sum, track.toStdString());
    QVERIFY(r);
    QCOMPARE(qint64(r->events), events);
    QCOMPARE(qint64(r->busyNs), busy);
    QCOMPARE(r->utilization, utilization);
    QCOMPARE(r->avgDurNs, avg);
    QCOMPARE(orMinusOne(r->bytes), bytes);
    QVERIFY2(near(orMinusOne(r->bandwidthBytesPerS), bandwidth),
        qPrintable(QString::number(orMinusOne(r->bandwidthBytesPerS))));
    QCOMPARE(orMinusOne(r->flops), flops);
    QCOMPARE(orMinusOne(r->mfu), mfu);
    QVERIFY(!r->hfu);
    // The single-row entry point gives the same numbers.
    const TrackSummaryRow one = SummaryCalculator::trackRow(*s, index, r->track, TimeRange { start, end });
    QCOMPARE(one.busyNs, r->busyNs);
    QCOMPARE(one.events, r->events);
    QCOMPARE(orMinusOne(one.bytes), orMinusOne(r->bytes));
}

void tst_SummaryCalculator::engineClassification()
{
    Script sc;
    const Store s = sc.run(kEngines);
    const TraceSummary sum = SummaryCalculator::compute(*s, SummaryIndex(*s), s->extent());
    // The script's threads are host threads (no device category): the name decides the role.
    QCOMPARE(rowNamed(sum, "Task DMA")->engine, WorkKind::Memory);
    QCOMPARE(rowNamed(sum, "Neural Engine")->engine, WorkKind::Host);
    QCOMPARE(QString(engineKindName(rowNamed(sum, "Neural Engine")->engine)), QString("compute"));
    QCOMPARE(QString(engineKindName(rowNamed(sum, "host")->engine)), QString("compute"));
    // The summaries' words for engine roles: memory engines keep the name "transfer".
    QCOMPARE(QString(engineKindName(WorkKind::Memory)), QString("transfer"));
    QCOMPARE(QString(engineKindName(WorkKind::Communication)), QString("communication"));
    for (WorkKind k : { WorkKind::Compute, WorkKind::Sync, WorkKind::Host })
        QCOMPARE(QString(engineKindName(k)), QString("compute"));
    QVERIFY(movesData(WorkKind::Memory) && movesData(WorkKind::Communication) && !movesData(WorkKind::Compute));
}

void tst_SummaryCalculator::idsAsWritten()
{
    StoreBuilder b;
    const ProcessId p = b.process(IdValue::string(b.intern("host-a")));
    b.setProcessName(p, b.intern("trainer"));
    const uint32_t th = b.thread(p, IdValue::string(b.intern("stream 7")));
    const ProcessId q = b.process(IdValue::number(42));
    const uint32_t th2 = b.thread(q, IdValue::number(-3));
    const TypeId t = b.type(b.intern("op"), b.intern("cat"));
    b.completeSlice(th, 0, 10, t, {});
    b.completeSlice(th2, 0, 10, t, {});
    const Store s = StoreFinalizer::finalize(b);
    const TraceSummary sum = SummaryCalculator::compute(*s, SummaryIndex(*s), s->extent());
    QCOMPARE(sum.tracks.size(), size_t(2));
    const TrackSummaryRow* named = rowNamed(sum, "stream 7");
    QVERIFY(named);
    QVERIFY(named->pid.isString && named->tid.isString && named->hasTid);
    QCOMPARE(s->str(named->pid.str), std::string_view("host-a"));
    QCOMPARE(s->str(named->tid.str), std::string_view("stream 7"));
    QCOMPARE(named->processLabel, std::string("trainer"));
    const TrackSummaryRow* numbered = rowNamed(sum, "Thread -3");
    QVERIFY(numbered);
    QVERIFY(!numbered->pid.isString);
    QCOMPARE(numbered->pid.num, int64_t(42));
    QCOMPARE(numbered->tid.num, int64_t(-3));
    QCOMPARE(numbered->processLabel, std::string("Process 42"));
}

void tst_SummaryCalculator::asyncLanes()
{
    // Two overlapping ids of one name: two lanes, each its own row and union.
    Script sc;
    const Store s = sc.run("b 1 req 0; e 1 req 50; b 2 req 10; e 2 req 30; X 1 a 0 60");
    const TraceSummary sum = SummaryCalculator::compute(*s, SummaryIndex(*s), s->extent());
    std::vector<const TrackSummaryRow*> lanes;
    for (const TrackSummaryRow& r : sum.tracks)
        if (r.kind == TrackKind::Async)
            lanes.push_back(&r);
    QCOMPARE(lanes.size(), size_t(2));
    QCOMPARE(lanes[0]->lane, uint16_t(0));
    QCOMPARE(lanes[1]->lane, uint16_t(1));
    QVERIFY(!lanes[0]->hasTid);
    QCOMPARE(lanes[0]->busyNs, TimeNs(50));
    QCOMPARE(lanes[1]->busyNs, TimeNs(20));
    QCOMPARE(lanes[0]->events, uint64_t(1));
}

void tst_SummaryCalculator::overflowFoldedIntoThread()
{
    Script sc;
    const Store s = sc.run("T 1 Task_DMA; X 1 a 0 10 bytes=100; X 1 b 5 10 bytes=300");
    QCOMPARE(s->diagnostics().get("overlapping_slice_moved_to_overflow"), uint64_t(1));
    const TraceSummary sum = SummaryCalculator::compute(*s, SummaryIndex(*s), s->extent());
    QCOMPARE(sum.tracks.size(), size_t(1)); // no row for the lane
    const TrackSummaryRow& r = sum.tracks[0];
    QCOMPARE(r.overflowLanes, 1u);
    QCOMPARE(r.events, uint64_t(2));
    QCOMPARE(r.busyNs, TimeNs(15));
    QCOMPARE(r.utilization, 1.0);
    QCOMPARE(*r.bytes, 400.0);
    QVERIFY(near(*r.bandwidthBytesPerS, 400.0 / 15e-9));
}

void tst_SummaryCalculator::counters_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<qint64>("samples");
    QTest::addColumn<double>("min"); // -1: absent
    QTest::addColumn<double>("mean");
    QTest::addColumn<double>("max");
    // util: 0 on [0,10), 100 on [10,20), 50 on [20, trace end 40]
    QTest::newRow("whole") << 0LL << 40LL << 3LL << 0.0 << 50.0 << 100.0;
    QTest::newRow("busy step") << 12LL << 18LL << 1LL << 100.0 << 100.0 << 100.0;
    QTest::newRow("two steps") << 5LL << 15LL << 2LL << 0.0 << 50.0 << 100.0;
    QTest::newRow("empty") << 15LL << 15LL << 0LL << -1.0 << -1.0 << -1.0;
}

void tst_SummaryCalculator::counters()
{
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(qint64, samples);
    QFETCH(double, min);
    QFETCH(double, mean);
    QFETCH(double, max);
    Script sc;
    const Store s = sc.run("X 1 a 0 40; C util 0 0; C util 10 100; C util 20 50");
    const TraceSummary sum = SummaryCalculator::compute(*s, SummaryIndex(*s), TimeRange { start, end });
    QCOMPARE(sum.counters.size(), size_t(1));
    const CounterSummaryRow& c = sum.counters[0];
    QCOMPARE(c.name, std::string("util"));
    QCOMPARE(c.processLabel, std::string("Process 1"));
    QCOMPARE(qint64(c.samples), samples);
    QCOMPARE(orMinusOne(c.min), min);
    QCOMPARE(orMinusOne(c.mean), mean);
    QCOMPARE(orMinusOne(c.max), max);
}

void tst_SummaryCalculator::emptyWindow()
{
    Script sc;
    const Store s = sc.run(QString(kEngines) + "; C util 0 5");
    const TraceSummary sum = SummaryCalculator::compute(*s, SummaryIndex(*s), TimeRange { 100, 100 });
    QCOMPARE(sum.tracks.size(), size_t(3));
    for (const TrackSummaryRow& r : sum.tracks) {
        QCOMPARE(r.events, uint64_t(0));
        QCOMPARE(r.busyNs, TimeNs(0));
        QCOMPARE(r.utilization, 0.0);
        QVERIFY(!r.bandwidthBytesPerS && !r.mfu);
    }
    QCOMPARE(sum.counters[0].samples, uint64_t(0));
    QVERIFY(!sum.counters[0].mean);
}

void tst_SummaryCalculator::factsAndDiagnostics()
{
    Script sc;
    sc.b.diagnostics().report("unknown_phase", "unknown phase \"Q\" at byte 17");
    const Store s = sc.run(QString(kEngines) + "; X 2 over 40 20; C util 0 5; C util 10 6");
    const TraceSummary sum = SummaryCalculator::compute(*s, SummaryIndex(*s), TimeRange { 0, 200 });
    QCOMPARE(sum.window.start, TimeNs(0));
    QCOMPARE(sum.window.end, TimeNs(200));
    QCOMPARE(sum.trace.extent.end, TimeNs(400));
    QCOMPARE(sum.trace.slices, uint64_t(7));
    QCOMPARE(sum.trace.counterSamples, uint64_t(2));
    QCOMPARE(sum.trace.events(), uint64_t(9));
    QCOMPARE(sum.trace.processes, uint64_t(1));
    QCOMPARE(sum.trace.tracks, uint64_t(s->trackCount()));
    QCOMPARE(sum.diagnostics.at("overlapping_slice_moved_to_overflow"), uint64_t(1));
    QCOMPARE(sum.diagnostics.at("unknown_phase"), uint64_t(1));
    QCOMPARE(sum.diagnosticMessages.size(), size_t(1));
}

void tst_SummaryCalculator::additiveOverAdjacentWindows()
{
    // Busy time and pro-rata bytes add up over a window split anywhere; utilisation never
    // exceeds 1, even with overflow lanes.
    std::mt19937_64 rng(2024);
    StoreBuilder b;
    const ProcessId p = b.process(IdValue::number(1));
    const uint32_t dma = b.thread(p, IdValue::number(1));
    b.setThreadName(dma, b.intern("Neural DMA"));
    const TypeId t = b.type(b.intern("copy"), b.intern("cat"));
    const StringId bytesKey = b.intern("bytes");
    TimeNs ts = 0;
    for (int i = 0; i < 5000; ++i) {
        ts += TimeNs(rng() % 50);
        const TimeNs dur = TimeNs(rng() % 200);
        const Arg a = Arg::makeInt(bytesKey, int64_t(rng() % 100000));
        b.completeSlice(dma, ts, dur, t, b.argSet(&a, 1));
        if (rng() % 10 == 0)
            b.completeSlice(dma, ts + dur / 2, dur, t, b.argSet(&a, 1)); // often a partial overlap
        ts += dur;
    }
    const Store s = StoreFinalizer::finalize(b);
    const SummaryIndex index(*s);
    const TimeRange ext = s->extent();
    for (int i = 0; i < 200; ++i) {
        TimeNs a = ext.start + TimeNs(rng() % uint64_t(ext.duration())),
               c = ext.start + TimeNs(rng() % uint64_t(ext.duration()));
        if (a > c)
            std::swap(a, c);
        const TimeNs m = a + (c > a ? TimeNs(rng() % uint64_t(c - a)) : 0);
        const TrackSummaryRow whole = SummaryCalculator::compute(*s, index, { a, c }).tracks.at(0);
        const TrackSummaryRow left = SummaryCalculator::compute(*s, index, { a, m }).tracks.at(0);
        const TrackSummaryRow right = SummaryCalculator::compute(*s, index, { m, c }).tracks.at(0);
        QCOMPARE(left.busyNs + right.busyNs, whole.busyNs);
        QVERIFY(near(*left.bytes + *right.bytes, *whole.bytes));
        QVERIFY(whole.utilization <= 1.0);
        QVERIFY(whole.events <= left.events + right.events);
    }
    QVERIFY(SummaryCalculator::compute(*s, index, ext).tracks.at(0).overflowLanes > 0);
}

// With the breakdown index the device scope's busy time is the union of each device's
// engines, not their sum: two streams of device 0 overlapping by 50 ns, one stream of device 1.
void tst_SummaryCalculator::deviceBusyIsUnion()
{
    StoreBuilder b;
    const ProcessId gpu0 = b.process(IdValue::number(0)), gpu1 = b.process(IdValue::number(1));
    const uint32_t s7 = b.thread(gpu0, IdValue::number(7)), s8 = b.thread(gpu0, IdValue::number(8));
    const uint32_t other = b.thread(gpu1, IdValue::number(7));
    const TypeId kernel = b.type(b.intern("gemm"), b.intern("kernel"));
    b.completeSlice(s7, 0, 100, kernel, {});
    b.completeSlice(s8, 50, 100, kernel, {});
    b.completeSlice(other, 0, 40, kernel, {});
    b.completeSlice(other, 360, 40, kernel, {});
    const Store s = StoreFinalizer::finalize(b);
    const SummaryIndex index(*s);
    const BreakdownIndex breakdown(*s);
    const TraceSummary sum = SummaryCalculator::compute(*s, index, { 0, 400 }, &breakdown);
    QCOMPARE(sum.device.tracks, 3u);
    QCOMPARE(sum.device.devices.size(), size_t(2));
    QCOMPARE(sum.device.devices[0].engines, 2u);
    QCOMPARE(sum.device.devices[0].busyNs, TimeNs(150)); // the streams' sum would be 200
    QVERIFY(near(sum.device.devices[0].utilization, 150.0 / 400.0));
    QCOMPARE(sum.device.devices[1].busyNs, TimeNs(80));
    QCOMPARE(sum.device.busyNs, TimeNs(230));
    QVERIFY(near(sum.device.utilization, (150.0 / 400.0 + 80.0 / 400.0) / 2));
    // A window: [100, 380) holds 50 of device 0 and 20 of device 1.
    const TraceSummary part = SummaryCalculator::compute(*s, index, { 100, 380 }, &breakdown);
    QCOMPARE(part.device.devices[0].busyNs, TimeNs(50));
    QCOMPARE(part.device.devices[1].busyNs, TimeNs(20));
    // Without the index the scope sums the tracks, as before.
    QCOMPARE(SummaryCalculator::compute(*s, index, { 0, 400 }).device.busyNs, TimeNs(280));
    QVERIFY(SummaryCalculator::compute(*s, index, { 0, 400 }).device.devices.empty());
}

QTEST_APPLESS_MAIN(tst_SummaryCalculator)
#include "tst_summarycalculator.moc"
