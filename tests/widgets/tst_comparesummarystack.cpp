// CompareSummaryStack: the A | B | Δ switch is there only while comparing, on each time a
// comparison starts, and the user's choice holds across a swap.
#include "compareprofiles.h"

#include "summary/comparesummarystack.h"
#include "summary/comparesummarytable.h"

#include <QLabel>
#include <QSignalSpy>
#include <QToolButton>
#include <QtTest>

using namespace strata;
using widgets::CompareSummaryStack;

class tst_CompareSummaryStack : public QObject {
    Q_OBJECT
private slots:
    void switchFollowsTheComparison()
    {
        comparetest::Pair p;
        auto* page = new QLabel(QStringLiteral("A alone"));
        CompareSummaryStack stack(&p.comparison, page);
        QSignalSpy comparing(&stack, &CompareSummaryStack::comparingChanged);
        QVERIFY(!stack.comparing());
        QVERIFY(!stack.toggle()->isVisibleTo(&stack));
        QVERIFY(page->isVisibleTo(&stack));

        p.open();
        QVERIFY(stack.comparing());
        QCOMPARE(comparing.count(), 1);
        QVERIFY(stack.toggle()->isVisibleTo(&stack));
        QVERIFY(stack.table()->isVisibleTo(&stack));
        QVERIFY(!page->isVisibleTo(&stack));

        stack.toggle()->click(); // back to A alone
        QVERIFY(!stack.comparing());
        QVERIFY(page->isVisibleTo(&stack));
        p.comparison.swap();
        QVERIFY(!stack.comparing()); // a swap keeps the choice

        p.comparison.end();
        QVERIFY(!stack.toggle()->isVisibleTo(&stack));
        stack.setComparing(true); // no comparison: ignored
        QVERIFY(!stack.comparing());

        p.comparison.start(comparetest::profile(true), QStringLiteral("/data/c.json"), model::LoadInfo());
        QVERIFY(stack.comparing()); // on again for a new comparison
        QCOMPARE(comparing.count(), 3);
    }
};

QTEST_MAIN(tst_CompareSummaryStack)
#include "tst_comparesummarystack.moc"
