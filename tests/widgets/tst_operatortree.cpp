// The Operator Table's data side: OperatorTreeBuilder (hand-computed trees, the top level
// equal to OperatorAggregator's table, every node equal to a brute-force recount),
// OperatorRows (exactly a node's slices), OperatorTreeModel and OperatorFilterProxy under
// QAbstractItemModelTester, and the exports (the CLI's CSV/JSON text, numbers equal to the
// aggregator's).
#include "../analysis/operatorteststore.h"
#include "operatortreetest.h"

#include "operators/exportactions.h"
#include "operators/operatorfilterproxy.h"
#include "operators/operatortreemodel.h"
#include <analysis/operators/operatorrows.h>
#include <analysis/operators/operatortree.h>
#include <report/operatorexport.h>

#include <analysis/operators/operatoraggregator.h>
#include <store/storebuilder.h>

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <map>

using namespace strata;
using namespace strata::store;
using namespace strata::analysis;
using analysis::OperatorTree;
using analysis::OperatorTreeBuilder;
using operatortest::handStore;
using namespace operatortreetest;

class tst_OperatorTree : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void handTree_data();
    void handTree();
    void matchesRecount_data();
    void matchesRecount();
    void rowsOfNode_data();
    void rowsOfNode();
    void longestInstance();
    void modelTester_data();
    void modelTester();
    void modelData();
    void filter_data();
    void filter();
    void exportCsvMatchesAggregator_data();
    void exportCsvMatchesAggregator();
    void exportJsonMatchesAggregator();
    void csvQuoting();
    void treeExports();
    void exportFileWrite();
    void cancelled();

private:
    std::shared_ptr<const EventStore> m_store;
    std::unique_ptr<OperatorCatalog> m_catalog;
};

void tst_OperatorTree::initTestCase()
{
    m_store = handStore();
    m_catalog = std::make_unique<OperatorCatalog>(*m_store);
}

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
        *m_store, *m_catalog, levelsOf(levels), OperatorAggregator::wholeTrace(), scopeOf(scope));
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
    const auto t = OperatorTreeBuilder::build(*m_store, *m_catalog, spec.levels, spec.window, spec.scope);
    QVERIFY(t);
    const auto ref = recount(*m_store, *m_catalog, spec.levels, spec.window, spec.scope);
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
        = OperatorAggregator::aggregate(*m_store, *m_catalog, spec.levels.front(), spec.window, spec.scope);
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

void tst_OperatorTree::rowsOfNode_data()
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
void tst_OperatorTree::rowsOfNode()
{
    const TreeSpec spec = fetchTreeSpec();
    const auto t = OperatorTreeBuilder::build(*m_store, *m_catalog, spec.levels, spec.window, spec.scope);
    const auto ref = recount(*m_store, *m_catalog, spec.levels, spec.window, spec.scope);
    QVERIFY(!t->nodes.empty());
    for (size_t i = 0; i < t->nodes.size(); ++i) {
        const auto rows = analysis::OperatorRows::collect(*m_store, *m_catalog, *t, int(i));
        QCOMPARE(rows.size(), size_t(t->nodes[i].row.count));
        QVERIFY(rows == ref.at(t->pathKeys(int(i))).rows);
        // The scan over every track gives the same.
        const auto keys = t->pathKeys(int(i));
        const std::vector<OperatorLevel> path(spec.levels.begin(), spec.levels.begin() + std::ptrdiff_t(keys.size()));
        QVERIFY(analysis::OperatorRows::collect(*m_store, *m_catalog, path, keys, spec.window, spec.scope) == rows);
    }
}

void tst_OperatorTree::longestInstance()
{
    const auto t = OperatorTreeBuilder::build(
        *m_store, *m_catalog, levelsOf("op>layer"), OperatorAggregator::wholeTrace(), OperatorScope::All);
    for (size_t i = 0; i < t->nodes.size(); ++i) {
        const auto rows = analysis::OperatorRows::collect(*m_store, *m_catalog, *t, int(i));
        const SliceRow longest = analysis::OperatorRows::longest(*m_store, rows);
        QCOMPARE(t->nodes[i].longest, longest);
        QCOMPARE(m_store->sliceDur(longest), t->nodes[i].row.maxNs);
    }
}

void tst_OperatorTree::modelTester_data()
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

void tst_OperatorTree::modelTester()
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
        *m_store, *m_catalog, levelsOf(levels), OperatorAggregator::wholeTrace(), scopeOf(scope)));
    proxy.sort(widgets::OperatorTreeModel::Self, Qt::AscendingOrder);
    proxy.sort(widgets::OperatorTreeModel::Name, Qt::DescendingOrder);
    proxy.setPattern(QString(), false);
    proxy.setPattern(filter, regex);
    model.setTree(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void tst_OperatorTree::modelData()
{
    widgets::OperatorTreeModel model;
    model.setTree(OperatorTreeBuilder::build(*m_store, *m_catalog, levelsOf("framework>op>command"),
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

void tst_OperatorTree::filter_data()
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

void tst_OperatorTree::filter()
{
    QFETCH(QString, pattern);
    QFETCH(bool, regex);
    QFETCH(QString, visible);
    widgets::OperatorTreeModel model;
    widgets::OperatorFilterProxy proxy;
    proxy.setSourceModel(&model);
    model.setTree(OperatorTreeBuilder::build(
        *m_store, *m_catalog, levelsOf("op>layer"), OperatorAggregator::wholeTrace(), OperatorScope::Device));
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

void tst_OperatorTree::exportCsvMatchesAggregator_data()
{
    QTest::addColumn<QString>("level");
    QTest::addColumn<QString>("scope");
    for (const char* l : { "module", "framework", "layer", "hlo", "op", "command", "name" })
        for (const char* s : { "device", "host", "all" })
            QTest::addRow("%s %s", l, s) << l << s;
}

// The CSV is the CLI's: its header, and per row the aggregator's numbers, rounded as the
// CLI rounds them.
void tst_OperatorTree::exportCsvMatchesAggregator()
{
    QFETCH(QString, level);
    QFETCH(QString, scope);
    const OperatorLevel l = ::level(level);
    const auto t
        = OperatorTreeBuilder::build(*m_store, *m_catalog, { l }, OperatorAggregator::wholeTrace(), scopeOf(scope));
    const OperatorTable agg
        = OperatorAggregator::aggregate(*m_store, *m_catalog, l, OperatorAggregator::wholeTrace(), scopeOf(scope));
    const QStringList lines = qs(report::OperatorExport::opsCsv(t->table)).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.value(0),
        QString("name,count,total_ns,self_ns,avg_ns,min_ns,max_ns,median_ns,percent,execution_ns,"
                "transfer_ns,bytes,flops,mfu,hfu,engines,fused"));
    QCOMPARE(lines.size(), int(agg.rows.size()) + 1);
    for (size_t i = 0; i < agg.rows.size(); ++i) {
        const OperatorRow& r = agg.rows[i];
        const QStringList c = csvCells(lines[int(i) + 1]);
        QCOMPARE(c.size(), 17);
        QCOMPARE(c[0], qs(r.name));
        QCOMPARE(c[1].toULongLong(), r.count);
        QCOMPARE(c[2].toLongLong(), r.totalNs);
        QCOMPARE(c[3].toLongLong(), r.selfNs);
        QCOMPARE(c[4].toDouble(), std::round(r.avgNs * 1e3) / 1e3);
        QCOMPARE(c[5].toLongLong(), r.minNs);
        QCOMPARE(c[6].toLongLong(), r.maxNs);
        QCOMPARE(c[7].toDouble(), std::round(r.medianNs * 1e3) / 1e3);
        QCOMPARE(c[8].toDouble(), std::round(r.percent * 1e6) / 1e6);
        QCOMPARE(c[9].toLongLong(), r.executionNs());
        QCOMPARE(c[10].toLongLong(), r.transferNs);
        QCOMPARE(c[11], r.hasBytes ? QString::number(qint64(r.bytes)) : QString());
        QCOMPARE(c[12], r.hasFlops ? QString::number(qint64(r.flops)) : QString());
        QCOMPARE(c[13].isEmpty(), r.mfu < 0);
        if (r.mfu >= 0)
            QCOMPARE(c[13].toDouble(), std::round(r.mfu * 1e6) / 1e6);
        QStringList engines;
        for (const std::string& e : r.engines)
            engines << qs(e);
        QCOMPARE(c[15], engines.join(';'));
        QStringList fused;
        for (const std::string& f : r.fusedMembers)
            fused << qs(f);
        QCOMPARE(c[16], fused.join('+'));
    }
}

void tst_OperatorTree::exportJsonMatchesAggregator()
{
    const TimeRange w { 400, 820 };
    const auto t = OperatorTreeBuilder::build(*m_store, *m_catalog, { OperatorLevel::Op }, w, OperatorScope::Device);
    const OperatorTable agg
        = OperatorAggregator::aggregate(*m_store, *m_catalog, OperatorLevel::Op, w, OperatorScope::Device);
    const std::string text = report::OperatorExport::opsJson(t->table, TimeRange { 400, 820 });
    QVERIFY(text.back() == '\n');
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
    QCOMPARE(o.keys().size(), 8);
    QCOMPARE(o["level"].toString(), QString("op"));
    QCOMPARE(o["scope"].toString(), QString("device"));
    QCOMPARE(o["range_ns"].toArray(), QJsonArray({ 400, 820 }));
    QCOMPARE(o["events"].toInteger(), qint64(agg.events));
    QCOMPARE(o["busy_ns"].toInteger(), agg.busyNs);
    QCOMPARE(o["execution_ns"].toInteger(), agg.executionNs);
    QCOMPARE(o["transfer_ns"].toInteger(), agg.transferNs);
    const QJsonArray rows = o["rows"].toArray();
    QCOMPARE(rows.size(), qsizetype(agg.rows.size()));
    for (size_t i = 0; i < agg.rows.size(); ++i) {
        const QJsonObject r = rows[qsizetype(i)].toObject();
        QCOMPARE(r["name"].toString(), qs(agg.rows[i].name));
        QCOMPARE(r["count"].toInteger(), qint64(agg.rows[i].count));
        QCOMPARE(r["total_ns"].toInteger(), agg.rows[i].totalNs);
        QCOMPARE(r["percent"].toDouble(), std::round(agg.rows[i].percent * 1e6) / 1e6);
        QVERIFY(r["hfu"].isNull());
    }
    // The whole trace writes "range_ns": null, as the CLI without --range.
    const QJsonObject whole
        = QJsonDocument::fromJson(QByteArray::fromStdString(report::OperatorExport::opsJson(t->table, std::nullopt)))
              .object();
    QVERIFY(whole["range_ns"].isNull());
}

void tst_OperatorTree::csvQuoting()
{
    using report::OperatorExport;
    QCOMPARE(qs(OperatorExport::csvField("plain")), QString("plain"));
    QCOMPARE(qs(OperatorExport::csvField("a,b")), QString("\"a,b\""));
    QCOMPARE(qs(OperatorExport::csvField("say \"hi\"")), QString("\"say \"\"hi\"\"\""));
    QCOMPARE(qs(OperatorExport::csvField("two\nlines")), QString("\"two\nlines\""));
}

void tst_OperatorTree::treeExports()
{
    const auto t = OperatorTreeBuilder::build(*m_store, *m_catalog, levelsOf("framework>op>command"),
        OperatorAggregator::wholeTrace(), OperatorScope::Device);
    const QStringList lines = qs(report::OperatorExport::treeCsv(*t)).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), int(t->nodes.size()) + 1);
    QVERIFY(lines[0].startsWith("depth,path,name,count,"));
    QCOMPARE(csvCells(lines[1]).mid(0, 4), QStringList({ "0", "", "fused(bn1+conv1+relu)", "3" }));
    QCOMPARE(csvCells(lines[2]).mid(0, 4), QStringList({ "1", "fused(bn1+conv1+relu)", "conv2d", "2" }));
    QCOMPARE(csvCells(lines[3]).mid(0, 4),
        QStringList(
            { "2", QString::fromUtf8("fused(bn1+conv1+relu) \u203a conv2d"), "0_fused(bn1+conv1+relu)_2", "1" }));
    const QJsonObject o
        = QJsonDocument::fromJson(QByteArray::fromStdString(report::OperatorExport::treeJson(*t, std::nullopt)))
              .object();
    QCOMPARE(o["levels"].toArray(), QJsonArray({ "framework", "op", "command" }));
    const QJsonObject first = o["rows"].toArray()[0].toObject();
    QCOMPARE(first["name"].toString(), QString("fused(bn1+conv1+relu)"));
    QCOMPARE(first["children"].toArray().size(), 2);
    const QJsonObject leaf = first["children"].toArray()[0].toObject()["children"].toArray()[0].toObject();
    QCOMPARE(leaf["name"].toString(), QString("0_fused(bn1+conv1+relu)_2"));
    QVERIFY(!leaf.contains("children"));
}

// The context menu's writer: the text byte for byte, atomically (no partial file on failure).
void tst_OperatorTree::exportFileWrite()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto t = OperatorTreeBuilder::build(
        *m_store, *m_catalog, { OperatorLevel::Op }, OperatorAggregator::wholeTrace(), OperatorScope::Device);
    const std::string text = report::OperatorExport::opsCsv(t->table);
    const QString path = dir.filePath("operators-op.csv");
    QString error;
    QVERIFY(widgets::ExportActions::writeFile(path, text, &error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray::fromStdString(text));
    QVERIFY(!widgets::ExportActions::writeFile(dir.filePath("missing/dir/x.csv"), text, &error));
    QVERIFY(error.contains("missing/dir/x.csv"));
    QCOMPARE(widgets::ExportActions::safeName("fused(a+b)/x: y"), QString("fused_a_b_x_y"));
}

void tst_OperatorTree::cancelled()
{
    std::atomic<bool> cancel { true };
    QVERIFY(!OperatorTreeBuilder::build(
        *m_store, *m_catalog, levelsOf("op>layer"), OperatorAggregator::wholeTrace(), OperatorScope::All, &cancel));
    QVERIFY(analysis::OperatorRows::collect(*m_store, *m_catalog, { OperatorLevel::Op },
        { m_catalog->findKey("conv2d") }, OperatorAggregator::wholeTrace(), OperatorScope::All, &cancel)
                .empty());
}

QTEST_MAIN(tst_OperatorTree)
#include "tst_operatortree.moc"
