// The Operator Charts dock: the donut is the top 8 operators by self time plus "Other",
// adding up to the busy time (the Operator Table's "% Busy"); the legend matches it; the
// execution vs transfer bar is the table's split; clicking a slice highlights exactly its
// events; the level and the window are followed.
#include <support/widgettestutil.h>

#include "compareprofiles.h"
#include "operators/operatorchartswidget.h"
#include "operators/operatorcomparebars.h"
#include "operators/pielegend.h"

#include <analysis/operators/operatoraggregator.h>
#include <state/selection.h>
#include <state/viewport.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QBarSet>
#include <QHorizontalPercentBarSeries>
#include <QPieSeries>
#include <QPieSlice>
#include <QSignalSpy>
#include <QtTest>

using namespace strata;
using namespace strata::store;
using namespace strata::analysis;
using widgets::OperatorChartsWidget;

namespace {

// 12 layers on the engine, layer i (1..12) running i × 100 ns, each with a 25 ns weight load
// on Task DMA; a second iteration 100 µs later repeats it. Busy: 2 × (7800 + 300) = 16200 ns,
// transfer 600 ns.
std::shared_ptr<const EventStore> makeStore()
{
    widgettest::Builder s;
    const uint32_t nec = s.thread(1, "NPU 0", 1, "Neural Engine Clusters");
    const uint32_t dma = s.thread(1, "NPU 0", 2, "Task DMA");
    for (int it = 0; it < 2; ++it) {
        TimeNs t = it * 100000;
        for (int i = 1; i <= 12; ++i) {
            const std::string layer = "layer" + std::to_string(i);
            s.X(dma, ("0_" + layer + "_0").c_str(), "Task DMA", t, 25, s.args({ { "opcode", "dma_load_weight" } }));
            s.X(nec, ("0_" + layer + "_1").c_str(), "Neural Engine Clusters", t + 30, i * 100,
                s.args({ { "opcode", "conv2d" } }));
            t += i * 100 + 40;
        }
    }
    return StoreFinalizer::finalize(s.b);
}

} // namespace

class tst_OperatorChartsWidget : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void donutTopEightPlusOther();
    void splitBar();
    void splitBarSetsCommunicationApart();
    void levels_data();
    void levels();
    void clickHighlightsSlices();
    void followsTimeSelection();
    void comparingShowsAAndB();

private:
    void waitCharts();
    std::shared_ptr<const EventStore> m_store;
    std::shared_ptr<const OperatorCatalog> m_catalog;
    widgettest::DockFixture<OperatorChartsWidget> m_dock;
};

void tst_OperatorChartsWidget::initTestCase()
{
    m_store = makeStore();
    m_catalog = std::make_shared<const OperatorCatalog>(*m_store);
}

void tst_OperatorChartsWidget::init()
{
    QVERIFY(m_dock.show(m_store->extent(), 420, 380));
}

void tst_OperatorChartsWidget::cleanup()
{
    m_dock.reset();
}

void tst_OperatorChartsWidget::waitCharts()
{
    QVERIFY(widgettest::waitFor(m_dock.widget.get(), &OperatorChartsWidget::chartsChanged));
}

void tst_OperatorChartsWidget::donutTopEightPlusOther()
{
    m_dock.open(m_store);
    waitCharts();
    QCOMPARE(m_dock.widget->level(), OperatorLevel::Framework);
    const QPieSeries* pie = m_dock.widget->shareSeries();
    QCOMPARE(pie->count(), OperatorChartsWidget::kTopSlices + 1);
    // Layer i: 2 × (i × 100 + 25) ns of self time; the top 8 are layers 12 down to 5.
    for (int k = 0; k < OperatorChartsWidget::kTopSlices; ++k) {
        const int i = 12 - k;
        QCOMPARE(pie->slices()[k]->property("fullName").toString(), QString("layer%1").arg(i));
        QCOMPARE(pie->slices()[k]->value(), 2.0 * (i * 100 + 25));
    }
    // Other: layers 1–4.
    double other = 0;
    for (int i = 1; i <= 4; ++i)
        other += 2.0 * (i * 100 + 25);
    QCOMPARE(pie->slices().last()->value(), other);
    QCOMPARE(pie->slices().last()->property("fullName").toString(), QString("Other (4 more)"));
    QCOMPARE(pie->sum(), 16200.0);
    QCOMPARE(double(m_dock.widget->table()->busyNs), 16200.0);
    // The legend lists the same, with the shares of the busy time.
    const auto& legend = m_dock.widget->legend()->entries();
    QCOMPARE(int(legend.size()), pie->count());
    QCOMPARE(legend[0].name, QString("layer12"));
    QCOMPARE(legend[0].value, QString("%1 %").arg(100.0 * 2450 / 16200, 0, 'f', 1));
    QCOMPARE(legend[0].color, pie->slices()[0]->color());
    QVERIFY(!legend.back().clickable);
}

void tst_OperatorChartsWidget::splitBar()
{
    m_dock.open(m_store);
    waitCharts();
    const QHorizontalPercentBarSeries* split = m_dock.widget->splitSeries();
    QCOMPARE(split->count(), 3);
    // 600 of 16200 ns are transfers (Task DMA): 96.3 % execution, no communication, 3.7 % transfer.
    QCOMPARE(split->barSets()[0]->at(0), 96.3);
    QCOMPARE(split->barSets()[1]->at(0), 0.0);
    QCOMPARE(split->barSets()[2]->at(0), 3.7);
    QCOMPARE(m_dock.widget->table()->transferNs, TimeNs(600));
}

// A GPU stream of a Kineto trace: a GEMM, an NCCL all-reduce and a copy. The NCCL kernel is
// communication, not execution (store::WorkKind, as the Time Breakdown counts it).
void tst_OperatorChartsWidget::splitBarSetsCommunicationApart()
{
    widgettest::Builder s;
    const uint32_t stream = s.thread(0, "python", 7, "stream 7");
    s.X(stream, "volta_sgemm_128x64_nn", "kernel", 0, 500);
    s.X(stream, "ncclKernel_AllReduce_RING_LL_Sum_float", "kernel", 600, 300);
    s.X(stream, "Memcpy DtoH (Device -> Pinned)", "gpu_memcpy", 1000, 200);
    m_dock.open(StoreFinalizer::finalize(s.b));
    waitCharts();
    const analysis::OperatorTable* t = m_dock.widget->table();
    QCOMPARE(t->busyNs, TimeNs(1000));
    QCOMPARE(t->communicationNs, TimeNs(300));
    QCOMPARE(t->transferNs, TimeNs(200));
    const QHorizontalPercentBarSeries* split = m_dock.widget->splitSeries();
    QCOMPARE(split->count(), 3);
    QCOMPARE(split->barSets()[0]->at(0), 50.0); // the GEMM
    QCOMPARE(split->barSets()[1]->at(0), 30.0); // NCCL
    QCOMPARE(split->barSets()[2]->at(0), 20.0); // the copy
}

void tst_OperatorChartsWidget::levels_data()
{
    QTest::addColumn<int>("level");
    QTest::addColumn<int>("slices");
    QTest::addColumn<QString>("first");
    QTest::newRow("op") << int(OperatorLevel::Op) << 2 << "conv2d";
    QTest::newRow("command") << int(OperatorLevel::Command) << 9 << "0_layer12_1";
    QTest::newRow("layer") << int(OperatorLevel::Layer) << 9 << "layer12";
}

void tst_OperatorChartsWidget::levels()
{
    QFETCH(int, level);
    QFETCH(int, slices);
    QFETCH(QString, first);
    m_dock.open(m_store);
    waitCharts();
    m_dock.widget->setLevel(OperatorLevel(level));
    waitCharts();
    QCOMPARE(m_dock.widget->table()->level, OperatorLevel(level));
    QCOMPARE(m_dock.widget->shareSeries()->count(), slices);
    QCOMPARE(m_dock.widget->shareSeries()->slices()[0]->property("fullName").toString(), first);
    QCOMPARE(m_dock.widget->shareSeries()->sum(), 16200.0);
}

void tst_OperatorChartsWidget::clickHighlightsSlices()
{
    m_dock.open(m_store);
    waitCharts();
    QSignalSpy spy(m_dock.selection, &model::Selection::highlightChanged);
    QPieSeries* pie = m_dock.widget->shareSeries();
    emit pie->clicked(pie->slices()[0]); // as a click on the layer12 slice
    QVERIFY(spy.wait(10000));
    QCOMPARE(m_dock.selection->highlightLabel(), QString("layer12"));
    const auto rows = m_dock.selection->highlighted();
    QCOMPARE(rows->size(), size_t(4)); // its two commands and two weight loads
    for (SliceRow r : *rows)
        QVERIFY(QString::fromUtf8(m_store->str(m_store->sliceName(r)).data()).startsWith("0_layer12_"));
    // "Other" is no operator: nothing happens.
    m_dock.widget->highlightSlice(pie->slices().last());
    QCOMPARE(spy.count(), 1);
}

void tst_OperatorChartsWidget::followsTimeSelection()
{
    m_dock.open(m_store);
    waitCharts();
    m_dock.widget->setMode(widgets::TimeScope::Mode::CurrentSelection);
    waitCharts();
    m_dock.selection->setTimeSelection({ 0, 100000 }); // the first iteration
    waitCharts();
    QCOMPARE(m_dock.widget->shareSeries()->sum(), 8100.0);
    QCOMPARE(m_dock.widget->table()->window.end, TimeNs(100000));
}

// Comparing: the donut gives way to A | B rows, the operators of either profile by the larger
// total (B's gemm, only in B, among them), with B's numbers from B's table; ending the
// comparison brings the donut back.
void tst_OperatorChartsWidget::comparingShowsAAndB()
{
    comparetest::Pair p;
    OperatorChartsWidget w(widgets::DockContext::of(&p.comparison));
    w.resize(420, 380);
    w.show();
    p.open();
    QTRY_VERIFY_WITH_TIMEOUT(w.bTable() != nullptr, widgettest::kWaitMs);
    QVERIFY(w.compareBars()->isVisibleTo(&w));
    QVERIFY(!w.findChild<QWidget*>(QStringLiteral("operatorPie"))->isVisibleTo(&w));
    const QStringList ops = w.compareBars()->operators();
    QVERIFY2(ops.contains(QStringLiteral("matmul")) && ops.contains(QStringLiteral("gemm")), qPrintable(ops.join(',')));
    QCOMPARE(ops.first(), QStringLiteral("matmul")); // 900 µs in B, the largest of either side
    QCOMPARE(w.bTable()->busyNs, TimeNs(1500000 + 50000 + 200000 + 300000));
    QCOMPARE(w.table()->busyNs, TimeNs(1000000 + 50000 + 200000 + 100000));

    p.comparison.end();
    QTRY_VERIFY_WITH_TIMEOUT(w.bTable() == nullptr && w.table() != nullptr, widgettest::kWaitMs);
    QVERIFY(!w.compareBars()->isVisibleTo(&w));
    QVERIFY(w.findChild<QWidget*>(QStringLiteral("operatorPie"))->isVisibleTo(&w));
}

QTEST_MAIN(tst_OperatorChartsWidget)
#include "tst_operatorchartswidget.moc"
