// The Operator Table dock: aggregation off the GUI thread into the tree, selecting rows
// highlights exactly their slices, a double-click selects and reveals the longest instance,
// the current-selection mode follows the time selection and the visible window (debounced),
// stale results are dropped, and the exports are the CLI's text for the same level.
#include <support/widgettestutil.h>

#include "operators/operatorfilterproxy.h"
#include "operators/operatorgroupings.h"
#include "operators/operatortablewidget.h"
#include "operators/operatortreemodel.h"
#include <report/operatortablereport.h>
#include <state/backgroundpool.h>

#include <analysis/operators/operatoraggregator.h>
#include <state/selection.h>
#include <state/viewport.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QThreadPool>
#include <QTreeView>
#include <QtTest>

using namespace strata;
using namespace strata::store;
using namespace strata::analysis;
using model::EventRef;
using widgets::OperatorTableWidget;
using widgets::OperatorTreeModel;
using widgettest::Builder;

namespace {

// Two iterations of a small RBLN-style device program (the second one 10 µs later, its
// commands slower), and a host thread with the steps that submitted them:
//   Neural Engine Clusters  0_fused(bn1+conv1+relu)_1  conv2d   100 / 120 ns
//                           0_fused(bn1+conv1+relu)_2  conv2d   300 / 330
//                           0_layer1.0.conv1_3         conv2d   200 / 180
//                           0_fc_4                     linear    50 /  70
//   Task DMA                0_fused(bn1+conv1+relu)_0  dma_load_weight  40 / 45
//                           0_layer1.0.conv1_5         dma_load_weight  60 / 50
//   MainThread              ProfilerStep#1 [0,1000) > aten::conv2d [100,500); ProfilerStep#2 [10000,11200)
std::shared_ptr<const EventStore> makeStore()
{
    Builder s;
    const uint32_t nec = s.thread(1, "NPU 0", 1, "Neural Engine Clusters");
    const uint32_t dma = s.thread(1, "NPU 0", 2, "Task DMA");
    const uint32_t host = s.thread(100, "python3 model.py", 100, "MainThread");
    const char* ne = "Neural Engine Clusters";
    for (int it = 0; it < 2; ++it) {
        const TimeNs o = it * 10000;
        s.X(nec, "0_fused(bn1+conv1+relu)_1", ne, o + 0, it ? 120 : 100,
            s.args({ { "opcode", "conv2d" }, { "bytes", 1000 } }));
        s.X(nec, "0_fused(bn1+conv1+relu)_2", ne, o + 150, it ? 330 : 300,
            s.args({ { "opcode", "conv2d" }, { "bytes", 3000 } }));
        s.X(nec, "0_layer1.0.conv1_3", ne, o + 500, it ? 180 : 200, s.args({ { "opcode", "conv2d" } }));
        s.X(nec, "0_fc_4", ne, o + 800, it ? 70 : 50, s.args({ { "opcode", "linear" } }));
        s.X(dma, "0_fused(bn1+conv1+relu)_0", "Task DMA", o + 0, it ? 45 : 40,
            s.args({ { "opcode", "dma_load_weight" } }));
        s.X(dma, "0_layer1.0.conv1_5", "Task DMA", o + 440, it ? 50 : 60, s.args({ { "opcode", "dma_load_weight" } }));
    }
    s.X(host, "ProfilerStep#1", "user_annotation", 0, 1000);
    s.X(host, "aten::conv2d", "cpu_op", 100, 400);
    s.X(host, "ProfilerStep#2", "user_annotation", 10000, 1200);
    return StoreFinalizer::finalize(s.b);
}

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

// The slices (in scope) whose keys along `levels` are the names in `path`, by brute force.
std::vector<SliceRow> expectedRows(const EventStore& s, const OperatorCatalog& c,
    const std::vector<OperatorLevel>& levels, const QStringList& path, TimeRange w = OperatorAggregator::wholeTrace(),
    OperatorScope scope = OperatorScope::Device)
{
    std::vector<SliceRow> out;
    for (uint32_t r = 0; r < s.sliceCount(); ++r) {
        const SliceRow row(r);
        if (!OperatorAggregator::inScope(s, c, s.sliceTrack(row), scope) || s.sliceTs(row) < w.start
            || s.sliceTs(row) >= w.end)
            continue;
        bool match = true;
        for (int i = 0; i < path.size() && match; ++i)
            match = qs(c.keyText(c.key(levels[size_t(i)], s.sliceType(row), s.sliceArgs(row)))) == path[i];
        if (match)
            out.push_back(row);
    }
    return out;
}

} // namespace

class tst_OperatorTableWidget : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void placeholdersUntilCatalog();
    void tableShowsAggregation();
    void modelTesterWhileUpdating();
    void selectingHighlightsExactRows_data();
    void selectingHighlightsExactRows();
    void multiSelectionUnion();
    void clearingSelectionClearsOwnHighlight();
    void doubleClickZoomsToLongest_data();
    void doubleClickZoomsToLongest();
    void returnKeyZoomsToLongest();
    void currentSelectionFollowsTimeSelection();
    void currentSelectionFollowsViewportDebounced();
    void staleResultsDropped();
    void stateKeptAcrossUpdates();
    void exportsAreCliText_data();
    void exportsAreCliText();
    void filterBox();
    void statusSplitsCommunication_data();
    void statusSplitsCommunication();

private:
    QModelIndex find(const QStringList& path) const;
    void waitTree();

    std::shared_ptr<const EventStore> m_store;
    std::shared_ptr<const OperatorCatalog> m_catalog;
    widgettest::DockFixture<OperatorTableWidget> m_dock;
};

void tst_OperatorTableWidget::initTestCase()
{
    m_store = makeStore();
    m_catalog = std::make_shared<const OperatorCatalog>(*m_store);
}

void tst_OperatorTableWidget::init()
{
    QVERIFY(m_dock.show(m_store->extent(), 1000, 500));
}

void tst_OperatorTableWidget::cleanup()
{
    m_dock.reset();
}

void tst_OperatorTableWidget::waitTree()
{
    QVERIFY(widgettest::waitFor(m_dock.widget.get(), &OperatorTableWidget::treeChanged));
}

// The view index of a row by its names from the top ("fused(bn1+conv1+relu)", "conv2d").
QModelIndex tst_OperatorTableWidget::find(const QStringList& path) const
{
    const QAbstractItemModel* m = m_dock.widget->view()->model();
    QModelIndex parent;
    for (const QString& name : path) {
        QModelIndex found;
        for (int r = 0; r < m->rowCount(parent) && !found.isValid(); ++r)
            if (m->index(r, 0, parent).data().toString() == name)
                found = m->index(r, 0, parent);
        if (!found.isValid())
            return QModelIndex();
        parent = found;
    }
    return parent;
}

void tst_OperatorTableWidget::placeholdersUntilCatalog()
{
    QVERIFY(!m_dock.widget->tree());
    QSignalSpy spy(m_dock.widget.get(), &OperatorTableWidget::treeChanged);
    m_dock.session->open(m_store, QString(), {}, nullptr, /*deferAnalyses=*/true); // no catalog yet
    QVERIFY(!m_dock.widget->tree());
    QCOMPARE(spy.count(), 0);
    m_dock.session->startAnalyses(m_dock.session->generation());
    QVERIFY(spy.wait(10000));
    QVERIFY(m_dock.widget->tree());
    QVERIFY(!m_dock.widget->isBusy());
    m_dock.session->close();
    QVERIFY(!m_dock.widget->tree());
    QCOMPARE(m_dock.widget->model()->rowCount(), 0);
}

void tst_OperatorTableWidget::tableShowsAggregation()
{
    m_dock.open(m_store);
    waitTree();
    QCOMPARE(m_dock.widget->scope(), OperatorScope::Device); // the trace has device tracks
    const auto t = m_dock.widget->tree();
    QCOMPARE(int(t->levels.size()), 3);
    QCOMPARE(t->levels.front(), OperatorLevel::Framework);
    // The top level in the view: the aggregator's rows, longest total first.
    const OperatorTable agg = OperatorAggregator::aggregate(
        *m_store, *m_catalog, OperatorLevel::Framework, OperatorAggregator::wholeTrace(), OperatorScope::Device);
    const QAbstractItemModel* m = m_dock.widget->view()->model();
    QCOMPARE(m->rowCount(), int(agg.rows.size()));
    for (int r = 0; r < m->rowCount(); ++r) {
        const OperatorRow& a = agg.rows[size_t(r)];
        QCOMPARE(m->index(r, OperatorTreeModel::Name).data().toString(), qs(a.name));
        QCOMPARE(m->index(r, OperatorTreeModel::Count).data().toULongLong(), a.count);
        QCOMPARE(m->index(r, OperatorTreeModel::Total).data(OperatorTreeModel::SortRole).toLongLong(), a.totalNs);
        QCOMPARE(m->index(r, OperatorTreeModel::Self).data(OperatorTreeModel::SortRole).toLongLong(), a.selfNs);
        QCOMPARE(m->index(r, OperatorTreeModel::Median).data(OperatorTreeModel::SortRole).toDouble(), a.medianNs);
        QCOMPARE(m->index(r, OperatorTreeModel::Percent).data(OperatorTreeModel::SortRole).toDouble(), a.percent);
    }
    // fused(bn1+conv1+relu): 100+300+40 + 120+330+45 = 935 ns over 6 slices.
    const QModelIndex fused = find({ "fused(bn1+conv1+relu)" });
    QCOMPARE(fused.siblingAtColumn(OperatorTreeModel::Total).data().toString(), QString("935 ns"));
    QCOMPARE(fused.siblingAtColumn(OperatorTreeModel::Count).data().toString(), QString("6"));
    QCOMPARE(find({ "fused(bn1+conv1+relu)", "conv2d", "0_fused(bn1+conv1+relu)_2" })
                 .siblingAtColumn(OperatorTreeModel::Median)
                 .data()
                 .toString(),
        QString("315 ns"));
    // No FLOPs or MFU anywhere: those columns are hidden; bytes are shown.
    QVERIFY(m_dock.widget->view()->isColumnHidden(OperatorTreeModel::Flops));
    QVERIFY(m_dock.widget->view()->isColumnHidden(OperatorTreeModel::Mfu));
    QVERIFY(!m_dock.widget->view()->isColumnHidden(OperatorTreeModel::Bytes));
}

void tst_OperatorTableWidget::modelTesterWhileUpdating()
{
    QAbstractItemModelTester t1(m_dock.widget->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(m_dock.widget->proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_dock.open(m_store);
    waitTree();
    for (int g = 1; g < int(widgets::OperatorGroupings::all().size()); ++g) {
        m_dock.widget->setGrouping(g);
        waitTree();
        m_dock.widget->view()->expandAll();
        m_dock.widget->setFilter("conv", false);
        m_dock.widget->setFilter(QString(), false);
    }
    m_dock.widget->setScope(OperatorScope::All);
    waitTree();
    m_dock.widget->view()->sortByColumn(OperatorTreeModel::Name, Qt::AscendingOrder);
}

void tst_OperatorTableWidget::selectingHighlightsExactRows_data()
{
    QTest::addColumn<QStringList>("path");
    QTest::addColumn<int>("count");
    QTest::newRow("framework row") << QStringList { "fused(bn1+conv1+relu)" } << 6;
    QTest::newRow("operator under it") << QStringList { "fused(bn1+conv1+relu)", "conv2d" } << 4;
    QTest::newRow("its weight loads") << QStringList { "fused(bn1+conv1+relu)", "dma_load_weight" } << 2;
    QTest::newRow("one command") << QStringList { "layer1.0.conv1", "dma_load_weight", "0_layer1.0.conv1_5" } << 2;
    QTest::newRow("fc") << QStringList { "fc" } << 2;
}

void tst_OperatorTableWidget::selectingHighlightsExactRows()
{
    QFETCH(QStringList, path);
    QFETCH(int, count);
    m_dock.open(m_store);
    waitTree();
    m_dock.widget->view()->expandAll();
    const QModelIndex index = find(path);
    QVERIFY(index.isValid());
    QSignalSpy spy(m_dock.selection, &model::Selection::highlightChanged);
    // A click, as the user selects.
    const QRect rect = m_dock.widget->view()->visualRect(index);
    QVERIFY(rect.isValid());
    QTest::mouseClick(m_dock.widget->view()->viewport(), Qt::LeftButton, {}, rect.center());
    QVERIFY(spy.wait(10000));
    const auto rows = m_dock.selection->highlighted();
    QVERIFY(rows);
    const auto expected = expectedRows(*m_store, *m_catalog, m_dock.widget->tree()->levels, path);
    QCOMPARE(int(expected.size()), count);
    QVERIFY(*rows == expected);
    QVERIFY(std::is_sorted(rows->begin(), rows->end()));
    QCOMPARE(m_dock.selection->highlightLabel(), path.join(QString::fromUtf8(" \u203a ")));
}

void tst_OperatorTableWidget::multiSelectionUnion()
{
    m_dock.open(m_store);
    waitTree();
    QSignalSpy spy(m_dock.selection, &model::Selection::highlightChanged);
    QItemSelection sel;
    for (const char* name : { "fc", "layer1.0.conv1" }) {
        const QModelIndex i = find({ name });
        sel.select(i, i.siblingAtColumn(OperatorTreeModel::ColumnCount - 1));
    }
    m_dock.widget->view()->selectionModel()->select(sel, QItemSelectionModel::ClearAndSelect);
    QVERIFY(spy.wait(10000));
    auto expected = expectedRows(*m_store, *m_catalog, m_dock.widget->tree()->levels, { "fc" });
    const auto more = expectedRows(*m_store, *m_catalog, m_dock.widget->tree()->levels, { "layer1.0.conv1" });
    expected.insert(expected.end(), more.begin(), more.end());
    std::sort(expected.begin(), expected.end());
    QVERIFY(*m_dock.selection->highlighted() == expected);
    QCOMPARE(m_dock.selection->highlightLabel(), QString("2 operators"));
}

void tst_OperatorTableWidget::clearingSelectionClearsOwnHighlight()
{
    m_dock.open(m_store);
    waitTree();
    QSignalSpy spy(m_dock.selection, &model::Selection::highlightChanged);
    m_dock.widget->view()->setCurrentIndex(find({ "fc" }));
    QVERIFY(spy.wait(10000));
    QVERIFY(m_dock.selection->highlighted());
    m_dock.widget->view()->clearSelection();
    QTRY_VERIFY(!m_dock.selection->highlighted());
    // Another dock's highlight is left alone.
    auto other = std::make_shared<const std::vector<SliceRow>>(std::vector<SliceRow> { SliceRow(0) });
    m_dock.selection->setHighlighted(other, "search");
    m_dock.widget->view()->setCurrentIndex(find({ "fc" }));
    QTRY_VERIFY(m_dock.selection->highlightLabel() == "fc");
    m_dock.selection->setHighlighted(other, "search");
    m_dock.widget->view()->clearSelection();
    QCOMPARE(m_dock.selection->highlightLabel(), QString("search"));
}

void tst_OperatorTableWidget::doubleClickZoomsToLongest_data()
{
    QTest::addColumn<QStringList>("path");
    QTest::addColumn<QString>("longestName");
    QTest::addColumn<qint64>("longestDur");
    QTest::newRow("layer") << QStringList { "fused(bn1+conv1+relu)" } << "0_fused(bn1+conv1+relu)_2" << qint64(330);
    QTest::newRow("weight loads") << QStringList { "layer1.0.conv1", "dma_load_weight" } << "0_layer1.0.conv1_5"
                                  << qint64(60);
    QTest::newRow("fc") << QStringList { "fc" } << "0_fc_4" << qint64(70);
}

void tst_OperatorTableWidget::doubleClickZoomsToLongest()
{
    QFETCH(QStringList, path);
    QFETCH(QString, longestName);
    QFETCH(qint64, longestDur);
    m_dock.open(m_store);
    waitTree();
    m_dock.widget->view()->expandAll();
    const QModelIndex index = find(path);
    QSignalSpy current(m_dock.selection, &model::Selection::currentChanged);
    QSignalSpy reveal(m_dock.selection, &model::Selection::revealRequested);
    const QRect rect = m_dock.widget->view()->visualRect(index);
    // A double click's first press selects; the second arrives as a double-click event.
    QTest::mousePress(m_dock.widget->view()->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseRelease(m_dock.widget->view()->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(m_dock.widget->view()->viewport(), Qt::LeftButton, {}, rect.center());
    QCOMPARE(current.count(), 1);
    QCOMPARE(reveal.count(), 1);
    const EventRef e = m_dock.selection->current();
    QCOMPARE(e.kind, EventRef::Kind::Slice);
    const SliceRow row(e.row);
    QCOMPARE(qs(m_store->str(m_store->sliceName(row))), longestName);
    QCOMPARE(m_store->sliceDur(row), longestDur);
    // It is the longest of the row's slices.
    for (SliceRow r : expectedRows(*m_store, *m_catalog, m_dock.widget->tree()->levels, path))
        QVERIFY(m_store->sliceDur(r) <= longestDur);
    // The view shows it, zoomed in around it.
    const TimeRange v = m_dock.viewport->visible();
    QVERIFY(v.start <= m_store->sliceTs(row) && v.end >= m_store->sliceEnd(row));
    QVERIFY(v.duration() < m_store->extent().duration());
}

void tst_OperatorTableWidget::returnKeyZoomsToLongest()
{
    m_dock.open(m_store);
    waitTree();
    m_dock.widget->view()->setFocus();
    m_dock.widget->view()->setCurrentIndex(find({ "fc" }));
    QSignalSpy reveal(m_dock.selection, &model::Selection::revealRequested);
    QTest::keyClick(m_dock.widget->view(), Qt::Key_Return);
    QCOMPARE(reveal.count(), 1);
    QCOMPARE(m_store->sliceDur(SliceRow(m_dock.selection->current().row)), TimeNs(70));
}

void tst_OperatorTableWidget::currentSelectionFollowsTimeSelection()
{
    m_dock.open(m_store);
    waitTree();
    m_dock.widget->setMode(widgets::TimeScope::Mode::CurrentSelection);
    waitTree(); // the visible window: the whole trace
    m_dock.selection->setTimeSelection({ 10000, 10500 }); // the second iteration's first commands
    waitTree();
    const auto t = m_dock.widget->tree();
    QCOMPARE(t->window.start, TimeNs(10000));
    QCOMPARE(t->window.end, TimeNs(10500));
    const OperatorTable agg = OperatorAggregator::aggregate(
        *m_store, *m_catalog, OperatorLevel::Framework, { 10000, 10500 }, OperatorScope::Device);
    QCOMPARE(m_dock.widget->tableCsv(), report::OperatorTableReport(agg).csv());
    // 0_fused..._1 (120), _2 (330) and its weight load (45) start in it, and layer1.0.conv1's
    // weight load (10440); fc (10800) does not.
    QCOMPARE(m_dock.widget->view()->model()->rowCount(), 2);
    QCOMPARE(
        find({ "fused(bn1+conv1+relu)" }).siblingAtColumn(OperatorTreeModel::Count).data().toString(), QString("3"));
    QCOMPARE(find({ "layer1.0.conv1" }).siblingAtColumn(OperatorTreeModel::Count).data().toString(), QString("1"));
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(m_dock.widget->tableJson())).object();
    const TimeNs origin = m_store->extent().start;
    QCOMPARE(o["range_ns"].toArray(), QJsonArray({ qint64(10000 - origin), qint64(10500 - origin) }));
    // Back to the whole trace: at once, not debounced.
    QSignalSpy spy(m_dock.widget.get(), &OperatorTableWidget::treeChanged);
    m_dock.widget->setMode(widgets::TimeScope::Mode::WholeTrace);
    QVERIFY(spy.wait(10000));
    QCOMPARE(m_dock.widget->view()->model()->rowCount(), 3);
    const QByteArray json = QByteArray::fromStdString(m_dock.widget->tableJson());
    QVERIFY(QJsonDocument::fromJson(json).object()["range_ns"].isNull());
}

void tst_OperatorTableWidget::currentSelectionFollowsViewportDebounced()
{
    m_dock.open(m_store);
    waitTree();
    m_dock.widget->setMode(widgets::TimeScope::Mode::CurrentSelection);
    waitTree();
    QSignalSpy spy(m_dock.widget.get(), &OperatorTableWidget::treeChanged);
    // A burst of moves (a drag): one re-aggregation, of the last window.
    m_dock.viewport->setVisible({ 0, 2000 }, model::Viewport::Nav::Step);
    m_dock.viewport->setVisible({ 0, 1500 }, model::Viewport::Nav::Step);
    m_dock.viewport->setVisible({ 700, 1200 }, model::Viewport::Nav::Step);
    QVERIFY(spy.wait(10000));
    QTRY_VERIFY(!m_dock.widget->isBusy());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(m_dock.widget->tree()->window.start, TimeNs(700));
    QCOMPARE(m_dock.widget->tree()->window.end, TimeNs(1200));
    QCOMPARE(m_dock.widget->view()->model()->rowCount(), 1); // only fc (800) starts in [700, 1200)
    QCOMPARE(find({ "fc" }).isValid(), true);
}

void tst_OperatorTableWidget::staleResultsDropped()
{
    m_dock.open(m_store);
    waitTree();
    QSignalSpy spy(m_dock.widget.get(), &OperatorTableWidget::treeChanged);
    m_dock.widget->setGrouping(1);
    m_dock.widget->setGrouping(2);
    m_dock.widget->setGrouping(5); // the last request wins
    QVERIFY(spy.wait(10000));
    QTRY_VERIFY(!m_dock.widget->isBusy());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(m_dock.widget->tree()->levels, widgets::OperatorGroupings::all()[5].levels);
    // A new profile drops what was under way for the old one.
    QSignalSpy spy2(m_dock.widget.get(), &OperatorTableWidget::treeChanged);
    m_dock.widget->setGrouping(0);
    m_dock.session->close();
    QVERIFY(!m_dock.widget->tree());
    // Let the pool finish and deliver: nothing arrives for the closed profile.
    model::BackgroundPool::instance()->waitForDone();
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
    QCOMPARE(spy2.count(), 0);
    QVERIFY(!m_dock.widget->tree());
}

void tst_OperatorTableWidget::stateKeptAcrossUpdates()
{
    m_dock.open(m_store);
    waitTree();
    m_dock.widget->setMode(widgets::TimeScope::Mode::CurrentSelection);
    waitTree();
    QTreeView* view = m_dock.widget->view();
    view->expand(find({ "fused(bn1+conv1+relu)" }));
    view->sortByColumn(OperatorTreeModel::Name, Qt::AscendingOrder);
    QSignalSpy hl(m_dock.selection, &model::Selection::highlightChanged);
    view->setCurrentIndex(find({ "fused(bn1+conv1+relu)", "conv2d" }));
    QVERIFY(hl.wait(10000));
    m_dock.viewport->setVisible({ 0, 9000 }); // the first iteration only
    waitTree();
    QVERIFY(view->isExpanded(find({ "fused(bn1+conv1+relu)" })));
    QCOMPARE(view->header()->sortIndicatorSection(), int(OperatorTreeModel::Name));
    const QModelIndexList sel = view->selectionModel()->selectedRows();
    QCOMPARE(sel.size(), 1);
    QCOMPARE(sel.first().data().toString(), QString("conv2d"));
    // The highlight follows the new window: conv2d of the first iteration only.
    QTRY_COMPARE(m_dock.selection->highlighted()->size(), size_t(2));
}

void tst_OperatorTableWidget::exportsAreCliText_data()
{
    QTest::addColumn<int>("grouping");
    for (int g = 0; g < int(widgets::OperatorGroupings::all().size()); ++g)
        QTest::addRow("%s", qPrintable(widgets::OperatorGroupings::all()[size_t(g)].label)) << g;
}

// The context menu's table exports are OperatorTableReport's CLI text of the aggregator's table
// for the top level (tst_operatortablereport checks that text's numbers cell by cell).
void tst_OperatorTableWidget::exportsAreCliText()
{
    QFETCH(int, grouping);
    m_dock.open(m_store);
    waitTree();
    if (grouping != m_dock.widget->grouping()) {
        m_dock.widget->setGrouping(grouping);
        waitTree();
    }
    const OperatorLevel top = widgets::OperatorGroupings::all()[size_t(grouping)].levels.front();
    const OperatorTable agg = OperatorAggregator::aggregate(
        *m_store, *m_catalog, top, OperatorAggregator::wholeTrace(), OperatorScope::Device);
    QCOMPARE(m_dock.widget->tableCsv(), report::OperatorTableReport(agg).csv());
    QCOMPARE(m_dock.widget->tableJson(), report::OperatorTableReport(agg).json());
    const QStringList lines = QString::fromStdString(m_dock.widget->tableCsv()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), int(agg.rows.size()) + 1);
    const QStringList tree = QString::fromStdString(m_dock.widget->treeCsv()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(tree.size(), int(m_dock.widget->tree()->nodes.size()) + 1);
}

void tst_OperatorTableWidget::filterBox()
{
    m_dock.open(m_store);
    waitTree();
    m_dock.widget->setFilter("engine:task", false);
    // Every layer has a weight load on Task DMA, except fc.
    QCOMPARE(m_dock.widget->view()->model()->rowCount(), 2);
    m_dock.widget->setFilter("^fc$", true);
    QCOMPARE(m_dock.widget->view()->model()->rowCount(), 1);
    m_dock.widget->setFilter("[", true); // invalid: everything passes, the edit says why
    QCOMPARE(m_dock.widget->view()->model()->rowCount(), 3);
    QVERIFY(!m_dock.widget->proxy()->isValid());
    m_dock.widget->setFilter(QString(), false);
    QCOMPARE(m_dock.widget->view()->model()->rowCount(), 3);
}

// The status line splits the busy time as Operator Charts does: communication (an NCCL
// kernel) apart from execution, named only when there is some.
void tst_OperatorTableWidget::statusSplitsCommunication_data()
{
    QTest::addColumn<bool>("nccl");
    QTest::addColumn<QString>("split");
    QTest::newRow("with NCCL") << true
                               << "execution 500 ns (50.0 %)  ·  communication 300 ns (30.0 %)  ·  data transfer "
                                  "200 ns (20.0 %)";
    QTest::newRow("without") << false << "execution 500 ns (71.4 %)  ·  data transfer 200 ns (28.6 %)";
}

void tst_OperatorTableWidget::statusSplitsCommunication()
{
    QFETCH(bool, nccl);
    widgettest::Builder s;
    const uint32_t stream = s.thread(0, "python", 7, "stream 7");
    s.X(stream, "volta_sgemm_128x64_nn", "kernel", 0, 500);
    if (nccl)
        s.X(stream, "ncclKernel_AllReduce_RING_LL_Sum_float", "kernel", 600, 300);
    s.X(stream, "Memcpy DtoH (Device -> Pinned)", "gpu_memcpy", 1000, 200);
    m_dock.open(StoreFinalizer::finalize(s.b));
    waitTree();
    const QString status = m_dock.widget->findChild<QLabel*>(QStringLiteral("operatorStatus"))->text();
    QFETCH(QString, split);
    QVERIFY2(status.contains(split), qPrintable(status));
}

QTEST_MAIN(tst_OperatorTableWidget)
#include "tst_operatortablewidget.moc"
