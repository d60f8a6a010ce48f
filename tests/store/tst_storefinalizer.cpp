// StoreFinalizer carrying per-slice columns set through StoreBuilder across its sort:
// bar heights (EventStore::sliceHeight) and the slices of memory accesses.
#include <support/storetestutil.h>

#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

#include <cmath>

using namespace strata::store;
using namespace storetest;

namespace {

using Store = std::shared_ptr<const EventStore>;

// SliceScript: slices "name@ts+dur" or "name@ts+dur^pct" (height in percent), added in this
// order to thread 1/1 (or 1/2 after a "|").
struct SliceScript {
    StoreBuilder b;
    std::vector<SliceHandle> handles;

    explicit SliceScript(const QString& text)
    {
        const uint32_t t1 = b.thread(b.process(IdValue::number(1)), IdValue::number(1));
        const uint32_t t2 = b.thread(b.process(IdValue::number(1)), IdValue::number(2));
        uint32_t thread = t1;
        for (const QString& item : text.split(' ', Qt::SkipEmptyParts)) {
            if (item == "|") {
                thread = t2;
                continue;
            }
            const QStringList hp = item.split('^');
            const QStringList at = hp[0].split('@');
            const QStringList td = at[1].split('+');
            const TypeId type = b.type(b.intern(at[0].toStdString()), StringId());
            const SliceHandle h = b.completeSlice(thread, td[0].toLongLong(), td[1].toLongLong(), type, ArgSetId());
            if (hp.size() > 1)
                b.setSliceHeight(h, hp[1].toFloat() / 100.0f);
            handles.push_back(h);
        }
    }
};

// Every slice row as "name:pct" in row order (pct rounded), tracks separated by " | ".
QString heights(const EventStore& s)
{
    QStringList tracks;
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        const RowRange r = s.track(TrackId(t)).slices;
        if (r.empty())
            continue;
        QStringList rows;
        for (uint32_t i = r.begin; i < r.end; ++i)
            rows << QString("%1:%2")
                        .arg(qs(s.str(s.sliceName(SliceRow(i)))))
                        .arg(std::lround(s.sliceHeight(SliceRow(i)) * 100));
        tracks << rows.join(' ');
    }
    return tracks.join(" | ");
}

} // namespace

class tst_StoreFinalizer : public QObject {
    Q_OBJECT
private slots:
    void noHeightsCostNothing()
    {
        SliceScript sc("a@0+10 b@20+10");
        const Store s = StoreFinalizer::finalize(sc.b);
        QVERIFY(!s->hasSliceHeights());
        QCOMPARE(s->sliceHeight(SliceRow(0)), 1.0f);
        QCOMPARE(heights(*s), QString("a:100 b:100"));
    }

    void heightsFollowTheSort_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("expected");
        // clang-format off
        QTest::newRow("in order") << "a@0+10^50 b@20+10 c@40+10^25" << "a:50 b:100 c:25";
        QTest::newRow("out of order") << "c@40+10^25 a@0+10^50 b@20+10^10" << "a:50 b:10 c:25";
        QTest::newRow("nested: parent row first, then the child level") << "kid@2+3^30 mom@0+10^60" << "mom:60 kid:30";
        QTest::newRow("partial overlap goes to the overflow lane with its height")
            << "a@0+10^40 b@5+10^70 c@20+5" << "a:40 c:100 | b:70";
        QTest::newRow("two threads") << "a@0+10^20 | x@0+10 y@20+10^90" << "a:20 | x:100 y:90";
        QTest::newRow("clamped and zero") << "a@0+10^150 b@20+10^-5 z@40+1^0" << "a:100 b:0 z:0";
        QTest::newRow("rounded to 1/255") << "a@0+10^33.3" << "a:33";
        // clang-format on
    }
    void heightsFollowTheSort()
    {
        QFETCH(QString, script);
        QFETCH(QString, expected);
        SliceScript sc(script);
        const Store s = StoreFinalizer::finalize(sc.b);
        QVERIFY(s->hasSliceHeights());
        QCOMPARE(heights(*s), expected);
    }

    void heightOfInvalidHandleIgnored()
    {
        StoreBuilder b;
        b.setSliceHeight(SliceHandle(), 0.5f);
        const Store s = StoreFinalizer::finalize(b);
        QVERIFY(!s->hasSliceHeights());
    }

    void memoryAccessesBoundToFinalRows_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<int>("sliceIndex"); // index into the script's slices; -1: no slice
        QTest::addColumn<QString>("expectedName");
        QTest::newRow("in order") << "a@0+10 b@20+10" << 1 << "b";
        QTest::newRow("out of order") << "c@40+10 a@0+10 b@20+10" << 0 << "c";
        QTest::newRow("overflow lane") << "a@0+10 b@5+10 c@20+5" << 1 << "b";
        QTest::newRow("second thread") << "a@0+10 | x@30+10 y@0+5" << 1 << "x";
        QTest::newRow("no slice") << "a@0+10" << -1 << "";
    }
    void memoryAccessesBoundToFinalRows()
    {
        QFETCH(QString, script);
        QFETCH(int, sliceIndex);
        QFETCH(QString, expectedName);
        SliceScript sc(script);
        MemorySpace sp;
        sp.kind = MemoryKind::Local;
        sp.size = 1024;
        const MemorySpaceId space = sc.b.addMemorySpace(sp);
        MemoryAccess a;
        a.space = space;
        a.start = 3;
        a.end = 7;
        a.address = 64;
        a.size = 32;
        a.write = true;
        a.slice = SliceRow(12345); // ignored: the handle decides
        sc.b.memoryAccess(sliceIndex < 0 ? SliceHandle() : sc.handles[size_t(sliceIndex)], a);
        const Store s = StoreFinalizer::finalize(sc.b);
        const MemoryAccessTable& m = s->memoryAccesses();
        QCOMPARE(m.size(), size_t(1));
        QVERIFY(m.isWrite(0));
        QCOMPARE(m.spaceOf(0), space);
        if (sliceIndex < 0) {
            QVERIFY(!m.slice(0).valid());
            return;
        }
        QVERIFY(m.slice(0).valid());
        QCOMPARE(qs(s->str(s->sliceName(m.slice(0)))), expectedName);
        QCOMPARE(m.accessesOf(m.slice(0)).size(), size_t(1));
    }

    void memoryAccessesWidenTheExtent()
    {
        StoreBuilder b;
        const MemorySpaceId space = b.addMemorySpace(MemorySpace {});
        MemoryAccess a;
        a.space = space;
        a.start = 100;
        a.end = 900;
        b.memoryAccess(SliceHandle(), a);
        const Store s = StoreFinalizer::finalize(b);
        QCOMPARE(s->extent().start, TimeNs(100));
        QCOMPARE(s->extent().end, TimeNs(900));
        QVERIFY(s->residentBytes() > sizeof(EventStore));
    }
};

QTEST_APPLESS_MAIN(tst_StoreFinalizer)
#include "tst_storefinalizer.moc"
