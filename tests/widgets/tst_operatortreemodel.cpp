// OperatorTreeModel: under QAbstractItemModelTester (with OperatorFilterProxy on top) through
// tree, filter and sort changes, and the text, sort and alignment roles of its cells.
#include <support/operatortreetestutil.h>

#include "operators/operatorfilterproxy.h"
#include "operators/operatortreemodel.h"
#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatortree.h>

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace strata;
using namespace strata::store;
using namespace strata::analysis;
using namespace operatortest;

class tst_OperatorTreeModel : public QObject {
    Q_OBJECT

private slots:
    void modelTester_data();
    void modelTester();
    void modelData();

private:
    const HandCatalog m_hand {};
};

void tst_OperatorTreeModel::modelTester_data()
{
    QTest::addColumn<QString>("levels");
    QTest::addColumn<QString>("scope");
    QTest::addColumn<QString>("filter");
    QTest::addColumn<bool>("regex");
    QTest::newRow("framework>op>command") << "framework>op>command"
                                          << "device"
                                          << "" << false;
    QTest::newRow("flat op") << "op"
                             << "all"
                             << "" << false;
    QTest::newRow("filtered conv") << "framework>op>command"
                                   << "device"
                                   << "conv" << false;
    QTest::newRow("filtered regex") << "op>layer>name"
                                    << "all"
                                    << "^0_.*_[0-3]$" << true;
    QTest::newRow("engine") << "op>layer"
                            << "all"
                            << "engine:DMA" << false;
    QTest::newRow("empty tree") << "op"
                                << "device"
                                << "nothing matches this" << false;
}

void tst_OperatorTreeModel::modelTester()
{
    QFETCH(QString, levels);
    QFETCH(QString, scope);
    QFETCH(QString, filter);
    QFETCH(bool, regex);
    widgets::OperatorTreeModel model;
    widgets::OperatorFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester modelTest(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTest(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setPattern(filter, regex);
    model.setTree(OperatorTreeBuilder::build(
        *m_hand.store, m_hand.catalog, levelsOf(levels), OperatorAggregator::wholeTrace(), scopeOf(scope)));
    proxy.sort(widgets::OperatorTreeModel::Self, Qt::AscendingOrder);
    proxy.sort(widgets::OperatorTreeModel::Name, Qt::DescendingOrder);
    proxy.setPattern(QString(), false);
    proxy.setPattern(filter, regex);
    model.setTree(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void tst_OperatorTreeModel::modelData()
{
    widgets::OperatorTreeModel model;
    model.setTree(OperatorTreeBuilder::build(*m_hand.store, m_hand.catalog, levelsOf("framework>op>command"),
        OperatorAggregator::wholeTrace(), OperatorScope::Device));
    using M = widgets::OperatorTreeModel;
    QCOMPARE(model.rowCount(), 3);
    const QModelIndex fused = model.index(0, 0);
    QCOMPARE(fused.data().toString(), QString("fused(bn1+conv1+relu)"));
    QCOMPARE(fused.siblingAtColumn(M::Count).data().toString(), QString("3"));
    QCOMPARE(fused.siblingAtColumn(M::Total).data().toString(), QString("440 ns"));
    QCOMPARE(fused.siblingAtColumn(M::Median).data().toString(), QString("100 ns"));
    QCOMPARE(fused.siblingAtColumn(M::Percent).data().toString(), QString("58.67 %"));
    QCOMPARE(fused.siblingAtColumn(M::Bytes).data().toString(), QString("8.10 kB")); // 1000 + 3000 + 4096
    QCOMPARE(fused.siblingAtColumn(M::Flops).data().toString(), QString("20.0 kFLOP"));
    QCOMPARE(fused.siblingAtColumn(M::Mfu).data().toString(), QString("35.0 %")); // (50·100 + 30·300) / 400
    QCOMPARE(fused.siblingAtColumn(M::Engines).data().toString(), QString("Neural Engine Clusters, Task DMA"));
    QCOMPARE(fused.siblingAtColumn(M::Total).data(M::SortRole).toLongLong(), 440);
    QCOMPARE(
        fused.siblingAtColumn(M::Total).data(Qt::TextAlignmentRole).toInt(), int(Qt::AlignRight | Qt::AlignVCenter));
    QCOMPARE(model.rowCount(fused), 2);
    const QModelIndex conv = model.index(0, 0, fused);
    QCOMPARE(conv.data().toString(), QString("conv2d"));
    QCOMPARE(conv.parent(), fused);
    QCOMPARE(model.rowCount(conv), 2);
    QCOMPARE(model.index(1, M::Self, conv).data().toString(), QString("100 ns"));
    QVERIFY(model.columnHasData(M::Mfu));
    QVERIFY(!model.columnHasData(M::Hfu));
    QVERIFY(model.headerData(M::Name, Qt::Horizontal).toString().contains(QString("Command")));
}

QTEST_MAIN(tst_OperatorTreeModel)
#include "tst_operatortreemodel.moc"
