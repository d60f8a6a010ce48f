// BreakdownShares: the summaries' line per device, its whole percents (with "<1 %" and
// ">99 %" for shares that would read 0 or 100 without being so), the parts it leaves out
// (communication, memory) and the empty window; and on the hand-worked Kineto store
// (tests/support/breakdownstore.h) the line of each device of SummaryCalculator's Device
// scope, which is the line of BreakdownCalculator's device breakdown (what `strata-cli
// breakdown` prints) over the same window.
#include <support/breakdownstore.h>

#include <analysis/breakdown/breakdowncalculator.h>
#include <analysis/breakdown/breakdownshares.h>
#include <analysis/summary/summarycalculator.h>

#include <QtTest>

#include <clocale>

using namespace strata;
using analysis::BreakdownShares;
using analysis::BreakdownTimes;
using store::TimeNs;

namespace {

BreakdownTimes times(TimeNs span, TimeNs idle, TimeNs compute, TimeNs comm, TimeNs overlap, TimeNs memory)
{
    BreakdownTimes t;
    t.spanNs = span;
    t.idleNs = idle;
    t.computeNs = compute;
    t.communicationNs = comm;
    t.commOverlapNs = overlap;
    t.commExposedNs = comm - overlap;
    t.memoryNs = memory;
    return t;
}

} // namespace

Q_DECLARE_METATYPE(BreakdownTimes)

class tst_BreakdownShares : public QObject {
    Q_OBJECT

private slots:
    void percent_data()
    {
        QTest::addColumn<double>("pct");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << 0.0 << "0 %";
        QTest::newRow("under half a percent, not zero") << 0.3 << "<1 %";
        QTest::newRow("half rounds up") << 0.5 << "1 %";
        QTest::newRow("whole") << 45.4 << "45 %";
        QTest::newRow("rounds up") << 8.5 << "9 %";
        QTest::newRow("nearly all") << 99.6 << ">99 %";
        QTest::newRow("all") << 100.0 << "100 %";
    }
    void percent()
    {
        QFETCH(double, pct);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(BreakdownShares::percent(pct)), text);
    }

    void line_data()
    {
        QTest::addColumn<BreakdownTimes>("times");
        QTest::addColumn<QString>("line");
        // The example: 8 %, 45 % with 4 % of it under compute, 49 % idle of 1000.
        QTest::newRow("compute, communication, idle")
            << times(1000, 490, 80, 450, 18, 0) << "compute 8 % · communication 45 % (4 % overlapped) · idle 49 %";
        QTest::newRow("memory when there is some")
            << times(1000, 490, 80, 450, 18, 3)
            << "compute 8 % · communication 45 % (4 % overlapped) · memory <1 % · "
               "idle 49 %";
        QTest::newRow("no communication part without communication")
            << times(200, 50, 150, 0, 0, 0) << "compute 75 % · idle 25 %";
        QTest::newRow("communication only")
            << times(100, 0, 0, 100, 0, 0) << "compute 0 % · communication 100 % (0 % overlapped) · idle 0 %";
        QTest::newRow("no work in the window") << times(0, 0, 0, 0, 0, 0) << "no device work in the window";
    }
    void line()
    {
        QFETCH(BreakdownTimes, times);
        QFETCH(QString, line);
        QCOMPARE(QString::fromStdString(BreakdownShares::line(times)), line);
        const auto shares = BreakdownShares::of(times);
        QCOMPARE(shares.has_value(), times.spanNs > 0);
        if (shares)
            QCOMPARE(shares->overlapped.has_value(), times.communicationNs > 0);
    }

    // A Qt program runs under the user's C locale (a decimal comma in German): the line keeps
    // plain digits.
    void localeIndependent()
    {
        const std::string before = std::setlocale(LC_ALL, nullptr);
        std::setlocale(LC_ALL, "de_DE.UTF-8"); // where installed; the C locale otherwise
        const std::string text = BreakdownShares::line(times(1000, 495, 85, 455, 20, 7));
        std::setlocale(LC_ALL, before.c_str());
        QCOMPARE(QString::fromStdString(text),
            QString("compute 9 % · communication 46 % (4 % overlapped) · memory 1 % · idle 50 %"));
    }

    // Device 0 of the hand-worked store over the whole trace: span 310, compute 155 (50 %),
    // communication 100 (32 %) with 45 under compute (45 %), memory 20 (6 %), idle 80 (26 %);
    // device 1: one gemm, all compute. A window cuts both.
    void summaryLine_data()
    {
        QTest::addColumn<TimeNs>("start");
        QTest::addColumn<TimeNs>("end");
        QTest::addColumn<QStringList>("lines");
        QTest::newRow("whole trace") << TimeNs(0) << TimeNs(420)
                                     << QStringList {
                                            "compute 50 % · communication 32 % (45 % overlapped) · memory 6 % · "
                                            "idle 26 %",
                                            "compute 100 % · idle 0 %"
                                        };
        // [0, 120): device 0's work covers [10, 120) (span 110, idle 0): compute [10,50) [55,80)
        // [110,120) = 75, communication [40,120) = 80 with 45 under compute; device 1 has none.
        QTest::newRow("a window") << TimeNs(0) << TimeNs(120)
                                  << QStringList { "compute 68 % · communication 73 % (56 % overlapped) · idle 0 %",
                                         "no device work in the window" };
    }
    void summaryLine()
    {
        QFETCH(TimeNs, start);
        QFETCH(TimeNs, end);
        QFETCH(QStringList, lines);
        const auto store = breakdowntest::kinetoStore();
        const analysis::SummaryIndex summaryIndex(*store);
        const analysis::BreakdownIndex index(*store);
        const store::TimeRange window { start, end };
        const analysis::TraceSummary summary
            = analysis::SummaryCalculator::compute(*store, summaryIndex, window, &index);
        const analysis::RankBreakdown reference = analysis::BreakdownCalculator::compute(*store, index, window);
        QCOMPARE(summary.device.devices.size(), size_t(lines.size()));
        QCOMPARE(reference.devices.size(), size_t(lines.size()));
        for (int d = 0; d < lines.size(); ++d) {
            const std::string line = BreakdownShares::line(summary.device.devices[size_t(d)].breakdown);
            QCOMPARE(QString::fromStdString(line), lines[d]);
            QCOMPARE(line, BreakdownShares::line(reference.devices[size_t(d)].times));
        }
    }
};

QTEST_GUILESS_MAIN(tst_BreakdownShares)
#include "tst_breakdownshares.moc"
