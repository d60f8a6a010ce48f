// CompareSummaryTable: both profiles' engines for the whole traces or a window of A and B's
// window moved by the offset, computed off the GUI thread once both summary indexes exist,
// with the files and B's window named above the table.
#include "compareprofiles.h"

#include "summary/comparesummarymodel.h"
#include "summary/comparesummarytable.h"

#include <QApplication>
#include <QMenu>
#include <QTimer>
#include <QTreeView>
#include <QtTest>

using namespace strata;
using store::TimeNs;
using widgets::CompareSummaryTable;

namespace {

bool bothAnalysed(comparetest::Pair& p)
{
    return QTest::qWaitFor(
        [&] { return p.a.analyses()->complete() && p.comparison.b()->analyses()->complete(); }, widgettest::kWaitMs);
}

} // namespace

class tst_CompareSummaryTable : public QObject {
    Q_OBJECT
private slots:
    void placeholderWithoutComparison()
    {
        comparetest::Pair p;
        CompareSummaryTable t(&p.comparison);
        QCOMPARE(t.objectName(), QStringLiteral("compareSummary"));
        widgettest::open(p.a, comparetest::profile(false));
        QVERIFY(widgettest::waitForAnalyses(p.a));
        t.showWhole();
        QVERIFY(t.isShowingPlaceholder());
        QVERIFY(!t.isBusy()); // nothing to compare with: nothing runs
    }

    void wholeTraces()
    {
        comparetest::Pair p;
        CompareSummaryTable t(&p.comparison);
        t.showWhole();
        QSignalSpy updated(&t, &CompareSummaryTable::updated);
        p.open();
        QVERIFY(bothAnalysed(p));
        QTRY_VERIFY_WITH_TIMEOUT(updated.count() > 0 && !t.isBusy(), widgettest::kWaitMs);
        QVERIFY(!t.isShowingPlaceholder());
        QCOMPARE(t.shownAWindow().end, p.a.store()->extent().end);
        QCOMPARE(t.shownBWindow().end, p.comparison.b()->store()->extent().end);
        QVERIFY(t.factsText().contains(QStringLiteral("a.json")));
        QVERIFY(t.factsText().contains(QStringLiteral("b.json")));
        QCOMPARE(t.model()->rowCount(), 6);
        QVERIFY(t.view()->isExpanded(t.model()->index(0, 0))); // metric rows in sight
    }

    // B's window is A's plus the offset; a new offset recomputes, a stopped table does not.
    void windowMovedByOffset_data()
    {
        QTest::addColumn<TimeNs>("offset");
        QTest::newRow("none") << TimeNs(0);
        QTest::newRow("B later") << TimeNs(300000);
        QTest::newRow("B earlier") << TimeNs(-50000);
    }
    void windowMovedByOffset()
    {
        QFETCH(TimeNs, offset);
        QCOMPARE(CompareSummaryTable::bWindowFor({ 100, 200 }, offset).start, 100 + offset);
        comparetest::Pair p;
        CompareSummaryTable t(&p.comparison);
        p.open();
        QVERIFY(bothAnalysed(p));
        p.comparison.setOffsetNs(offset);
        t.showWindow({ 100000, 600000 });
        QTRY_VERIFY_WITH_TIMEOUT(!t.isBusy() && t.shownBWindow().start == 100000 + offset, widgettest::kWaitMs);
        QCOMPARE(t.shownBWindow().end, 600000 + offset);
        QCOMPARE(t.shownAWindow().start, TimeNs(100000));
        QVERIFY(t.factsText().contains(QStringLiteral("B's window")));

        t.stop();
        p.comparison.setOffsetNs(offset + 5);
        QVERIFY(!t.isBusy());
        QCOMPARE(t.shownBWindow().start, 100000 + offset);
    }

    // "Pair With B's" on A's Vector Engine picks B's Matrix Engine: the choice goes to the
    // Comparison (every compare view uses it) and the two one-sided rows become one.
    void pairWithOverridesTheMatcher()
    {
        comparetest::Pair p;
        CompareSummaryTable t(&p.comparison);
        t.resize(600, 400);
        t.show();
        t.showWhole();
        p.open();
        QVERIFY(bothAnalysed(p));
        QTRY_VERIFY_WITH_TIMEOUT(!t.isBusy() && t.model()->rowCount() == 6, widgettest::kWaitMs);
        int vector = -1;
        for (int i = 0; i < t.model()->rowCount(); ++i)
            if (t.model()->index(i, 0).data().toString() == QStringLiteral("Vector Engine"))
                vector = i;
        QVERIFY(vector >= 0);
        const QRect rect = t.view()->visualRect(t.model()->index(vector, 0));
        QString menuText;
        QTimer::singleShot(0, this, [&] {
            auto* pairMenu = t.findChild<QMenu*>(QStringLiteral("comparePairMenu"));
            for (QAction* a : pairMenu ? pairMenu->actions() : QList<QAction*>()) {
                menuText += a->text() + QLatin1Char(';');
                if (a->text().startsWith(QStringLiteral("Matrix Engine")))
                    a->trigger();
            }
            if (QWidget* popup = QApplication::activePopupWidget())
                popup->close();
        });
        emit t.view()->customContextMenuRequested(rect.center());
        QVERIFY2(menuText.contains(QStringLiteral("Queue_7")), qPrintable(menuText));
        QCOMPARE(p.comparison.engineOverrides().size(), size_t(1));
        QTRY_VERIFY_WITH_TIMEOUT(!t.isBusy() && t.model()->rowCount() == 5, widgettest::kWaitMs);
        const auto pair = t.model()->pairAt(t.model()->index(vector, 0));
        QVERIFY(pair);
        QCOMPARE(pair->match, analysis::EngineMatcher::Match::Explicit);
        QCOMPARE(t.model()->index(vector, 0).data().toString(), QStringLiteral("Vector Engine ↔ Matrix Engine"));

        p.comparison.setEnginePartner(p.comparison.engineOverrides().front().a, store::TrackId());
        QTRY_VERIFY_WITH_TIMEOUT(!t.isBusy() && t.model()->rowCount() == 6, widgettest::kWaitMs);
    }
};

QTEST_MAIN(tst_CompareSummaryTable)
#include "tst_comparesummarytable.moc"
