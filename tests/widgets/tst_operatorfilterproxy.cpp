// OperatorFilterProxy: which top-level rows a pattern keeps (substring in any case, fields,
// regex, an invalid regex), a child's match keeping its parent and a match its children.
#include <support/operatortreetestutil.h>

#include "operators/operatorfilterproxy.h"
#include "operators/operatortreemodel.h"
#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatortree.h>

#include <QtTest>

using namespace strata;
using namespace strata::store;
using namespace strata::analysis;
using namespace operatortest;

class tst_OperatorFilterProxy : public QObject {
    Q_OBJECT

private slots:
    void filter_data();
    void filter();

private:
    const HandCatalog m_hand {};
};

void tst_OperatorFilterProxy::filter_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<bool>("regex");
    QTest::addColumn<QString>("visible"); // top-level rows after filtering (view order: aggregator's)
    QTest::newRow("none") << "" << false << "conv2d,dma_load_weight,linear";
    QTest::newRow("substring, any case") << "LIN" << false << "linear";
    // A child's match keeps its parent.
    QTest::newRow("child keeps parent") << "fc" << false << "linear";
    QTest::newRow("engine field") << "engine:task dma" << false << "dma_load_weight";
    QTest::newRow("category field") << "cat:Neural" << false << "conv2d,linear";
    QTest::newRow("name field excludes engines") << "name:Neural" << false << "";
    QTest::newRow("regex") << "^(conv|lin)" << true << "conv2d,linear";
    QTest::newRow("invalid regex passes all") << "(" << true << "conv2d,dma_load_weight,linear";
}

void tst_OperatorFilterProxy::filter()
{
    QFETCH(QString, pattern);
    QFETCH(bool, regex);
    QFETCH(QString, visible);
    widgets::OperatorTreeModel model;
    widgets::OperatorFilterProxy proxy;
    proxy.setSourceModel(&model);
    model.setTree(OperatorTreeBuilder::build(
        *m_hand.store, m_hand.catalog, levelsOf("op>layer"), OperatorAggregator::wholeTrace(), OperatorScope::Device));
    proxy.setPattern(pattern, regex);
    QStringList names;
    for (int r = 0; r < proxy.rowCount(); ++r)
        names << proxy.index(r, 0).data().toString();
    QCOMPARE(names.join(','), visible);
    QCOMPARE(proxy.isValid(), pattern != "(");
    // The children of a matching row all stay (autoAcceptChildRows).
    if (pattern == "LIN") {
        QCOMPARE(proxy.rowCount(proxy.index(0, 0)), 1);
    }
}

QTEST_MAIN(tst_OperatorFilterProxy)
#include "tst_operatorfilterproxy.moc"
