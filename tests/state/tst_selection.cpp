// Selection: the signal contracts of the highlight (slices and instants), the dimming
// option, the flow depth, source requests and the measured pair.
#include <state/selection.h>

#include <QSignalSpy>
#include <QtTest>

using namespace strata;
using model::EventRef;
using model::Selection;

class tst_Selection : public QObject {
    Q_OBJECT
private slots:
    void highlightWithInstants()
    {
        Selection s;
        QSignalSpy changed(&s, &Selection::highlightChanged);
        auto rows = std::make_shared<const std::vector<store::SliceRow>>(
            std::vector<store::SliceRow> { store::SliceRow(2), store::SliceRow(5) });
        auto instants = std::make_shared<const std::vector<store::InstantRow>>(
            std::vector<store::InstantRow> { store::InstantRow(1) });
        s.setHighlighted(rows, instants, QStringLiteral("search"));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(s.highlighted(), rows);
        QCOMPARE(s.highlightedInstants(), instants);
        QVERIFY(s.isHighlighted(store::SliceRow(5)));
        QVERIFY(!s.isHighlighted(store::SliceRow(3)));
        s.setHighlighted(rows, QStringLiteral("slices only")); // the two-argument form drops instants
        QVERIFY(!s.highlightedInstants());
        s.clearHighlighted();
        QVERIFY(!s.highlighted());
        QCOMPARE(changed.count(), 3);
        s.clearHighlighted(); // nothing left: no signal
        QCOMPARE(changed.count(), 3);
        s.setHighlighted(nullptr, instants, QStringLiteral("instants only"));
        s.clear();
        QVERIFY(!s.highlightedInstants());
        QCOMPARE(changed.count(), 5);
    }

    void dimOthers()
    {
        Selection s;
        QSignalSpy changed(&s, &Selection::highlightChanged);
        QVERIFY(!s.highlightDimsOthers());
        s.setHighlightDimsOthers(true);
        QVERIFY(s.highlightDimsOthers());
        s.setHighlightDimsOthers(true);
        QCOMPARE(changed.count(), 1);
        s.clear(); // a view option: survives clearing the highlight
        QVERIFY(s.highlightDimsOthers());
    }

    void flowDepth_data()
    {
        QTest::addColumn<int>("set");
        QTest::addColumn<int>("expected");
        QTest::addColumn<int>("emitted");
        QTest::newRow("same as default") << 1 << 1 << 0;
        QTest::newRow("three") << 3 << 3 << 1;
        QTest::newRow("zero is one") << 0 << 1 << 0;
        QTest::newRow("negative is one") << -4 << 1 << 0;
        QTest::newRow("past the maximum") << 99 << Selection::kMaxFlowDepth << 1;
    }

    void flowDepth()
    {
        QFETCH(int, set);
        QFETCH(int, expected);
        QFETCH(int, emitted);
        Selection s;
        QCOMPARE(s.flowDepth(), 1);
        QSignalSpy changed(&s, &Selection::flowDepthChanged);
        s.setFlowDepth(set);
        QCOMPARE(s.flowDepth(), expected);
        QCOMPARE(changed.count(), emitted);
        if (emitted)
            QCOMPARE(changed.at(0).at(0).toInt(), expected);
    }

    // The measure event lives beside a current event other than itself; a new current
    // event, clear() or clearMeasure() ends it.
    void measurePair()
    {
        Selection s;
        QSignalSpy changed(&s, &Selection::measureChanged);
        const EventRef a = EventRef::slice(store::SliceRow(1)), b = EventRef::slice(store::SliceRow(2));
        s.setMeasure(b); // nothing selected to measure from
        QVERIFY(!s.measure().valid());
        QCOMPARE(changed.count(), 0);
        s.setCurrent(a);
        s.setMeasure(a); // not to itself
        QVERIFY(!s.measure().valid());
        s.setMeasure(b);
        QCOMPARE(s.measure(), b);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).value<EventRef>(), b);
        s.setMeasure(b);
        QCOMPARE(changed.count(), 1);
        s.setCurrent(a); // the same event again: the pair stays
        QCOMPARE(s.measure(), b);
        s.setCurrent(EventRef::instant(store::InstantRow(0)));
        QVERIFY(!s.measure().valid());
        QCOMPARE(changed.count(), 2);
        s.setMeasure(b);
        s.clearMeasure();
        QVERIFY(!s.measure().valid());
        s.setMeasure(b);
        s.clear();
        QVERIFY(!s.measure().valid());
        QCOMPARE(changed.count(), 6);
    }

    void sourceRequest()
    {
        Selection s;
        QSignalSpy requested(&s, &Selection::sourceRequested);
        QSignalSpy current(&s, &Selection::currentChanged);
        s.requestSource(EventRef::slice(store::SliceRow(7)));
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.at(0).at(0).value<EventRef>(), EventRef::slice(store::SliceRow(7)));
        QCOMPARE(current.count(), 0); // asking for the source does not select
        s.requestSource(EventRef());
        QCOMPARE(requested.count(), 1);
    }
};

QTEST_APPLESS_MAIN(tst_Selection)
#include "tst_selection.moc"
