// The Compare table's model and its proxy: each column's text and sort value, the default
// order by |Δ total|, the Δ bar's fraction, the tooltip of a row matched only after
// normalising, and the filters by text (name or raw names) and by status.
#include "compare/comparefilterproxy.h"
#include "compare/comparetablemodel.h"

#include <QAbstractItemModelTester>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace strata;
using analysis::CompareResult;
using analysis::CompareRow;
using analysis::CompareStatus;
using widgets::CompareFilterProxy;
using widgets::CompareTableModel;

Q_DECLARE_METATYPE(std::optional<CompareStatus>)

namespace {

CompareRow row(const char* name, CompareStatus status, double aCount, double bCount, double aTotal, double bTotal)
{
    CompareRow r;
    r.name = name;
    r.status = status;
    r.aCount = aCount;
    r.bCount = bCount;
    r.aTotalNs = aTotal;
    r.bTotalNs = bTotal;
    r.deltaNs = bTotal - aTotal;
    if (aTotal > 0)
        r.deltaPct = 100.0 * r.deltaNs / aTotal;
    r.aAvgNs = aCount > 0 ? aTotal / aCount : 0;
    r.bAvgNs = bCount > 0 ? bTotal / bCount : 0;
    r.deltaAvgNs = r.bAvgNs - r.aAvgNs;
    if (aCount > 0)
        r.aNames = { name };
    if (bCount > 0)
        r.bNames = { name };
    return r;
}

// In the aggregator's order (|Δ| descending), with every status once:
//   conv2d    slower     2 → 2     400 → 600 ns     Δ +200  +50 %
//   softmax   added      0 → 1       0 → 70         Δ +70
//   linear    removed    1 → 0      50 → 0          Δ −50   −100 %
//   matmul    faster     4 → 4   2,000 → 1,960      Δ −40   −2 %
//   relu      unchanged  3 → 3      90 → 90         Δ 0
//   ProfilerStep  unchanged, normalised: ProfilerStep#3 ↔ ProfilerStep#7, 1,000 → 1,001
std::shared_ptr<const CompareResult> makeResult()
{
    auto result = std::make_shared<CompareResult>();
    result->rows.push_back(row("conv2d", CompareStatus::Slower, 2, 2, 400, 600));
    result->rows.push_back(row("softmax", CompareStatus::Added, 0, 1, 0, 70));
    result->rows.push_back(row("linear", CompareStatus::Removed, 1, 0, 50, 0));
    result->rows.push_back(row("matmul", CompareStatus::Faster, 4, 4, 2000, 1960));
    result->rows.push_back(row("relu", CompareStatus::Unchanged, 3, 3, 90, 90));
    CompareRow step = row("ProfilerStep", CompareStatus::Unchanged, 1, 1, 1000, 1001);
    step.aNames = { "ProfilerStep#3" };
    step.bNames = { "ProfilerStep#7" };
    step.normalisedMatch = true;
    result->rows.push_back(step);
    return result;
}

QStringList names(const QAbstractItemModel& m)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.index(r, CompareTableModel::Name).data().toString();
    return out;
}

const QString kMinus = QStringLiteral("\u2212");

} // namespace

class tst_CompareTableModel : public QObject {
    Q_OBJECT

private slots:
    void modelTester();
    void headers();
    void cells_data();
    void cells();
    void sortsByDeltaMagnitudeDescending();
    void sortsNumerically_data();
    void sortsNumerically();
    void deltaBarIsShareOfLargest();
    void tooltipNamesRawNamesOfNormalisedMatch_data();
    void tooltipNamesRawNamesOfNormalisedMatch();
    void filters_data();
    void filters();
    void perStepCountsShowDecimals();
};

void tst_CompareTableModel::modelTester()
{
    CompareTableModel model;
    CompareFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setResult(makeResult());
    proxy.sort(CompareTableModel::DeltaTotal, Qt::DescendingOrder);
    proxy.setText(QStringLiteral("o"));
    proxy.setStatus(CompareStatus::Unchanged);
    model.setResult(nullptr);
    QCOMPARE(proxy.rowCount(), 0);
}

void tst_CompareTableModel::headers()
{
    CompareTableModel model;
    QCOMPARE(model.columnCount(), 11);
    const QStringList expected { "Name", "Status", "A count", "B count", "A total", "B total", "\u0394 total",
        "\u0394 %", "A avg", "B avg", "\u0394 avg" };
    for (int c = 0; c < model.columnCount(); ++c)
        QCOMPARE(model.headerData(c, Qt::Horizontal).toString(), expected[c]);
}

void tst_CompareTableModel::cells_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("text");
    QTest::newRow("name") << 0 << int(CompareTableModel::Name) << "conv2d";
    QTest::newRow("slower") << 0 << int(CompareTableModel::Status) << "Slower";
    QTest::newRow("added") << 1 << int(CompareTableModel::Status) << "Added";
    QTest::newRow("removed") << 2 << int(CompareTableModel::Status) << "Removed";
    QTest::newRow("faster") << 3 << int(CompareTableModel::Status) << "Faster";
    QTest::newRow("unchanged") << 4 << int(CompareTableModel::Status) << "Unchanged";
    QTest::newRow("A count") << 3 << int(CompareTableModel::ACount) << "4";
    QTest::newRow("B count of removed") << 2 << int(CompareTableModel::BCount) << "0";
    QTest::newRow("A total") << 0 << int(CompareTableModel::ATotal) << "400 ns";
    QTest::newRow("B total in µs") << 3 << int(CompareTableModel::BTotal) << "1.960 \u00b5s";
    QTest::newRow("A total of added: none") << 1 << int(CompareTableModel::ATotal) << "";
    QTest::newRow("delta slower") << 0 << int(CompareTableModel::DeltaTotal) << "+200 ns";
    QTest::newRow("delta faster") << 3 << int(CompareTableModel::DeltaTotal) << kMinus + "40 ns";
    QTest::newRow("delta unchanged") << 4 << int(CompareTableModel::DeltaTotal) << "0 ns";
    QTest::newRow("delta % slower") << 0 << int(CompareTableModel::DeltaPct) << "+50.0 %";
    QTest::newRow("delta % faster") << 3 << int(CompareTableModel::DeltaPct) << kMinus + "2.0 %";
    QTest::newRow("delta % removed") << 2 << int(CompareTableModel::DeltaPct) << kMinus + "100.0 %";
    QTest::newRow("delta % added: none") << 1 << int(CompareTableModel::DeltaPct) << "";
    QTest::newRow("A avg") << 0 << int(CompareTableModel::AAvg) << "200 ns";
    QTest::newRow("B avg") << 0 << int(CompareTableModel::BAvg) << "300 ns";
    QTest::newRow("delta avg") << 3 << int(CompareTableModel::DeltaAvg) << kMinus + "10 ns";
    QTest::newRow("delta avg of added: none") << 1 << int(CompareTableModel::DeltaAvg) << "";
}

void tst_CompareTableModel::cells()
{
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(QString, text);
    CompareTableModel model;
    model.setResult(makeResult());
    QCOMPARE(model.index(row, column).data().toString(), text);
    const auto align = Qt::Alignment(model.index(row, column).data(Qt::TextAlignmentRole).toInt());
    QCOMPARE(bool(align & Qt::AlignRight), column > CompareTableModel::Status);
}

void tst_CompareTableModel::sortsByDeltaMagnitudeDescending()
{
    CompareTableModel model;
    auto shuffled = std::make_shared<CompareResult>(*makeResult());
    std::reverse(shuffled->rows.begin(), shuffled->rows.end());
    model.setResult(shuffled);
    CompareFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.sort(CompareTableModel::DeltaTotal, Qt::DescendingOrder);
    QCOMPARE(names(proxy), (QStringList { "conv2d", "softmax", "linear", "matmul", "ProfilerStep", "relu" }));
}

void tst_CompareTableModel::sortsNumerically_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<QStringList>("ascending");
    // Numbers, not text: "1.960 µs" (matmul) above "90 ns" (relu) is numeric order.
    QTest::newRow("A total") << int(CompareTableModel::ATotal)
                             << QStringList { "softmax", "linear", "relu", "conv2d", "ProfilerStep", "matmul" };
    QTest::newRow("B count") << int(CompareTableModel::BCount)
                             << QStringList { "linear", "softmax", "ProfilerStep", "conv2d", "relu", "matmul" };
    QTest::newRow("delta %: none (added) last") << int(
        CompareTableModel::DeltaPct) << QStringList { "linear", "matmul", "relu", "ProfilerStep", "conv2d", "softmax" };
    QTest::newRow("name, case-insensitive") << int(
        CompareTableModel::Name) << QStringList { "conv2d", "linear", "matmul", "ProfilerStep", "relu", "softmax" };
}

void tst_CompareTableModel::sortsNumerically()
{
    QFETCH(int, column);
    QFETCH(QStringList, ascending);
    CompareTableModel model;
    model.setResult(makeResult());
    CompareFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.sort(column, Qt::AscendingOrder);
    QCOMPARE(names(proxy), ascending);
}

void tst_CompareTableModel::deltaBarIsShareOfLargest()
{
    CompareTableModel model;
    model.setResult(makeResult());
    auto bar
        = [&](int r) { return model.index(r, CompareTableModel::DeltaTotal).data(CompareTableModel::DeltaBarRole); };
    QCOMPARE(bar(0).toDouble(), 1.0); // the largest change
    QCOMPARE(bar(2).toDouble(), -0.25); // −50 of 200: faster side
    QCOMPARE(bar(4).toDouble(), 0.0);
    QVERIFY(!model.index(0, CompareTableModel::ATotal).data(CompareTableModel::DeltaBarRole).isValid());
    QCOMPARE(model.index(3, 0).data(CompareTableModel::StatusRole).toInt(), int(CompareStatus::Faster));
}

void tst_CompareTableModel::tooltipNamesRawNamesOfNormalisedMatch_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<QString>("expected"); // empty: no "matched after" line
    QTest::newRow("normalised") << 5
                                << "matched after normalising instance numbers: A: ProfilerStep#3 / B: "
                                   "ProfilerStep#7";
    QTest::newRow("same raw name") << 0 << "";
    QTest::newRow("added") << 1 << "";
}

void tst_CompareTableModel::tooltipNamesRawNamesOfNormalisedMatch()
{
    QFETCH(int, row);
    QFETCH(QString, expected);
    CompareTableModel model;
    model.setResult(makeResult());
    for (int c : { int(CompareTableModel::Name), int(CompareTableModel::DeltaTotal) }) {
        const QString tip = model.index(row, c).data(Qt::ToolTipRole).toString();
        QVERIFY(tip.startsWith(model.index(row, 0).data().toString()));
        if (expected.isEmpty())
            QVERIFY2(!tip.contains(QStringLiteral("matched after")), qPrintable(tip));
        else
            QVERIFY2(tip.contains(expected), qPrintable(tip));
    }
}

void tst_CompareTableModel::filters_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::optional<CompareStatus>>("status");
    QTest::addColumn<QStringList>("shown"); // in |Δ| order
    const std::optional<CompareStatus> any;
    QTest::newRow("nothing") << "" << any
                             << QStringList { "conv2d", "softmax", "linear", "matmul", "ProfilerStep", "relu" };
    QTest::newRow("substring, any case") << "MAT" << any << QStringList { "matmul" };
    QTest::newRow("a raw name") << "#7" << any << QStringList { "ProfilerStep" };
    QTest::newRow("blank around") << "  relu " << any << QStringList { "relu" };
    QTest::newRow("no match") << "gelu" << any << QStringList {};
    QTest::newRow("added") << "" << std::optional(CompareStatus::Added) << QStringList { "softmax" };
    QTest::newRow("removed") << "" << std::optional(CompareStatus::Removed) << QStringList { "linear" };
    QTest::newRow("slower") << "" << std::optional(CompareStatus::Slower) << QStringList { "conv2d" };
    QTest::newRow("faster") << "" << std::optional(CompareStatus::Faster) << QStringList { "matmul" };
    QTest::newRow("unchanged") << "" << std::optional(CompareStatus::Unchanged)
                               << QStringList { "ProfilerStep", "relu" };
    QTest::newRow("text and status") << "e" << std::optional(CompareStatus::Unchanged)
                                     << QStringList { "ProfilerStep", "relu" };
    QTest::newRow("text and status, none") << "conv" << std::optional(CompareStatus::Faster) << QStringList {};
}

void tst_CompareTableModel::filters()
{
    QFETCH(QString, text);
    QFETCH(std::optional<CompareStatus>, status);
    QFETCH(QStringList, shown);
    CompareTableModel model;
    model.setResult(makeResult());
    CompareFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.sort(CompareTableModel::DeltaTotal, Qt::DescendingOrder);
    proxy.setText(text);
    proxy.setStatus(status);
    QCOMPARE(names(proxy), shown);
    proxy.setText(QString());
    proxy.setStatus(std::nullopt);
    QCOMPARE(proxy.rowCount(), model.rowCount());
}

void tst_CompareTableModel::perStepCountsShowDecimals()
{
    auto result = std::make_shared<CompareResult>();
    result->perStep = true;
    result->rows.push_back(row("conv2d", CompareStatus::Slower, 2.5, 3, 1250.4, 1600));
    CompareTableModel model;
    model.setResult(result);
    QCOMPARE(model.index(0, CompareTableModel::ACount).data().toString(), QStringLiteral("2.50"));
    QCOMPARE(model.index(0, CompareTableModel::BCount).data().toString(), QStringLiteral("3"));
    QCOMPARE(model.index(0, CompareTableModel::ATotal).data().toString(), QStringLiteral("1.250 \u00b5s"));
    QCOMPARE(model.index(0, CompareTableModel::ACount).data(CompareTableModel::SortRole).toDouble(), 2.5);
}

QTEST_MAIN(tst_CompareTableModel)
#include "tst_comparetablemodel.moc"
