// The Findings dock's list model: a top-level row per finding in the result's order, with
// its severity icon, title, value against threshold and time at stake; under it the cause,
// what to try, the operators (when any) and one row per range; QAbstractItemModelTester
// checks the tree's consistency through a reset.
#include "findings/findingsmodel.h"

#include <support/findingstores.h>

#include <QAbstractItemModelTester>
#include <QTest>

using namespace strata;
using analysis::Finding;
using analysis::FindingSeverity;
using widgets::FindingsModel;

namespace {

std::shared_ptr<const analysis::FindingsResult> result(const findingtest::Store& s)
{
    auto r = std::make_shared<analysis::FindingsResult>();
    Finding a;
    a.id = "device-idle";
    a.title = "GPU 0 is idle 42 % of its span";
    a.severity = FindingSeverity::Critical;
    a.value = 42;
    a.threshold = 20;
    a.unit = "%";
    a.atStakeNs = 1500000;
    a.cause = "the host waits";
    a.action = "prefetch";
    a.ranges = { { store::TrackId(1), 10, 20, -1 }, { store::TrackId(1), 30, 35, -1 } };
    Finding b;
    b.id = "small-transfers";
    b.title = "small transfers";
    b.severity = FindingSeverity::Info;
    b.value = 65536;
    b.threshold = 65536;
    b.unit = "bytes";
    b.operators = { "Memcpy HtoD", "Memcpy DtoH" };
    r->findings = { a, b };
    (void)s;
    return r;
}

} // namespace

class tst_FindingsModel : public QObject {
    Q_OBJECT
private slots:
    void rowsAndEvidence()
    {
        const findingtest::Store s = findingtest::idleGap(30);
        FindingsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setResult(result(s), s);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(FindingsModel::ColumnCount));
        const QModelIndex first = model.findingIndex(0);
        QCOMPARE(first.data().toString(), QStringLiteral("GPU 0 is idle 42 % of its span"));
        QCOMPARE(model.index(0, FindingsModel::Value).data().toString(), QStringLiteral("42 % \u2265 20 %"));
        QCOMPARE(model.index(0, FindingsModel::AtStake).data().toString(), QStringLiteral("1.500 ms"));
        QVERIFY(!first.data(Qt::DecorationRole).value<QIcon>().isNull());
        QCOMPARE(model.kindOf(first), FindingsModel::Kind::Finding);
        // Cause, action, two ranges; the second finding: cause, action, operators.
        QCOMPARE(model.rowCount(first), 4);
        QCOMPARE(model.index(0, 0, first).data().toString(), QStringLiteral("Cause: the host waits"));
        QCOMPARE(model.index(1, 0, first).data().toString(), QStringLiteral("Try: prefetch"));
        const QModelIndex range = model.rangeIndex(0, 1);
        QCOMPARE(range.row(), 3);
        QCOMPARE(model.kindOf(range), FindingsModel::Kind::Range);
        QCOMPARE(range.data(FindingsModel::kRangeRole).toInt(), 1);
        QCOMPARE(FindingsModel::findingOf(range), 0);
        QCOMPARE(model.index(3, FindingsModel::AtStake, first).data().toString(), QStringLiteral("5 ns"));
        const QModelIndex second = model.findingIndex(1);
        QCOMPARE(model.rowCount(second), 3);
        QCOMPARE(model.kindOf(model.index(2, 0, second)), FindingsModel::Kind::Operators);
        QCOMPARE(model.index(2, 0, second).data().toString(), QStringLiteral("Operators: Memcpy HtoD, Memcpy DtoH"));
        QCOMPARE(model.index(1, FindingsModel::Value).data().toString(), QStringLiteral("65,536 B \u2265 65,536 B"));
        model.setResult(nullptr, nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void severityIconsDiffer()
    {
        const QImage info = FindingsModel::severityIcon(FindingSeverity::Info).pixmap(16, 16).toImage();
        const QImage warning = FindingsModel::severityIcon(FindingSeverity::Warning).pixmap(16, 16).toImage();
        const QImage critical = FindingsModel::severityIcon(FindingSeverity::Critical).pixmap(16, 16).toImage();
        QVERIFY(info != warning);
        QVERIFY(warning != critical);
        QVERIFY(info != critical);
    }
};

QTEST_MAIN(tst_FindingsModel)
#include "tst_findingsmodel.moc"
