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
using widgets::ThemePalette;

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
        QCOMPARE(
            model.index(0, FindingsModel::Value).data().toString(), QStringLiteral("42\u00a0% \u2265\u00a020\u00a0%"));
        QCOMPARE(FindingsModel::valueText(result(s)->findings[0]), QStringLiteral("42 % \u2265 20 %"));
        // The tooltip has the whole title, and the value and time at stake a narrow dock scrolls away.
        QVERIFY(first.data(Qt::ToolTipRole).toString().endsWith(QStringLiteral("42 % \u2265 20 %, 1.500 ms at stake")));
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
        QCOMPARE(model.index(1, FindingsModel::Value).data().toString(),
            QStringLiteral("65,536\u00a0B \u2265\u00a065,536\u00a0B"));
        // A job's finding names its rank.
        auto job = std::make_shared<analysis::FindingsResult>(*result(s));
        job->findings[0].rank = 3;
        model.setResult(job, s);
        QCOMPARE(model.findingIndex(0).data().toString(), QStringLiteral("Rank 3: GPU 0 is idle 42 % of its span"));
        model.setResult(nullptr, nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void severityIconsDiffer()
    {
        const ThemePalette colors = ThemePalette::from(QPalette());
        const QImage info = FindingsModel::severityIcon(FindingSeverity::Info, colors).pixmap(16, 16).toImage();
        const QImage warning = FindingsModel::severityIcon(FindingSeverity::Warning, colors).pixmap(16, 16).toImage();
        const QImage critical = FindingsModel::severityIcon(FindingSeverity::Critical, colors).pixmap(16, 16).toImage();
        QVERIFY(info != warning);
        QVERIFY(warning != critical);
        QVERIFY(info != critical);
    }

    // The badge is filled with the theme's colour for its severity, the one the timeline's
    // bands draw with (ThemePalette::severity), and its mark reads on it; in either theme.
    void severityIconsTakeTheThemesColours_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::addColumn<int>("severity");
        for (bool dark : { false, true })
            for (auto s : { FindingSeverity::Info, FindingSeverity::Warning, FindingSeverity::Critical })
                QTest::addRow("%s %s", dark ? "dark" : "light", analysis::findingSeverityName(s)) << dark << int(s);
    }
    void severityIconsTakeTheThemesColours()
    {
        QFETCH(bool, dark);
        QFETCH(int, severity);
        QPalette pal;
        pal.setColor(QPalette::Base, dark ? QColor(0x1e, 0x1e, 0x22) : QColor(Qt::white));
        pal.setColor(QPalette::Text, dark ? QColor(0xe8, 0xe8, 0xe8) : QColor(0x20, 0x20, 0x20));
        const ThemePalette colors = ThemePalette::from(pal);
        const auto s = FindingSeverity(severity);
        // Inside every shape and clear of the mark.
        const QImage icon = FindingsModel::severityIcon(s, colors).pixmap(32, 32).toImage();
        QCOMPARE(icon.pixel(10, 26), colors.severity(s).rgb());
        FindingsModel model;
        const findingtest::Store st = findingtest::idleGap(30);
        auto r = std::make_shared<analysis::FindingsResult>(*result(st));
        r->findings[0].severity = s;
        model.setResult(r, st);
        model.setColors(colors);
        const QIcon shown = model.findingIndex(0).data(Qt::DecorationRole).value<QIcon>();
        QCOMPARE(shown.pixmap(32, 32).toImage().pixel(10, 26), colors.severity(s).rgb());
    }
};

QTEST_MAIN(tst_FindingsModel)
#include "tst_findingsmodel.moc"
