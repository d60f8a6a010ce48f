#include <state/comparison.h>

#include <state/annotationsmodel.h>
#include <state/selection.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QSignalSpy>
#include <QTest>

using namespace strata;
using model::Comparison;

namespace {

// A profile of one host thread: a lone "setup" slice at `origin`, then `steps` training
// steps ("ProfilerStep#k", 1000 ns apart from origin + lead), each holding two operator
// instances named "<prefix>_conv1_0" (a sequence-numbered RBLN-style name).
std::shared_ptr<const store::EventStore> makeStore(
    store::TimeNs origin, store::TimeNs lead, int steps, const std::string& prefix)
{
    store::StoreBuilder b;
    const uint32_t t = b.thread(b.process(store::IdValue::number(1)), store::IdValue::number(1));
    const store::StringId cat = b.intern("c");
    b.completeSlice(t, origin, 100, b.type(b.intern("setup"), cat), store::ArgSetId());
    const store::TypeId conv = b.type(b.intern(prefix + "_conv1_0"), cat);
    for (int k = 0; k < steps; ++k) {
        const store::TimeNs s = origin + lead + k * 1000;
        b.completeSlice(t, s, 900, b.type(b.intern("ProfilerStep#" + std::to_string(k + 3)), cat), store::ArgSetId());
        b.completeSlice(t, s + 100, 200, conv, store::ArgSetId());
        b.completeSlice(t, s + 500, 200, conv, store::ArgSetId());
    }
    return store::StoreFinalizer::finalize(b);
}

// The row of the n-th slice (start order) named `name`.
store::SliceRow nthNamed(const store::EventStore& s, const std::string& name, int n)
{
    std::vector<std::pair<store::TimeNs, uint32_t>> rows;
    for (uint32_t r = 0; r < s.sliceCount(); ++r)
        if (s.str(s.sliceName(store::SliceRow(r))) == name)
            rows.emplace_back(s.sliceTs(store::SliceRow(r)), r);
    std::sort(rows.begin(), rows.end());
    return store::SliceRow(rows.at(size_t(n)).second);
}

} // namespace

class tst_Comparison : public QObject {
    Q_OBJECT
private slots:
    void startAndEnd()
    {
        model::Session a;
        a.open(makeStore(0, 1000, 3, "12"), "a.json", model::LoadInfo());
        Comparison c(&a);
        QSignalSpy changed(&c, &Comparison::changed);
        QVERIFY(!c.active());
        QVERIFY(!c.b()->isOpen());
        c.start(makeStore(0, 1000, 3, "57"), "b.json", model::LoadInfo());
        QVERIFY(c.active());
        QCOMPARE(c.b()->filePath(), QString("b.json"));
        QCOMPARE(changed.count(), 1);
        c.end();
        QVERIFY(!c.active());
        QVERIFY(!c.b()->isOpen());
        QCOMPARE(changed.count(), 2);
        QVERIFY(a.isOpen());
        c.end(); // not comparing: nothing happens
        QCOMPARE(changed.count(), 2);
    }

    void traceStart_data()
    {
        QTest::addColumn<qlonglong>("originA");
        QTest::addColumn<qlonglong>("originB");
        QTest::newRow("same clock") << 0LL << 0LL;
        QTest::newRow("B later") << 1000LL << 250000LL;
        QTest::newRow("B earlier, epoch clock") << 1700000000000000000LL << 1600000000000000000LL;
    }

    void traceStart()
    {
        QFETCH(qlonglong, originA);
        QFETCH(qlonglong, originB);
        model::Session a;
        a.open(makeStore(originA, 1000, 2, "12"), "a.json", model::LoadInfo());
        Comparison c(&a);
        c.start(makeStore(originB, 1000, 2, "12"), "b.json", model::LoadInfo());
        QCOMPARE(c.alignment(), Comparison::Alignment::TraceStart);
        QCOMPARE(c.offsetNs(), originB - originA);
        c.setOffsetNs(7);
        QVERIFY(c.align(Comparison::Alignment::TraceStart));
        QCOMPARE(c.offsetNs(), originB - originA);
    }

    void firstStepWaitsForBothCatalogs()
    {
        model::Session a;
        a.open(makeStore(0, 1000, 3, "12"), "a.json", model::LoadInfo());
        Comparison c(&a);
        QSignalSpy offsets(&c, &Comparison::offsetChanged);
        // Same trace start, but B's first step comes 4000 ns later.
        c.start(makeStore(0, 5000, 3, "57"), "b.json", model::LoadInfo());
        QCOMPARE(c.offsetNs(), 0);
        QVERIFY(c.align(Comparison::Alignment::FirstStep));
        QCOMPARE(c.alignment(), Comparison::Alignment::FirstStep);
        QTRY_COMPARE(c.offsetNs(), store::TimeNs(4000));
        QCOMPARE(offsets.count(), 1);
        QCOMPARE(offsets.at(0).at(0).value<store::TimeNs>(), store::TimeNs(4000));
    }

    void firstStepFailsWithoutSteps()
    {
        model::Session a;
        a.open(makeStore(0, 1000, 0, "12"), "a.json", model::LoadInfo());
        Comparison c(&a);
        c.start(makeStore(300, 1000, 3, "57"), "b.json", model::LoadInfo());
        QSignalSpy failed(&c, &Comparison::alignmentFailed);
        // Accepted while the steps are being found (results arrive through the event loop)...
        QVERIFY(c.align(Comparison::Alignment::FirstStep));
        QCOMPARE(c.alignment(), Comparison::Alignment::FirstStep);
        // ...then A turns out to have none: back to the trace starts, and said so.
        QTRY_COMPARE(failed.count(), 1);
        QCOMPARE(failed.at(0).at(0).value<Comparison::Alignment>(), Comparison::Alignment::FirstStep);
        QCOMPARE(c.alignment(), Comparison::Alignment::TraceStart);
        QCOMPARE(c.offsetNs(), store::TimeNs(300));
        // Asked again once both are known, it is refused at once.
        QVERIFY(!c.align(Comparison::Alignment::FirstStep));
        QCOMPARE(c.alignment(), Comparison::Alignment::TraceStart);
    }

    void markers()
    {
        model::Session a;
        a.open(makeStore(0, 1000, 2, "12"), "a.json", model::LoadInfo());
        Comparison c(&a);
        c.start(makeStore(0, 1000, 2, "57"), "b.json", model::LoadInfo());
        QVERIFY(!c.align(Comparison::Alignment::Markers)); // no marker in either
        a.annotations()->add(1500);
        QVERIFY(!c.align(Comparison::Alignment::Markers)); // none in B
        c.b()->annotations()->add(4000);
        c.b()->annotations()->add(2100); // the first marker is the earliest
        QVERIFY(c.align(Comparison::Alignment::Markers));
        QCOMPARE(c.offsetNs(), store::TimeNs(600));
        QCOMPARE(c.alignment(), Comparison::Alignment::Markers);
    }

    void selectedEvent_data()
    {
        QTest::addColumn<QString>("nameA");
        QTest::addColumn<int>("nth");
        QTest::addColumn<qlonglong>("expected");
        // B's steps start 3000 ns later on the same clock; the n-th instance pairs with B's n-th.
        QTest::newRow("first conv") << "12_conv1_0" << 0 << 3000LL;
        QTest::newRow("fourth conv") << "12_conv1_0" << 3 << 3000LL;
        QTest::newRow("numbered step") << "ProfilerStep#4" << 0 << 3000LL;
    }

    void selectedEvent()
    {
        QFETCH(QString, nameA);
        QFETCH(int, nth);
        QFETCH(qlonglong, expected);
        model::Session a;
        a.open(makeStore(0, 1000, 3, "12"), "a.json", model::LoadInfo());
        Comparison c(&a);
        c.start(makeStore(0, 4000, 3, "57"), "b.json", model::LoadInfo());
        QVERIFY(!c.align(Comparison::Alignment::SelectedEvent)); // nothing selected
        const store::SliceRow row = nthNamed(*a.store(), nameA.toStdString(), nth);
        a.selection()->setCurrent(model::EventRef::slice(row));
        QVERIFY(c.align(Comparison::Alignment::SelectedEvent));
        QCOMPARE(c.offsetNs(), store::TimeNs(expected));
    }

    void selectedEventWithoutMatch()
    {
        model::Session a;
        a.open(makeStore(0, 1000, 3, "12"), "a.json", model::LoadInfo());
        Comparison c(&a);
        c.start(makeStore(0, 1000, 1, "57"), "b.json", model::LoadInfo()); // one step: two convs
        a.selection()->setCurrent(model::EventRef::slice(nthNamed(*a.store(), "12_conv1_0", 4)));
        QVERIFY(!c.align(Comparison::Alignment::SelectedEvent));
        QCOMPARE(c.offsetNs(), 0);
        QCOMPARE(c.alignment(), Comparison::Alignment::TraceStart);
    }

    void manualOffset()
    {
        model::Session a;
        a.open(makeStore(0, 1000, 2, "12"), "a.json", model::LoadInfo());
        Comparison c(&a);
        c.start(makeStore(0, 1000, 2, "12"), "b.json", model::LoadInfo());
        QSignalSpy offsets(&c, &Comparison::offsetChanged);
        QSignalSpy alignments(&c, &Comparison::alignmentChanged);
        c.setOffsetNs(-1234);
        QCOMPARE(c.offsetNs(), store::TimeNs(-1234));
        QCOMPARE(c.alignment(), Comparison::Alignment::Manual);
        QCOMPARE(offsets.count(), 1);
        QCOMPARE(alignments.count(), 1);
        c.setOffsetNs(-1234);
        QCOMPARE(offsets.count(), 1);
    }

    void swapHandsOverStores()
    {
        model::Session a;
        const auto storeA = makeStore(0, 1000, 2, "12");
        const auto storeB = makeStore(500, 1000, 2, "57");
        model::LoadInfo infoA, infoB;
        infoA.format = "A format";
        infoB.format = "B format";
        a.open(storeA, "a.json", infoA);
        Comparison c(&a);
        c.start(storeB, "b.json", infoB);
        QCOMPARE(c.offsetNs(), store::TimeNs(500));
        QSignalSpy changed(&c, &Comparison::changed);
        c.swap();
        QCOMPARE(a.store().get(), storeB.get()); // handed over, not parsed again
        QCOMPARE(c.b()->store().get(), storeA.get());
        QCOMPARE(a.filePath(), QString("b.json"));
        QCOMPARE(c.b()->filePath(), QString("a.json"));
        QCOMPARE(a.loadInfo().format, QString("B format"));
        QCOMPARE(c.b()->loadInfo().format, QString("A format"));
        QCOMPARE(c.offsetNs(), store::TimeNs(-500));
        QCOMPARE(changed.count(), 1);
        QVERIFY(c.active());
    }

    void anotherAKeepsB()
    {
        model::Session a;
        a.open(makeStore(0, 1000, 2, "12"), "a.json", model::LoadInfo());
        Comparison c(&a);
        c.start(makeStore(100, 1000, 2, "57"), "b.json", model::LoadInfo());
        QSignalSpy changed(&c, &Comparison::changed);
        a.open(makeStore(40, 1000, 2, "12"), "a2.json", model::LoadInfo());
        QCOMPARE(changed.count(), 1);
        QVERIFY(c.active());
        QCOMPARE(c.b()->filePath(), QString("b.json"));
        QCOMPARE(c.offsetNs(), store::TimeNs(60)); // trace starts realigned
        a.close(); // nothing to compare against any more
        QVERIFY(!c.active());
    }

    // The user's pairings: one partner per engine on each side, turned around by Swap, gone
    // with another A or the end of the comparison.
    void engineOverrides()
    {
        model::Session a;
        a.open(makeStore(0, 1000, 2, "12"), "a.json", model::LoadInfo());
        Comparison c(&a);
        QSignalSpy spy(&c, &Comparison::engineOverridesChanged);
        c.setEnginePartner(store::TrackId(0), store::TrackId(1)); // not comparing: nothing to pair
        QVERIFY(c.engineOverrides().empty());
        c.start(makeStore(100, 1000, 2, "57"), "b.json", model::LoadInfo());
        auto pairs = [&c] {
            QStringList out;
            for (const auto& o : c.engineOverrides())
                out << QStringLiteral("%1>%2").arg(o.a.v).arg(o.b.v);
            return out.join(QLatin1Char(' '));
        };
        c.setEnginePartner(store::TrackId(0), store::TrackId(1));
        c.setEnginePartner(store::TrackId(0), store::TrackId(1)); // the same again: no signal
        c.setEnginePartner(store::TrackId(1), store::TrackId(0));
        QCOMPARE(pairs(), QStringLiteral("0>1 1>0"));
        c.setEnginePartner(store::TrackId(2), store::TrackId(1)); // B's 1 leaves A's 0
        QCOMPARE(pairs(), QStringLiteral("1>0 2>1"));
        c.setEnginePartner(store::TrackId(1), store::TrackId()); // back to the automatic pairing
        QCOMPARE(pairs(), QStringLiteral("2>1"));
        c.setEnginePartner(store::TrackId(1), store::TrackId()); // nothing chosen for it: no signal
        QCOMPARE(spy.count(), 4);
        c.swap();
        QCOMPARE(pairs(), QStringLiteral("1>2"));
        a.open(makeStore(40, 1000, 2, "12"), "a2.json", model::LoadInfo());
        QCOMPARE(pairs(), QString());
        c.setEnginePartner(store::TrackId(0), store::TrackId(0));
        c.end();
        QCOMPARE(pairs(), QString());
    }

    void threshold()
    {
        model::Session a;
        Comparison c(&a);
        QSignalSpy spy(&c, &Comparison::thresholdChanged);
        QCOMPARE(c.thresholdPct(), 2.0);
        c.setThresholdPct(5);
        c.setThresholdPct(5);
        c.setThresholdPct(-1);
        QCOMPARE(c.thresholdPct(), 5.0);
        QCOMPARE(spy.count(), 1);
    }
};

QTEST_GUILESS_MAIN(tst_Comparison)
#include "tst_comparison.moc"
