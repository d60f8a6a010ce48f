#include <state/selection.h>
#include <state/viewport.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>
#include <timeline/timelinenavigator.h>

#include <QSignalSpy>
#include <QtTest>

using namespace strata;
using store::TimeNs;
using store::TimeRange;
using widgets::TimelineNavigator;

class tst_TimelineNavigator : public QObject {
    Q_OBJECT

private slots:
    void minSpan_data();
    void minSpan();
    void zoomBy_data();
    void zoomBy();
    void stepsCoalesceInHistory();
    void reveal_data();
    void reveal();
    void focus();
};

void tst_TimelineNavigator::minSpan_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<TimeNs>("span");
    QTest::newRow("1700 px") << 1700 << TimeNs(170);
    QTest::newRow("rounds up") << 1705 << TimeNs(171);
    QTest::newRow("tiny canvas keeps the viewport's floor") << 20 << model::Viewport::kMinSpanNs;
}

void tst_TimelineNavigator::minSpan()
{
    QFETCH(int, width);
    QFETCH(TimeNs, span);
    model::Viewport v;
    QCOMPARE(TimelineNavigator(&v, width).minSpan(), span);
}

void tst_TimelineNavigator::zoomBy_data()
{
    QTest::addColumn<double>("factor");
    QTest::addColumn<TimeNs>("anchor");
    QTest::addColumn<TimeNs>("start");
    QTest::addColumn<TimeNs>("end");
    // visible [1000, 2000], trace [0, 10000], canvas 1000 px (limit 100 ns)
    QTest::newRow("in at the centre") << 0.5 << TimeNs(1500) << TimeNs(1250) << TimeNs(1750);
    QTest::newRow("in at the left edge") << 0.5 << TimeNs(1000) << TimeNs(1000) << TimeNs(1500);
    QTest::newRow("out at the right edge") << 2.0 << TimeNs(2000) << TimeNs(0) << TimeNs(2000);
    QTest::newRow("stops at 1 ns per 10 px") << 0.01 << TimeNs(1500) << TimeNs(1450) << TimeNs(1550);
    QTest::newRow("out past the trace") << 100.0 << TimeNs(1500) << TimeNs(0) << TimeNs(10000);
}

void tst_TimelineNavigator::zoomBy()
{
    QFETCH(double, factor);
    QFETCH(TimeNs, anchor);
    QFETCH(TimeNs, start);
    QFETCH(TimeNs, end);
    model::Viewport v;
    v.setTraceRange({ 0, 10000 });
    v.setVisible({ 1000, 2000 });
    TimelineNavigator(&v, 1000).zoomBy(factor, anchor);
    QCOMPARE(v.visible().start, start);
    QCOMPARE(v.visible().end, end);
}

void tst_TimelineNavigator::stepsCoalesceInHistory()
{
    model::Viewport v;
    v.setTraceRange({ 0, 10000 });
    v.setVisible({ 0, 2000 });
    const TimelineNavigator nav(&v, 1000);
    for (int i = 0; i < 5; ++i)
        nav.panBy(0.1);
    QCOMPARE(v.visible().start, TimeNs(1000));
    QVERIFY(v.back()); // one step back undoes the whole run of pans
    QCOMPARE(v.visible().start, TimeNs(0));
    QCOMPARE(v.visible().end, TimeNs(2000));
}

void tst_TimelineNavigator::reveal_data()
{
    QTest::addColumn<TimeRange>("event");
    QTest::addColumn<TimeNs>("expectStart");
    QTest::addColumn<TimeNs>("expectEnd");
    // visible [1000, 2000]
    QTest::newRow("already visible: no move") << TimeRange { 1200, 1300 } << TimeNs(1000) << TimeNs(2000);
    QTest::newRow("fits: pan to centre it") << TimeRange { 5000, 5200 } << TimeNs(4600) << TimeNs(5600);
    QTest::newRow("too long: zoom to it") << TimeRange { 3000, 7000 } << TimeNs(2800) << TimeNs(7200);
}

void tst_TimelineNavigator::reveal()
{
    QFETCH(TimeRange, event);
    QFETCH(TimeNs, expectStart);
    QFETCH(TimeNs, expectEnd);
    model::Viewport v;
    v.setTraceRange({ 0, 10000 });
    v.setVisible({ 1000, 2000 });
    TimelineNavigator(&v, 1000).reveal(event);
    QCOMPARE(v.visible().start, expectStart);
    QCOMPARE(v.visible().end, expectEnd);
}

void tst_TimelineNavigator::focus()
{
    store::StoreBuilder b;
    const store::ProcessId p = b.process(store::IdValue::number(1));
    const uint32_t t = b.thread(p, store::IdValue::number(1));
    b.completeSlice(t, 0, 10000, b.type(b.intern("all"), b.intern("c")), {});
    b.completeSlice(t, 4000, 1000, b.type(b.intern("x"), b.intern("c")), {});
    const auto store = store::StoreFinalizer::finalize(b);
    model::Viewport v;
    v.setTraceRange(store->extent());
    model::Selection sel;
    const TimelineNavigator nav(&v, 1000);
    sel.setCurrent(model::EventRef::slice(store::SliceRow(1)));
    nav.focus(*store, sel);
    QCOMPARE(v.visible().start, TimeNs(3900));
    QCOMPARE(v.visible().end, TimeNs(5100));
    sel.setTimeSelection({ 6000, 6500 });
    nav.focus(*store, sel); // a time selection wins over the event
    QCOMPARE(v.visible().start, TimeNs(6000));
    QCOMPARE(v.visible().end, TimeNs(6500));
}

QTEST_MAIN(tst_TimelineNavigator)
#include "tst_timelinenavigator.moc"
