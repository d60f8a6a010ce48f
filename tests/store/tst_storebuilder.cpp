#include <support/storetestutil.h>

#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

#include <atomic>
#include <memory>

using namespace strata::store;
using namespace storetest;

namespace {
using Store = std::shared_ptr<const EventStore>;
} // namespace

class tst_StoreBuilder : public QObject {
    Q_OBJECT

private slots:
    void emptyBuilder();
    void nesting_data();
    void nesting();
    void overflowTrack();
    void endArgsMergedOverBeginArgs();
    void slicesReadAndArgsReplaced();
    void instantsOnTheirTracks();
    void counters();
    void async_data();
    void async();
    void flowsV1_data();
    void flowsV1();
    void flowsV2_data();
    void flowsV2();
    void processOrder();
    void threadOrder();
    void trackOrderWithinProcess();
    void namesFromSetters();
    void extent_data();
    void extent();
    void timesOutOfRange_data();
    void timesOutOfRange();
    void cancelledFinalize();
    void progressEndsAtOne();
};

void tst_StoreBuilder::emptyBuilder()
{
    StoreBuilder b;
    const Store s = StoreFinalizer::finalize(b);
    QVERIFY(s);
    QCOMPARE(s->trackCount(), size_t(0));
    QCOMPARE(s->sliceCount(), size_t(0));
    QCOMPARE(s->extent().start, TimeNs(0));
    QCOMPARE(s->extent().end, TimeNs(0));
    QVERIFY(s->diagnostics().empty());
}

void tst_StoreBuilder::nesting_data()
{
    // clang-format off
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("thread"); // layout of the thread track
    QTest::addColumn<QString>("overflow"); // layouts of its overflow tracks
    QTest::addColumn<QString>("diag");
    QTest::newRow("ts asc, dur desc") << "X c 3 2; X a 0 10; X b 2 5; X d 12 3" << "a@0+10 d@12+3 | b@2+5<a | c@3+2<b" << "" << "";
    QTest::newRow("children written before parent") << "X c 2 1; X b 1 3; X a 0 10" << "a@0+10 | b@1+3<a | c@2+1<b" << "" << "";
    QTest::newRow("same ts: longer is parent") << "X a 0 5; X b 0 10" << "b@0+10 | a@0+5<b" << "" << "";
    QTest::newRow("end == next begin: siblings") << "X a 0 10; X b 10 5" << "a@0+10 b@10+5" << "" << "";
    QTest::newRow("zero-length at parent end: sibling") << "X a 0 10; X z 10 0" << "a@0+10 z@10+0" << "" << "";
    QTest::newRow("child ending with parent") << "X a 0 10; X b 4 6" << "a@0+10 | b@4+6<a" << "" << "";
    QTest::newRow("partial overlap") << "X a 0 10; X b 5 10" << "a@0+10" << "b@5+10" << "overlapping_slice_moved_to_overflow=1";
    QTest::newRow("two overflow lanes") << "X a 0 10; X b 5 10; X c 8 10" << "a@0+10" << "b@5+10 || c@8+10" << "overlapping_slice_moved_to_overflow=2";
    QTest::newRow("B/E nested by name") << "B a 0; B b 1; E b 2; E a 3" << "a@0+3 | b@1+1<a" << "" << "";
    QTest::newRow("B/E crossing") << "B a 0; B b 1; E a 2; E b 3" << "a@0+2" << "b@1+2" << "misplaced_end_event=1,overlapping_slice_moved_to_overflow=1";
    QTest::newRow("nameless E closes innermost") << "B a 0; B b 1; E - 3; E - 4" << "a@0+4 | b@1+2<a" << "" << "";
    QTest::newRow("E matches the category") << "B a 0 c1; B a 1 c2; E a 5 c1; E a 8" << "a@0+5" << "a@1+7" << "misplaced_end_event=1,overlapping_slice_moved_to_overflow=1";
    QTest::newRow("E with other category") << "B a 0 c1; E a 5 c2; E a 6" << "a@0+6" << "" << "end_without_begin=1";
    QTest::newRow("E without B") << "X a 0 5; E x 6" << "a@0+5" << "" << "end_without_begin=1";
    QTest::newRow("E with unknown name") << "B a 0; E b 5; E a 10" << "a@0+10" << "" << "end_without_begin=1";
    QTest::newRow("B never ended") << "B a 10; X b 20 10" << "a@10+20 | b@20+10<a" << "" << "slice_never_ended=1";
    QTest::newRow("negative duration") << "X a 0 -5; X b 1 2" << "b@1+2" << "" << "slice_negative_duration=1";
    QTest::newRow("E before B") << "B a 10; E a 4" << "a@10+0" << "" << "end_before_begin=1";
    QTest::newRow("equal ts and dur: first B is parent") << "B a 0; B b 0; E b 10; E a 10" << "a@0+10 | b@0+10<a" << "" << "";
    QTest::newRow("equal ts and dur, other arrival") << "B b 0; B a 0; E a 10; E b 10" << "b@0+10 | a@0+10<b" << "" << "";
    QTest::newRow("B/E and X mixed") << "B a 0; X b 2 3; E a 10; X c 10 1" << "a@0+10 c@10+1 | b@2+3<a" << "" << "";
    // clang-format on
}

void tst_StoreBuilder::nesting()
{
    QFETCH(QString, script);
    QFETCH(QString, thread);
    QFETCH(QString, overflow);
    QFETCH(QString, diag);
    Script sc;
    sc.run(script);
    const Store s = StoreFinalizer::finalize(sc.b);
    QVERIFY(s);
    const TrackId t = findTrack(*s, "thread 1/1");
    QVERIFY(t.valid());
    QCOMPARE(layout(*s, t), thread);
    QCOMPARE(layouts(*s, TrackKind::Overflow), overflow);
    QCOMPARE(diagText(*s), diag);
}

void tst_StoreBuilder::overflowTrack()
{
    Script sc;
    const uint32_t other = sc.b.thread(sc.pid, IdValue::number(2));
    sc.X(sc.tid, "a", 0, 10);
    sc.X(sc.tid, "b", 5, 10);
    sc.X(other, "c", 0, 1);
    const Store s = StoreFinalizer::finalize(sc.b);
    const TrackId thread = findTrack(*s, "thread 1/1");
    QVERIFY(thread.valid());
    // Right after its thread, before the next thread.
    const TrackId lane(thread.v + 1);
    QVERIFY(lane.v < s->trackCount());
    const TrackInfo& tr = s->track(lane);
    QCOMPARE(tr.kind, TrackKind::Overflow);
    QCOMPARE(tr.parent.v, thread.v);
    QCOMPARE(tr.process.v, s->track(thread).process.v);
    QCOMPARE(tr.tid.num, int64_t(1));
    QCOMPARE(tr.lane, uint16_t(1));
    QCOMPARE(layout(*s, lane), QString("b@5+10"));
    QCOMPARE(s->track(TrackId(lane.v + 1)).kind, TrackKind::Thread);
    QCOMPARE(s->track(TrackId(lane.v + 1)).tid.num, int64_t(2));
    QCOMPARE(s->diagnostics().get("overlapping_slice_moved_to_overflow"), quint64(1));
}

void tst_StoreBuilder::endArgsMergedOverBeginArgs()
{
    Script sc;
    const StringId x = sc.b.intern("x"), y = sc.b.intern("y"), z = sc.b.intern("z");
    const Arg begin[] = { Arg::makeInt(x, 1), Arg::makeString(y, sc.b.intern("s")) };
    const Arg end[] = { Arg::makeInt(y, 2), Arg::makeDouble(z, 0.5) };
    const ArgSetId beginSet = sc.b.argSet(begin, 2);
    sc.b.beginSlice(sc.tid, 0, sc.type("merged"), beginSet);
    sc.b.endSlice(sc.tid, 10, sc.b.intern("merged"), StringId(), end, 2);
    sc.b.beginSlice(sc.tid, 20, sc.type("kept"), beginSet);
    sc.b.endSlice(sc.tid, 30, sc.b.intern("kept"), StringId(), nullptr, 0);
    const Store s = StoreFinalizer::finalize(sc.b);
    const TrackId t = findTrack(*s, "thread 1/1");
    const RowRange lv = s->level(t, 0);
    QCOMPARE(lv.size(), 2u);
    const std::vector<Arg> merged = s->args().get(s->sliceArgs(SliceRow(lv.begin)));
    QCOMPARE(merged.size(), size_t(3));
    QCOMPARE(merged[0].key.v, x.v);
    QCOMPARE(merged[0].i, int64_t(1));
    QCOMPARE(merged[1].key.v, y.v);
    QCOMPARE(merged[1].kind, ArgKind::Int); // E's value replaces B's string
    QCOMPARE(merged[1].i, int64_t(2));
    QCOMPARE(merged[2].key.v, z.v);
    QCOMPARE(merged[2].d, 0.5);
    QCOMPARE(s->sliceArgs(SliceRow(lv.begin + 1)).v, beginSet.v);
}

// An importer's pass over what was built (Neuron's op timeline after the Chrome importer):
// slices by arrival, an open B with kOpenDuration, and args replaced before finalize.
void tst_StoreBuilder::slicesReadAndArgsReplaced()
{
    Script sc;
    const Arg extra[] = { Arg::makeInt(sc.b.intern("k"), 7) };
    const ArgSetId set = sc.b.argSet(extra, 1);
    sc.b.completeSlice(sc.tid, 10, 5, sc.type("late"), ArgSetId());
    sc.b.completeSlice(sc.tid, 0, 5, sc.type("early"), ArgSetId());
    sc.b.beginSlice(sc.tid, 20, sc.type("open"), ArgSetId());
    QCOMPARE(sc.b.threadSliceCount(sc.tid), size_t(3));
    QCOMPARE(sc.b.slice({ sc.tid, 0 }).ts, TimeNs(10));
    QCOMPARE(sc.b.slice({ sc.tid, 2 }).dur, kOpenDuration);
    sc.b.setSliceArgs({ sc.tid, 0 }, set);
    const Store s = StoreFinalizer::finalize(sc.b);
    const RowRange lv = s->level(findTrack(*s, "thread 1/1"), 0);
    QCOMPARE(lv.size(), 3u);
    QCOMPARE(s->sliceArgs(SliceRow(lv.begin)).v, ArgSetId().v); // "early", sorted first
    QCOMPARE(s->sliceArgs(SliceRow(lv.begin + 1)).v, set.v);
}

void tst_StoreBuilder::instantsOnTheirTracks()
{
    Script sc;
    sc.run("I 30; I 10; G 5; X a 0 40");
    sc.b.processInstant(sc.pid, 20, sc.type("proc"), {});
    const Store s = StoreFinalizer::finalize(sc.b);
    QCOMPARE(s->track(TrackId(0)).kind, TrackKind::GlobalInstants); // the global track comes first
    QVERIFY(!s->track(TrackId(0)).process.valid());
    const RowRange g = s->track(TrackId(0)).instants;
    QCOMPARE(g.size(), 1u);
    QCOMPARE(s->instantTs(InstantRow(g.begin)), TimeNs(5));
    QCOMPARE(qs(s->str(s->types().get(s->instantType(InstantRow(g.begin))).name)), QString("global"));

    const TrackId thread = findTrack(*s, "thread 1/1");
    const RowRange ti = s->track(thread).instants;
    QCOMPARE(ti.size(), 2u);
    QCOMPARE(s->instantTs(InstantRow(ti.begin)), TimeNs(10)); // sorted by ts
    QCOMPARE(s->instantTs(InstantRow(ti.begin + 1)), TimeNs(30));

    const TrackId proc = findTrack(*s, "process_instants 1");
    QVERIFY(proc.valid());
    const RowRange pi = s->track(proc).instants;
    QCOMPARE(pi.size(), 1u);
    QCOMPARE(s->instantTs(InstantRow(pi.begin)), TimeNs(20));
    QCOMPARE(qs(s->str(s->types().get(s->instantType(InstantRow(pi.begin))).name)), QString("proc"));
    QCOMPARE(s->instantCount(), size_t(4));
}

void tst_StoreBuilder::counters()
{
    StoreBuilder b;
    const ProcessId p1 = b.process(IdValue::number(1)), p2 = b.process(IdValue::number(2));
    const StringId mem = b.intern("mem"), cpu = b.intern("cpu");
    b.counter(p1, mem, 30, 5);
    b.counter(p1, mem, 10, -2);
    b.counter(p2, mem, 15, 3);
    b.counter(p1, cpu, 5, 1);
    b.counter(p1, mem, 20, 7);
    const Store s = StoreFinalizer::finalize(b);
    QCOMPARE(s->counterCount(), size_t(3));
    QStringList seen;
    for (uint32_t c = 0; c < s->counterCount(); ++c) {
        const CounterSeries& cs = s->counter(CounterId(c));
        QStringList samples;
        for (uint32_t r = cs.samples.begin; r < cs.samples.end; ++r)
            samples << QString("%1:%2").arg(s->counterTs(r)).arg(s->counterValue(r));
        seen << QString("p%1 %2 [%3] min %4 max %5")
                    .arg(s->process(cs.process).pid.num)
                    .arg(qs(s->str(cs.name)))
                    .arg(samples.join(' '))
                    .arg(cs.minValue)
                    .arg(cs.maxValue);
        const TrackInfo& tr = s->track(cs.track);
        QCOMPARE(tr.kind, TrackKind::Counter);
        QCOMPARE(tr.counter.v, c);
        QCOMPARE(tr.name.v, cs.name.v);
        QCOMPARE(tr.process.v, cs.process.v);
    }
    QCOMPARE(seen,
        (QStringList {
            "p1 cpu [5:1] min 1 max 1", "p1 mem [10:-2 20:7 30:5] min -2 max 7", "p2 mem [15:3] min 3 max 3" }));
    QCOMPARE(s->counterSampleCount(), size_t(5));
}

void tst_StoreBuilder::async_data()
{
    // clang-format off
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("lanes"); // async track layouts in track order
    QTest::addColumn<QString>("names"); // their track names
    QTest::addColumn<QString>("diag");
    QTest::newRow("overlapping ids, same name") << "b 1 req 0; b 2 req 5; e 1 req 10; e 2 req 15" << "req@0+10 || req@5+10" << "req req" << "";
    QTest::newRow("same name, one after the other") << "b 1 req 0; e 1 req 10; b 2 req 10; e 2 req 20" << "req@0+10 req@10+10" << "req" << "";
    QTest::newRow("different names") << "b 1 up 0; b 2 down 5; e 1 up 10; e 2 down 15" << "down@5+10 || up@0+10" << "down up" << "";
    QTest::newRow("nested in one id") << "b 1 req 0; b 1 req 2; e 1 req 4; e 1 req 10" << "req@0+10 | req@2+2<req" << "req" << "";
    QTest::newRow("other names inside one id") << "b 1 outer 0; b 1 inner 2; e 1 inner 4; e 1 outer 10" << "outer@0+10 | inner@2+2<outer" << "outer" << "";
    QTest::newRow("end without begin") << "e 3 req 12; b 1 req 0; e 1 req 10" << "req@0+10" << "req" << "async_end_without_begin=1";
    QTest::newRow("end with other name") << "b 1 req 0; e 1 other 5; X t 0 30" << "req@0+30" << "req" << "async_end_without_begin=1,async_never_ended=1";
    QTest::newRow("never ended") << "b 1 req 0; b 2 req 20; e 1 req 10; X t 0 30" << "req@0+10 req@20+10" << "req" << "async_never_ended=1";
    // clang-format on
}

void tst_StoreBuilder::async()
{
    QFETCH(QString, script);
    QFETCH(QString, lanes);
    QFETCH(QString, names);
    QFETCH(QString, diag);
    Script sc;
    sc.run(script);
    const Store s = StoreFinalizer::finalize(sc.b);
    QCOMPARE(layouts(*s, TrackKind::Async), lanes);
    QStringList got;
    for (uint32_t t = 0; t < s->trackCount(); ++t) {
        const TrackInfo& tr = s->track(TrackId(t));
        if (tr.kind != TrackKind::Async)
            continue;
        got << qs(s->str(tr.name));
        QCOMPARE(idText(*s, s->process(tr.process).pid), QString("1"));
    }
    QCOMPARE(got.join(' '), names);
    QCOMPARE(diagText(*s), diag);
}

void tst_StoreBuilder::flowsV1_data()
{
    // clang-format off
    // Slices: thread 1: A [0,10] ⊃ A1 [2,6], C [40,50]; thread 2: B [20,30].
    // Steps: "<s|t|f> key thread ts [n]" — n: bind to the next slice instead of the enclosing one.
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("edges");
    QTest::addColumn<QString>("diag");
    QTest::newRow("s t f, enclosing") << "s 1 1 3; t 1 2 25; f 1 1 45" << "A1>B B>C" << "";
    QTest::newRow("s f across threads") << "s 1 2 25; f 1 1 8" << "B>A" << "";
    QTest::newRow("f binds the next slice") << "s 1 1 3; f 1 1 35 n" << "A1>C" << "";
    QTest::newRow("f next slice at its ts") << "s 1 2 21; f 1 1 40 n" << "B>C" << "";
    QTest::newRow("f enclosing, nothing there") << "s 1 1 3; f 1 1 35" << "" << "flow_no_enclosing_slice=1";
    QTest::newRow("s outside any slice") << "s 1 1 15; f 1 2 25" << "" << "flow_no_enclosing_slice=1";
    QTest::newRow("f without s") << "f 1 1 45" << "" << "flow_end_without_start=1";
    QTest::newRow("s without f") << "s 1 1 3" << "" << "flow_without_end=1";
    QTest::newRow("two ids interleaved") << "s 1 1 3; s 2 2 22; f 1 2 28; f 2 1 45" << "A1>B B>C" << "";
    QTest::newRow("f arrives before s") << "f 1 2 25; s 1 1 3" << "A1>B" << "";
    // clang-format on
}

void tst_StoreBuilder::flowsV1()
{
    QFETCH(QString, script);
    QFETCH(QString, edges);
    QFETCH(QString, diag);
    Script sc;
    const uint32_t t2 = sc.b.thread(sc.pid, IdValue::number(2));
    sc.X(sc.tid, "A", 0, 10);
    sc.X(sc.tid, "A1", 2, 4);
    sc.X(sc.tid, "C", 40, 10);
    sc.X(t2, "B", 20, 10);
    const StringId name = sc.b.intern("fl"), cat = sc.b.intern("fcat");
    for (const QString& step : script.split(';', Qt::SkipEmptyParts)) {
        const QStringList a = step.split(' ', Qt::SkipEmptyParts);
        const FlowPhase ph = a[0] == "s" ? FlowPhase::Start : a[0] == "t" ? FlowPhase::Step : FlowPhase::End;
        sc.b.flowV1(a[2] == "1" ? sc.tid : t2, a[3].toLongLong(), ph, a[1].toULongLong(), a.size() < 5, name, cat);
    }
    const Store s = StoreFinalizer::finalize(sc.b);
    QCOMPARE(edgesText(*s), edges);
    for (uint32_t f = 0; f < s->flowCount(); ++f) {
        QCOMPARE(s->flow(FlowId(f)).name.v, name.v);
        QCOMPARE(s->flow(FlowId(f)).category.v, cat.v);
    }
    QCOMPARE(diagText(*s), diag);
}

void tst_StoreBuilder::flowsV2_data()
{
    // clang-format off
    // Slices: thread 1: P [0,10], O [5,15] (partial overlap → overflow), R [40,50];
    // thread 2: Q [20,30]. Steps: "<slice> <i|o|io|->" call flowV2 on that slice, bind id 7.
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("edges");
    QTest::addColumn<QString>("diag");
    const QString ov = "overlapping_slice_moved_to_overflow=1"; // O always overlaps P
    QTest::newRow("out → in") << "P o; Q i" << "P>Q" << ov;
    QTest::newRow("step") << "P o; Q io; R i" << "P>Q Q>R" << ov;
    QTest::newRow("from an overflow slice") << "O o; Q i" << "O>Q" << ov;
    QTest::newRow("into an overflow slice") << "R o; O i" << "R>O" << ov;
    QTest::newRow("in without out") << "Q i" << "" << "flow_end_without_start=1," + ov;
    QTest::newRow("out without in") << "P o" << "" << "flow_without_end=1," + ov;
    QTest::newRow("no direction") << "P -" << "" << "flow_without_direction=1," + ov;
    QTest::newRow("in arrives before out") << "Q i; P o" << "P>Q" << ov;
    // clang-format on
}

void tst_StoreBuilder::flowsV2()
{
    QFETCH(QString, script);
    QFETCH(QString, edges);
    QFETCH(QString, diag);
    Script sc;
    const uint32_t t2 = sc.b.thread(sc.pid, IdValue::number(2));
    QHash<QString, SliceHandle> h;
    h["P"] = sc.X(sc.tid, "P", 0, 10);
    h["O"] = sc.X(sc.tid, "O", 5, 10);
    h["R"] = sc.X(sc.tid, "R", 40, 10);
    h["Q"] = sc.X(t2, "Q", 20, 10);
    for (const QString& step : script.split(';', Qt::SkipEmptyParts)) {
        const QStringList a = step.split(' ', Qt::SkipEmptyParts);
        sc.b.flowV2(h[a[0]], 7, a[1].contains('i'), a[1].contains('o'), sc.b.intern("fl"), sc.b.intern("fcat"));
    }
    const Store s = StoreFinalizer::finalize(sc.b);
    QCOMPARE(layouts(*s, TrackKind::Overflow), QString("O@5+10"));
    QCOMPARE(edgesText(*s), edges);
    QCOMPARE(diagText(*s), diag);
}

void tst_StoreBuilder::processOrder()
{
    StoreBuilder b;
    const TypeId ty = b.type(b.intern("x"), b.intern("c"));
    auto add = [&](const IdValue& pid, int sortIndex, bool hasSort) {
        const ProcessId p = b.process(pid);
        if (hasSort)
            b.setProcessSortIndex(p, sortIndex);
        b.completeSlice(b.thread(p, IdValue::number(1)), 0, 1, ty, {});
    };
    add(IdValue::number(2), 0, false);
    add(IdValue::number(1), 0, false);
    add(IdValue::number(10), 5, true);
    add(IdValue::string(b.intern("gpu")), 0, false);
    add(IdValue::number(3), -1, true);
    add(IdValue::string(b.intern("accel")), 0, false);
    add(IdValue::number(-4), 0, false);
    const Store s = StoreFinalizer::finalize(b);
    QStringList processes, threads;
    for (uint32_t p = 0; p < s->processCount(); ++p)
        processes << idText(*s, s->process(ProcessId(p)).pid);
    for (uint32_t t = 0; t < s->trackCount(); ++t)
        if (s->track(TrackId(t)).kind == TrackKind::Thread)
            threads << idText(*s, s->process(s->track(TrackId(t)).process).pid);
    const QStringList expected { "3", "-4", "1", "2", "accel", "gpu", "10" };
    QCOMPARE(processes, expected);
    QCOMPARE(threads, expected);
    QCOMPARE(s->process(ProcessId(6)).sortIndex, 5);
    QVERIFY(s->process(ProcessId(6)).hasSortIndex);
    QVERIFY(!s->process(ProcessId(1)).hasSortIndex);
}

void tst_StoreBuilder::threadOrder()
{
    StoreBuilder b;
    const TypeId ty = b.type(b.intern("x"), b.intern("c"));
    const ProcessId p = b.process(IdValue::number(7));
    auto add = [&](const IdValue& tid, int sortIndex, bool hasSort) {
        const uint32_t t = b.thread(p, tid);
        if (hasSort)
            b.setThreadSortIndex(t, sortIndex);
        b.completeSlice(t, 0, 1, ty, {});
    };
    add(IdValue::number(5), 0, false);
    add(IdValue::number(2), 0, false);
    add(IdValue::string(b.intern("stream 7")), 0, false);
    add(IdValue::number(9), -3, true);
    add(IdValue::number(1), 2, true);
    add(IdValue::string(b.intern("alpha")), 0, false);
    const Store s = StoreFinalizer::finalize(b);
    QStringList tids;
    QList<int> sorts;
    for (uint32_t t = 0; t < s->trackCount(); ++t) {
        if (s->track(TrackId(t)).kind == TrackKind::Thread) {
            tids << idText(*s, s->track(TrackId(t)).tid);
            sorts << s->track(TrackId(t)).sortIndex;
        }
    }
    QCOMPARE(tids, (QStringList { "9", "2", "5", "alpha", "stream 7", "1" }));
    QCOMPARE(sorts, (QList<int> { -3, 0, 0, 0, 0, 2 }));
}

void tst_StoreBuilder::trackOrderWithinProcess()
{
    // trackinfo.h: the global instant track first; inside a process its process-scope
    // instants, async lanes, threads (each followed by its overflow lanes), then counters.
    Script sc;
    sc.run("X a 0 10; X b 5 10; b 1 req 0; e 1 req 5; C 0 1; G 4");
    sc.b.processInstant(sc.pid, 3, sc.type("p"), {});
    const Store s = StoreFinalizer::finalize(sc.b);
    QStringList kinds;
    for (uint32_t t = 0; t < s->trackCount(); ++t)
        kinds << trackKindName(s->track(TrackId(t)).kind);
    QCOMPARE(kinds.join(' '), QString("global_instants process_instants async thread overflow counter"));
}

void tst_StoreBuilder::namesFromSetters()
{
    StoreBuilder b;
    const TypeId ty = b.type(b.intern("x"), b.intern("c"));
    const ProcessId p = b.process(IdValue::number(12));
    b.setProcessName(p, b.intern("trainer"));
    b.setProcessLabels(p, b.intern("rank 0"));
    const uint32_t named = b.thread(p, IdValue::number(1)), plain = b.thread(p, IdValue::number(2));
    b.setThreadName(named, b.intern("main"));
    b.completeSlice(named, 0, 1, ty, {});
    b.completeSlice(plain, 0, 1, ty, {});
    b.setThreadName(named, b.intern("main thread")); // the last name wins
    const Store s = StoreFinalizer::finalize(b);
    QCOMPARE(s->processCount(), size_t(1));
    QCOMPARE(qs(s->str(s->process(ProcessId(0)).name)), QString("trainer"));
    QCOMPARE(qs(s->str(s->process(ProcessId(0)).labels)), QString("rank 0"));
    const TrackId t1 = findTrack(*s, "thread 12/1"), t2 = findTrack(*s, "thread 12/2");
    QCOMPARE(qs(s->str(s->track(t1).name)), QString("main thread"));
    QVERIFY(!s->track(t2).name.valid());
}

void tst_StoreBuilder::extent_data()
{
    // clang-format off
    QTest::addColumn<QString>("script");
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::newRow("nothing") << "" << qint64(0) << qint64(0);
    QTest::newRow("one slice") << "X a 100 50" << qint64(100) << qint64(150);
    QTest::newRow("earlier counter") << "X a 100 50; C 20 1" << qint64(20) << qint64(150);
    QTest::newRow("later global instant") << "X a 100 50; G 500" << qint64(100) << qint64(500);
    QTest::newRow("earlier thread instant") << "X a 100 50; I 90" << qint64(90) << qint64(150);
    QTest::newRow("open B alone") << "B a 40" << qint64(40) << qint64(40);
    QTest::newRow("negative times") << "X a -30 10" << qint64(-30) << qint64(-20);
    QTest::newRow("async end") << "b 1 r 5; e 1 r 900; X a 100 50" << qint64(5) << qint64(900);
    // clang-format on
}

void tst_StoreBuilder::extent()
{
    QFETCH(QString, script);
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    Script sc;
    sc.run(script);
    const Store s = StoreFinalizer::finalize(sc.b);
    QCOMPARE(s->extent().start, TimeNs(start));
    QCOMPARE(s->extent().end, TimeNs(end));
}

void tst_StoreBuilder::timesOutOfRange_data()
{
    // kTimeLimit = 2^62 - 1 = 4611686018427387903: times past it are dropped and counted, a
    // slice ending past it is clamped there; nothing overflows (the asan preset checks).
    QTest::addColumn<QString>("script");
    QTest::addColumn<int>("slices");
    QTest::addColumn<qint64>("end"); // extent end
    QTest::addColumn<int>("outOfRange");
    QTest::addColumn<int>("clamped");
    QTest::newRow("at the limit") << "X a 4611686018427387903 0" << 1 << qint64(4611686018427387903) << 0 << 0;
    QTest::newRow("past the limit") << "X a 0 1; X a 4611686018427387904 10" << 1 << qint64(1) << 1 << 0;
    QTest::newRow("before minus the limit") << "X a 0 1; X a -4611686018427387904 10" << 1 << qint64(1) << 1 << 0;
    QTest::newRow("INT64_MAX duration") << "X a 0 9223372036854775807" << 1 << qint64(4611686018427387903) << 0 << 1;
    QTest::newRow("end past the limit") << "X a 4611686018427387000 5000" << 1 << qint64(4611686018427387903) << 0 << 1;
    QTest::newRow("B and E at both limits")
        << "B a -4611686018427387903; E a 4611686018427387903" << 1 << qint64(4611686018427387903) << 0 << 0;
    QTest::newRow("E past the limit: closed at the trace's end")
        << "B a 0; X b 5 5; E a 9223372036854775807" << 2 << qint64(10) << 1 << 0;
    QTest::newRow("B past the limit") << "X b 0 5; B a 9223372036854775807; E a 9" << 1 << qint64(5) << 1 << 0;
    QTest::newRow("instants and counters past the limit")
        << "X a 0 5; I -9223372036854775808; G 9223372036854775807; C 9223372036854775807 1" << 1 << qint64(5) << 3
        << 0;
    QTest::newRow("async past the limit")
        << "X a 0 5; b 1 r 4611686018427387904; e 1 r 3; b 2 s 1; e 2 s 9223372036854775807" << 2 << qint64(5) << 2
        << 0;
}

void tst_StoreBuilder::timesOutOfRange()
{
    QFETCH(QString, script);
    QFETCH(int, slices);
    QFETCH(qint64, end);
    QFETCH(int, outOfRange);
    QFETCH(int, clamped);
    Script sc;
    sc.run(script);
    const Store s = StoreFinalizer::finalize(sc.b);
    QCOMPARE(int(s->sliceCount()), slices);
    QCOMPARE(s->extent().end, TimeNs(end));
    QCOMPARE(int(s->diagnostics().get("time_out_of_range")), outOfRange);
    QCOMPARE(int(s->diagnostics().get("slice_end_clamped")), clamped);
}

void tst_StoreBuilder::cancelledFinalize()
{
    Script sc;
    sc.run("X a 0 10; X b 20 10; C 5 1");
    std::atomic<bool> cancel { true };
    QVERIFY(StoreFinalizer::finalize(sc.b, {}, &cancel) == nullptr);

    Script ok;
    ok.run("X a 0 10");
    std::atomic<bool> notCancelled { false };
    const Store s = StoreFinalizer::finalize(ok.b, {}, &notCancelled);
    QVERIFY(s);
    QCOMPARE(s->sliceCount(), size_t(1));
}

void tst_StoreBuilder::progressEndsAtOne()
{
    Script sc;
    sc.run("X a 0 10; X b 20 10; B c 30; E c 40");
    QList<double> seen;
    const Store s = StoreFinalizer::finalize(sc.b, [&](double p) { seen << p; });
    QVERIFY(s);
    QVERIFY(!seen.isEmpty());
    QCOMPARE(seen.last(), 1.0);
    for (int i = 0; i < seen.size(); ++i) {
        QVERIFY(seen[i] >= 0.0 && seen[i] <= 1.0);
        if (i > 0)
            QVERIFY(seen[i] >= seen[i - 1]);
    }
}

QTEST_APPLESS_MAIN(tst_StoreBuilder)
#include "tst_storebuilder.moc"
