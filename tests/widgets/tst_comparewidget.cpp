// The Compare dock on a Comparison of two small profiles: it says how to start a comparison
// while there is none, fills once both catalogs are there, sorts by |Δ total|, narrows by
// status and text, follows the shared threshold, highlights a clicked row's slices in both
// sessions' selections, and drops its table when the comparison ends.
#include <support/widgettestutil.h>

#include "compare/comparefilterproxy.h"
#include "compare/comparetablemodel.h"
#include "compare/comparewidget.h"

#include <analysis/operators/operatorcatalog.h>
#include <report/comparereport.h>
#include <state/annotationsmodel.h>
#include <state/comparison.h>
#include <store/storefinalizer.h>

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QTreeView>
#include <QtTest>

#include <algorithm>

using namespace strata;
using namespace strata::store;
using analysis::CompareStatus;
using analysis::OperatorLevel;
using analysis::OperatorScope;
using widgets::CompareTableModel;
using widgets::CompareWidget;
using widgettest::Builder;

Q_DECLARE_METATYPE(std::optional<CompareStatus>)

namespace {

// A, then B as A with conv2d 1.5 times as long, linear removed, softmax added and two more
// steps (opcode is the op level):
//   NPU 0 / Neural Engine Clusters   A                          B
//     0_conv_1   conv2d              [0,100)                    [0,150)
//     0_conv_2   conv2d              [200,500)                  [200,650)
//     0_fc_3     linear              [700,750)                  —
//     0_relu_4   relu                [800,840)                  [800,840)
//     0_softmax_5 softmax            —                          [900,970)
//   host MainThread                  ProfilerStep#1..2 (1 µs)   ProfilerStep#5..8
std::shared_ptr<const EventStore> makeStore(bool b)
{
    Builder s;
    const uint32_t nec = s.thread(1, "NPU 0", 1, "Neural Engine Clusters");
    const uint32_t host = s.thread(100, "python3 model.py", 100, "MainThread");
    const char* ne = "Neural Engine Clusters";
    s.X(nec, "0_conv_1", ne, 0, b ? 150 : 100, s.args({ { "opcode", "conv2d" } }));
    s.X(nec, "0_conv_2", ne, 200, b ? 450 : 300, s.args({ { "opcode", "conv2d" } }));
    if (!b)
        s.X(nec, "0_fc_3", ne, 700, 50, s.args({ { "opcode", "linear" } }));
    s.X(nec, "0_relu_4", ne, 800, 40, s.args({ { "opcode", "relu" } }));
    if (b)
        s.X(nec, "0_softmax_5", ne, 900, 70, s.args({ { "opcode", "softmax" } }));
    const int first = b ? 5 : 1, steps = b ? 4 : 2;
    for (int i = 0; i < steps; ++i)
        s.X(host, ("ProfilerStep#" + std::to_string(first + i)).c_str(), "user_annotation", i * 1000, 1000);
    return StoreFinalizer::finalize(s.b);
}

// The slices of `store` whose op (opcode) is `op`, by brute force.
std::vector<SliceRow> slicesOf(const EventStore& store, const char* op)
{
    const analysis::OperatorCatalog catalog(store);
    std::vector<SliceRow> out;
    for (uint32_t r = 0; r < store.sliceCount(); ++r) {
        const SliceRow row(r);
        if (catalog.keyText(catalog.key(OperatorLevel::Op, row, store.sliceType(row), store.sliceArgs(row))) == op)
            out.push_back(row);
    }
    return out;
}

QStringList shownNames(const CompareWidget& w)
{
    QStringList out;
    const QAbstractItemModel* m = w.view()->model();
    for (int r = 0; r < m->rowCount(); ++r)
        out << m->index(r, CompareTableModel::Name).data().toString();
    return out;
}

} // namespace

class tst_CompareWidget : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void placeholderWhileInactive();
    void fillsAndSortsByDeltaMagnitude();
    void filtersNarrowRows_data();
    void filtersNarrowRows();
    void clickingRowHighlightsBothSides_data();
    void clickingRowHighlightsBothSides();
    void thresholdFollowsComparison();
    void perStepDividesBySteps();
    void endingComparisonShowsPlaceholder();
    void swapExchangesSides();
    void markerPairNarrowsOneSide();
    void onlyTheNewestLevelLands();
    void exportIsTheShownRows();

private:
    void start(); // A open, B started, the table filled at the op level
    bool waitResult(OperatorLevel level);
    QComboBox* levelBox() const { return m_widget->findChild<QComboBox*>(QStringLiteral("compareLevel")); }

    std::shared_ptr<const EventStore> m_a = makeStore(false), m_b = makeStore(true);
    std::unique_ptr<model::Session> m_session;
    std::unique_ptr<model::Comparison> m_comparison;
    std::unique_ptr<CompareWidget> m_widget;
};

void tst_CompareWidget::init()
{
    m_session = std::make_unique<model::Session>();
    m_comparison = std::make_unique<model::Comparison>(m_session.get());
    m_widget = std::make_unique<CompareWidget>(widgets::DockContext::of(m_comparison.get()));
    m_widget->resize(1000, 400);
    m_widget->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_widget.get()));
}

void tst_CompareWidget::cleanup()
{
    m_widget.reset(); // the dock first: it holds pointers to the comparison and sessions
    m_comparison.reset();
    m_session.reset();
}

bool tst_CompareWidget::waitResult(OperatorLevel level)
{
    return QTest::qWaitFor(
        [&] { return m_widget->result() && m_widget->result()->level == level && !m_widget->isBusy(); },
        widgettest::kWaitMs);
}

void tst_CompareWidget::start()
{
    widgettest::open(*m_session, m_a, QStringLiteral("a.json"));
    m_comparison->start(m_b, QStringLiteral("b.json"), model::LoadInfo {});
    QVERIFY(m_comparison->active());
    QVERIFY(widgettest::waitForAnalyses(*m_session));
    QVERIFY(widgettest::waitForAnalyses(*m_comparison->b()));
    m_widget->setLevel(OperatorLevel::Op);
    QVERIFY(waitResult(OperatorLevel::Op));
    QVERIFY(m_widget->showsTable());
    QVERIFY(levelBox()->isVisible());
}

void tst_CompareWidget::placeholderWhileInactive()
{
    QVERIFY(!m_comparison->active());
    QVERIFY(!m_widget->showsTable());
    QVERIFY(m_widget->placeholderText().contains(QStringLiteral("Compare With")));
    QVERIFY(m_widget->placeholderText().contains(QStringLiteral("--compare")));
    QCOMPARE(m_widget->model()->rowCount(), 0);
    QVERIFY(!levelBox()->isVisible()); // no controls for a table that is not there
    // A profile alone is not a comparison either.
    widgettest::open(*m_session, m_a);
    QVERIFY(widgettest::waitForAnalyses(*m_session));
    QVERIFY(!m_widget->showsTable());
    QVERIFY(!m_widget->result());
}

void tst_CompareWidget::fillsAndSortsByDeltaMagnitude()
{
    QAbstractItemModelTester tester(m_widget->proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    widgettest::open(*m_session, m_a);
    m_comparison->start(m_b, QStringLiteral("b.json"), model::LoadInfo {});
    QVERIFY(widgettest::waitForAnalyses(*m_session));
    QVERIFY(widgettest::waitForAnalyses(*m_comparison->b()));
    // Opens at A's default level, on the device tracks both profiles have.
    const OperatorLevel defaultLevel = m_session->analyses()->get<analysis::OperatorCatalog>()->defaultLevel();
    QVERIFY(waitResult(defaultLevel));
    QCOMPARE(m_widget->level(), defaultLevel);
    QCOMPARE(m_widget->scope(), OperatorScope::Device);

    m_widget->setLevel(OperatorLevel::Op);
    QVERIFY(waitResult(OperatorLevel::Op));
    QCOMPARE(shownNames(*m_widget), (QStringList { "conv2d", "softmax", "linear", "relu" }));
    const QAbstractItemModel* m = m_widget->view()->model();
    auto cell = [m](int r, int c) { return m->index(r, c).data().toString(); };
    QCOMPARE(cell(0, CompareTableModel::Status), QStringLiteral("Slower"));
    QCOMPARE(cell(0, CompareTableModel::DeltaTotal), QStringLiteral("+200 ns"));
    QCOMPARE(cell(0, CompareTableModel::DeltaPct), QStringLiteral("+50.0 %"));
    QCOMPARE(cell(1, CompareTableModel::Status), QStringLiteral("Added"));
    QCOMPARE(cell(2, CompareTableModel::Status), QStringLiteral("Removed"));
    QCOMPARE(cell(2, CompareTableModel::DeltaTotal), QStringLiteral("\u221250 ns"));
    QCOMPARE(cell(3, CompareTableModel::Status), QStringLiteral("Unchanged"));
    QCOMPARE(m_widget->view()->header()->sortIndicatorSection(), int(CompareTableModel::DeltaTotal));
    QCOMPARE(m_widget->view()->header()->sortIndicatorOrder(), Qt::DescendingOrder);
}

void tst_CompareWidget::filtersNarrowRows_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::optional<CompareStatus>>("status");
    QTest::addColumn<QStringList>("shown");
    QTest::newRow("slower") << "" << std::optional(CompareStatus::Slower) << QStringList { "conv2d" };
    QTest::newRow("added") << "" << std::optional(CompareStatus::Added) << QStringList { "softmax" };
    QTest::newRow("removed") << "" << std::optional(CompareStatus::Removed) << QStringList { "linear" };
    QTest::newRow("faster: none") << "" << std::optional(CompareStatus::Faster) << QStringList {};
    QTest::newRow("unchanged") << "" << std::optional(CompareStatus::Unchanged) << QStringList { "relu" };
    QTest::newRow("text") << "L" << std::optional<CompareStatus>() << QStringList { "linear", "relu" };
    QTest::newRow("text and status") << "l" << std::optional(CompareStatus::Removed) << QStringList { "linear" };
}

void tst_CompareWidget::filtersNarrowRows()
{
    QFETCH(QString, text);
    QFETCH(std::optional<CompareStatus>, status);
    QFETCH(QStringList, shown);
    start();
    m_widget->setFilterText(text);
    m_widget->setStatusFilter(status);
    QCOMPARE(shownNames(*m_widget), shown);
    m_widget->setFilterText(QString());
    m_widget->setStatusFilter(std::nullopt);
    QCOMPARE(m_widget->view()->model()->rowCount(), 4);
}

void tst_CompareWidget::clickingRowHighlightsBothSides_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("op");
    QTest::addColumn<bool>("inA");
    QTest::addColumn<bool>("inB");
    QTest::newRow("slower: both") << "conv2d"
                                  << "conv2d" << true << true;
    QTest::newRow("removed: A only") << "linear"
                                     << "linear" << true << false;
    QTest::newRow("added: B only") << "softmax"
                                   << "softmax" << false << true;
}

void tst_CompareWidget::clickingRowHighlightsBothSides()
{
    QFETCH(QString, name);
    QFETCH(QString, op);
    QFETCH(bool, inA);
    QFETCH(bool, inB);
    start();
    model::Selection* a = m_session->selection();
    model::Selection* b = m_comparison->b()->selection();
    // Another row's highlight first: a side without the clicked operator must not keep it.
    const QAbstractItemModel* m = m_widget->view()->model();
    QTreeView* view = m_widget->view();
    const QModelIndex relu = m->index(shownNames(*m_widget).indexOf(QStringLiteral("relu")), 0);
    QSignalSpy applied(m_widget.get(), &CompareWidget::highlightApplied);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(relu).center());
    QVERIFY(applied.wait(widgettest::kWaitMs));
    QVERIFY(a->highlighted() && b->highlighted());

    const QModelIndex row = m->index(shownNames(*m_widget).indexOf(name), 0);
    QVERIFY(row.isValid());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(row).center());
    QVERIFY(applied.wait(widgettest::kWaitMs));
    const std::string opName = op.toStdString();
    if (inA) {
        QVERIFY(a->highlighted());
        QVERIFY(*a->highlighted() == slicesOf(*m_a, opName.c_str()));
        QCOMPARE(a->highlightLabel(), name);
    } else {
        QVERIFY(!a->highlighted());
    }
    if (inB) {
        QVERIFY(b->highlighted());
        QVERIFY(*b->highlighted() == slicesOf(*m_b, opName.c_str()));
    } else {
        QVERIFY(!b->highlighted());
    }
    // Clearing the table's selection takes its highlights back.
    view->clearSelection();
    QVERIFY(!a->highlighted() && !b->highlighted());
}

void tst_CompareWidget::thresholdFollowsComparison()
{
    start();
    auto* spin = m_widget->findChild<QDoubleSpinBox*>(QStringLiteral("compareThreshold"));
    QVERIFY(spin);
    QCOMPARE(spin->value(), m_comparison->thresholdPct());
    // +50 % is "unchanged" under a 60 % threshold.
    m_comparison->setThresholdPct(60);
    QCOMPARE(spin->value(), 60.0);
    QVERIFY(QTest::qWaitFor(
        [&] { return m_widget->result()->thresholdPct == 60.0 && !m_widget->isBusy(); }, widgettest::kWaitMs));
    m_widget->setStatusFilter(CompareStatus::Slower);
    QCOMPARE(shownNames(*m_widget), QStringList {});
    // The spin box drives the comparison's threshold, which every compare view shares.
    spin->setValue(10);
    QCOMPARE(m_comparison->thresholdPct(), 10.0);
    QVERIFY(QTest::qWaitFor(
        [&] { return m_widget->result()->thresholdPct == 10.0 && !m_widget->isBusy(); }, widgettest::kWaitMs));
    QCOMPARE(shownNames(*m_widget), QStringList { "conv2d" });
}

void tst_CompareWidget::perStepDividesBySteps()
{
    start();
    auto* perStep = m_widget->findChild<QCheckBox*>(QStringLiteral("comparePerStep"));
    QVERIFY(perStep);
    QCOMPARE(m_widget->result()->a.steps, uint64_t(2));
    QCOMPARE(m_widget->result()->b.steps, uint64_t(4));
    QVERIFY2(perStep->toolTip().contains(QStringLiteral("A has 2 steps, B has 4")), qPrintable(perStep->toolTip()));
    m_widget->setPerStep(true);
    QVERIFY(QTest::qWaitFor([&] { return m_widget->result()->perStep && !m_widget->isBusy(); }, widgettest::kWaitMs));
    // conv2d: 400 ns over 2 steps in A, 600 ns over 4 in B.
    const QAbstractItemModel* m = m_widget->view()->model();
    const int conv = shownNames(*m_widget).indexOf(QStringLiteral("conv2d"));
    QCOMPARE(m->index(conv, CompareTableModel::ATotal).data().toString(), QStringLiteral("200 ns"));
    QCOMPARE(m->index(conv, CompareTableModel::BTotal).data().toString(), QStringLiteral("150 ns"));
    QCOMPARE(m->index(conv, CompareTableModel::Status).data().toString(), QStringLiteral("Faster"));
}

void tst_CompareWidget::endingComparisonShowsPlaceholder()
{
    start();
    QVERIFY(m_widget->model()->rowCount() > 0);
    m_comparison->end();
    QVERIFY(!m_widget->showsTable());
    QCOMPARE(m_widget->model()->rowCount(), 0);
    QVERIFY(m_widget->placeholderText().contains(QStringLiteral("Compare With")));
    QVERIFY(!levelBox()->isVisible());
}

void tst_CompareWidget::swapExchangesSides()
{
    start();
    m_comparison->swap();
    QVERIFY(
        QTest::qWaitFor([&] { return m_widget->result() && m_widget->result()->a.steps == 4 && !m_widget->isBusy(); },
            widgettest::kWaitMs));
    QCOMPARE(shownNames(*m_widget), (QStringList { "conv2d", "softmax", "linear", "relu" }));
    const QAbstractItemModel* m = m_widget->view()->model();
    QCOMPARE(m->index(0, CompareTableModel::Status).data().toString(), QStringLiteral("Faster"));
    QCOMPARE(m->index(1, CompareTableModel::Status).data().toString(), QStringLiteral("Removed"));
    QCOMPARE(m->index(2, CompareTableModel::Status).data().toString(), QStringLiteral("Added"));
    QCOMPARE(m_widget->level(), OperatorLevel::Op); // the user's level stays
}

// B's window from a pair of B's markers: slices starting after it drop out of B only.
void tst_CompareWidget::markerPairNarrowsOneSide()
{
    start();
    model::AnnotationsModel* b = m_comparison->b()->annotations();
    const model::MarkerId first = b->add(0);
    b->add(600);
    QVERIFY(m_widget->windowBox(widgets::CompareWindowBox::Side::B)->selectMarkerPair(first));
    QVERIFY(QTest::qWaitFor(
        [&] { return m_widget->result()->b.window.end == 600 && !m_widget->isBusy(); }, widgettest::kWaitMs));
    // softmax (900) and relu (800) start after the pair: B has neither now.
    QCOMPARE(shownNames(*m_widget), (QStringList { "conv2d", "linear", "relu" }));
    const QAbstractItemModel* m = m_widget->view()->model();
    QCOMPARE(m->index(2, CompareTableModel::Status).data().toString(), QStringLiteral("Removed"));
    QCOMPARE(m_widget->result()->a.window.end, m_a->extent().end); // A: still the whole trace
}

void tst_CompareWidget::onlyTheNewestLevelLands()
{
    start();
    QSignalSpy results(m_widget.get(), &CompareWidget::resultChanged);
    m_widget->setLevel(OperatorLevel::Name);
    m_widget->setLevel(OperatorLevel::Command);
    m_widget->setLevel(OperatorLevel::Op);
    QVERIFY(waitResult(OperatorLevel::Op));
    // Every result that landed is the newest request's: the earlier two never show.
    QCOMPARE(results.count(), 1);
    QCOMPARE(shownNames(*m_widget), (QStringList { "conv2d", "softmax", "linear", "relu" }));
}

// The export writes the rows shown, in strata-cli diff --csv's columns.
void tst_CompareWidget::exportIsTheShownRows()
{
    start();
    m_widget->setStatusFilter(CompareStatus::Removed);
    const QStringList lines = QString::fromStdString(m_widget->tableCsv()).split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 3); // header, linear, the empty rest
    QCOMPARE(lines[0], QString::fromStdString(report::CompareReport::csvHeader()));
    QVERIFY2(lines[1].startsWith(QStringLiteral("linear,removed,1,0,50,0,-50,")), qPrintable(lines[1]));
    const auto& rows = m_widget->result()->rows;
    const auto linear = std::find_if(rows.begin(), rows.end(), [](const auto& r) { return r.name == "linear"; });
    QVERIFY(linear != rows.end());
    QCOMPARE(lines[1], QString::fromStdString(report::CompareReport::csvLine(report::CompareReport::rowJson(*linear))));
}

QTEST_MAIN(tst_CompareWidget)
#include "tst_comparewidget.moc"
