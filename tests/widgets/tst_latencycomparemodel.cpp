// LatencyCompareModel: one unit's figures in A and B with Δ and Δ % (of A), "—" for a side
// without instances, and the Δ of a duration coloured once past the threshold.
#include "operators/latencycomparemodel.h"
#include <common/deltaformat.h>
#include <common/unitformat.h>

#include <analysis/latency/latencyanalyzer.h>

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace strata;
using widgets::LatencyCompareModel;
using M = LatencyCompareModel;
using Samples = std::vector<store::TimeNs>;

Q_DECLARE_METATYPE(Samples)

class tst_LatencyCompareModel : public QObject {
    Q_OBJECT
private slots:
    void cells_data()
    {
        QTest::addColumn<Samples>("a");
        QTest::addColumn<Samples>("b");
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("text");
        using widgets::UnitFormat;
        const QChar minus(0x2212);
        const Samples a { 1000, 2000, 3000 }, b { 1500, 3000, 4500 };
        QTest::newRow("count A") << a << b << int(M::Count) << int(M::A) << "3";
        QTest::newRow("count Δ") << a << b << int(M::Count) << int(M::Delta) << "0";
        QTest::newRow("min B") << a << b << int(M::Min) << int(M::B) << UnitFormat::duration(1500);
        QTest::newRow("p50 Δ") << a << b << int(M::P50) << int(M::Delta) << "+" + UnitFormat::duration(1000);
        QTest::newRow("max Δ %") << a << b << int(M::Max) << int(M::DeltaPct) << "+" + UnitFormat::percent(50);
        QTest::newRow("faster mean") << b << a << int(M::Mean) << int(M::Delta) << minus + UnitFormat::duration(1000);
        QTest::newRow("no B: p90 B") << a << Samples {} << int(M::P90) << int(M::B) << widgets::DeltaFormat::missing();
        QTest::newRow("no B: p90 Δ") << a << Samples {} << int(M::P90) << int(M::Delta)
                                     << widgets::DeltaFormat::missing();
        QTest::newRow("no B: count B") << a << Samples {} << int(M::Count) << int(M::B) << "0";
        QTest::newRow("no A: count Δ %") << Samples {} << b << int(M::Count) << int(M::DeltaPct)
                                         << widgets::DeltaFormat::missing();
    }
    void cells()
    {
        QFETCH(Samples, a);
        QFETCH(Samples, b);
        QFETCH(int, row);
        QFETCH(int, column);
        QFETCH(QString, text);
        LatencyCompareModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(m.rowCount(), 0);
        m.setStats(analysis::LatencyAnalyzer::summarize(a), analysis::LatencyAnalyzer::summarize(b));
        QCOMPARE(m.rowCount(), int(M::RowCount));
        QCOMPARE(m.index(row, column).data().toString(), text);
        m.clear();
        QCOMPARE(m.rowCount(), 0);
    }

    // Durations' Δ is coloured past the threshold (slower red, faster green); the count's never.
    void colours()
    {
        LatencyCompareModel m;
        m.setStats(analysis::LatencyAnalyzer::summarize({ 1000, 2000 }),
            analysis::LatencyAnalyzer::summarize({ 1010, 1000, 3000 }));
        const QColor slower = m.index(M::Max, M::Delta).data(Qt::ForegroundRole).value<QColor>();
        QVERIFY(slower.isValid() && slower.red() > slower.green());
        QCOMPARE(m.index(M::Max, M::DeltaPct).data(Qt::ForegroundRole).value<QColor>(), slower);
        QVERIFY(!m.index(M::Min, M::Delta).data(Qt::ForegroundRole).isValid()); // +0 %
        QVERIFY(!m.index(M::Count, M::Delta).data(Qt::ForegroundRole).isValid());
        m.setThresholdPct(60); // max +50 %: under it now
        QVERIFY(!m.index(M::Max, M::Delta).data(Qt::ForegroundRole).isValid());
    }
};

QTEST_MAIN(tst_LatencyCompareModel)
#include "tst_latencycomparemodel.moc"
