// CompareSummaryComputer: both windows' summaries and the engine pairs come back together
// from the thread pool; of a burst of requests only the latest arrives; without both sides'
// indexes nothing is computed.
#include "compareprofiles.h"

#include "summary/comparesummarycomputer.h"

#include <QSignalSpy>
#include <QtTest>

using namespace strata;
using store::TimeNs;
using widgets::CompareSummaryComputer;

namespace {

CompareSummaryComputer::Side side(bool b)
{
    auto store = comparetest::profile(b);
    auto index = std::make_shared<const analysis::SummaryIndex>(*store);
    return { store, index, nullptr }; // no breakdown: device busy sums the tracks
}

} // namespace

class tst_CompareSummaryComputer : public QObject {
    Q_OBJECT
private slots:
    void needsBothSides()
    {
        CompareSummaryComputer c;
        c.setInputs(side(false), {});
        QVERIFY(!c.canCompute());
        c.request({ 0, 100 }, { 0, 100 });
        QVERIFY(!c.isBusy());
    }

    void latestOfABurst()
    {
        CompareSummaryComputer c;
        c.setInputs(side(false), side(true));
        QVERIFY(c.canCompute());
        QSignalSpy ready(&c, &CompareSummaryComputer::ready);
        for (TimeNs end : { 100000, 200000, 300000 })
            c.request({ 0, end }, { 1000, end + 1000 });
        QVERIFY(c.isBusy());
        QVERIFY(ready.wait(widgettest::kWaitMs));
        QCOMPARE(ready.count(), 1);
        QVERIFY(!c.isBusy());
        const auto r = ready.at(0).at(0).value<std::shared_ptr<const CompareSummaryComputer::Result>>();
        QVERIFY(r && r->a && r->b);
        QCOMPARE(r->a->window.end, TimeNs(300000));
        QCOMPARE(r->b->window.start, TimeNs(1000));
        QCOMPARE(r->b->window.end, TimeNs(301000));
        QCOMPARE(r->pairs.size(), size_t(6)); // 5 engines each, 4 of them paired
    }

    void newInputsDropWhatRuns()
    {
        CompareSummaryComputer c;
        c.setInputs(side(false), side(true));
        QSignalSpy ready(&c, &CompareSummaryComputer::ready);
        c.request({ 0, 100 }, { 0, 100 });
        c.setInputs(side(true), side(false));
        QVERIFY(!c.isBusy());
        c.request({ 0, 500 }, { 0, 700 });
        QVERIFY(ready.wait(widgettest::kWaitMs));
        QCOMPARE(ready.count(), 1);
        const auto r = ready.at(0).at(0).value<std::shared_ptr<const CompareSummaryComputer::Result>>();
        QCOMPARE(r->b->window.end, TimeNs(700));
    }
};

QTEST_MAIN(tst_CompareSummaryComputer)
#include "tst_comparesummarycomputer.moc"
