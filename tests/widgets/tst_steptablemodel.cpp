// StepTableModel: the Latency dock's Steps table under QAbstractItemModelTester, and its share
// columns: compute, communication and exposed communication as percents of the step
// (StepRow::breakdown), the exact time in the tooltip, the percent as SortRole; empty cells
// (sorting first) for a step without device work, and none in the foot rows.
#include "operators/steptablemodel.h"
#include <common/unitformat.h>

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QtTest>

using namespace strata;
using widgets::StepTableModel;
using widgets::UnitFormat;
using M = StepTableModel;

namespace {

analysis::StepRow step(uint32_t index, store::TimeNs start, store::TimeNs dur, bool withBreakdown,
    store::TimeNs compute = 0, store::TimeNs comm = 0, store::TimeNs exposed = 0)
{
    analysis::StepRow s;
    s.index = index;
    s.name = "ProfilerStep#" + std::to_string(index);
    s.startNs = start;
    s.durNs = dur;
    if (withBreakdown) {
        analysis::BreakdownTimes b;
        b.computeNs = compute;
        b.communicationNs = comm;
        b.commExposedNs = exposed;
        b.commOverlapNs = comm - exposed;
        s.breakdown = b;
    }
    return s;
}

// Step 1: 1 ms, compute 250 µs, communication 400 µs of which 300 exposed. Step 2: 2 ms,
// compute 1.5 ms, no communication. Step 3: no device work.
analysis::StepTable table()
{
    analysis::StepTable t;
    t.unit = "ProfilerStep";
    t.steps = { step(1, 0, 1000000, true, 250000, 400000, 300000), step(2, 1000000, 2000000, true, 1500000),
        step(3, 3000000, 500000, false) };
    return t;
}

} // namespace

class tst_StepTableModel : public QObject {
    Q_OBJECT
private slots:
    void shares_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("sort");
        QTest::addColumn<QString>("tip");
        QTest::newRow("compute") << 0 << int(M::Compute) << UnitFormat::percent(25) << 25.0
                                 << UnitFormat::duration(250000);
        QTest::newRow("communication") << 0 << int(M::Comm) << UnitFormat::percent(40) << 40.0
                                       << UnitFormat::duration(400000);
        QTest::newRow("exposed") << 0 << int(M::Exposed) << UnitFormat::percent(30) << 30.0
                                 << UnitFormat::duration(300000);
        QTest::newRow("compute of a longer step")
            << 1 << int(M::Compute) << UnitFormat::percent(75) << 75.0 << UnitFormat::duration(1500000);
        QTest::newRow("no communication")
            << 1 << int(M::Comm) << UnitFormat::percent(0) << 0.0 << UnitFormat::duration(0);
        QTest::newRow("no device work") << 2 << int(M::Compute) << QString() << -1.0 << QString();
        QTest::newRow("foot row") << 3 << int(M::Compute) << QString() << -2.0 << QString();
    }
    void shares()
    {
        QFETCH(int, row);
        QFETCH(int, column);
        QFETCH(QString, text);
        QFETCH(double, sort);
        QFETCH(QString, tip);
        StepTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSteps(table(), 0);
        QCOMPARE(model.rowCount(), 3 + M::FootCount);
        QVERIFY(model.hasShares());
        const QModelIndex cell = model.index(row, column);
        QCOMPARE(cell.data().toString(), text);
        if (sort >= -1)
            QCOMPARE(cell.data(M::SortRole).toDouble(), sort);
        else
            QVERIFY(!cell.data(M::SortRole).isValid());
        QVERIFY2(
            cell.data(Qt::ToolTipRole).toString().startsWith(tip), qPrintable(cell.data(Qt::ToolTipRole).toString()));
        QVERIFY(!model.headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
    }

    // Sorting by a share column orders by the percent, the step without device work first.
    void sortsByShare()
    {
        StepTableModel model;
        model.setSteps(table(), 0);
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(M::SortRole);
        proxy.setFilterFixedString(QStringLiteral("#")); // the steps, not the foot rows
        proxy.setFilterKeyColumn(M::Step);
        proxy.sort(M::Compute, Qt::AscendingOrder);
        QCOMPARE(proxy.rowCount(), 3);
        QCOMPARE(proxy.index(0, M::Step).data().toString(), QStringLiteral("#3"));
        QCOMPARE(proxy.index(1, M::Step).data().toString(), QStringLiteral("#1"));
        QCOMPARE(proxy.index(2, M::Step).data().toString(), QStringLiteral("#2"));
    }

    // Without any breakdown (no index yet, no device work) the share columns have nothing.
    void noShares()
    {
        StepTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        analysis::StepTable t = table();
        for (analysis::StepRow& s : t.steps)
            s.breakdown.reset();
        model.setSteps(t, 0);
        QVERIFY(!model.hasShares());
        QVERIFY(model.index(0, M::Comm).data().toString().isEmpty());
        model.setSteps({}, 0);
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(tst_StepTableModel)
#include "tst_steptablemodel.moc"
