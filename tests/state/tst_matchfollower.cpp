#include <state/matchfollower.h>

#include <state/comparison.h>
#include <state/selection.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QSignalSpy>
#include <QTest>

using namespace strata;
using model::Comparison;
using model::EventRef;

namespace {

constexpr int kWaitMs = 30000; // a bound for a hang, not a timing assertion

// `count` instances of "<prefix>_conv1_0" 1000 ns apart from `origin`, and one "other".
std::shared_ptr<const store::EventStore> makeStore(store::TimeNs origin, int count, const std::string& prefix)
{
    store::StoreBuilder b;
    const uint32_t t = b.thread(b.process(store::IdValue::number(1)), store::IdValue::number(1));
    const store::TypeId conv = b.type(b.intern(prefix + "_conv1_0"), b.intern("c"));
    for (int k = 0; k < count; ++k)
        b.completeSlice(t, origin + k * 1000, 500, conv, store::ArgSetId());
    b.completeSlice(t, origin + count * 1000, 500, b.type(b.intern("other"), b.intern("c")), store::ArgSetId());
    return store::StoreFinalizer::finalize(b);
}

// The row of the slice starting at `ts`.
store::SliceRow rowAt(const store::EventStore& s, store::TimeNs ts)
{
    for (uint32_t r = 0; r < s.sliceCount(); ++r)
        if (s.sliceTs(store::SliceRow(r)) == ts)
            return store::SliceRow(r);
    return store::SliceRow();
}

} // namespace

class tst_MatchFollower : public QObject {
    Q_OBJECT
private slots:
    void bFollowsA_data()
    {
        QTest::addColumn<qlonglong>("aStart"); // the slice selected in A
        QTest::addColumn<qlonglong>("bStart"); // its match's start in B; -1: none
        QTest::newRow("first conv") << 0LL << 7000LL;
        QTest::newRow("third conv") << 2000LL << 9000LL;
        QTest::newRow("a conv B does not have") << 3000LL << -1LL;
        QTest::newRow("other") << 4000LL << 10000LL;
    }

    void bFollowsA()
    {
        QFETCH(qlonglong, aStart);
        QFETCH(qlonglong, bStart);
        model::Session a;
        a.open(makeStore(0, 4, "12"), "a.json", model::LoadInfo());
        Comparison c(&a);
        model::MatchFollower follower(&c);
        c.start(makeStore(7000, 3, "57"), "b.json", model::LoadInfo());
        c.b()->selection()->setCurrent(EventRef::slice(store::SliceRow(0))); // a stale one
        QSignalSpy followed(&follower, &model::MatchFollower::followed);
        a.selection()->setCurrent(EventRef::slice(rowAt(*a.store(), aStart)));
        QVERIFY(followed.wait(kWaitMs));
        const EventRef b = c.b()->selection()->current();
        if (bStart < 0) {
            QVERIFY(!b.valid());
            return;
        }
        QCOMPARE(b.kind, EventRef::Kind::Slice);
        QCOMPARE(c.b()->store()->sliceTs(store::SliceRow(b.row)), store::TimeNs(bStart));
    }

    void stepMovesThePair()
    {
        model::Session a;
        a.open(makeStore(0, 4, "12"), "a.json", model::LoadInfo());
        Comparison c(&a);
        model::MatchFollower follower(&c);
        c.start(makeStore(7000, 3, "57"), "b.json", model::LoadInfo());
        QSignalSpy followed(&follower, &model::MatchFollower::followed);
        a.selection()->setCurrent(EventRef::slice(rowAt(*a.store(), 1000)));
        QVERIFY(followed.wait(kWaitMs));
        follower.step(+1);
        QVERIFY(followed.wait(kWaitMs));
        QCOMPARE(a.store()->sliceTs(store::SliceRow(a.selection()->current().row)), store::TimeNs(2000));
        QCOMPARE(c.b()->store()->sliceTs(store::SliceRow(c.b()->selection()->current().row)), store::TimeNs(9000));
        follower.step(-1);
        QVERIFY(followed.wait(kWaitMs));
        follower.step(-1);
        QVERIFY(followed.wait(kWaitMs));
        QCOMPARE(a.store()->sliceTs(store::SliceRow(a.selection()->current().row)), store::TimeNs(0));
        QCOMPARE(c.b()->store()->sliceTs(store::SliceRow(c.b()->selection()->current().row)), store::TimeNs(7000));
        // At the first instance there is no previous one: the selection stays.
        QSignalSpy changed(a.selection(), &model::Selection::currentChanged);
        follower.step(-1);
        QTRY_VERIFY(!follower.findChild<QObject*>()); // the step's job has come back
        QCOMPARE(changed.count(), 0);
    }
};

QTEST_GUILESS_MAIN(tst_MatchFollower)
#include "tst_matchfollower.moc"
