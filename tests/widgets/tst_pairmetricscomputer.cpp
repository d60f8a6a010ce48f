#include "markerprofile.h"

#include <analysis/summary/summarycalculator.h>
#include <annotations/pairmetricscomputer.h>
#include <state/backgroundpool.h>

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
    std::shared_ptr<const analysis::SummaryIndex> m_index;
    std::shared_ptr<const analysis::OperatorCatalog> m_catalog;

private slots:
    void initTestCase()
    {
        qRegisterMetaType<MetricsPtr>();
        m_store = markerprofile::make();
        m_index = std::make_shared<const analysis::SummaryIndex>(*m_store, 1);
        m_catalog = std::make_shared<const analysis::OperatorCatalog>(*m_store);
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

    // The worker answers from the OperatorWindowIndex the first request built: the same
    // rows, counts, times and shares as OperatorAggregator on the calling thread.
    void operatorsFromTheIndex_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::newRow("whole trace") << qint64(0) << qint64(10000);
        QTest::newRow("conv and dma") << qint64(1000) << qint64(3000);
        QTest::newRow("a marker on a slice start") << qint64(2000) << qint64(5000);
        QTest::newRow("one instant") << qint64(5000) << qint64(5000);
        QTest::newRow("nothing starts") << qint64(7000) << qint64(9000);
    }
    void operatorsFromTheIndex()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        PairMetricsComputer c;
        c.setAnalysis(m_store, m_index, m_catalog);
        QVERIFY(!c.hasOperatorIndex());
        QSignalSpy ready(&c, &PairMetricsComputer::ready);
        c.request({ start, end });
        QTRY_COMPARE(ready.count(), 2);
        QVERIFY(c.hasOperatorIndex());
        c.request({ start, end }); // the index is kept
        QTRY_COMPARE(ready.count(), 4);
        const PairMetrics direct = PairMetricsComputer::compute(*m_store, *m_index, m_catalog.get(), { start, end });
        for (int i : { 1, 3 }) {
            const MetricsPtr m = ready.at(i).at(0).value<MetricsPtr>();
            QVERIFY(m->hasOperators);
            QCOMPARE(m->operatorBusyNs, direct.operatorBusyNs);
            QCOMPARE(m->topOperators.size(), direct.topOperators.size());
            for (size_t r = 0; r < direct.topOperators.size(); ++r) {
                const analysis::OperatorRow &got = m->topOperators[r], &want = direct.topOperators[r];
                QCOMPARE(got.name, want.name);
                QCOMPARE(got.count, want.count);
                QCOMPARE(got.totalNs, want.totalNs);
                QCOMPARE(got.selfNs, want.selfNs);
                QCOMPARE(got.percent, want.percent);
                QCOMPARE(got.avgNs, want.avgNs);
            }
        }
        c.setAnalysis(m_store, m_index, std::make_shared<const analysis::OperatorCatalog>(*m_store));
        QVERIFY(!c.hasOperatorIndex()); // a new catalog needs a new index
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
        model::BackgroundPool::instance()->waitForDone(); // the cancelled task has ended too
        QCoreApplication::processEvents();
        QVERIFY(ready.count() >= 1);
        for (const QList<QVariant>& r : ready)
            QCOMPARE(r.at(0).value<MetricsPtr>()->window.end, TimeNs(7000));
    }
};

QTEST_MAIN(tst_PairMetricsComputer)
#include "tst_pairmetricscomputer.moc"
