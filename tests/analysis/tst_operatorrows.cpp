// OperatorRows: a tree node's slices are exactly those the node counts (against a
// brute-force recount, and the same through the scan over every track), its longest
// instance is the node's, and cancellation.
#include <support/operatortreetestutil.h>

#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatorrows.h>
#include <analysis/operators/operatortree.h>

#include <QtTest>

using namespace strata;
using namespace strata::store;
using namespace strata::analysis;
using namespace operatortest;

class tst_OperatorRows : public QObject {
    Q_OBJECT

private slots:
    void rowsOfNode_data();
    void rowsOfNode();
    void longestInstance();
    void cancelled();

private:
    const HandCatalog m_hand {};
};

void tst_OperatorRows::rowsOfNode_data()
{
    addTreeColumns();
    const qint64 lo = kTimeMin, hi = kTimeMax;
    QTest::newRow("framework>op>command device") << "framework>op>command"
                                                 << "device" << lo << hi;
    QTest::newRow("op>layer all") << "op>layer"
                                  << "all" << lo << hi;
    QTest::newRow("op>layer host window") << "op>layer"
                                          << "host" << qint64(500) << qint64(1500);
}

// OperatorRows lists exactly the slices the node counts, ascending.
void tst_OperatorRows::rowsOfNode()
{
    const TreeSpec spec = fetchTreeSpec();
    const auto t = OperatorTreeBuilder::build(*m_hand.store, m_hand.catalog, spec.levels, spec.window, spec.scope);
    const auto ref = recount(*m_hand.store, m_hand.catalog, spec.levels, spec.window, spec.scope);
    QVERIFY(!t->nodes.empty());
    for (size_t i = 0; i < t->nodes.size(); ++i) {
        const auto rows = analysis::OperatorRows::collect(*m_hand.store, m_hand.catalog, *t, int(i));
        QCOMPARE(rows.size(), size_t(t->nodes[i].row.count));
        QVERIFY(rows == ref.at(t->pathKeys(int(i))).rows);
        // The scan over every track gives the same.
        const auto keys = t->pathKeys(int(i));
        const std::vector<OperatorLevel> path(spec.levels.begin(), spec.levels.begin() + std::ptrdiff_t(keys.size()));
        QVERIFY(analysis::OperatorRows::collect(*m_hand.store, m_hand.catalog, path, keys, spec.window, spec.scope)
            == rows);
    }
}

void tst_OperatorRows::longestInstance()
{
    const auto t = OperatorTreeBuilder::build(
        *m_hand.store, m_hand.catalog, levelsOf("op>layer"), OperatorAggregator::wholeTrace(), OperatorScope::All);
    for (size_t i = 0; i < t->nodes.size(); ++i) {
        const auto rows = analysis::OperatorRows::collect(*m_hand.store, m_hand.catalog, *t, int(i));
        const SliceRow longest = analysis::OperatorRows::longest(*m_hand.store, rows);
        QCOMPARE(t->nodes[i].longest, longest);
        QCOMPARE(m_hand.store->sliceDur(longest), t->nodes[i].row.maxNs);
    }
}

void tst_OperatorRows::cancelled()
{
    std::atomic<bool> cancel { true };
    QVERIFY(analysis::OperatorRows::collect(*m_hand.store, m_hand.catalog, { OperatorLevel::Op },
        { m_hand.catalog.findKey("conv2d") }, OperatorAggregator::wholeTrace(), OperatorScope::All, &cancel)
                .empty());
}

QTEST_APPLESS_MAIN(tst_OperatorRows)
#include "tst_operatorrows.moc"
