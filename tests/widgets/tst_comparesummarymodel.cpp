// The summaries' A | B | Δ table model: engines paired across two profiles (same label,
// else the normalised label), each side's busy time, utilisation, bytes, bandwidth and
// FLOPs, Δ and Δ %, "—" for a side without the engine, colours for slower and faster, and an
// order that sorting changes for engines only.
#include "compareprofiles.h"

#include "summary/comparesummarymodel.h"
#include <common/deltaformat.h>
#include <common/summaryformat.h>
#include <common/themepalette.h>
#include <common/unitformat.h>

#include <analysis/compare/enginematcher.h>
#include <analysis/summary/summarycalculator.h>

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace strata;
using widgets::CompareSummaryModel;
using Metric = CompareSummaryModel::Metric;

namespace {

std::shared_ptr<const widgets::CompareSummaryComputer::Result> compare(
    const std::shared_ptr<const store::EventStore>& a, const std::shared_ptr<const store::EventStore>& b)
{
    auto r = std::make_shared<widgets::CompareSummaryComputer::Result>();
    const analysis::SummaryIndex ia(*a), ib(*b);
    r->a = std::make_shared<const analysis::TraceSummary>(analysis::SummaryCalculator::compute(*a, ia, a->extent()));
    r->b = std::make_shared<const analysis::TraceSummary>(analysis::SummaryCalculator::compute(*b, ib, b->extent()));
    r->pairs = analysis::EngineMatcher::match(*r->a, *r->b);
    return r;
}

// The top-level row of A's `engine` (its label, or "engine ↔ B's engine"), or -1.
int engineRow(const CompareSummaryModel& m, const QString& engine)
{
    for (int r = 0; r < m.rowCount(); ++r) {
        const QString label = m.index(r, 0).data().toString();
        if (label == engine || label.startsWith(engine + QStringLiteral(" ↔ ")))
            return r;
    }
    return -1;
}

// The cell of `metric` in `column` of the engine's rows (busy time on the engine row).
QModelIndex cell(const CompareSummaryModel& m, const QString& engine, Metric metric, int column)
{
    const int r = engineRow(m, engine);
    if (r < 0)
        return QModelIndex();
    const QModelIndex top = m.index(r, 0);
    if (metric == Metric::Busy)
        return m.index(r, column);
    for (int c = 0; c < m.rowCount(top); ++c)
        if (m.index(c, 0, top).data(CompareSummaryModel::MetricRole).toInt() == int(metric))
            return m.index(c, column, top);
    return QModelIndex();
}

QString minus(const QString& s)
{
    return QChar(0x2212) + s;
}

} // namespace

class tst_CompareSummaryModel : public QObject {
    Q_OBJECT
private slots:
    void values_data()
    {
        using widgets::SummaryFormat;
        using widgets::UnitFormat;
        QTest::addColumn<QString>("engine");
        QTest::addColumn<Metric>("metric");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("text");
        using C = CompareSummaryModel;
        const QString none = widgets::DeltaFormat::missing();
        QTest::newRow("busy A") << "Neural Engine" << Metric::Busy << int(C::A) << UnitFormat::duration(1000000);
        QTest::newRow("busy B") << "Neural Engine" << Metric::Busy << int(C::B) << UnitFormat::duration(1500000);
        QTest::newRow("busy Δ") << "Neural Engine" << Metric::Busy << int(C::Delta)
                                << "+" + UnitFormat::duration(500000);
        QTest::newRow("busy Δ %") << "Neural Engine" << Metric::Busy << int(C::DeltaPct)
                                  << "+" + UnitFormat::percent(50);
        QTest::newRow("util A") << "Neural Engine" << Metric::Util << int(C::A) << SummaryFormat::utilization(0.5);
        QTest::newRow("util B") << "Neural Engine" << Metric::Util << int(C::B) << SummaryFormat::utilization(0.75);
        QTest::newRow("util Δ in points") << "Neural Engine" << Metric::Util << int(C::Delta) << "+25.00 pp";
        QTest::newRow("util no Δ %") << "Neural Engine" << Metric::Util << int(C::DeltaPct) << none;
        QTest::newRow("flops A") << "Neural Engine" << Metric::Flops << int(C::A) << SummaryFormat::flops(5e9);
        QTest::newRow("flops Δ") << "Neural Engine" << Metric::Flops << int(C::Delta) << SummaryFormat::flops(0);
        QTest::newRow("bytes A") << "Task DMA" << Metric::Bytes << int(C::A) << SummaryFormat::bytes(4e6);
        QTest::newRow("bytes B") << "Task DMA" << Metric::Bytes << int(C::B) << SummaryFormat::bytes(2e6);
        QTest::newRow("bytes Δ") << "Task DMA" << Metric::Bytes << int(C::Delta) << minus(SummaryFormat::bytes(2e6));
        QTest::newRow("bytes Δ %") << "Task DMA" << Metric::Bytes << int(C::DeltaPct) << minus(UnitFormat::percent(50));
        QTest::newRow("bandwidth A") << "Task DMA" << Metric::Bandwidth << int(C::A)
                                     << SummaryFormat::bandwidth(4e6 / 50e-6);
        QTest::newRow("bandwidth Δ %") << "Task DMA" << Metric::Bandwidth << int(C::DeltaPct)
                                       << minus(UnitFormat::percent(50));
        QTest::newRow("busy unchanged") << "Task DMA" << Metric::Busy << int(C::Delta) << UnitFormat::duration(0);
        QTest::newRow("only in A: B") << "Vector Engine" << Metric::Busy << int(C::B) << none;
        QTest::newRow("only in A: Δ") << "Vector Engine" << Metric::Busy << int(C::Delta) << none;
        QTest::newRow("only in A: util B") << "Vector Engine" << Metric::Util << int(C::B) << none;
        QTest::newRow("only in B: A") << "Matrix Engine" << Metric::Busy << int(C::A) << none;
        QTest::newRow("only in B: B") << "Matrix Engine" << Metric::Busy << int(C::B) << UnitFormat::duration(300000);
        QTest::newRow("paired by order") << "Queue_3" << Metric::Busy << int(C::B) << UnitFormat::duration(200000);
        QTest::newRow("paired by order, Δ %")
            << "Queue_3" << Metric::Busy << int(C::DeltaPct) << UnitFormat::percent(0);
    }
    void values()
    {
        QFETCH(QString, engine);
        QFETCH(Metric, metric);
        QFETCH(int, column);
        QFETCH(QString, text);
        CompareSummaryModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setResult(compare(comparetest::profile(false), comparetest::profile(true)));
        const QModelIndex i = cell(m, engine, metric, column);
        QVERIFY2(i.isValid(), qPrintable(engine));
        QCOMPARE(i.data().toString(), text);
    }

    // Each engine once: A's six, B's Matrix Engine, and none of B's paired ones again.
    void pairsEveryEngineOnce()
    {
        CompareSummaryModel m;
        m.setResult(compare(comparetest::profile(false), comparetest::profile(true)));
        QStringList labels;
        for (int r = 0; r < m.rowCount(); ++r)
            labels << m.index(r, 0).data().toString();
        labels.sort();
        QCOMPARE(labels,
            QStringList(
                { "MainThread", "Matrix Engine", "Neural Engine", "Queue_3 ↔ Queue_7", "Task DMA", "Vector Engine" }));
        const int queue = engineRow(m, QStringLiteral("Queue_3"));
        QVERIFY(m.index(queue, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("Paired by place")));
        const int vector = engineRow(m, QStringLiteral("Vector Engine"));
        QVERIFY(m.index(vector, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("Only A")));
    }

    // Busy time up is slower, bandwidth down is slower too; bytes are not judged; below the
    // threshold nothing is coloured.
    void colours_data()
    {
        QTest::addColumn<QString>("engine");
        QTest::addColumn<Metric>("metric");
        QTest::addColumn<double>("threshold");
        QTest::addColumn<QString>("expected"); // "slower", "faster" or ""
        QTest::newRow("busy +50 %") << "Neural Engine" << Metric::Busy << 2.0 << "slower";
        QTest::newRow("busy +50 % under a 60 % threshold") << "Neural Engine" << Metric::Busy << 60.0 << "";
        QTest::newRow("bandwidth −50 %") << "Task DMA" << Metric::Bandwidth << 2.0 << "slower";
        QTest::newRow("bytes −50 %") << "Task DMA" << Metric::Bytes << 2.0 << "";
        QTest::newRow("busy unchanged") << "Task DMA" << Metric::Busy << 2.0 << "";
    }
    void colours()
    {
        QFETCH(QString, engine);
        QFETCH(Metric, metric);
        QFETCH(double, threshold);
        QFETCH(QString, expected);
        CompareSummaryModel m;
        m.setResult(compare(comparetest::profile(false), comparetest::profile(true)));
        m.setThresholdPct(threshold);
        const QVariant fg = cell(m, engine, metric, CompareSummaryModel::Delta).data(Qt::ForegroundRole);
        QCOMPARE(cell(m, engine, metric, CompareSummaryModel::DeltaPct).data(Qt::ForegroundRole), fg);
        if (expected.isEmpty()) {
            QVERIFY(!fg.isValid());
            return;
        }
        const QColor c = fg.value<QColor>();
        QVERIFY(expected == QLatin1String("slower") ? c.red() > c.green() : c.green() > c.red());
        const widgets::ThemePalette theme = widgets::ThemePalette::from(QGuiApplication::palette());
        QVERIFY(widgets::ThemePalette::contrast(c, theme.base) >= 4.5);
    }

    // Sorting by Δ moves engines, keeps each engine's metric rows, and a new window of the
    // same pair keeps the order.
    void sortsEnginesOnly()
    {
        CompareSummaryModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setResult(compare(comparetest::profile(false), comparetest::profile(true)));
        m.sort(CompareSummaryModel::Delta, Qt::DescendingOrder);
        QCOMPARE(m.index(0, 0).data().toString(), QStringLiteral("Neural Engine"));
        const QModelIndex top = m.index(0, 0);
        QCOMPARE(m.index(0, 0, top).data(CompareSummaryModel::MetricRole).toInt(), int(Metric::Util));
        QPersistentModelIndex kept(top);
        m.setResult(compare(comparetest::profile(false), comparetest::profile(true)));
        QVERIFY(kept.isValid());
        QCOMPARE(kept.data().toString(), QStringLiteral("Neural Engine"));
        m.sort(-1);
        QCOMPARE(m.index(m.rowCount() - 1, 0).data().toString(), QStringLiteral("Matrix Engine"));
    }
};

QTEST_MAIN(tst_CompareSummaryModel)
#include "tst_comparesummarymodel.moc"
