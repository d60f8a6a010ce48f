#include <support/storetestutil.h>

#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

#include <memory>

using namespace strata::store;
using namespace storetest;

// One store for every query (hand-made, rows in display order):
//   global instant "sync" @500
//   pid 1 "trainer"
//     tid 1 "main"  depth 0: A [0,100] (row 0, args k=1)  B [100,150] (1)  C [300,300] (2)
//                   depth 1: A1 [10,40] (3)  A2 [40,90] (4)  B1 [100,120] (5)
//                   depth 2: A1a [20,30] (6)
//     tid 2         instants i5 @5, i15a @15, i15b @15, i25 @25 (no slices)
//     tid 3         D [50,60] (7); D2 [55,70] partially overlaps → overflow lane (8)
//     process instant "pinst" @70; counter "mem": 0→1, 10→5, 20→3, 40→8
//   pid 2           tid 1: E [1000,2000] (9)
//   pid 3           async "req" [4000,4500] (10)
//   pid "gpu0"      tid "stream 7": F [3000,3100] (11)
//   pid "npu" "NeuronCore", no events
//   flows (v2): A1→D, A1→E, B1→E
class tst_EventStore : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void shape();
    void level_data();
    void level();
    void slicesInRange_data();
    void slicesInRange();
    void firstStart_data();
    void firstStart();
    void hitTest_data();
    void hitTest();
    void hitTestLevel_data();
    void hitTestLevel();
    void hierarchy_data(); // children(), ancestors(), sliceSelf()
    void hierarchy();
    void sliceTrack_data();
    void sliceTrack();
    void instantsInRange_data();
    void instantsInRange();
    void counterRange_data();
    void counterRange();
    void flows_data();
    void flows();
    void processLabel_data();
    void processLabel();
    void trackLabel_data();
    void trackLabel();
    void argsAndExtent();

private:
    TrackId track(const QString& description) const;
    TrackId main() const { return track("thread 1/1"); }

    std::shared_ptr<const EventStore> m_store;
};

void tst_EventStore::initTestCase()
{
    StoreBuilder b;
    auto ty = [&](const char* n) { return b.type(b.intern(n), b.intern("cat")); };
    const ProcessId p1 = b.process(IdValue::number(1));
    b.setProcessName(p1, b.intern("trainer"));
    const uint32_t t11 = b.thread(p1, IdValue::number(1)), t12 = b.thread(p1, IdValue::number(2)),
                   t13 = b.thread(p1, IdValue::number(3));
    b.setThreadName(t11, b.intern("main"));
    b.globalInstant(500, ty("sync"), {});
    const Arg k[] = { Arg::makeInt(b.intern("k"), 1) };
    // Arrival deliberately not in time order.
    b.completeSlice(t11, 300, 0, ty("C"), {});
    const SliceHandle a1 = b.completeSlice(t11, 10, 30, ty("A1"), {});
    b.completeSlice(t11, 20, 10, ty("A1a"), {});
    b.completeSlice(t11, 0, 100, ty("A"), b.argSet(k, 1));
    b.completeSlice(t11, 40, 50, ty("A2"), {});
    b.beginSlice(t11, 100, ty("B"), {});
    const SliceHandle b1 = b.completeSlice(t11, 100, 20, ty("B1"), {});
    b.endSlice(t11, 150, b.intern("B"), StringId(), nullptr, 0);
    b.threadInstant(t12, 25, ty("i25"), {});
    b.threadInstant(t12, 15, ty("i15a"), {});
    b.threadInstant(t12, 5, ty("i5"), {});
    b.threadInstant(t12, 15, ty("i15b"), {});
    const SliceHandle d = b.completeSlice(t13, 50, 10, ty("D"), {});
    b.completeSlice(t13, 55, 15, ty("D2"), {});
    b.processInstant(p1, 70, ty("pinst"), {});
    const StringId mem = b.intern("mem");
    b.counter(p1, mem, 40, 8);
    b.counter(p1, mem, 0, 1);
    b.counter(p1, mem, 20, 3);
    b.counter(p1, mem, 10, 5);
    const SliceHandle e
        = b.completeSlice(b.thread(b.process(IdValue::number(2)), IdValue::number(1)), 1000, 1000, ty("E"), {});
    const ProcessId p3 = b.process(IdValue::number(3));
    b.asyncBegin(p3, 1, 4000, ty("req"), {});
    b.asyncEnd(p3, 1, 4500, b.intern("req"), nullptr, 0);
    const ProcessId gpu = b.process(IdValue::string(b.intern("gpu0")));
    b.completeSlice(b.thread(gpu, IdValue::string(b.intern("stream 7"))), 3000, 100, ty("F"), {});
    b.setProcessName(b.process(IdValue::string(b.intern("npu"))), b.intern("NeuronCore"));
    const StringId fl = b.intern("fl"), cat = b.intern("cat");
    b.flowV2(a1, 1, false, true, fl, cat);
    b.flowV2(d, 1, true, false, fl, cat);
    b.flowV2(a1, 2, false, true, fl, cat);
    b.flowV2(e, 2, true, false, fl, cat);
    b.flowV2(b1, 3, false, true, fl, cat);
    b.flowV2(e, 3, true, false, fl, cat);
    m_store = StoreFinalizer::finalize(b);
    QVERIFY(m_store);
}

TrackId tst_EventStore::track(const QString& description) const
{
    return findTrack(*m_store, description);
}

void tst_EventStore::shape()
{
    const EventStore& s = *m_store;
    QCOMPARE(s.sliceCount(), size_t(12));
    QCOMPARE(s.instantCount(), size_t(6));
    QCOMPARE(s.counterCount(), size_t(1));
    QCOMPARE(s.counterSampleCount(), size_t(4));
    QCOMPARE(s.flowCount(), size_t(3));
    QCOMPARE(s.processCount(), size_t(5));
    QCOMPARE(s.trackCount(), size_t(10)); // global, pinst, 3 threads, overflow, counter, 2 more threads, async
    const char* names[] = { "A", "B", "C", "A1", "A2", "B1", "A1a", "D", "D2", "E", "req", "F" };
    const TimeNs ts[] = { 0, 100, 300, 10, 40, 100, 20, 50, 55, 1000, 4000, 3000 };
    const TimeNs dur[] = { 100, 50, 0, 30, 50, 20, 10, 10, 15, 1000, 500, 100 };
    const uint32_t depth[] = { 0, 0, 0, 1, 1, 1, 2, 0, 0, 0, 0, 0 };
    const uint32_t parent[] = { ~0u, ~0u, ~0u, 0, 0, 1, 3, ~0u, ~0u, ~0u, ~0u, ~0u };
    for (uint32_t r = 0; r < 12; ++r) {
        const SliceRow row(r);
        QCOMPARE(qs(s.str(s.sliceName(row))), QString(names[r]));
        QCOMPARE(s.sliceTs(row), ts[r]);
        QCOMPARE(s.sliceDur(row), dur[r]);
        QCOMPARE(s.sliceEnd(row), ts[r] + dur[r]);
        QCOMPARE(s.sliceDepth(row), depth[r]);
        QCOMPARE(s.sliceParent(row).v, parent[r]);
    }
    QVERIFY(s.residentBytes() >= s.sliceCount() * 30);
}

void tst_EventStore::level_data()
{
    // clang-format off
    QTest::addColumn<QString>("trackName");
    QTest::addColumn<uint>("depth");
    QTest::addColumn<QString>("rows"); // "begin-end", "" = empty
    QTest::addColumn<uint>("levels");
    QTest::newRow("main d0") << "thread 1/1" << 0u << "0-3" << 3u;
    QTest::newRow("main d1") << "thread 1/1" << 1u << "3-6" << 3u;
    QTest::newRow("main d2") << "thread 1/1" << 2u << "6-7" << 3u;
    QTest::newRow("main d3 (none)") << "thread 1/1" << 3u << "" << 3u;
    QTest::newRow("instants-only thread") << "thread 1/2" << 0u << "" << 0u;
    QTest::newRow("tid 3") << "thread 1/3" << 0u << "7-8" << 1u;
    QTest::newRow("tid 3 overflow") << "overflow 1/3" << 0u << "8-9" << 1u;
    QTest::newRow("async") << "async 3" << 0u << "10-11" << 1u;
    QTest::newRow("counter") << "counter 1" << 0u << "" << 0u;
    // clang-format on
}

void tst_EventStore::level()
{
    QFETCH(QString, trackName);
    QFETCH(uint, depth);
    QFETCH(QString, rows);
    QFETCH(uint, levels);
    const TrackId t = track(trackName);
    QVERIFY(t.valid());
    QCOMPARE(m_store->levelCount(t), levels);
    const RowRange r = m_store->level(t, depth);
    QCOMPARE(rowsText(r), rows);
}

void tst_EventStore::slicesInRange_data()
{
    // clang-format off
    QTest::addColumn<uint>("depth");
    QTest::addColumn<qint64>("t0");
    QTest::addColumn<qint64>("t1");
    QTest::addColumn<QString>("rows"); // expected rows "begin-end", "" = empty
    QTest::newRow("point at start of A") << 0u << qint64(0) << qint64(0) << "0-1";
    QTest::newRow("point where A ends and B begins") << 0u << qint64(100) << qint64(100) << "0-2";
    QTest::newRow("just after A") << 0u << qint64(101) << qint64(299) << "1-2";
    QTest::newRow("gap between B and C") << 0u << qint64(151) << qint64(299) << "";
    QTest::newRow("zero-length C") << 0u << qint64(300) << qint64(300) << "2-3";
    QTest::newRow("end of B to C") << 0u << qint64(150) << qint64(300) << "1-3";
    QTest::newRow("before everything") << 0u << qint64(-50) << qint64(-1) << "";
    QTest::newRow("after everything") << 0u << qint64(301) << qint64(500) << "";
    QTest::newRow("t1 < t0") << 0u << qint64(50) << qint64(10) << "";
    QTest::newRow("whole time line") << 0u << qint64(kTimeMin) << qint64(kTimeMax) << "0-3";
    QTest::newRow("d1 touching at 40") << 1u << qint64(40) << qint64(40) << "3-5";
    QTest::newRow("d1 gap") << 1u << qint64(95) << qint64(99) << "";
    QTest::newRow("d1 spanning") << 1u << qint64(30) << qint64(110) << "3-6";
    QTest::newRow("d2") << 2u << qint64(0) << qint64(1000) << "6-7";
    QTest::newRow("d2 ends at t0") << 2u << qint64(30) << qint64(35) << "6-7";
    QTest::newRow("no such level") << 3u << qint64(0) << qint64(1000) << "";
    // clang-format on
}

void tst_EventStore::slicesInRange()
{
    QFETCH(uint, depth);
    QFETCH(qint64, t0);
    QFETCH(qint64, t1);
    QFETCH(QString, rows);
    const RowRange r = m_store->slicesInRange(main(), depth, t0, t1);
    QCOMPARE(rowsText(r), rows);
}

void tst_EventStore::firstStart_data()
{
    // Main thread, level 0 starts at 0 (A), 100 (B), 300 (C) = rows 0..2; level 1 at 10,
    // 40, 100 = rows 3..5.
    // clang-format off
    QTest::addColumn<uint>("depth");
    QTest::addColumn<qint64>("t");
    QTest::addColumn<uint>("atOrAfter");
    QTest::addColumn<uint>("after");
    QTest::newRow("before all") << 0u << qint64(-5) << 0u << 0u;
    QTest::newRow("on the first start") << 0u << qint64(0) << 0u << 1u;
    QTest::newRow("between") << 0u << qint64(50) << 1u << 1u;
    QTest::newRow("on the last start") << 0u << qint64(300) << 2u << 3u;
    QTest::newRow("after all: level end") << 0u << qint64(301) << 3u << 3u;
    QTest::newRow("d1 on B1") << 1u << qint64(100) << 5u << 6u;
    QTest::newRow("d1 between") << 1u << qint64(11) << 4u << 4u;
    QTest::newRow("empty level") << 3u << qint64(0) << 7u << 7u;
    // clang-format on
}

void tst_EventStore::firstStart()
{
    QFETCH(uint, depth);
    QFETCH(qint64, t);
    QFETCH(uint, atOrAfter);
    QFETCH(uint, after);
    const RowRange lv = m_store->level(main(), depth);
    if (lv.empty()) { // an empty range answers its own end
        QCOMPARE(m_store->firstStartAtOrAfter({ 7, 7 }, t), atOrAfter);
        QCOMPARE(m_store->firstStartAfter({ 7, 7 }, t), after);
        return;
    }
    QCOMPARE(m_store->firstStartAtOrAfter(lv, t), atOrAfter);
    QCOMPARE(m_store->firstStartAfter(lv, t), after);
}

void tst_EventStore::hitTest_data()
{
    // clang-format off
    QTest::addColumn<qint64>("time");
    QTest::addColumn<qint64>("tolerance");
    QTest::addColumn<QString>("hit"); // slice name, "" for none
    QTest::newRow("deepest") << qint64(25) << qint64(0) << "A1a";
    QTest::newRow("after the deepest ends") << qint64(35) << qint64(0) << "A1";
    QTest::newRow("containing beats nearer deeper") << qint64(31) << qint64(5) << "A1";
    QTest::newRow("only depth 0 contains") << qint64(95) << qint64(0) << "A";
    QTest::newRow("B begins where A ends") << qint64(100) << qint64(0) << "B1";
    QTest::newRow("inside B1") << qint64(110) << qint64(0) << "B1";
    QTest::newRow("zero-length C") << qint64(300) << qint64(0) << "C";
    QTest::newRow("gap, no tolerance") << qint64(200) << qint64(0) << "";
    QTest::newRow("gap, B nearer") << qint64(200) << qint64(60) << "B";
    QTest::newRow("gap, C nearer") << qint64(260) << qint64(60) << "C";
    QTest::newRow("gap, out of tolerance") << qint64(200) << qint64(49) << "";
    QTest::newRow("gap, unlimited tolerance") << qint64(200) << qint64(kTimeMax) << "B";
    QTest::newRow("before A, within") << qint64(-5) << qint64(10) << "A";
    QTest::newRow("before A, outside") << qint64(-5) << qint64(4) << "";
    QTest::newRow("after C, within") << qint64(320) << qint64(20) << "C";
    // clang-format on
}

void tst_EventStore::hitTest()
{
    QFETCH(qint64, time);
    QFETCH(qint64, tolerance);
    QFETCH(QString, hit);
    const SliceRow r = m_store->hitTest(main(), time, tolerance);
    QCOMPARE(r.valid() ? qs(m_store->str(m_store->sliceName(r))) : QString(), hit);
}

void tst_EventStore::hitTestLevel_data()
{
    // clang-format off
    QTest::addColumn<uint>("depth");
    QTest::addColumn<qint64>("time");
    QTest::addColumn<qint64>("tolerance");
    QTest::addColumn<QString>("hit");
    QTest::newRow("d0 at the A/B boundary") << 0u << qint64(100) << qint64(0) << "B";
    QTest::newRow("d0 inside A") << 0u << qint64(5) << qint64(0) << "A";
    QTest::newRow("d1 at the A1/A2 boundary") << 1u << qint64(40) << qint64(0) << "A2";
    QTest::newRow("d1 gap, none within 4") << 1u << qint64(95) << qint64(4) << "";
    QTest::newRow("d1 gap, A2 nearer") << 1u << qint64(94) << qint64(5) << "A2";
    QTest::newRow("d1 gap, B1 nearer") << 1u << qint64(97) << qint64(5) << "B1";
    QTest::newRow("d1 gap, unlimited tolerance") << 1u << qint64(94) << qint64(kTimeMax) << "A2";
    QTest::newRow("d1 before A1") << 1u << qint64(5) << qint64(5) << "A1";
    QTest::newRow("d2 far") << 2u << qint64(5) << qint64(100) << "A1a";
    QTest::newRow("d2 containing") << 2u << qint64(22) << qint64(0) << "A1a";
    QTest::newRow("no such level") << 3u << qint64(5) << qint64(100) << "";
    // clang-format on
}

void tst_EventStore::hitTestLevel()
{
    QFETCH(uint, depth);
    QFETCH(qint64, time);
    QFETCH(qint64, tolerance);
    QFETCH(QString, hit);
    const SliceRow r = m_store->hitTestLevel(main(), depth, time, tolerance);
    QCOMPARE(r.valid() ? qs(m_store->str(m_store->sliceName(r))) : QString(), hit);
    if (r.valid())
        QCOMPARE(m_store->sliceDepth(r), depth);
}

void tst_EventStore::hierarchy_data()
{
    // clang-format off
    QTest::addColumn<uint>("row");
    QTest::addColumn<QString>("children");     // direct children rows "begin-end", "" = none
    QTest::addColumn<QList<uint>>("ancestors"); // parent first, root last
    QTest::addColumn<qint64>("self");           // duration minus children
    QTest::newRow("A: B1 starts at its end") << 0u << "3-5" << QList<uint>{} << qint64(100 - 30 - 50);
    QTest::newRow("B") << 1u << "5-6" << QList<uint>{} << qint64(50 - 20);
    QTest::newRow("C: zero length") << 2u << "" << QList<uint>{} << qint64(0);
    QTest::newRow("A1") << 3u << "6-7" << QList<uint>{0} << qint64(30 - 10);
    QTest::newRow("A2: leaf") << 4u << "" << QList<uint>{0} << qint64(50);
    QTest::newRow("B1: leaf") << 5u << "" << QList<uint>{1} << qint64(20);
    QTest::newRow("A1a: deepest") << 6u << "" << QList<uint>{3, 0} << qint64(10);
    QTest::newRow("D: overlap is no child") << 7u << "" << QList<uint>{} << qint64(10);
    QTest::newRow("D2: overflow root") << 8u << "" << QList<uint>{} << qint64(15);
    QTest::newRow("E") << 9u << "" << QList<uint>{} << qint64(1000);
    // clang-format on
}

void tst_EventStore::hierarchy()
{
    QFETCH(uint, row);
    QFETCH(QString, children);
    QFETCH(QList<uint>, ancestors);
    QFETCH(qint64, self);
    const RowRange r = m_store->children(SliceRow(row));
    QCOMPARE(rowsText(r), children);
    for (uint32_t c = r.begin; c < r.end; ++c)
        QCOMPARE(m_store->sliceParent(SliceRow(c)).v, row);
    QList<uint> got;
    for (SliceRow a : m_store->ancestors(SliceRow(row)))
        got << a.v;
    QCOMPARE(got, ancestors);
    QCOMPARE(m_store->sliceSelf(SliceRow(row)), TimeNs(self));
}

void tst_EventStore::sliceTrack_data()
{
    // clang-format off
    QTest::addColumn<uint>("row");
    QTest::addColumn<QString>("trackName");
    const char* expected[] = { "thread 1/1", "thread 1/1", "thread 1/1", "thread 1/1", "thread 1/1", "thread 1/1",
        "thread 1/1", "thread 1/3", "overflow 1/3", "thread 2/1", "async 3", "thread gpu0/stream 7" };
    for (uint r = 0; r < 12; ++r)
        QTest::newRow(qPrintable(QString("row %1").arg(r))) << r << QString(expected[r]);
    // clang-format on
}

void tst_EventStore::sliceTrack()
{
    QFETCH(uint, row);
    QFETCH(QString, trackName);
    const TrackId t = m_store->sliceTrack(SliceRow(row));
    QVERIFY(t.valid() && t.v < m_store->trackCount());
    QCOMPARE(describe(*m_store, t), trackName);
    const RowRange all = m_store->track(t).slices;
    QVERIFY(all.begin <= row && row < all.end);
}

void tst_EventStore::instantsInRange_data()
{
    // clang-format off
    QTest::addColumn<qint64>("t0");
    QTest::addColumn<qint64>("t1");
    QTest::addColumn<QString>("names"); // instant names in the range, in order
    QTest::newRow("before") << qint64(0) << qint64(4) << "";
    QTest::newRow("exactly the first") << qint64(5) << qint64(5) << "i5";
    QTest::newRow("two at one time, arrival order") << qint64(15) << qint64(15) << "i15a i15b";
    QTest::newRow("between") << qint64(6) << qint64(14) << "";
    QTest::newRow("all") << qint64(0) << qint64(100) << "i5 i15a i15b i25";
    QTest::newRow("last, inclusive t0") << qint64(25) << qint64(30) << "i25";
    QTest::newRow("inclusive t1") << qint64(6) << qint64(25) << "i15a i15b i25";
    QTest::newRow("after") << qint64(26) << qint64(100) << "";
    QTest::newRow("t1 < t0") << qint64(20) << qint64(10) << "";
    // clang-format on
}

void tst_EventStore::instantsInRange()
{
    QFETCH(qint64, t0);
    QFETCH(qint64, t1);
    QFETCH(QString, names);
    const TrackId t = track("thread 1/2");
    QVERIFY(t.valid());
    QCOMPARE(m_store->track(t).instants.size(), 4u);
    const RowRange r = m_store->instantsInRange(t, t0, t1);
    QStringList got;
    for (uint32_t i = r.begin; i < r.end; ++i)
        got << qs(m_store->str(m_store->types().get(m_store->instantType(InstantRow(i))).name));
    QCOMPARE(got.join(' '), names);
}

void tst_EventStore::counterRange_data()
{
    // clang-format off
    // Samples of "mem" sorted: 0→1, 10→5, 20→3, 40→8. Listed as "ts:value".
    QTest::addColumn<qint64>("t0");
    QTest::addColumn<qint64>("t1");
    QTest::addColumn<QString>("samples");
    QTest::newRow("at the first sample") << qint64(0) << qint64(0) << "0:1";
    QTest::newRow("point between samples") << qint64(15) << qint64(15) << "10:5";
    QTest::newRow("across one sample") << qint64(15) << qint64(25) << "10:5 20:3";
    QTest::newRow("exact sample times") << qint64(10) << qint64(20) << "10:5 20:3";
    QTest::newRow("before the first") << qint64(-10) << qint64(-5) << "";
    QTest::newRow("ending at the first") << qint64(-10) << qint64(0) << "0:1";
    QTest::newRow("after the last") << qint64(45) << qint64(100) << "40:8";
    QTest::newRow("everything") << qint64(0) << qint64(1000) << "0:1 10:5 20:3 40:8";
    QTest::newRow("just before a sample") << qint64(25) << qint64(39) << "20:3";
    // clang-format on
}

void tst_EventStore::counterRange()
{
    QFETCH(qint64, t0);
    QFETCH(qint64, t1);
    QFETCH(QString, samples);
    QCOMPARE(m_store->counterCount(), size_t(1));
    const CounterSeries& cs = m_store->counter(CounterId(0));
    QCOMPARE(qs(m_store->str(cs.name)), QString("mem"));
    QCOMPARE(cs.minValue, 1.0);
    QCOMPARE(cs.maxValue, 8.0);
    QCOMPARE(cs.track.v, track("counter 1").v);
    const RowRange r = m_store->counterRange(CounterId(0), t0, t1);
    QStringList got;
    for (uint32_t i = r.begin; i < r.end; ++i)
        got << QString("%1:%2").arg(m_store->counterTs(i)).arg(m_store->counterValue(i));
    QCOMPARE(got.join(' '), samples);
}

void tst_EventStore::flows_data()
{
    // clang-format off
    // Edges sorted by (from, to): 0 = A1(3)→D(7), 1 = A1(3)→E(9), 2 = B1(5)→E(9).
    QTest::addColumn<uint>("row");
    QTest::addColumn<QList<uint>>("out");
    QTest::addColumn<QList<uint>>("in");
    QTest::newRow("A1: two out") << 3u << QList<uint> { 0, 1 } << QList<uint> {};
    QTest::newRow("B1: one out") << 5u << QList<uint> { 2 } << QList<uint> {};
    QTest::newRow("D: one in") << 7u << QList<uint> {} << QList<uint> { 0 };
    QTest::newRow("E: two in") << 9u << QList<uint> {} << QList<uint> { 1, 2 };
    QTest::newRow("A: none") << 0u << QList<uint> {} << QList<uint> {};
    QTest::newRow("F: none, last row") << 11u << QList<uint> {} << QList<uint> {};
    // clang-format on
}

void tst_EventStore::flows()
{
    QFETCH(uint, row);
    QFETCH(QList<uint>, out);
    QFETCH(QList<uint>, in);
    QCOMPARE(m_store->flowCount(), size_t(3));
    QList<uint> gotOut, gotIn;
    for (FlowId f : m_store->flowsOut(SliceRow(row))) {
        gotOut << f.v;
        QCOMPARE(m_store->flow(f).from.v, row);
    }
    for (FlowId f : m_store->flowsIn(SliceRow(row))) {
        gotIn << f.v;
        QCOMPARE(m_store->flow(f).to.v, row);
    }
    QCOMPARE(gotOut, out);
    QCOMPARE(gotIn, in);
}

void tst_EventStore::processLabel_data()
{
    // clang-format off
    QTest::addColumn<QString>("pid"); // "" = invalid process (global)
    QTest::addColumn<QString>("label");
    QTest::newRow("named") << "1" << "trainer (1)";
    QTest::newRow("unnamed") << "2" << "Process 2";
    QTest::newRow("string pid") << "gpu0" << "gpu0";
    QTest::newRow("named string pid") << "npu" << "NeuronCore";
    QTest::newRow("global") << "" << "Global";
    // clang-format on
}

void tst_EventStore::processLabel()
{
    QFETCH(QString, pid);
    QFETCH(QString, label);
    ProcessId p;
    for (uint32_t i = 0; i < m_store->processCount(); ++i)
        if (idText(*m_store, m_store->process(ProcessId(i)).pid) == pid)
            p = ProcessId(i);
    QCOMPARE(p.valid(), !pid.isEmpty());
    QCOMPARE(QString::fromStdString(m_store->processLabel(p)), label);
}

void tst_EventStore::trackLabel_data()
{
    // clang-format off
    QTest::addColumn<QString>("trackName");
    QTest::addColumn<QString>("label");
    QTest::newRow("named thread") << "thread 1/1" << "main";
    QTest::newRow("unnamed thread") << "thread 1/3" << "Thread 3";
    QTest::newRow("overflow lane") << "overflow 1/3" << "Thread 3 (overlap 1)";
    QTest::newRow("string tid") << "thread gpu0/stream 7" << "stream 7";
    QTest::newRow("counter") << "counter 1" << "mem";
    QTest::newRow("async lane") << "async 3" << "req";
    QTest::newRow("process instants") << "process_instants 1" << "Process instants";
    QTest::newRow("global instants") << "global_instants" << "Global instants";
    // clang-format on
}

void tst_EventStore::trackLabel()
{
    QFETCH(QString, trackName);
    QFETCH(QString, label);
    const TrackId t = track(trackName);
    QVERIFY(t.valid());
    QCOMPARE(QString::fromStdString(m_store->trackLabel(t)), label);
}

void tst_EventStore::argsAndExtent()
{
    const EventStore& s = *m_store;
    Arg k;
    QVERIFY(s.args().find(s.sliceArgs(SliceRow(0)), s.strings().find("k"), &k));
    QCOMPARE(k.i, int64_t(1));
    QVERIFY(!s.sliceArgs(SliceRow(1)).valid());
    QCOMPARE(s.extent().start, TimeNs(0));
    QCOMPARE(s.extent().end, TimeNs(4500));
    const TrackId g = track("global_instants");
    QCOMPARE(g.v, 0u);
    QCOMPARE(s.instantTs(InstantRow(s.track(g).instants.begin)), TimeNs(500));
    const TrackId p = track("process_instants 1");
    QCOMPARE(s.track(p).instants.size(), 1u);
    QCOMPARE(s.instantTs(InstantRow(s.track(p).instants.begin)), TimeNs(70));
}

QTEST_APPLESS_MAIN(tst_EventStore)
#include "tst_eventstore.moc"
