// FindingsReport: the JSON keys scripts and CI jobs read (findings, their ranges, rules and
// top operators; a job's rank), ranges relative to the trace start, the ranking across a
// job's ranks and its own rules, the text and the Markdown report.
#include <support/findingstores.h>

#include <report/findingsreport.h>

#include <QtTest>

using namespace strata;
using analysis::FindingsResult;
using findingtest::Store;
using report::FindingsReport;
using report::Json;

namespace {

QStringList keys(const Json& o)
{
    QStringList out;
    for (auto it = o.begin(); it != o.end(); ++it)
        out << QString::fromStdString(it.key());
    return out;
}

// The rules with the hot operator left out (the stores' one kernel is all the device time).
FindingsResult run(const Store& s)
{
    analysis::FindingThresholds t;
    t.set("hot-operator.device_pct", 101);
    return findingtest::run(s, t);
}

// One profile with one finding: the gap [40, 60) of idleGap(20).
FindingsReport single(const Store& s)
{
    std::vector<FindingsReport::Rank> ranks(1);
    ranks[0].file = "gap.json";
    ranks[0].store = s.get();
    ranks[0].result = run(s);
    return FindingsReport(std::move(ranks), std::nullopt);
}

} // namespace

class tst_FindingsReport : public QObject {
    Q_OBJECT

private slots:
    void jsonKeys();
    void job();
    void textAndMarkdown();
};

void tst_FindingsReport::jsonKeys()
{
    const Store s = findingtest::idleGap(20);
    const Json j = single(s).toJson();
    QCOMPARE(keys(j), QStringList({ "findings", "rules", "top_operators" }));
    QCOMPARE(int(j["findings"].size()), 1);
    const Json& f = j["findings"][0];
    QCOMPARE(keys(f),
        QStringList({ "id", "title", "severity", "value", "threshold", "unit", "at_stake_ns", "ranges", "operators",
            "cause", "action" }));
    QCOMPARE(f["id"].get<std::string>(), std::string("device-idle"));
    QCOMPARE(f["severity"].get<std::string>(), std::string("warning"));
    QCOMPARE(f["value"].get<double>(), 20.0);
    QCOMPARE(f["threshold"].get<double>(), 20.0);
    QCOMPARE(f["at_stake_ns"].get<int64_t>(), int64_t(20));
    QCOMPARE(keys(f["ranges"][0]), QStringList({ "track", "process", "start_ns", "end_ns" }));
    QCOMPARE(f["ranges"][0]["track"].get<std::string>(), std::string("stream 7"));
    QCOMPARE(f["ranges"][0]["start_ns"].get<int64_t>(), int64_t(40));
    QCOMPARE(f["ranges"][0]["end_ns"].get<int64_t>(), int64_t(60));
    QCOMPARE(int(j["rules"].size()), 11);
    for (const Json& r : j["rules"]) {
        QCOMPARE(keys(r), QStringList({ "id", "ran", "why_not" }));
        QCOMPARE(r["why_not"].is_null(), r["ran"].get<bool>());
    }
    QCOMPARE(keys(j["top_operators"][0]), QStringList({ "name", "self_ns", "percent" }));
}

void tst_FindingsReport::job()
{
    const Store a = findingtest::idleGap(20), b = findingtest::idleGap(30);
    std::vector<FindingsReport::Rank> ranks(2);
    ranks[0] = { "rank-0.json", a.get(), 0, run(a) };
    ranks[1] = { "rank-1.json", b.get(), 1, run(b) };
    FindingsResult job; // the job's rules, as FindingsEngine::runJob lists them
    analysis::RuleOutcome clocks, straggler;
    clocks.id = "clock-offset";
    clocks.ran = true;
    straggler.id = "straggler";
    straggler.ran = true;
    job.rules = { clocks, straggler };
    const FindingsReport report(std::move(ranks), job);
    // Rank 1's 30 ns gap ranks before rank 0's 20 ns one; both carry their rank.
    QCOMPARE(int(report.findings().size()), 2);
    QCOMPARE(report.findings()[0].rank, int64_t(1));
    const Json j = report.toJson();
    QCOMPARE(j["findings"][0]["rank"].get<int64_t>(), int64_t(1));
    QCOMPARE(j["findings"][0]["ranges"][0]["rank"].get<int64_t>(), int64_t(1));
    QCOMPARE(j["findings"][1]["rank"].get<int64_t>(), int64_t(0));
    // Per rank every rule but the job's, then the job's rules once, without a rank.
    QCOMPARE(int(j["rules"].size()), 2 * 9 + 2);
    QCOMPARE(keys(j["rules"][0]), QStringList({ "id", "rank", "ran", "why_not" }));
    QCOMPARE(j["rules"][2 * 9]["id"].get<std::string>(), std::string("clock-offset"));
    const Json& last = j["rules"][2 * 9 + 1];
    QCOMPARE(last["id"].get<std::string>(), std::string("straggler"));
    QVERIFY(!last.contains("rank"));
}

void tst_FindingsReport::textAndMarkdown()
{
    const Store s = findingtest::idleGap(20);
    const FindingsReport report = single(s);
    const QString text = QString::fromStdString(report.text());
    QVERIFY2(text.startsWith("gap.json\n\n1. [warning] device-idle: python (0) is idle 20.0 % of its span\n"),
        qPrintable(text));
    QVERIFY(text.contains("value 20.0 % (threshold 20.0 %), at stake 20 ns"));
    QVERIFY(text.contains("where: stream 7 at 40 ns for 20 ns"));
    QVERIFY(text.contains("Rules that did not run:\n  exposed-communication: no communication kernels"));
    const QString md = QString::fromStdString(report.markdown());
    QVERIFY(md.startsWith("## Findings\n"));
    QVERIFY(md.contains("| # | Severity | Finding | Value | Threshold | At stake |"));
    QVERIFY(md.contains("| 1 | warning | `device-idle` "));
    QVERIFY(md.contains("### Top operators"));
    QVERIFY(md.contains("| `gemm` | 80 ns | 100.0 % |"));
    QVERIFY(md.contains("### Rules that did not run"));
    // A '|' in a table cell is escaped; a single copy is "1 copy".
    std::vector<FindingsReport::Rank> ranks(1);
    ranks[0] = { "pipe.json", s.get(), std::nullopt, {} };
    analysis::Finding f;
    f.id = "pageable-memcpy";
    f.title = "a|b";
    f.value = 1;
    f.threshold = 1;
    f.unit = "copies";
    ranks[0].result.findings.push_back(f);
    const std::string pipe = FindingsReport(std::move(ranks), std::nullopt).markdown();
    QVERIFY2(
        pipe.find("| 1 | warning | `pageable-memcpy` a\\|b | 1 copy | 1 copy |") != std::string::npos, pipe.c_str());
    // Nothing found says so, with the rules that did not run.
    const Store quiet = findingtest::idleGap(0);
    QVERIFY(QString::fromStdString(single(quiet).text()).contains("No findings.\n"));
}

QTEST_APPLESS_MAIN(tst_FindingsReport)
#include "tst_findingsreport.moc"
