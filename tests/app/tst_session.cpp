#include "session.h"

#include <common/backgroundpool.h>
#include <state/selection.h>
#include <state/trackfilter.h>
#include <state/viewport.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>

using namespace strata;

namespace {

std::shared_ptr<const store::EventStore> makeStore(store::TimeNs start, store::TimeNs dur)
{
    store::StoreBuilder b;
    const uint32_t t = b.thread(b.process(store::IdValue::number(1)), store::IdValue::number(1));
    b.completeSlice(t, start, dur, b.type(b.intern("a"), b.intern("c")), store::ArgSetId());
    b.threadInstant(t, start, b.type(b.intern("i"), b.intern("c")), store::ArgSetId());
    return store::StoreFinalizer::finalize(b);
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT
private slots:
    void openResetsSharedState_data()
    {
        QTest::addColumn<qlonglong>("start");
        QTest::addColumn<qlonglong>("duration");
        QTest::newRow("from zero") << 0LL << 5000LL;
        QTest::newRow("epoch clock") << 1700000000000000000LL << 123456LL;
    }

    void openResetsSharedState()
    {
        QFETCH(qlonglong, start);
        QFETCH(qlonglong, duration);
        app::Session s;
        QSignalSpy changed(&s, &app::Session::storeChanged);
        QVERIFY(!s.isOpen());
        s.open(makeStore(0, 10), QStringLiteral("/tmp/first.json"), {});
        s.selection()->setCurrent(model::EventRef::slice(store::SliceRow(0)));
        s.trackFilter()->setHidden(store::TrackId(0), true);
        s.viewport()->setVisible({ 2, 4 });

        app::LoadInfo info;
        info.format = QStringLiteral("chrome-json-object");
        s.open(makeStore(start, duration), QStringLiteral("/data/run/second.json"), info);
        QCOMPARE(changed.count(), 2);
        QVERIFY(s.isOpen());
        QCOMPARE(s.fileName(), QStringLiteral("second.json"));
        QCOMPARE(s.loadInfo().format, info.format);
        QCOMPARE(s.eventCount(), quint64(2)); // one slice and one instant
        QVERIFY(!s.selection()->current().valid());
        QVERIFY(!s.trackFilter()->isHidden(store::TrackId(0)));
        QCOMPARE(s.viewport()->visible().start, start);
        QCOMPARE(s.viewport()->visible().end, start + duration);
    }

    void closeForgetsTheProfile()
    {
        app::Session s;
        s.open(makeStore(0, 10), QStringLiteral("/tmp/a.json"), {});
        const std::weak_ptr<const store::EventStore> weak = s.store();
        QSignalSpy changed(&s, &app::Session::storeChanged);
        s.close();
        QCOMPARE(changed.count(), 1);
        QVERIFY(!s.isOpen());
        QVERIFY(s.filePath().isEmpty());
        QCOMPARE(s.eventCount(), quint64(0));
        widgets::BackgroundPool::instance()->waitForDone(); // the analyses hold it too
        QThreadPool::globalInstance()->waitForDone(); // released off the GUI thread
        QVERIFY(weak.expired());
    }
};

QTEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
