// TimeScopeBox: it offers the dock's modes in the dock's order and starts at the first; a
// pick sets the scope's mode, and a mode set on the scope moves the box (to no entry when
// the box does not offer it).
#include <common/timescopebox.h>

#include <state/session.h>

#include <QtTest>

using namespace strata;
using widgets::TimeScope;
using widgets::TimeScopeBox;
using Mode = TimeScope::Mode;

class tst_TimeScopeBox : public QObject {
    Q_OBJECT
private slots:
    void offersModesInOrder_data();
    void offersModesInOrder();
    void boxAndScopeFollowEachOther();
};

void tst_TimeScopeBox::offersModesInOrder_data()
{
    QTest::addColumn<std::vector<Mode>>("offered");
    QTest::addColumn<QStringList>("labels");
    QTest::newRow("operator docks") << std::vector<Mode> { Mode::WholeTrace, Mode::CurrentSelection }
                                    << QStringList { "Whole trace", "Current selection" };
    QTest::newRow("selection summary") << std::vector<Mode> { Mode::CurrentSelection, Mode::VisibleRange,
        Mode::MarkerPair } << QStringList { "Current selection", "Visible range", "Marker pair" };
    QTest::newRow("annotations") << std::vector<Mode> { Mode::MarkerPair, Mode::CurrentSelection, Mode::VisibleRange }
                                 << QStringList { "Marker pair", "Current selection", "Visible range" };
}

void tst_TimeScopeBox::offersModesInOrder()
{
    QFETCH(std::vector<Mode>, offered);
    QFETCH(QStringList, labels);
    model::Session session;
    TimeScope scope(&session);
    TimeScopeBox box(&scope, offered);
    QCOMPARE(box.count(), labels.size());
    for (int i = 0; i < box.count(); ++i) {
        QCOMPARE(box.itemText(i), labels[i]);
        QVERIFY(!box.itemData(i, Qt::ToolTipRole).toString().isEmpty());
    }
    QCOMPARE(scope.mode(), offered.front());
    QCOMPARE(box.currentIndex(), 0);
}

void tst_TimeScopeBox::boxAndScopeFollowEachOther()
{
    model::Session session;
    TimeScope scope(&session);
    TimeScopeBox box(&scope, { Mode::CurrentSelection, Mode::VisibleRange });
    QSignalSpy changed(&scope, &TimeScope::changed);
    box.setCurrentIndex(1);
    QCOMPARE(scope.mode(), Mode::VisibleRange);
    QCOMPARE(changed.count(), 1);
    scope.setMode(Mode::CurrentSelection);
    QCOMPARE(box.currentIndex(), 0);
    scope.setMode(Mode::WholeTrace); // not offered here
    QCOMPARE(box.currentIndex(), -1);
    QCOMPARE(scope.mode(), Mode::WholeTrace); // the box does not fight the scope
}

QTEST_MAIN(tst_TimeScopeBox)
#include "tst_timescopebox.moc"
