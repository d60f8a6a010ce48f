#include "markerprofile.h"

#include <annotations/pairmetricscomputer.h>
#include <common/backgroundpool.h>
#include <store/summarycalculator.h>

#include <QSignalSpy>
#include <QtTest>

using namespace strata;
using store::TimeNs;
using widgets::PairMetrics;
using widgets::PairMetricsComputer;
using MetricsPtr = std::shared_ptr<const PairMetrics>;

class tst_PairMetricsComputer : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<const store::EventStore> m_store;
    std::shared_ptr<const store::SummaryIndex> m_index;
    std::shared_ptr<const store::OperatorCatalog> m_catalog;

private slots:
    void initTestCase()
    {
        qRegisterMetaType<MetricsPtr>();
        m_store = markerprofile::make();
        m_index = std::make_shared<const store::SummaryIndex>(*m_store, 1);
        m_catalog = std::make_shared<const store::OperatorCatalog>(*m_store);
    }

    void summaryFirstThenOperators()
    {
        PairMetricsComputer c;
        c.setAnalysis(m_store, m_index, m_catalog);
        QSignalSpy ready(&c, &PairMetricsComputer::ready);
        c.request({ 1000, 3000 });
        QVERIFY(c.isBusy());
        QTRY_COMPARE(ready.count(), 2);
        QTRY_VERIFY(!c.isBusy());
        const MetricsPtr first = ready.at(0).at(0).value<MetricsPtr>();
        const MetricsPtr second = ready.at(1).at(0).value<MetricsPtr>();
        QVERIFY(!first->hasOperators);
        QVERIFY(second->hasOperators);
        const PairMetrics direct = PairMetricsComputer::compute(*m_store, *m_index, m_catalog.get(), { 1000, 3000 });
        for (const PairMetrics* m : { first.get(), second.get() }) {
            QCOMPARE(m->window.start, TimeNs(1000));
            QCOMPARE(m->summary.tracks.size(), direct.summary.tracks.size());
            for (size_t i = 0; i < direct.summary.tracks.size(); ++i)
                QCOMPARE(m->summary.tracks[i].busyNs, direct.summary.tracks[i].busyNs);
        }
        QCOMPARE(second->topOperators.size(), direct.topOperators.size());
        for (size_t i = 1; i < second->topOperators.size(); ++i) // longest first
            QVERIFY(second->topOperators[i - 1].totalNs >= second->topOperators[i].totalNs);
    }

    void withoutCatalogOnlyTheSummary()
    {
        PairMetricsComputer c;
        c.setAnalysis(m_store, m_index, nullptr);
        QSignalSpy ready(&c, &PairMetricsComputer::ready);
        c.request({ 0, 10000 });
        QTRY_VERIFY(!c.isBusy());
        QCOMPARE(ready.count(), 1);
        QVERIFY(!ready.at(0).at(0).value<MetricsPtr>()->hasOperators);
    }

    void onlyTheLatestArrives()
    {
        PairMetricsComputer c;
        c.setAnalysis(m_store, m_index, m_catalog);
        QSignalSpy ready(&c, &PairMetricsComputer::ready);
        for (TimeNs end = 2000; end <= 6000; end += 1000)
            c.request({ 1000, end });
        QTRY_VERIFY(!c.isBusy());
        QVERIFY(ready.count() >= 1);
        for (const QList<QVariant>& r : ready)
            QCOMPARE(r.at(0).value<MetricsPtr>()->window.end, TimeNs(6000));
        QVERIFY(ready.last().at(0).value<MetricsPtr>()->hasOperators);
    }

    void cancelAndNoAnalysis()
    {
        PairMetricsComputer c;
        QSignalSpy ready(&c, &PairMetricsComputer::ready);
        c.request({ 0, 1 }); // nothing to compute with
        QVERIFY(!c.isBusy());
        c.setAnalysis(m_store, m_index, m_catalog);
        c.request({ 0, 5000 });
        c.cancel();
        QVERIFY(!c.isBusy());
        c.request({ 0, 7000 });
        QTRY_VERIFY(!c.isBusy());
        widgets::BackgroundPool::instance()->waitForDone(); // the cancelled task has ended too
        QCoreApplication::processEvents();
        QVERIFY(ready.count() >= 1);
        for (const QList<QVariant>& r : ready)
            QCOMPARE(r.at(0).value<MetricsPtr>()->window.end, TimeNs(7000));
    }
};

QTEST_MAIN(tst_PairMetricsComputer)
#include "tst_pairmetricscomputer.moc"
