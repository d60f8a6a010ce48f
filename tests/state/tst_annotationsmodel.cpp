#include <state/annotationsmodel.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace strata;
using model::AnnotationsModel;
using model::MarkerAnchor;
using model::MarkerId;
using store::TimeNs;

namespace {

// Host (pid 1) / main (tid 10): "a" [1000, 3000] > "b" [1200, 2000]; "c" [4000, 5000].
// `extraFirst` puts another process before it, so every TrackId and SliceRow moves (a
// re-import of an edited trace); `aDur` changes how long "a" lasts.
std::shared_ptr<const store::EventStore> makeStore(bool extraFirst = false, TimeNs aDur = 2000)
{
    store::StoreBuilder b;
    auto ty = [&](const char* n) { return b.type(b.intern(n), b.intern("op")); };
    if (extraFirst) {
        const store::ProcessId p = b.process(store::IdValue::number(0));
        b.setProcessSortIndex(p, -1);
        const uint32_t t = b.thread(p, store::IdValue::number(5));
        b.completeSlice(t, 100, 50, ty("first"), {});
        b.completeSlice(t, 1000, 50, ty("a"), {}); // same name and start, other thread
    }
    const store::ProcessId host = b.process(store::IdValue::number(1));
    b.setProcessName(host, b.intern("Host"));
    const uint32_t main = b.thread(host, store::IdValue::number(10));
    b.setThreadName(main, b.intern("main"));
    b.completeSlice(main, 1000, aDur, ty("a"), {});
    b.completeSlice(main, 1200, 800, ty("b"), {});
    b.completeSlice(main, 4000, 1000, ty("c"), {});
    return store::StoreFinalizer::finalize(b);
}

store::SliceRow rowNamed(const store::EventStore& s, const char* name, TimeNs ts)
{
    for (uint32_t r = 0; r < s.sliceCount(); ++r) {
        if (s.str(s.sliceName(store::SliceRow(r))) == name && s.sliceTs(store::SliceRow(r)) == ts
            && s.str(s.process(s.track(s.sliceTrack(store::SliceRow(r))).process).name) == "Host")
            return store::SliceRow(r);
    }
    return {};
}

QStringList names(const AnnotationsModel& m)
{
    QStringList out;
    for (const model::Marker& k : m.markers())
        out << k.name;
    return out;
}

} // namespace

class tst_AnnotationsModel : public QObject {
    Q_OBJECT

private slots:
    void addKeepsTimeOrder()
    {
        AnnotationsModel m;
        QSignalSpy changed(&m, &AnnotationsModel::changed);
        const MarkerId a = m.add(3000), b = m.add(1000), c = m.add(2000, std::nullopt, QStringLiteral("mid"));
        QCOMPARE(changed.count(), 3);
        QCOMPARE(names(m), (QStringList { "M2", "mid", "M1" }));
        QVERIFY(a != b && b != c && a.valid());
        QCOMPARE(m.indexOf(b), 0);
        QCOMPARE(m.deltaToPrevious(b), std::nullopt);
        QCOMPARE(m.deltaToPrevious(a), std::optional<TimeNs>(1000));
        QVERIFY(m.find(a)->rgb != m.find(b)->rgb); // each new marker takes the next colour
    }

    void diffVsDelta_data()
    {
        QTest::addColumn<qlonglong>("t1");
        QTest::addColumn<qlonglong>("t2");
        QTest::newRow("later") << 1000LL << 4500LL;
        QTest::newRow("earlier") << 9000LL << 250LL;
        QTest::newRow("same") << 700LL << 700LL;
        QTest::newRow("epoch ns") << 1712345678901234567LL << 1712345678901334567LL;
    }
    void diffVsDelta()
    {
        QFETCH(qlonglong, t1);
        QFETCH(qlonglong, t2);
        AnnotationsModel m;
        const MarkerId a = m.add(t1), b = m.add(t2);
        QCOMPARE(m.diffVsDelta(b), std::nullopt);
        QVERIFY(m.setDiffVs(b, a));
        QVERIFY(!m.setDiffVs(b, b)); // never against itself
        QCOMPARE(m.diffVsDelta(b), std::optional<TimeNs>(t2 - t1));
        const auto range = m.pairRange(b);
        QVERIFY(range);
        QCOMPARE(range->start, std::min<TimeNs>(t1, t2));
        QCOMPARE(range->end, std::max<TimeNs>(t1, t2));
    }

    void pairFromRange()
    {
        AnnotationsModel m;
        const auto [a, b] = m.addPair({ 5000, 2000 });
        QCOMPARE(m.find(a)->time, TimeNs(2000));
        QCOMPARE(m.find(b)->time, TimeNs(5000));
        QCOMPARE(m.find(b)->diffVs, a);
        QCOMPARE(m.diffVsDelta(b), std::optional<TimeNs>(3000));
    }

    void renameRemoveSelect()
    {
        AnnotationsModel m;
        const MarkerId a = m.add(10), b = m.add(20);
        m.setDiffVs(b, a);
        QSignalSpy selected(&m, &AnnotationsModel::selectedChanged);
        m.setSelected(a);
        QCOMPARE(selected.count(), 1);
        QVERIFY(m.rename(a, QStringLiteral("  start  ")));
        QCOMPARE(m.find(a)->name, QStringLiteral("start"));
        QVERIFY(!m.rename(a, QStringLiteral("   "))); // a marker always has a name
        const quint64 rev = m.revision();
        QVERIFY(m.remove(a));
        QVERIFY(m.revision() > rev);
        QCOMPARE(m.selected(), MarkerId());
        QCOMPARE(selected.count(), 2);
        QCOMPARE(m.find(b)->diffVs, MarkerId()); // its pair is gone
        QVERIFY(!m.remove(a));
        m.setSelected(a); // unknown ids clear
        QCOMPARE(m.selected(), MarkerId());
    }

    void moveWithAnchor()
    {
        const auto s = makeStore();
        AnnotationsModel m;
        const MarkerId id = m.add(0);
        const store::SliceRow c = rowNamed(*s, "c", 4000);
        const MarkerAnchor anchor = MarkerAnchor::of(*s, c, MarkerAnchor::Edge::End);
        QVERIFY(m.move(id, 5000, anchor));
        QCOMPARE(m.find(id)->time, TimeNs(5000));
        QVERIFY(m.find(id)->anchor);
        QCOMPARE(m.find(id)->anchor->event, QStringLiteral("c"));
        QVERIFY(!m.move(id, 5000, anchor)); // nothing changed, no signal
        QVERIFY(m.move(id, 5100));
        QVERIFY(!m.find(id)->anchor); // moved off the edge
    }

    void saveLoadRoundTrip()
    {
        QTemporaryDir dir;
        const auto s = makeStore();
        AnnotationsModel m;
        const MarkerId a = m.add(1712345678901234567LL, std::nullopt, QStringLiteral("Начало \"quoted\""));
        const MarkerId b = m.add(4000, MarkerAnchor::of(*s, rowNamed(*s, "c", 4000), MarkerAnchor::Edge::Start));
        m.setDiffVs(a, b);
        m.setColor(b, 0x123456);
        m.setSelected(b);
        const QString path = dir.filePath(QStringLiteral("set.json"));
        QString error;
        QVERIFY2(m.saveFile(path, &error), qPrintable(error));

        AnnotationsModel other;
        other.add(1);
        QVERIFY2(other.loadFile(path, &error), qPrintable(error));
        QCOMPARE(other.count(), 2);
        QCOMPARE(other.selected(), b);
        for (const model::Marker& k : m.markers()) {
            const model::Marker* o = other.find(k.id);
            QVERIFY(o);
            QCOMPARE(o->name, k.name);
            QCOMPARE(o->time, k.time);
            QCOMPARE(o->rgb, k.rgb);
            QCOMPARE(o->diffVs, k.diffVs);
            QCOMPARE(o->anchor.has_value(), k.anchor.has_value());
            if (k.anchor)
                QVERIFY(*o->anchor == *k.anchor);
        }
        // New markers continue after the loaded ids.
        const MarkerId c = other.add(5);
        QVERIFY(c.v > std::max(a.v, b.v));
    }

    void corruptFileKeepsMarkers_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("reason");
        QTest::newRow("truncated") << QByteArray("{\"format\": \"strata-annotations\", \"vers") << "not valid JSON";
        QTest::newRow("array") << QByteArray("[1, 2]") << "not a Strata marker file";
        QTest::newRow("other format") << QByteArray(R"({"format": "strata-layout", "version": 1, "markers": []})")
                                      << "not a Strata marker file";
        QTest::newRow("newer") << QByteArray(R"({"format": "strata-annotations", "version": 99, "markers": []})")
                               << "newer Strata";
        QTest::newRow("no time") << QByteArray(R"({"format": "strata-annotations", "version": 1,
            "markers": [{"id": 1, "name": "x"}]})")
                                 << "marker 1: \"time_ns\"";
    }
    void corruptFileKeepsMarkers()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        f.close();
        AnnotationsModel m;
        m.add(100, std::nullopt, QStringLiteral("keep"));
        QSignalSpy changed(&m, &AnnotationsModel::changed);
        QString error;
        QVERIFY(!m.loadFile(path, &error));
        QVERIFY2(error.startsWith(path + QStringLiteral(": ")), qPrintable(error));
        QVERIFY2(error.contains(reason), qPrintable(error));
        QCOMPARE(changed.count(), 0);
        QCOMPARE(names(m), QStringList { "keep" });
        QVERIFY(!m.loadFile(dir.filePath(QStringLiteral("missing.json")), &error));
        QVERIFY(error.contains(QStringLiteral("missing.json")));
    }

    void resolveAnchorsAfterReimport()
    {
        const auto before = makeStore();
        AnnotationsModel m;
        const store::SliceRow a0 = rowNamed(*before, "a", 1000);
        const MarkerId end = m.add(3000, MarkerAnchor::of(*before, a0, MarkerAnchor::Edge::End));
        const MarkerId start = m.add(1000, MarkerAnchor::of(*before, a0, MarkerAnchor::Edge::Start));
        const MarkerId loose = m.add(4500);
        // The trace again, with another process first (other rows) and "a" now 500 ns longer.
        const auto after = makeStore(/*extraFirst*/ true, /*aDur*/ 2500);
        QVERIFY(rowNamed(*after, "a", 1000) != a0);
        QSignalSpy changed(&m, &AnnotationsModel::changed);
        QCOMPARE(m.resolveAnchors(*after), 1);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(m.find(end)->time, TimeNs(3500)); // followed the end of "a" on Host/main
        QCOMPARE(m.find(start)->time, TimeNs(1000));
        QCOMPARE(m.find(loose)->time, TimeNs(4500));
        // A trace without the slice leaves the marker where it was.
        store::StoreBuilder b;
        const uint32_t t = b.thread(b.process(store::IdValue::number(1)), store::IdValue::number(10));
        b.completeSlice(t, 0, 10, b.type(b.intern("z"), b.intern("op")), {});
        QCOMPARE(m.resolveAnchors(*store::StoreFinalizer::finalize(b)), 0);
        QCOMPARE(m.find(end)->time, TimeNs(3500));
    }

    void clearEmptiesOnce()
    {
        AnnotationsModel m;
        QSignalSpy changed(&m, &AnnotationsModel::changed);
        m.clear();
        QCOMPARE(changed.count(), 0); // nothing to clear
        m.add(1);
        m.clear();
        QCOMPARE(changed.count(), 2);
        QCOMPARE(m.count(), 0);
        QCOMPARE(m.add(5).v, 1u); // ids start again for the next profile
    }
};

QTEST_GUILESS_MAIN(tst_AnnotationsModel)
#include "tst_annotationsmodel.moc"
