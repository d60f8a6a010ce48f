#include <state/viewportlink.h>

#include <state/comparison.h>
#include <state/viewport.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QTest>

using namespace strata;
using model::Comparison;
using store::TimeRange;

namespace {

std::shared_ptr<const store::EventStore> makeStore(store::TimeNs start, store::TimeNs dur)
{
    store::StoreBuilder b;
    const uint32_t t = b.thread(b.process(store::IdValue::number(1)), store::IdValue::number(1));
    b.completeSlice(t, start, dur, b.type(b.intern("a"), b.intern("c")), store::ArgSetId());
    return store::StoreFinalizer::finalize(b);
}

void compareRange(TimeRange got, TimeRange want)
{
    QCOMPARE(got.start, want.start);
    QCOMPARE(got.end, want.end);
}

} // namespace

class tst_ViewportLink : public QObject {
    Q_OBJECT
private slots:
    void bFollowsA_data()
    {
        QTest::addColumn<qlonglong>("startB");
        QTest::addColumn<qlonglong>("durB");
        QTest::newRow("same length, later clock") << 5000LL << 10000LL;
        QTest::newRow("B much shorter") << 5000LL << 100LL; // B's clamp would break it unwidened
        QTest::newRow("B earlier") << -20000LL << 3000LL;
    }

    void bFollowsA()
    {
        QFETCH(qlonglong, startB);
        QFETCH(qlonglong, durB);
        model::Session a;
        a.open(makeStore(0, 10000), "a.json", model::LoadInfo());
        Comparison c(&a);
        model::ViewportLink link(&c);
        c.start(makeStore(startB, durB), "b.json", model::LoadInfo());
        const store::TimeNs off = c.offsetNs();
        QCOMPARE(off, startB);
        compareRange(c.b()->viewport()->visible(), { off, 10000 + off });
        a.viewport()->setVisible({ 2000, 3000 });
        compareRange(c.b()->viewport()->visible(), { 2000 + off, 3000 + off });
        a.viewport()->setVisible({ 9000, 9500 });
        compareRange(c.b()->viewport()->visible(), { 9000 + off, 9500 + off });
        c.setOffsetNs(off + 700);
        compareRange(c.b()->viewport()->visible(), { 9700 + off, 10200 + off });
    }

    void panInBMovesA()
    {
        model::Session a;
        a.open(makeStore(0, 10000), "a.json", model::LoadInfo());
        Comparison c(&a);
        model::ViewportLink link(&c);
        c.start(makeStore(100, 10000), "b.json", model::LoadInfo());
        a.viewport()->setVisible({ 1000, 2000 });
        c.b()->viewport()->pan(500);
        compareRange(a.viewport()->visible(), { 1500, 2500 });
        compareRange(c.b()->viewport()->visible(), { 1600, 2600 });
        c.b()->viewport()->zoom(0.5, 2100);
        compareRange(a.viewport()->visible(), { 1750, 2250 });
        // Past A's end: A clamps and B follows A, never drifting from it.
        c.b()->viewport()->pan(1000000);
        compareRange(a.viewport()->visible(), { 9500, 10000 });
        compareRange(c.b()->viewport()->visible(), { 9600, 10100 });
    }

    void reopeningBRealigns()
    {
        model::Session a;
        a.open(makeStore(0, 10000), "a.json", model::LoadInfo());
        Comparison c(&a);
        model::ViewportLink link(&c);
        c.start(makeStore(100, 10000), "b.json", model::LoadInfo());
        a.viewport()->setVisible({ 1000, 2000 });
        c.start(makeStore(40000, 500), "b2.json", model::LoadInfo());
        compareRange(c.b()->viewport()->visible(), { 41000, 42000 });
        c.end();
        a.viewport()->setVisible({ 3000, 4000 }); // nothing to follow: no crash, B stays closed
        QVERIFY(!c.b()->isOpen());
    }
};

QTEST_GUILESS_MAIN(tst_ViewportLink)
#include "tst_viewportlink.moc"
