#include "markerprofile.h"

#include <store/storefinalizer.h>
#include <timeline/eventplace.h>

#include <QtTest>

using namespace strata;
using model::EventRef;
using widgets::EventPlace;

class tst_EventPlace : public QObject {
    Q_OBJECT

private slots:
    void slices_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<qlonglong>("start");
        QTest::addColumn<qlonglong>("end");
        QTest::addColumn<int>("depth");
        QTest::newRow("top level") << "aten::conv2d" << 1000LL << 3000LL << 0;
        QTest::newRow("nested") << "aten::convolution" << 1200LL << 2000LL << 1;
        QTest::newRow("other process") << "dma" << 1000LL << 1500LL << 0;
    }
    void slices()
    {
        QFETCH(QString, name);
        QFETCH(qlonglong, start);
        QFETCH(qlonglong, end);
        QFETCH(int, depth);
        const auto s = markerprofile::make();
        const store::SliceRow row = markerprofile::row(*s, name.toUtf8().constData());
        const std::optional<EventPlace> p = EventPlace::of(*s, EventRef::slice(row));
        QVERIFY(p);
        QCOMPARE(p->range.start, store::TimeNs(start));
        QCOMPARE(p->range.end, store::TimeNs(end));
        QCOMPARE(p->track, s->sliceTrack(row));
        QCOMPARE(p->depth, depth);
    }

    void instantOnItsTrack()
    {
        store::StoreBuilder b;
        const uint32_t t = b.thread(b.process(store::IdValue::number(1)), store::IdValue::number(1));
        b.completeSlice(t, 0, 10, b.type(b.intern("s"), b.intern("op")), {});
        b.threadInstant(t, 5, b.type(b.intern("i"), b.intern("op")), {});
        const auto s = store::StoreFinalizer::finalize(b);
        const std::optional<EventPlace> p = EventPlace::of(*s, EventRef::instant(store::InstantRow(0)));
        QVERIFY(p);
        QCOMPARE(p->range.start, store::TimeNs(5));
        QCOMPARE(p->range.end, store::TimeNs(5));
        QCOMPARE(p->track, s->sliceTrack(store::SliceRow(0)));
    }

    void nothingForBadRefs()
    {
        const auto s = markerprofile::make();
        QVERIFY(!EventPlace::of(*s, EventRef()));
        QVERIFY(!EventPlace::of(*s, EventRef::slice(store::SliceRow(uint32_t(s->sliceCount())))));
        QVERIFY(!EventPlace::of(*s, EventRef::instant(store::InstantRow(0)))); // it has no instants
    }
};

QTEST_MAIN(tst_EventPlace)
#include "tst_eventplace.moc"
