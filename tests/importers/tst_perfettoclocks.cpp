// The Perfetto importer's ClockConverter through ProfileLoader::load, on a trace generated
// by perfettotracewriter.h: timestamps on the trace clock, on another clock of a snapshot,
// on a sequence-scoped incremental clock in µs, and on a clock no snapshot names.
#include "importertestutil.h"
#include "perfettotracewriter.h"
#include "tracefolder.h"

#include <QtTest>

using strata::importers::LoadResult;
using namespace strata::store;
using namespace perfettotest;
using namespace importertest;

class tst_PerfettoClocks : public QObject {
    Q_OBJECT

    testfiles::TraceFolder m_dir;

    LoadResult load(const std::string& bytes) { return m_dir.loadNew(bytes, QStringLiteral(".pftrace")); }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void clocks()
    {
        Trace t;
        t.add(Packet().seq(1).track(Track(1).name("npu")));
        // BOOTTIME 1e9 ↔ MONOTONIC 5e8; a sequence clock 64 in µs, incremental, at 100 µs = BOOTTIME 1e9 + 1000.
        t.add(Packet().seq(1).clockSnapshot({ { 6, 1000000000 }, { 3, 500000000 } }));
        t.add(Packet().seq(2).clockSnapshot({ { 6, 1000001000 }, { 64, 100, true, 1000 } }));
        t.add(Packet().ts(1000).seq(1).event(Event::instant(1).name("boottime")));
        t.add(Packet().ts(500000100).clockId(3).seq(1).event(Event::instant(1).name("monotonic")));
        t.add(Packet().ts(2).clockId(64).seq(2).event(Event::instant(1).name("seq clock +2us")));
        t.add(Packet().ts(3).clockId(64).seq(2).event(Event::instant(1).name("seq clock +5us")));
        t.add(Packet().ts(7).clockId(99).seq(2).event(Event::instant(1).name("unknown clock")));
        const LoadResult r = load(t.bytes());
        QVERIFY2(r.store, r.error.c_str());
        const EventStore& s = *r.store;
        QCOMPARE(dumpInstants(s, trackLabel),
            (QStringList { "npu:unknown clock@7", "npu:boottime@1000", "npu:monotonic@1000000100",
                "npu:seq clock +2us@1000003000", "npu:seq clock +5us@1000006000" }));
        QCOMPARE(histogram(s.diagnostics().counts()), QStringLiteral("perfetto_clock_unsynced:1"));
        QCOMPARE(histogram(r.phases),
            QStringLiteral("clock_snapshot:2 timestamp:5 timestamp_clock_id:4 "
                           "track_descriptor:1 track_event:5 trusted_packet_sequence_id:8"));
    }
};

QTEST_APPLESS_MAIN(tst_PerfettoClocks)
#include "tst_perfettoclocks.moc"
