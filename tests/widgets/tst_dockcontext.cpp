// DockContext: followB() reports what changes B for a dock (the comparison starting, B's
// analyses arriving, the comparison ending), never A's own changes; followOffset() reports
// the alignment offset; neither does anything without a Comparison or once the receiver is
// gone.
#include "compareprofiles.h"

#include <common/dockcontext.h>

#include <QtTest>

using namespace strata;
using widgets::DockContext;

class tst_DockContext : public QObject {
    Q_OBJECT
private slots:
    void ofComparison();
    void followBReportsB();
    void followBIgnoresA();
    void followOffset();
    void nothingWithoutComparison();
    void nothingOnceReceiverIsGone();
};

void tst_DockContext::ofComparison()
{
    comparetest::Pair pair;
    const DockContext context = DockContext::of(&pair.comparison);
    QCOMPARE(context.session, &pair.a);
    QCOMPARE(context.compare, &pair.comparison);
}

void tst_DockContext::followBReportsB()
{
    comparetest::Pair pair;
    widgettest::open(pair.a, comparetest::profile(false));
    QObject receiver;
    int calls = 0;
    DockContext::of(&pair.comparison).followB(&receiver, [&] { ++calls; });
    QCOMPARE(calls, 0); // unlike Session::follow, not now

    pair.comparison.start(comparetest::profile(true), QStringLiteral("/data/b.json"), model::LoadInfo());
    QVERIFY(calls >= 1); // B opened, the comparison started
    const int started = calls;
    QVERIFY(widgettest::waitForAnalyses(*pair.comparison.b()));
    QVERIFY(calls > started); // each of B's analysis stages
    const int analysed = calls;
    pair.comparison.end();
    QVERIFY(calls > analysed);
}

void tst_DockContext::followBIgnoresA()
{
    comparetest::Pair pair;
    QObject receiver;
    int calls = 0;
    DockContext::of(&pair.comparison).followB(&receiver, [&] { ++calls; });
    widgettest::open(pair.a, comparetest::profile(false)); // no comparison: A alone
    QVERIFY(widgettest::waitForAnalyses(pair.a));
    QCOMPARE(calls, 0);
}

void tst_DockContext::followOffset()
{
    comparetest::Pair pair;
    pair.open();
    QObject receiver;
    int calls = 0;
    DockContext::of(&pair.comparison).followOffset(&receiver, [&] { ++calls; });
    pair.comparison.setOffsetNs(pair.comparison.offsetNs() + 1000);
    QCOMPARE(calls, 1);
}

void tst_DockContext::nothingWithoutComparison()
{
    comparetest::Pair pair;
    QObject receiver;
    int calls = 0;
    const DockContext aAlone { &pair.a };
    aAlone.followB(&receiver, [&] { ++calls; });
    aAlone.followOffset(&receiver, [&] { ++calls; });
    pair.open();
    pair.comparison.setOffsetNs(pair.comparison.offsetNs() + 1000);
    QCOMPARE(calls, 0);
}

void tst_DockContext::nothingOnceReceiverIsGone()
{
    comparetest::Pair pair;
    int calls = 0;
    {
        QObject receiver;
        DockContext::of(&pair.comparison).followB(&receiver, [&] { ++calls; });
    }
    pair.open();
    QCOMPARE(calls, 0);
}

QTEST_MAIN(tst_DockContext)
#include "tst_dockcontext.moc"
