#include <state/markeranchor.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

using namespace strata;
using model::MarkerAnchor;
using store::SliceRow;
using store::TimeNs;

namespace {

// pid "npu" (a string, as Kineto writes) / tid "stream 7": "k" [100, 400], "k" [400, 700]
// (same name, back to back); pid 2 / tid 1 "Compute" and an async lane "req" [50, 900].
std::shared_ptr<const store::EventStore> makeStore()
{
    store::StoreBuilder b;
    auto ty = [&](const char* n) { return b.type(b.intern(n), b.intern("op")); };
    const store::ProcessId npu = b.process(store::IdValue::string(b.intern("npu")));
    const uint32_t stream = b.thread(npu, store::IdValue::string(b.intern("stream 7")));
    b.completeSlice(stream, 100, 300, ty("k"), {});
    b.completeSlice(stream, 400, 300, ty("k"), {});
    const store::ProcessId p2 = b.process(store::IdValue::number(2));
    const uint32_t compute = b.thread(p2, store::IdValue::number(1));
    b.setThreadName(compute, b.intern("Compute"));
    b.completeSlice(compute, 100, 300, ty("k"), {}); // same name and start as on stream 7
    b.asyncBegin(p2, 1, 50, ty("req"), {});
    b.asyncEnd(p2, 1, 900, b.intern("req"), nullptr, 0);
    return store::StoreFinalizer::finalize(b);
}

SliceRow find(const store::EventStore& s, const char* track, TimeNs ts)
{
    for (uint32_t r = 0; r < s.sliceCount(); ++r) {
        const SliceRow row(r);
        if (s.trackLabel(s.sliceTrack(row)) == track && s.sliceTs(row) == ts)
            return row;
    }
    return {};
}

} // namespace

class tst_MarkerAnchor : public QObject {
    Q_OBJECT

private slots:
    void resolvesItsOwnSlice_data()
    {
        QTest::addColumn<QString>("track");
        QTest::addColumn<qlonglong>("ts");
        QTest::addColumn<bool>("end");
        QTest::newRow("string pid/tid, start") << "stream 7" << 100LL << false;
        QTest::newRow("string pid/tid, second of a pair") << "stream 7" << 400LL << true;
        QTest::newRow("number pid/tid") << "Compute" << 100LL << true;
        QTest::newRow("async lane") << "req" << 50LL << false;
    }
    void resolvesItsOwnSlice()
    {
        QFETCH(QString, track);
        QFETCH(qlonglong, ts);
        QFETCH(bool, end);
        const auto s = makeStore();
        const SliceRow row = find(*s, track.toUtf8().constData(), ts);
        QVERIFY(row.valid());
        const MarkerAnchor a = MarkerAnchor::of(*s, row, end ? MarkerAnchor::Edge::End : MarkerAnchor::Edge::Start);
        QCOMPARE(a.track, track);
        QCOMPARE(a.start, TimeNs(ts));
        QCOMPARE(a.resolve(*s), row);
        QCOMPARE(a.edgeTime(*s, row), end ? s->sliceEnd(row) : s->sliceTs(row));
    }

    void keyAsWritten()
    {
        const auto s = makeStore();
        const MarkerAnchor a = MarkerAnchor::of(*s, find(*s, "stream 7", 100), MarkerAnchor::Edge::Start);
        QVERIFY(a.pid.isString && a.pid.str == QStringLiteral("npu"));
        QVERIFY(a.hasTid && a.tid.isString && a.tid.str == QStringLiteral("stream 7"));
        const MarkerAnchor lane = MarkerAnchor::of(*s, find(*s, "req", 50), MarkerAnchor::Edge::Start);
        QVERIFY(!lane.hasTid);
        QCOMPARE(lane.pid.num, qint64(2));
    }

    void unresolved_data()
    {
        QTest::addColumn<QString>("what");
        QTest::newRow("other start") << "start";
        QTest::newRow("other name") << "event";
        QTest::newRow("pid as number, not string") << "pid";
        QTest::newRow("other tid") << "tid";
    }
    void unresolved()
    {
        QFETCH(QString, what);
        const auto s = makeStore();
        MarkerAnchor a = MarkerAnchor::of(*s, find(*s, "stream 7", 100), MarkerAnchor::Edge::Start);
        if (what == "start")
            a.start = 101;
        else if (what == "event")
            a.event = QStringLiteral("kk");
        else if (what == "pid")
            a.pid = model::WrittenId { false, 0, {} };
        else
            a.tid.str = QStringLiteral("stream 8");
        QVERIFY(!a.resolve(*s).valid());
    }

    void renamedThreadStillFound()
    {
        const auto s = makeStore();
        const SliceRow row = find(*s, "Compute", 100);
        MarkerAnchor a = MarkerAnchor::of(*s, row, MarkerAnchor::Edge::Start);
        a.track = QStringLiteral("Compute (old name)");
        QCOMPARE(a.resolve(*s), row); // pid and tid still say which thread
    }
};

QTEST_GUILESS_MAIN(tst_MarkerAnchor)
#include "tst_markeranchor.moc"
