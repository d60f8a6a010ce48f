// The Latency dock: its figures are LatencyAnalyzer's (default unit, a picked operator,
// a typed name, a window), its models pass QAbstractItemModelTester, the histogram's bars
// are the analyzer's bins, the per-operator table is Furiosa's, and the JSON export is
// strata-cli latency --json's text. The histogram is on log bins for a long tail unless the
// user picked a scale for the unit shown.
#include <support/widgettestutil.h>

#include "compareprofiles.h"
#include "operators/latencycomparemodel.h"
#include "operators/latencyhistogram.h"
#include "operators/latencystatsmodel.h"
#include "operators/latencywidget.h"
#include "operators/operatoraveragemodel.h"
#include "operators/steptablemodel.h"
#include "operators/steptablepane.h"
#include <common/deltaformat.h>
#include <report/latencyreport.h>

#include <analysis/breakdown/breakdownindex.h>
#include <analysis/latency/latencyanalyzer.h>
#include <analysis/latency/latencybinning.h>
#include <analysis/latency/stepbreakdown.h>
#include <analysis/operators/operatoraggregator.h>
#include <state/selection.h>
#include <state/viewport.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QAbstractItemModelTester>
#include <QBarSet>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>
#include <common/unitformat.h>

using namespace strata;
using namespace strata::store;
using namespace strata::analysis;
using widgets::LatencyStatsModel;
using widgets::LatencyWidget;

namespace {

// Host: ProfilerStep#1..#6 with known durations, each holding an aten::conv2d; device: per
// step a conv2d command (two of them in step 3) and a weight load.
const TimeNs kSteps[] = { 1000, 1400, 1200, 5000, 1100, 1300 };

std::shared_ptr<const EventStore> makeStore()
{
    widgettest::Builder s;
    const uint32_t host = s.thread(100, "python3 model.py", 100, "MainThread");
    const uint32_t nec = s.thread(1, "NPU 0", 1, "Neural Engine Clusters");
    const uint32_t dma = s.thread(1, "NPU 0", 2, "Task DMA");
    TimeNs t = 0;
    for (int i = 0; i < 6; ++i) {
        const std::string name = "ProfilerStep#" + std::to_string(i + 1);
        s.X(host, name.c_str(), "user_annotation", t, kSteps[i]);
        s.X(host, "aten::conv2d", "cpu_op", t + 10, 100);
        s.X(dma, "0_conv1_0", "Task DMA", t + 20, 30 + i, s.args({ { "opcode", "dma_load_weight" } }));
        s.X(nec, "0_conv1_1", "Neural Engine Clusters", t + 100, 200 + 10 * i, s.args({ { "opcode", "conv2d" } }));
        if (i == 2)
            s.X(nec, "0_conv1_1", "Neural Engine Clusters", t + 400, 500, s.args({ { "opcode", "conv2d" } }));
        t += kSteps[i] + 100;
    }
    return StoreFinalizer::finalize(s.b);
}

// "Request": 1 µs … 150 µs (a ratio of 150: log bins); "Batch": 1 … 2 µs (linear).
std::shared_ptr<const EventStore> makeTailStore()
{
    widgettest::Builder s;
    const uint32_t host = s.thread(100, "server", 100, "MainThread");
    const TimeNs requests[] = { 1000, 1100, 1300, 2000, 9000, 150000 };
    TimeNs t = 0;
    for (TimeNs d : requests) {
        s.X(host, "Request", "user_annotation", t, d);
        t += d + 10;
    }
    for (TimeNs d : { 1000, 1500, 2000 }) {
        s.X(host, "Batch", "user_annotation", t, d);
        t += d + 10;
    }
    return StoreFinalizer::finalize(s.b);
}

} // namespace

class tst_LatencyWidget : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void modelTesters();
    void defaultUnitStatistics();
    void histogramBars();
    void operatorAverages();
    void unitChoices_data();
    void unitChoices();
    void jsonIsCliText();
    void stepsTable();
    void stepRowSelectsStep();
    void csvExports();
    void windowFollowsTimeSelection();
    void perOperatorRowHighlights();
    void doubleClickPicksUnit();
    void histogramScale();
    void compareOverlay_data();
    void compareOverlay();
    void compareWindowMovedByOffset_data();
    void compareWindowMovedByOffset();

private:
    void waitUpdated();
    void openWithShares();
    const BreakdownIndex* breakdown() const;
    std::shared_ptr<const EventStore> m_store;
    std::shared_ptr<const OperatorCatalog> m_catalog;
    widgettest::DockFixture<LatencyWidget> m_dock;
};

void tst_LatencyWidget::initTestCase()
{
    m_store = makeStore();
    m_catalog = std::make_shared<const OperatorCatalog>(*m_store);
}

void tst_LatencyWidget::init()
{
    QVERIFY(m_dock.show(m_store->extent(), 600, 400));
}

void tst_LatencyWidget::cleanup()
{
    m_dock.reset();
}

void tst_LatencyWidget::waitUpdated()
{
    QVERIFY(widgettest::waitFor(m_dock.widget.get(), &LatencyWidget::updated));
}

// Opens the store and waits for the figures the dock shows once every index is in: the
// steps' shares come from the breakdown index, built after the catalog the dock starts from.
void tst_LatencyWidget::openWithShares()
{
    m_dock.open(m_store);
    QVERIFY(widgettest::waitForAnalyses(*m_dock.session));
    QTRY_VERIFY_WITH_TIMEOUT(m_dock.widget->stepsPane()->model()->hasShares(), widgettest::kWaitMs);
}

const BreakdownIndex* tst_LatencyWidget::breakdown() const
{
    return m_dock.session->analyses()->get<BreakdownIndex>().get();
}

void tst_LatencyWidget::modelTesters()
{
    QAbstractItemModelTester t1(m_dock.widget->statsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(m_dock.widget->averageModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t3(
        m_dock.widget->averageView()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t4(
        m_dock.widget->stepsPane()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_dock.open(m_store);
    waitUpdated();
    m_dock.widget->setUnit("conv2d");
    waitUpdated();
    m_dock.widget->averageView()->sortByColumn(widgets::OperatorAverageModel::Count, Qt::AscendingOrder);
    m_dock.widget->setUnit("no such thing");
    waitUpdated();
    m_dock.session->close();
    QCOMPARE(m_dock.widget->statsModel()->rowCount(), 0);
}

void tst_LatencyWidget::defaultUnitStatistics()
{
    m_dock.open(m_store);
    waitUpdated();
    const LatencyStats ref
        = LatencyAnalyzer::analyze(*m_store, *m_catalog, "", { kTimeMin, kTimeMax }, LatencyWidget::kBins);
    const LatencyStats& st = m_dock.widget->stats();
    QCOMPARE(QString::fromStdString(st.unit), QString("ProfilerStep"));
    QVERIFY(st.defaultUnit);
    QCOMPARE(st.count, uint64_t(6));
    QCOMPARE(st.minNs, TimeNs(1000));
    QCOMPARE(st.maxNs, TimeNs(5000));
    QCOMPARE(st.meanNs, ref.meanNs);
    QCOMPARE(st.medianNs, 1250.0); // (1200 + 1300) / 2
    QCOMPARE(st.p90Ns, ref.p90Ns);
    QCOMPARE(st.p99_9Ns, ref.p99_9Ns);
    // The table shows them, the raw figure behind each row.
    const LatencyStatsModel* m = m_dock.widget->statsModel();
    QCOMPARE(m->rowCount(), int(LatencyStatsModel::RowCount));
    QCOMPARE(m->index(LatencyStatsModel::Count, LatencyStatsModel::Value).data().toString(), QString("6"));
    QCOMPARE(m->index(LatencyStatsModel::Median, LatencyStatsModel::Value).data().toString(), QString("1.250 µs"));
    QCOMPARE(m->index(LatencyStatsModel::Max, LatencyStatsModel::Value).data().toString(), QString("5.000 µs"));
    QCOMPARE(m->index(LatencyStatsModel::P90, LatencyStatsModel::Statistic).data().toString(), QString("p90"));
    QCOMPARE(
        m->index(LatencyStatsModel::P99_9, LatencyStatsModel::Nanoseconds).data(LatencyStatsModel::SortRole).toDouble(),
        ref.p99_9Ns);
    QCOMPARE(m_dock.widget->unitBox()->itemText(0), QString("ProfilerStep"));
    QVERIFY(m_dock.widget->unitBox()->findText("conv2d") > 0); // the operators are offered too
}

void tst_LatencyWidget::histogramBars()
{
    m_dock.open(m_store);
    waitUpdated();
    const QBarSet* set = m_dock.widget->histogramSet();
    QVERIFY(set);
    const auto& hist = m_dock.widget->stats().histogram;
    QCOMPARE(int(hist.size()), LatencyWidget::kBins);
    QCOMPARE(set->count(), int(hist.size()));
    double sum = 0;
    for (int i = 0; i < set->count(); ++i) {
        QCOMPARE(set->at(i), double(hist[size_t(i)].count));
        sum += set->at(i);
    }
    QCOMPARE(sum, 6.0);
    QCOMPARE(set->at(set->count() - 1), 1.0); // the 5 µs outlier alone in the last bin
}

void tst_LatencyWidget::operatorAverages()
{
    m_dock.open(m_store);
    waitUpdated();
    const auto ref = LatencyAnalyzer::operatorAverages(*m_store, *m_catalog);
    const auto& got = m_dock.widget->averages();
    QCOMPARE(got.size(), ref.size());
    for (size_t i = 0; i < ref.size(); ++i) {
        QCOMPARE(got[i].name, ref[i].name);
        QCOMPARE(got[i].averageNs, ref[i].averageNs);
        QCOMPARE(got[i].count, ref[i].count);
    }
    // conv2d: 200..250 per step plus the 500 of step 3: 7 slices, 1850 / 7.
    const QAbstractItemModel* m = m_dock.widget->averageView()->model();
    QCOMPARE(m->index(0, widgets::OperatorAverageModel::Name).data().toString(), QString("conv2d"));
    QCOMPARE(m->index(0, widgets::OperatorAverageModel::Count).data().toString(), QString("7"));
    QCOMPARE(
        m->index(0, widgets::OperatorAverageModel::Average).data(widgets::OperatorAverageModel::SortRole).toDouble(),
        1850.0 / 7.0);
    QCOMPARE(m->index(1, widgets::OperatorAverageModel::Name).data().toString(), QString("dma_load_weight"));
}

void tst_LatencyWidget::unitChoices_data()
{
    QTest::addColumn<QString>("unit");
    QTest::addColumn<int>("count");
    QTest::addColumn<qint64>("max");
    QTest::newRow("operator") << "conv2d" << 7 << qint64(500);
    QTest::newRow("slice name") << "aten::conv2d" << 6 << qint64(100);
    QTest::newRow("numbered name") << "ProfilerStep#4" << 1 << qint64(5000);
    QTest::newRow("nothing") << "nothing" << 0 << qint64(0);
}

void tst_LatencyWidget::unitChoices()
{
    QFETCH(QString, unit);
    QFETCH(int, count);
    QFETCH(qint64, max);
    m_dock.open(m_store);
    waitUpdated();
    m_dock.widget->setUnit(unit);
    waitUpdated();
    QCOMPARE(int(m_dock.widget->stats().count), count);
    QCOMPARE(m_dock.widget->stats().maxNs, max);
    QVERIFY(!m_dock.widget->stats().defaultUnit);
    const LatencyStats ref = LatencyAnalyzer::analyze(*m_store, *m_catalog, unit.toStdString());
    QCOMPARE(m_dock.widget->stats().p95Ns, ref.p95Ns);
    QCOMPARE(m_dock.widget->histogramSet() != nullptr, count > 0);
    // Back to the default unit.
    m_dock.widget->setUnit(QString());
    waitUpdated();
    QVERIFY(m_dock.widget->stats().defaultUnit);
    QCOMPARE(int(m_dock.widget->stats().count), 6);
}

void tst_LatencyWidget::jsonIsCliText()
{
    openWithShares();
    const LatencyStats ref
        = LatencyAnalyzer::analyze(*m_store, *m_catalog, "", { kTimeMin, kTimeMax }, LatencyWidget::kBins);
    const auto ops = LatencyAnalyzer::operatorAverages(*m_store, *m_catalog);
    // As strata-cli latency --json builds it: the report, then the Steps table.
    report::Json cli = report::LatencyReport(ref, ops).toJson();
    report::LatencyReport::addSteps(cli,
        StepBreakdown::compute(*m_store, *m_catalog, ref.unit, { kTimeMin, kTimeMax }, nullptr, breakdown()),
        m_store->extent().start);
    QCOMPARE(m_dock.widget->latencyJson(), cli.dump(2) + "\n");
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(m_dock.widget->latencyJson())).object();
    QCOMPARE(o.keys().size(), 17);
    QCOMPARE(o["unit"].toString(), QString("ProfilerStep"));
    QCOMPARE(o["default_unit"].toBool(), true);
    QVERIFY(o["range_ns"].isNull());
    QCOMPARE(o["count"].toInteger(), 6);
    QCOMPARE(o["min_ns"].toInteger(), 1000);
    QCOMPARE(o["median_ns"].toDouble(), 1250.0);
    QCOMPARE(o["p99_ns"].toDouble(), std::round(ref.p99Ns * 1e3) / 1e3);
    QCOMPARE(o["histogram"].toArray().size(), LatencyWidget::kBins);
    QCOMPARE(o["operators"].toArray()[0].toObject()["name"].toString(), QString("conv2d"));
    QCOMPARE(o["operators"].toArray()[0].toObject()["average_ns"].toDouble(), std::round(1850.0 / 7.0 * 1e3) / 1e3);
}

// The Steps tab shows strata-cli latency --json's "steps", cell by cell: the same
// StepBreakdown over the dock's unit and window, the start from the trace start.
void tst_LatencyWidget::stepsTable()
{
    openWithShares();
    widgets::StepTableModel* model = m_dock.widget->stepsPane()->model();
    report::Json cli = report::LatencyReport(m_dock.widget->stats()).toJson();
    report::LatencyReport::addSteps(cli,
        StepBreakdown::compute(*m_store, *m_catalog, "ProfilerStep", { kTimeMin, kTimeMax }, nullptr, breakdown()),
        m_store->extent().start);
    const report::Json& steps = cli["steps"];
    QCOMPARE(steps.size(), size_t(6));
    QCOMPARE(model->rowCount(), 6 + widgets::StepTableModel::FootCount);
    using M = widgets::StepTableModel;
    const std::pair<int, const char*> columns[] = { { M::Start, "start_ns" }, { M::Duration, "dur_ns" },
        { M::Busy, "device_busy_ns" }, { M::Idle, "idle_ns" } };
    for (int r = 0; r < 6; ++r) {
        const report::Json& want = steps[size_t(r)];
        QCOMPARE(model->index(r, M::Step).data(M::SortRole).toInt(), want["index"].get<int>());
        QCOMPARE("ProfilerStep" + model->index(r, M::Step).data().toString(), QString::fromStdString(want["name"]));
        for (const auto& [column, key] : columns)
            QCOMPARE(model->index(r, column).data(M::SortRole).toLongLong(), want[key].get<qint64>());
        QCOMPARE(model->index(r, M::TopOperator).data().toString(), QString::fromStdString(want["top_operator"]));
        QCOMPARE(model->index(r, M::Step).data(M::OutlierRole).toBool(), want["outlier"].get<bool>());
        QCOMPARE(model->index(r, M::Duration).data(M::SortRole).toLongLong(), kSteps[r]);
        // The shares: the JSON's breakdown times over the step's duration.
        const std::pair<int, const char*> shares[]
            = { { M::Compute, "compute_ns" }, { M::Comm, "communication_ns" }, { M::Exposed, "comm_exposed_ns" } };
        for (const auto& [column, key] : shares)
            QCOMPARE(model->index(r, column).data(M::SortRole).toDouble(),
                100.0 * want[key].get<double>() / want["dur_ns"].get<double>());
    }
    // Step 4 (5 µs against a median of 1.25 µs) is the one outlier, marked with a reason.
    QVERIFY(model->index(3, M::Step).data(M::OutlierRole).toBool());
    QVERIFY(!model->index(3, M::Step).data(Qt::DecorationRole).isNull());
    QVERIFY(model->index(3, M::Step).data(Qt::ToolTipRole).toString().startsWith("Outlier: "));
    QVERIFY(model->index(2, M::Step).data(Qt::DecorationRole).isNull());
    // The foot: mean, std dev and CV of the durations.
    const double mean = (1000 + 1400 + 1200 + 5000 + 1100 + 1300) / 6.0;
    QCOMPARE(model->index(6, M::Step).data().toString(), QString("Mean"));
    QCOMPARE(model->index(6, M::Duration).data(M::SortRole).toDouble(), mean);
    QCOMPARE(std::round(model->index(7, M::Duration).data(M::SortRole).toDouble() * 1e3) / 1e3,
        cli["steps_spread"]["dur_ns"]["std"].get<double>()); // the JSON rounds to 1e-3
    QCOMPARE(model->index(8, M::Step).data().toString(), QString("CV"));
    QVERIFY(model->step(6) == nullptr);
}

// Clicking a step selects its slice and asks the views to reveal it.
void tst_LatencyWidget::stepRowSelectsStep()
{
    m_dock.open(m_store);
    waitUpdated();
    QSignalSpy reveal(m_dock.selection, &model::Selection::revealRequested);
    QTableView* view = m_dock.widget->stepsPane()->view();
    m_dock.widget->pages()->setCurrentWidget(m_dock.widget->stepsPane());
    const QModelIndex third = view->model()->index(2, widgets::StepTableModel::Duration);
    emit view->clicked(third);
    const model::EventRef cur = m_dock.selection->current();
    QCOMPARE(cur.kind, model::EventRef::Kind::Slice);
    QCOMPARE(cur.row, m_dock.widget->stepsPane()->model()->step(2)->row.v);
    QCOMPARE(m_store->str(m_store->sliceName(store::SliceRow(cur.row))), std::string_view("ProfilerStep#3"));
    QCOMPARE(reveal.count(), 1);
    QVERIFY(m_dock.selection->currentIsLatest());
    emit view->clicked(view->model()->index(7, 0)); // a foot row selects nothing
    QCOMPARE(m_dock.selection->current(), cur);
}

void tst_LatencyWidget::csvExports()
{
    m_dock.open(m_store);
    waitUpdated();
    const QStringList stats = QString::fromStdString(m_dock.widget->statsCsv()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(stats.size(), 12);
    QCOMPARE(stats[0], QString("statistic,value"));
    QCOMPARE(stats[1], QString("unit,ProfilerStep"));
    QCOMPARE(stats[2], QString("count,6"));
    QCOMPARE(stats[3], QString("min_ns,1000"));
    QCOMPARE(stats[6], QString("median_ns,1250.0"));
    const QStringList ops = QString::fromStdString(m_dock.widget->averagesCsv()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(ops[0], QString("name,average_ns,count"));
    QCOMPARE(ops[1], QString("conv2d,264.286,7")); // 1850 / 7, rounded to 1e-3 as the CLI does
    const QStringList hist = QString::fromStdString(m_dock.widget->histogramCsv()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(hist.size(), LatencyWidget::kBins + 1);
    QCOMPARE(hist[0], QString("start_ns,end_ns,count"));
    QVERIFY(hist[1].startsWith("1000.0,"));
}

void tst_LatencyWidget::windowFollowsTimeSelection()
{
    openWithShares();
    m_dock.widget->setMode(widgets::TimeScope::Mode::CurrentSelection);
    waitUpdated();
    // Steps 2 and 3 start in [1100, 3800).
    m_dock.selection->setTimeSelection({ 1100, 3800 });
    waitUpdated();
    QCOMPARE(int(m_dock.widget->stats().count), 2);
    QCOMPARE(m_dock.widget->stats().minNs, TimeNs(1200));
    const LatencyStats ref = LatencyAnalyzer::analyze(*m_store, *m_catalog, "", { 1100, 3800 }, LatencyWidget::kBins);
    const auto ops = LatencyAnalyzer::operatorAverages(*m_store, *m_catalog, { 1100, 3800 });
    const TimeNs origin = m_store->extent().start;
    report::Json cli = report::LatencyReport(ref, ops, TimeRange { 1100 - origin, 3800 - origin }).toJson();
    report::LatencyReport::addSteps(
        cli, StepBreakdown::compute(*m_store, *m_catalog, ref.unit, { 1100, 3800 }, nullptr, breakdown()), origin);
    QCOMPARE(m_dock.widget->latencyJson(), cli.dump(2) + "\n");
    QCOMPARE(m_dock.widget->stepsPane()->model()->steps().steps.size(), size_t(2));
}

void tst_LatencyWidget::perOperatorRowHighlights()
{
    m_dock.open(m_store);
    waitUpdated();
    QSignalSpy spy(m_dock.selection, &model::Selection::highlightChanged);
    QTableView* view = m_dock.widget->averageView();
    view->setCurrentIndex(view->model()->index(0, 0)); // conv2d
    QVERIFY(spy.wait(10000));
    QCOMPARE(m_dock.selection->highlightLabel(), QString("conv2d"));
    const auto rows = m_dock.selection->highlighted();
    QCOMPARE(rows->size(), size_t(7));
    for (SliceRow r : *rows)
        QCOMPARE(m_catalog->keyText(m_catalog->key(OperatorLevel::Op, m_store->sliceType(r), m_store->sliceArgs(r))),
            std::string_view("conv2d"));
}

void tst_LatencyWidget::doubleClickPicksUnit()
{
    m_dock.open(m_store);
    waitUpdated();
    m_dock.widget->pages()->setCurrentIndex(1);
    QTableView* view = m_dock.widget->averageView();
    QSignalSpy spy(m_dock.widget.get(), &LatencyWidget::updated);
    const QRect rect = view->visualRect(view->model()->index(1, 0)); // dma_load_weight
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, rect.center());
    QVERIFY(spy.wait(10000));
    QCOMPARE(m_dock.widget->unit(), QString("dma_load_weight"));
    QCOMPARE(int(m_dock.widget->stats().count), 6);
    QCOMPARE(m_dock.widget->pages()->currentIndex(), 0); // back on the distribution
}

void tst_LatencyWidget::histogramScale()
{
    using Scale = LatencyBinning::Scale;
    m_dock.open(makeTailStore());
    waitUpdated();
    LatencyWidget* w = m_dock.widget.get();
    QComboBox* box = w->scaleBox();
    w->setUnit("Request");
    waitUpdated();
    // Automatic: log for the long tail, its bars the log bins.
    QCOMPARE(w->histogramScale(), Scale::Log);
    QCOMPARE(box->currentText(), QString("Log"));
    const auto& logBins = w->stats().logHistogram;
    QCOMPARE(w->histogramSet()->count(), int(logBins.size()));
    for (int i = 0; i < w->histogramSet()->count(); ++i)
        QCOMPARE(w->histogramSet()->at(i), double(logBins[size_t(i)].count));
    QVERIFY(QString::fromStdString(w->histogramCsv()).split('\n')[1].startsWith("1000.0,"));

    // The user's pick wins, also when the same unit is analysed again over another window.
    box->setFocus();
    QTest::keyClick(box, Qt::Key_Up);
    QCOMPARE(box->currentText(), QString("Linear"));
    QCOMPARE(w->histogramScale(), Scale::Linear);
    QCOMPARE(w->histogramSet()->at(0), double(w->stats().histogram[0].count));
    w->setMode(widgets::TimeScope::Mode::CurrentSelection);
    waitUpdated();
    QCOMPARE(QString::fromStdString(w->stats().unit), QString("Request"));
    QCOMPARE(w->histogramScale(), Scale::Linear);

    // Another unit: automatic again (linear for a short range), and the pick is forgotten.
    w->setUnit("Batch");
    waitUpdated();
    QCOMPARE(w->histogramScale(), Scale::Linear);
    QCOMPARE(box->currentText(), QString("Linear"));
    w->setUnit("Request");
    waitUpdated();
    QCOMPARE(w->histogramScale(), Scale::Log);
    QCOMPARE(box->currentText(), QString("Log"));
    QVERIFY(box->isEnabled());

    // Nothing to draw: nothing to scale.
    w->setUnit("nothing");
    waitUpdated();
    QVERIFY(!w->histogramSet());
    QVERIFY(!box->isEnabled());
}

// Comparing: A's unit in both profiles (A's 4 steps of 500 µs, B's of 400 µs), both
// histograms on the same bins, and the figures with A, B and Δ columns.
void tst_LatencyWidget::compareOverlay_data()
{
    QTest::addColumn<bool>("log");
    QTest::newRow("linear (automatic)") << false;
    QTest::newRow("log (picked)") << true;
}

void tst_LatencyWidget::compareOverlay()
{
    QFETCH(bool, log);
    comparetest::Pair pair;
    LatencyWidget w(widgets::DockContext::of(&pair.comparison));
    w.resize(900, 400);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    pair.open();
    QTRY_VERIFY_WITH_TIMEOUT(w.comparing() && w.stats().count == 4 && w.bStats()->count == 4, widgettest::kWaitMs);
    QCOMPARE(QString::fromStdString(w.bStats()->unit), QString::fromStdString(w.stats().unit));
    QCOMPARE(w.stats().unit, std::string("ProfilerStep"));
    if (log)
        emit w.scaleBox()->activated(1);
    QCOMPARE(w.histogramScale() == LatencyBinning::Scale::Log, log);

    // Two series on one set of bins: the union's (400 µs … 500 µs), A's all in the last, B's in the first.
    widgets::LatencyHistogram* h = w.histogram();
    QVERIFY(h->barSet() && h->bBarSet());
    QCOMPARE(h->barSet()->count(), int(h->bins().size()));
    QCOMPARE(h->bBarSet()->count(), int(h->bBins().size()));
    QCOMPARE(h->bins().size(), h->bBins().size());
    for (size_t i = 0; i < h->bins().size(); ++i) {
        QCOMPARE(h->bins()[i].startNs, h->bBins()[i].startNs);
        QCOMPARE(h->bins()[i].endNs, h->bBins()[i].endNs);
    }
    QCOMPARE(h->bins().front().startNs, 400000.0);
    QCOMPARE(h->bins().back().endNs, 500000.0);
    QCOMPARE(h->bins().back().count, uint64_t(4));
    QCOMPARE(h->bBins().front().count, uint64_t(4));
    QCOMPARE(h->barSet()->label(), QStringLiteral("A"));
    QCOMPARE(h->bBarSet()->label(), QStringLiteral("B"));
    QVERIFY(h->toolTip().contains(QStringLiteral("a.json")));
    QVERIFY(h->toolTip().contains(QStringLiteral("b.json")));
    QVERIFY(h->barSet()->color() != h->bBarSet()->color());

    // The table: A, B, Δ = B − A and Δ % of A.
    QCOMPARE(w.pages()->currentIndex(), 0);
    QVERIFY(w.compareView()->isVisibleTo(&w));
    using M = widgets::LatencyCompareModel;
    M* m = w.compareModel();
    QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(m->rowCount(), int(M::RowCount));
    QCOMPARE(m->index(M::P50, M::A).data().toString(), widgets::UnitFormat::duration(500000));
    QCOMPARE(m->index(M::P50, M::B).data().toString(), widgets::UnitFormat::duration(400000));
    QCOMPARE(m->index(M::P50, M::Delta).data().toString(), QChar(0x2212) + widgets::UnitFormat::duration(100000));
    QCOMPARE(m->index(M::P99, M::DeltaPct).data().toString(), QChar(0x2212) + widgets::UnitFormat::percent(20));
    QCOMPARE(m->index(M::Count, M::Delta).data().toString(), QStringLiteral("0"));
    QVERIFY(!m->index(M::Count, M::Delta).data(Qt::ForegroundRole).isValid());
    const QColor faster = m->index(M::Max, M::Delta).data(Qt::ForegroundRole).value<QColor>();
    QVERIFY(faster.isValid() && faster.green() > faster.red());

    // Ending the comparison brings back A's own table and histogram.
    pair.comparison.end();
    QTRY_VERIFY_WITH_TIMEOUT(!w.comparing() && w.stats().count == 4, widgettest::kWaitMs);
    QVERIFY(w.statsView()->isVisibleTo(&w));
    QVERIFY(h->barSet() && !h->bBarSet());
}

// The current selection of A, and B's same window moved by the offset: B's steps start at
// 100, 600, 1100 and 1600 µs; A's window is [0, 600 µs).
void tst_LatencyWidget::compareWindowMovedByOffset_data()
{
    QTest::addColumn<TimeNs>("offset");
    QTest::addColumn<int>("bCount");
    QTest::newRow("raw clocks") << TimeNs(0) << 1;
    QTest::newRow("B later") << TimeNs(50000) << 2;
    QTest::newRow("B far earlier") << TimeNs(-1000000) << 0;
}

void tst_LatencyWidget::compareWindowMovedByOffset()
{
    QFETCH(TimeNs, offset);
    QFETCH(int, bCount);
    comparetest::Pair pair;
    LatencyWidget w(widgets::DockContext::of(&pair.comparison));
    pair.open();
    QTRY_VERIFY_WITH_TIMEOUT(w.comparing() && w.bStats()->count == 4, widgettest::kWaitMs);
    pair.a.selection()->setTimeSelection({ 0, 600000 });
    w.setMode(widgets::TimeScope::Mode::CurrentSelection);
    pair.comparison.setOffsetNs(offset);
    QTRY_VERIFY_WITH_TIMEOUT(w.stats().count == 2 && w.bStats()->count == uint64_t(bCount), widgettest::kWaitMs);
    const QString b
        = w.compareModel()->index(widgets::LatencyCompareModel::P50, widgets::LatencyCompareModel::B).data().toString();
    QCOMPARE(b == widgets::DeltaFormat::missing(), bCount == 0);
}

QTEST_MAIN(tst_LatencyWidget)
#include "tst_latencywidget.moc"
