// OperatorTreeBuilder: hand-computed trees, every node equal to a brute-force recount of the
// store, the top level equal to OperatorAggregator's table, children adding up to their
// parent, and cancellation.
#include <support/operatortreetestutil.h>

#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatortree.h>

#include <QtTest>

#include <algorithm>

using namespace strata;
using namespace strata::store;
using namespace strata::analysis;
using namespace operatortest;
using storetest::qs;

namespace {

// "name count total self min max median percent transfer" of a node.
QString nodeText(const OperatorRow& r)
{
    return QString("%1 %2 %3 %4 %5 %6 %7 %8 %9")
        .arg(qs(r.name))
        .arg(r.count)
        .arg(r.totalNs)
        .arg(r.selfNs)
        .arg(r.minNs)
        .arg(r.maxNs)
        .arg(r.medianNs)
        .arg(r.percent, 0, 'f', 2)
        .arg(r.transferNs);
}

// The tree depth first as "depth:text" lines joined by "; ".
QString treeText(const OperatorTree& t)
{
    QStringList out;
    std::vector<int> stack(t.roots.rbegin(), t.roots.rend());
    while (!stack.empty()) {
        const int n = stack.back();
        stack.pop_back();
        out << QString("%1:%2").arg(t.nodes[size_t(n)].depth).arg(nodeText(t.nodes[size_t(n)].row));
        stack.insert(stack.end(), t.nodes[size_t(n)].children.rbegin(), t.nodes[size_t(n)].children.rend());
    }
    return out.join("; ");
}

double median(std::vector<TimeNs> v)
{
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? double(v[n / 2]) : (double(v[n / 2 - 1]) + double(v[n / 2])) / 2.0;
}

} // namespace

class tst_OperatorTree : public QObject {
    Q_OBJECT

private slots:
    void handTree_data();
    void handTree();
    void matchesRecount_data();
    void matchesRecount();
    void cancelled();

private:
    const HandCatalog m_hand {};
};

void tst_OperatorTree::handTree_data()
{
    QTest::addColumn<QString>("levels");
    QTest::addColumn<QString>("scope");
    QTest::addColumn<QString>("tree");
    // Device busy 750. The fused layer's conv2d commands and its weight load are children
    // of the layer; children add up to their parent.
    QTest::newRow("framework > op > command") << "framework > op > command"
                                              << "device"
                                              << "0:fused(bn1+conv1+relu) 3 440 440 40 300 100 58.67 40; "
                                                 "1:conv2d 2 400 400 100 300 200 53.33 0; "
                                                 "2:0_fused(bn1+conv1+relu)_2 1 300 300 300 300 300 40.00 0; "
                                                 "2:0_fused(bn1+conv1+relu)_1 1 100 100 100 100 100 13.33 0; "
                                                 "1:dma_load_weight 1 40 40 40 40 40 5.33 40; "
                                                 "2:0_fused(bn1+conv1+relu)_0 1 40 40 40 40 40 5.33 40; "
                                                 "0:layer1.0.conv1 2 260 260 60 200 130 34.67 60; "
                                                 "1:conv2d 1 200 200 200 200 200 26.67 0; "
                                                 "2:0_layer1.0.conv1_3 1 200 200 200 200 200 26.67 0; "
                                                 "1:dma_load_weight 1 60 60 60 60 60 8.00 60; "
                                                 "2:0_layer1.0.conv1_5 1 60 60 60 60 60 8.00 60; "
                                                 "0:fc 1 50 50 50 50 50 6.67 0; "
                                                 "1:linear 1 50 50 50 50 50 6.67 0; "
                                                 "2:0_fc_4 1 50 50 50 50 50 6.67 0";
    // The same operator under two layers is two nodes.
    QTest::newRow("op > layer") << "op > layer"
                                << "device"
                                << "0:conv2d 3 600 600 100 300 200 80.00 0; "
                                   "1:fused(bn1+conv1+relu) 2 400 400 100 300 200 53.33 0; "
                                   "1:layer1.0.conv1 1 200 200 200 200 200 26.67 0; "
                                   "0:dma_load_weight 2 100 100 40 60 50 13.33 100; "
                                   "1:layer1.0.conv1 1 60 60 60 60 60 8.00 60; "
                                   "1:fused(bn1+conv1+relu) 1 40 40 40 40 40 5.33 40; "
                                   "0:linear 1 50 50 50 50 50 6.67 0; "
                                   "1:fc 1 50 50 50 50 50 6.67 0";
    // Host, nested: self time subtracts direct children whatever their key. Busy 3000.
    QTest::newRow("host op > layer") << "op > layer"
                                     << "host"
                                     << "0:ProfilerStep 3 3000 1900 900 1100 1000 63.33 0; "
                                        "1:(none) 3 3000 1900 900 1100 1000 63.33 0; "
                                        "0:aten::conv2d 3 1100 800 200 500 400 26.67 0; "
                                        "1:layer1.0.conv1 2 900 600 400 500 450 20.00 0; "
                                        "1:layer1.0.conv2 1 200 200 200 200 200 6.67 0; "
                                        "0:aten::convolution 1 300 300 300 300 300 10.00 0; "
                                        "1:(none) 1 300 300 300 300 300 10.00 0";
}

void tst_OperatorTree::handTree()
{
    QFETCH(QString, levels);
    QFETCH(QString, scope);
    QFETCH(QString, tree);
    const auto t = OperatorTreeBuilder::build(
        *m_hand.store, m_hand.catalog, levelsOf(levels), OperatorAggregator::wholeTrace(), scopeOf(scope));
    QVERIFY(t);
    QCOMPARE(treeText(*t), tree);
}

void tst_OperatorTree::matchesRecount_data()
{
    addTreeColumns();
    const qint64 lo = kTimeMin, hi = kTimeMax;
    QTest::newRow("framework>op>command device") << "framework>op>command"
                                                 << "device" << lo << hi;
    QTest::newRow("module>layer>command device") << "module>layer>command"
                                                 << "device" << lo << hi;
    QTest::newRow("hlo>op>command all") << "hlo>op>command"
                                        << "all" << lo << hi;
    QTest::newRow("op>framework>command all") << "op>framework>command"
                                              << "all" << lo << hi;
    QTest::newRow("name host") << "name"
                               << "host" << lo << hi;
    QTest::newRow("op>layer host [500,1500)") << "op>layer"
                                              << "host" << qint64(500) << qint64(1500);
    QTest::newRow("op>layer host child after end") << "op>layer"
                                                   << "host" << qint64(1000) << qint64(1150);
    QTest::newRow("layer>command device [400,820)") << "layer>command"
                                                    << "device" << qint64(400) << qint64(820);
    QTest::newRow("empty window") << "op>name"
                                  << "all" << qint64(5000) << qint64(6000);
}

// Every node equals the brute-force recount of its path; the top level equals the
// aggregator's table; children add up to their parent.
void tst_OperatorTree::matchesRecount()
{
    const TreeSpec spec = fetchTreeSpec();
    const auto t = OperatorTreeBuilder::build(*m_hand.store, m_hand.catalog, spec.levels, spec.window, spec.scope);
    QVERIFY(t);
    const auto ref = recount(*m_hand.store, m_hand.catalog, spec.levels, spec.window, spec.scope);
    size_t refNodes = 0;
    for (const auto& [path, r] : ref)
        refNodes += r.count ? 1 : 0;
    QCOMPARE(t->nodes.size(), refNodes);
    for (size_t i = 0; i < t->nodes.size(); ++i) {
        const auto& n = t->nodes[i];
        const auto it = ref.find(t->pathKeys(int(i)));
        QVERIFY2(it != ref.end(), qPrintable(qs(t->pathText(int(i)))));
        const Ref& r = it->second;
        QCOMPARE(n.row.count, r.count);
        QCOMPARE(n.row.totalNs, r.total);
        QCOMPARE(n.row.selfNs, r.self);
        QCOMPARE(n.row.minNs, r.min);
        QCOMPARE(n.row.maxNs, r.max);
        QCOMPARE(n.row.medianNs, median(r.durs));
        QCOMPARE(n.row.bytes, r.bytes);
        QCOMPARE(n.row.percent, t->table.busyNs ? 100.0 * double(r.self) / double(t->table.busyNs) : 0.0);
        if (!n.children.empty()) {
            uint64_t count = 0;
            TimeNs total = 0, self = 0, transfer = 0;
            for (int c : n.children) {
                count += t->nodes[size_t(c)].row.count;
                total += t->nodes[size_t(c)].row.totalNs;
                self += t->nodes[size_t(c)].row.selfNs;
                transfer += t->nodes[size_t(c)].row.transferNs;
            }
            QCOMPARE(count, n.row.count);
            QCOMPARE(total, n.row.totalNs);
            QCOMPARE(self, n.row.selfNs);
            QCOMPARE(transfer, n.row.transferNs);
        }
    }
    // The top level is the aggregator's table, row for row, in its order.
    const OperatorTable agg
        = OperatorAggregator::aggregate(*m_hand.store, m_hand.catalog, spec.levels.front(), spec.window, spec.scope);
    QCOMPARE(t->roots.size(), agg.rows.size());
    QCOMPARE(t->table.busyNs, agg.busyNs);
    QCOMPARE(t->table.transferNs, agg.transferNs);
    for (size_t i = 0; i < agg.rows.size(); ++i) {
        const OperatorRow& a = agg.rows[i];
        const OperatorRow& b = t->nodes[size_t(t->roots[i])].row;
        QCOMPARE(b.name, a.name);
        QCOMPARE(b.count, a.count);
        QCOMPARE(b.totalNs, a.totalNs);
        QCOMPARE(b.selfNs, a.selfNs);
        QCOMPARE(b.medianNs, a.medianNs);
        QCOMPARE(b.percent, a.percent);
        QCOMPARE(b.transferNs, a.transferNs);
        QCOMPARE(b.engines, a.engines);
    }
}

void tst_OperatorTree::cancelled()
{
    std::atomic<bool> cancel { true };
    QVERIFY(!OperatorTreeBuilder::build(*m_hand.store, m_hand.catalog, levelsOf("op>layer"),
        OperatorAggregator::wholeTrace(), OperatorScope::All, &cancel));
}

QTEST_APPLESS_MAIN(tst_OperatorTree)
#include "tst_operatortree.moc"
