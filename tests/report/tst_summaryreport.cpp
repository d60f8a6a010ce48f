// SummaryReport: strata-cli summary's JSON (keys in the CLI's order, range relative to the
// trace start, null for absent figures) and text (facts, track table, device line,
// counters, diagnostics) of a scripted store; on the hand-worked breakdown store, the line
// under each device, written from strata-cli breakdown --json's figures for it.
#include <support/analysistestutil.h>
#include <support/breakdownstore.h>

#include <analysis/breakdown/breakdowncalculator.h>
#include <analysis/breakdown/breakdownshares.h>
#include <analysis/summary/summarycalculator.h>
#include <analysis/summary/summaryindex.h>
#include <report/breakdownreport.h>
#include <report/summaryreport.h>

#include <QtTest>

using namespace strata;
using strata::report::Json;
using strata::report::SummaryReport;

namespace {

// A DMA queue and a host thread from 1000 to 1400, and a counter.
std::shared_ptr<const store::EventStore> scripted()
{
    analysistest::Script script;
    return script.run("T 5 Task_DMA; X 5 dma 1000 100 bytes=1000; X 5 dma 1200 200 bytes=3000;"
                      "T 2 host; X 2 save 1000 50; C mem 1000 1.5; C mem 1300 2.5");
}

QStringList keys(const Json& j)
{
    QStringList out;
    for (auto it = j.begin(); it != j.end(); ++it)
        out << QString::fromStdString(it.key());
    return out;
}

} // namespace

class tst_SummaryReport : public QObject {
    Q_OBJECT
private slots:
    void json_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::addColumn<QString>("range");
        QTest::newRow("whole trace") << 1000LL << 1400LL << "[0,400]";
        QTest::newRow("window") << 1100LL << 1300LL << "[100,300]";
    }

    void json()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        const auto s = scripted();
        const analysis::TraceSummary sum
            = analysis::SummaryCalculator::compute(*s, analysis::SummaryIndex(*s), store::TimeRange { start, end });
        const SummaryReport report(*s, sum, "t.json", "chrome-json", false);
        const Json j = report.toJson();
        QCOMPARE(keys(j),
            QStringList({ "file", "format", "trace", "range_ns", "tracks", "device", "scope_fallback", "counters",
                "diagnostics", "diagnostic_messages" }));
        QCOMPARE(j.at("file").get<std::string>(), std::string("t.json"));
        QTEST(QString::fromStdString(j.at("range_ns").dump()), "range");
        QCOMPARE(j.at("trace").at("duration_ns").get<int64_t>(), 400);
        QCOMPARE(j.at("tracks").size(), size_t(2));
        const Json& host = j.at("tracks")[0].at("name") == "host" ? j.at("tracks")[0] : j.at("tracks")[1];
        QVERIFY(host.at("bytes").is_null()); // no "bytes" arg: null, not 0
        QCOMPARE(j.at("counters").size(), size_t(1));
        QCOMPARE(j.at("counters")[0].at("name").get<std::string>(), std::string("mem"));
        QCOMPARE(report.json(), j.dump(2) + "\n");
    }

    void text()
    {
        const auto s = scripted();
        const analysis::TraceSummary sum
            = analysis::SummaryCalculator::compute(*s, analysis::SummaryIndex(*s), s->extent());
        const QStringList lines
            = QString::fromStdString(SummaryReport(*s, sum, "t.json", "chrome-json", true).text()).split('\n');
        QCOMPARE(lines.value(0), QString("file        t.json"));
        QCOMPARE(lines.value(1), QString("format      chrome-json"));
        QCOMPARE(lines.value(2), QString("duration    400 ns"));
        QVERIFY2(lines.contains("range_ns    0:400 (whole trace)"), qPrintable(lines.join('\n')));
        QVERIFY(lines.value(7).startsWith("pid  tid  process"));
        for (const QString& line : lines)
            QVERIFY2(!line.endsWith(' '), qPrintable(line)); // table rows are trimmed
        QVERIFY(lines.contains("diagnostics none"));
        const QString windowed = QString::fromStdString(SummaryReport(*s, sum, "t.json", "chrome-json", false).text());
        QVERIFY(windowed.contains("range_ns    0:400\n"));
    }

    // Each device line is followed by its breakdown line: the shares of breakdown --json's
    // figures for that device (BreakdownReport, the same JSON), over the whole trace or a window.
    void deviceLines_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::newRow("whole trace") << 0LL << 420LL;
        QTest::newRow("window") << 0LL << 120LL;
    }
    void deviceLines()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        const auto s = breakdowntest::kinetoStore();
        const analysis::BreakdownIndex index(*s);
        const store::TimeRange window { start, end };
        const analysis::TraceSummary sum
            = analysis::SummaryCalculator::compute(*s, analysis::SummaryIndex(*s), window, &index);
        const QStringList lines
            = QString::fromStdString(SummaryReport(*s, sum, "t.json", "chrome-json", false).text()).split('\n');
        std::vector<report::BreakdownReport::Rank> ranks { { "t.json", s.get(),
            analysis::BreakdownCalculator::compute(*s, index, window) } };
        const Json devices = report::BreakdownReport(std::move(ranks)).toJson().at("ranks")[0].at("devices");
        QCOMPARE(devices.size(), size_t(2));
        for (const Json& d : devices) {
            analysis::BreakdownTimes t;
            t.spanNs = d.at("span_ns");
            t.idleNs = d.at("idle_ns");
            t.computeNs = d.at("compute_ns");
            t.communicationNs = d.at("communication_ns");
            t.memoryNs = d.at("memory_ns");
            t.commOverlapNs = d.at("comm_overlap_ns");
            const QString label = QString::fromStdString("device      " + d.at("device").get<std::string>() + ": busy");
            const int at = int(std::find_if(lines.begin(), lines.end(), [&](const QString& l) {
                return l.startsWith(label);
            }) - lines.begin());
            QVERIFY2(at + 1 < lines.size(), qPrintable(lines.join('\n')));
            QCOMPARE(lines[at + 1], "            " + QString::fromStdString(analysis::BreakdownShares::line(t)));
        }
    }
};

QTEST_APPLESS_MAIN(tst_SummaryReport)
#include "tst_summaryreport.moc"
