// strata-cli findings as a user and a CI job run it: the exit status (0, 3 when --fail-on
// matches, 4 when a job with bad members passes the gate), --fail-on's words, --threshold and
// --list-thresholds, usage errors, the generated jobs in tests/data/job_straggler (rank 1
// planted as the straggler) and tests/data/job_findings (every cause the rules detect planted,
// each on its rank), --range, --markdown, and tables of the corpus's Kineto traces and the
// shared HTA rank pair: the rules that fire and their values, written from an independent
// computation on the raw JSON (tests/tools/findings-reference.py).
#include "clirun.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <support/sourcedir.h>

namespace {

const QString kJob = strata::test::sourcePath("/tests/data/job_straggler");
const QString kPlanted = strata::test::sourcePath("/tests/data/job_findings");
const QString kHtaPair = strata::test::sourcePath("/../shared/corpus/multirank/hta_sampled");

QString planted(int r)
{
    return kPlanted + QString("/rank-%1.json.gz").arg(r);
}

QString rank(int r)
{
    return kJob + QString("/rank-%1.json.gz").arg(r);
}

QJsonObject json(const QStringList& args)
{
    const Run r = runCli(QStringList { "findings", "--json" } + args);
    return QJsonDocument::fromJson(r.out).object();
}

// The findings of `ids` in a findings --json, "id=value ..." sorted by id, then value.
QList<QPair<QString, double>> valuesOf(const QJsonObject& o, const QStringList& ids)
{
    QList<QPair<QString, double>> out;
    for (const QJsonValue f : o["findings"].toArray())
        if (ids.contains(f["id"].toString()))
            out << qMakePair(f["id"].toString(), f["value"].toDouble());
    std::sort(out.begin(), out.end());
    return out;
}

QList<QPair<QString, double>> parse(const QString& text)
{
    QList<QPair<QString, double>> out;
    for (const QString& item : text.split(' ', Qt::SkipEmptyParts))
        out << qMakePair(item.section('=', 0, 0), item.section('=', 1).toDouble());
    std::sort(out.begin(), out.end());
    return out;
}

// `got` (sorted "id" or "rank:id" with values) against `fires`, "id=value ..." as parse()
// reads it: the same findings, each value within 1e-3.
void compareFires(const QList<QPair<QString, double>>& got, const QString& fires)
{
    const auto want = parse(fires);
    QStringList gotIds, wantIds;
    for (const auto& g : got)
        gotIds << g.first;
    for (const auto& w : want)
        wantIds << w.first;
    QCOMPARE(gotIds, wantIds);
    for (int i = 0; i < got.size(); ++i)
        QVERIFY2(qAbs(got[i].second - want[i].second) < 1e-3,
            qPrintable(QString("%1: %2 against %3").arg(got[i].first).arg(got[i].second).arg(want[i].second)));
}

} // namespace

class tst_CliFindings : public QObject {
    Q_OBJECT

private slots:
    void exitStatus_data();
    void exitStatus();
    void job();
    void badMembers();
    void rangeAndMarkdown();
    void thresholds();
    void plantedCauses_data();
    void plantedCauses();
    void plantedOnly();
    void jobReference_data();
    void jobReference();
    void corpus_data();
    void corpus();
    void corpusNotRun();
    void clockOffset_data();
    void clockOffset();
};

void tst_CliFindings::exitStatus_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exit");
    // Rank 1 alone: its GPU idles 53 % of its span (critical); no copies.
    QTest::newRow("no gate") << QStringList { rank(1) } << 0;
    QTest::newRow("--fail-on warning") << QStringList { rank(1), "--fail-on", "warning" } << 3;
    QTest::newRow("--fail-on critical") << QStringList { rank(1), "--fail-on", "critical" } << 3;
    QTest::newRow("--fail-on a rule that fires") << QStringList { rank(1), "--fail-on", "device-idle" } << 3;
    QTest::newRow("--fail-on rules that do not fire")
        << QStringList { rank(1), "--fail-on", "pageable-memcpy,small-transfers" } << 0;
    QTest::newRow("--fail-on a list with one that fires")
        << QStringList { rank(1), "--fail-on", "pageable-memcpy,device-idle" } << 3;
    QTest::newRow("--fail-on an unknown word") << QStringList { rank(1), "--fail-on", "slow" } << 2;
    QTest::newRow("--json and --markdown") << QStringList { rank(1), "--json", "--markdown" } << 2;
    QTest::newRow("not a profile") << QStringList { strata::test::sourcePath("/README.md") } << 2;
    QTest::newRow("a job, the straggler gate") << QStringList { kJob, "--fail-on", "straggler" } << 3;
    // The planted job (plantedCauses): a gate on a planted cause fails, on causes not planted passes.
    QTest::newRow("planted job, --fail-on sync-stall") << QStringList { kPlanted, "--fail-on", "sync-stall" } << 3;
    QTest::newRow("planted job, --fail-on causes not planted")
        << QStringList { kPlanted, "--fail-on", "launch-bound,exposed-communication,hot-operator" } << 0;
    QTest::newRow("planted job, --fail-on critical") << QStringList { kPlanted, "--fail-on", "critical" } << 3;
    QTest::newRow("planted job, sync-stall over a raised threshold")
        << QStringList { kPlanted, "--threshold", "sync-stall.sync_pct=12", "--fail-on", "sync-stall" } << 0;
    // Rank 2's device idles 13.8 % (the data loader opens each step): under the default, over 13 %.
    QTest::newRow("one planted rank, device-idle under its threshold")
        << QStringList { planted(2), "--fail-on", "device-idle" } << 0;
    QTest::newRow("one planted rank, device-idle over a lowered threshold")
        << QStringList { planted(2), "--threshold", "device-idle.idle_pct=13", "--fail-on", "device-idle" } << 3;
    QTest::newRow("one planted rank, --fail-on its cause")
        << QStringList { planted(3), "--fail-on", "pageable-memcpy" } << 3;
    QTest::newRow("one planted rank, --fail-on another's cause")
        << QStringList { planted(0), "--fail-on", "pageable-memcpy,sync-stall,dataloader-wait" } << 0;
    QTest::newRow("one planted rank, the straggler gate (not a job)")
        << QStringList { planted(1), "--fail-on", "straggler" } << 0;
    QTest::newRow("--threshold an unknown key") << QStringList { rank(1), "--threshold", "idle=30" } << 2;
    QTest::newRow("--threshold a negative value")
        << QStringList { rank(1), "--threshold", "device-idle.idle_pct=-1" } << 2;
    QTest::newRow("--threshold not a number") << QStringList { rank(1), "--threshold", "device-idle.idle_pct=x" } << 2;
    QTest::newRow("--threshold without =") << QStringList { rank(1), "--threshold", "device-idle.idle_pct" } << 2;
    QTest::newRow("--list-thresholds reads no profile") << QStringList { "--list-thresholds" } << 0;
    QTest::newRow("no profile") << QStringList {} << 2;
}

void tst_CliFindings::exitStatus()
{
    QFETCH(QStringList, args);
    const Run r = runCli(QStringList { "findings" } + args);
    QCOMPARE(r.status, QProcess::NormalExit);
    QTEST(r.exitCode, "exit");
    if (r.exitCode == 3)
        QVERIFY2(r.err.startsWith("strata-cli findings: --fail-on matched: "), r.err.constData());
    // A bad --threshold names every valid key.
    if (args.contains("--threshold") && r.exitCode == 2)
        for (const char* key : { "device-idle.idle_pct", "straggler.wait_pct", "hot-operator.device_pct" })
            QVERIFY2(r.err.contains(key), r.err.constData());
}

void tst_CliFindings::job()
{
    const QJsonObject o = json({ kJob });
    QJsonObject straggler;
    for (const QJsonValue f : o["findings"].toArray())
        if (f["id"] == "straggler")
            straggler = f.toObject();
    QVERIFY(!straggler.isEmpty());
    QCOMPARE(straggler["rank"].toInt(), 1);
    QCOMPARE(straggler["value"].toDouble(), 100.0); // last at 4 of 4 collectives
    QCOMPARE(straggler["threshold"].toDouble(), 50.0);
    QVERIFY(straggler["at_stake_ns"].toInteger() > 0);
    // The others' waits, each on its rank.
    for (const QJsonValue range : straggler["ranges"].toArray()) {
        QVERIFY(range["rank"].toInt() != 1);
        QVERIFY(range["end_ns"].toInteger() > range["start_ns"].toInteger());
    }
    // Every rank's rules with its rank, then the job's straggler once.
    int perRank = 0;
    for (const QJsonValue rule : o["rules"].toArray())
        perRank += rule.toObject().contains("rank") ? 1 : 0;
    QCOMPARE(perRank, 4 * 9);
    QCOMPARE(o["rules"].toArray().last()["id"].toString(), QString("straggler"));
    QCOMPARE(o["rules"].toArray().last()["ran"].toBool(), true);
    // The two hosts' clocks read 2.5 ms apart: the default aligns the ranks by their collectives'
    // ends (their time ranges do not overlap); as recorded, the far host's rank 3 looks last.
    int recordedStraggler = -1;
    for (const QJsonValue f : json({ kJob, "--align", "recorded" })["findings"].toArray())
        if (f["id"] == "straggler")
            recordedStraggler = f["rank"].toInt();
    QCOMPARE(recordedStraggler, 3);
    // One file of the job is one profile: the straggler says why it did not run.
    const QJsonArray rules = json({ rank(1) })["rules"].toArray();
    for (const QJsonValue rule : rules)
        if (rule["id"] == "straggler")
            QCOMPARE(
                rule["why_not"].toString(), QString("not a job: open the folder of the job's ranks to compare them"));
}

void tst_CliFindings::badMembers()
{
    // Ranks 0-2 and an empty rank-3: the job prints without rank 3.
    QTemporaryDir dir;
    for (int r = 0; r < 3; ++r)
        QVERIFY(QFile::copy(rank(r), dir.filePath(QString("rank-%1.json.gz").arg(r))));
    QFile empty(dir.filePath("rank-3.json.gz"));
    QVERIFY(empty.open(QIODevice::WriteOnly));
    empty.close();
    QCOMPARE(runCli({ "findings", dir.path() }).exitCode, 3); // as every command
    QCOMPARE(runCli({ "findings", dir.path(), "--fail-on", "pageable-memcpy" }).exitCode, 4); // passed, not all seen
    QCOMPARE(runCli({ "findings", dir.path(), "--fail-on", "critical" }).exitCode, 3); // failed
}

void tst_CliFindings::rangeAndMarkdown()
{
    // The first 100 µs of rank 1: a window's findings, still valid JSON.
    const Run r = runCli({ "findings", rank(1), "--range", "0:100us", "--json" });
    QCOMPARE(r.exitCode, 0);
    QVERIFY(QJsonDocument::fromJson(r.out).isObject());
    const Run md = runCli({ "findings", rank(1), "--markdown" });
    QCOMPARE(md.exitCode, 0);
    QVERIFY(md.out.startsWith("## Findings\n"));
    QVERIFY(md.out.contains("| # | Severity | Finding | Value | Threshold | At stake |"));
    QVERIFY(md.out.contains("### Top operators"));
}

void tst_CliFindings::thresholds()
{
    // --list-thresholds: a header, then key, default, unit and meaning per threshold.
    const Run list = runCli({ "findings", "--list-thresholds" });
    QCOMPARE(list.exitCode, 0);
    const QStringList lines = QString::fromUtf8(list.out).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + 15);
    QVERIFY(lines[0].startsWith("key "));
    const QStringList idle = lines[1].split(' ', Qt::SkipEmptyParts);
    QCOMPARE(idle.mid(0, 3), (QStringList { "device-idle.idle_pct", "20", "%" }));
    QVERIFY(lines.filter(QRegularExpression("^step-variance.outlier_ratio +1.5 +x median +a step")).size() == 1);
    // A UTF-8 unit pads by characters: its meaning starts in the column of the others'.
    const QString offset = lines.filter(QRegularExpression("^clock-offset.offset_us ")).value(0);
    QCOMPARE(offset.indexOf("a rank's"), lines[1].indexOf("a device"));
    // Set thresholds are the findings' thresholds; two --threshold both apply.
    const QJsonObject o = json(
        { kPlanted, "--threshold", "sync-stall.sync_pct=11.25", "--threshold", "small-transfers.max_bytes=4096" });
    bool sync = false;
    for (const QJsonValue f : o["findings"].toArray()) {
        QVERIFY(f["id"] != "small-transfers"); // no copy is under 4 KiB
        if (f["id"] == "sync-stall") {
            sync = true;
            QCOMPARE(f["threshold"].toDouble(), 11.25);
        }
    }
    QVERIFY(sync);
}

// tests/data/job_findings, written by (tests/bench/gen_job.py's docstring has it too):
//   python3 tests/bench/gen_job.py tests/data/job_findings --ranks 4 --events 820 --steps 4
//       --collectives 2 --kernel-ns 60000 --straggler 1 --straggler-us 500 --idle-gaps 0:3:800
//       --sync 2:2:400 --dataloader 2:900 --pageable 3:2:262144 --small-copies 3:16:8192
//       --slow-step 2:3600 --gzip
// The expected values follow from those options; gen_job.py's layout: (820 / 4 - 1) / 2 = 102
// kernels a step, 2 of them collectives, so 100 compute kernels of 60 µs and a step of
// 100 x 60 + 200 µs; step 2 runs 3600 / 60 = 60 more. A copy takes 1 µs plus its bytes at
// 4 B/ns (pageable) or 12 B/ns (pinned). Two values depend on the generator's random jitter and
// come from tests/tools/findings-reference.py on the raw JSON instead: rank 0's idle share
// (its planted gaps partly overlap the collectives) and the others' mean wait for rank 1.
namespace {
constexpr double kSteps = 4;
constexpr double kStepNs = 100 * 60000.0 + 200000;
constexpr double kSlowStepNs = kStepNs + 3600000;
constexpr double kStepTimeNs = 3 * kStepNs + kSlowStepNs;
// In whole ns, as gen_job.py rounds a copy's duration down.
constexpr qint64 kPageableNs = 1000 + 262144 / 4;
constexpr qint64 kSmallNs = 1000 + 8192 / 12;

// Population coefficient of variation of the four steps, in %.
double stepCvPct()
{
    const double d[] = { kStepNs, kStepNs, kSlowStepNs, kStepNs };
    const double mean = (d[0] + d[1] + d[2] + d[3]) / 4;
    double var = 0;
    for (double x : d)
        var += (x - mean) * (x - mean) / 4;
    return 100 * std::sqrt(var) / mean;
}
} // namespace

void tst_CliFindings::plantedCauses_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("rank");
    QTest::addColumn<double>("value");
    QTest::addColumn<qint64>("atStakeNs");
    QTest::addColumn<qint64>("longestRangeNs"); // the first range's length, at least
    QTest::addColumn<qint64>("longestRangeMaxNs"); // and at most
    // --idle-gaps 0:3:800: 12 gaps of 800 µs (plus the up to 400 ns a kernel is short of its slot).
    QTest::newRow("idle gaps") << "device-idle" << 0 << 26.3944 << qint64(7522358) << qint64(800000) << qint64(800400);
    // --straggler 1 --straggler-us 500: last at all 8 collectives; each other rank waits 500 µs
    // give or take the 10 µs jitter at each.
    QTest::newRow("straggler") << "straggler" << 1 << 100.0 << qint64(11920215 / 3) << qint64(490000) << qint64(510000);
    // --sync 2:2:400: 8 calls of 400 µs.
    QTest::newRow("sync calls") << "sync-stall" << 2 << 100 * kSteps * 2 * 400000 / kStepTimeNs
                                << qint64(kSteps * 2 * 400000) << qint64(400000) << qint64(400000);
    // --dataloader 2:900: 4 spans of 900 µs.
    QTest::newRow("data loader") << "dataloader-wait" << 2 << 100 * kSteps * 900000 / kStepTimeNs
                                 << qint64(kSteps * 900000) << qint64(900000) << qint64(900000);
    // --pageable 3:2:262144: 8 copies.
    QTest::newRow("pageable copies") << "pageable-memcpy" << 3 << kSteps * 2 << qint64(kSteps) * 2 * kPageableNs
                                     << kPageableNs << kPageableNs;
    // --small-copies 3:16:8192: 64 copies under 64 KiB, beside the 8 pageable ones of 256 KiB.
    QTest::newRow("small copies") << "small-transfers" << 3
                                  << 100.0 * double(16 * kSmallNs) / double(16 * kSmallNs + 2 * kPageableNs)
                                  << qint64(kSteps) * 16 * kSmallNs << kSmallNs << kSmallNs;
    // --slow-step 2:3600, every rank: the slow step is the range; at stake what it runs over the median.
    for (int r = 0; r < 4; ++r)
        QTest::addRow("slow step, rank %d", r) << "step-variance" << r << stepCvPct() << qint64(kSlowStepNs - kStepNs)
                                               << qint64(kSlowStepNs) << qint64(kSlowStepNs);
}

void tst_CliFindings::plantedCauses()
{
    QFETCH(QString, id);
    QFETCH(int, rank);
    QFETCH(double, value);
    QFETCH(qint64, atStakeNs);
    QFETCH(qint64, longestRangeNs);
    QFETCH(qint64, longestRangeMaxNs);
    static const QJsonObject o = json({ kPlanted });
    QJsonObject f;
    for (const QJsonValue v : o["findings"].toArray())
        if (v["id"] == id && v["rank"].toInt() == rank)
            f = v.toObject();
    QVERIFY2(!f.isEmpty(), "the planted cause is not reported on its rank");
    QVERIFY2(qAbs(f["value"].toDouble() - value) < 1e-3,
        qPrintable(QString("value %1, want %2").arg(f["value"].toDouble()).arg(value)));
    QCOMPARE(f["at_stake_ns"].toInteger(), atStakeNs);
    const QJsonArray ranges = f["ranges"].toArray();
    QVERIFY(!ranges.isEmpty());
    const qint64 longest = ranges[0]["end_ns"].toInteger() - ranges[0]["start_ns"].toInteger();
    QVERIFY2(longest >= longestRangeNs && longest <= longestRangeMaxNs, qPrintable(QString::number(longest)));
    // A rank's finding points at that rank; the straggler at the others, who wait.
    for (const QJsonValue range : ranges)
        QVERIFY(id == "straggler" ? range["rank"].toInt() != rank : range["rank"].toInt() == rank);
}

void tst_CliFindings::plantedOnly()
{
    // Nothing planted is missed (plantedCauses) and nothing else fires: the findings are the
    // planted ones exactly, and every rule ran but the copy rules on the ranks without copies.
    const QJsonObject o = json({ kPlanted });
    QStringList got;
    for (const QJsonValue f : o["findings"].toArray())
        got << QString("%1 %2").arg(f["id"].toString()).arg(f["rank"].toInt());
    got.sort();
    const QStringList want { "dataloader-wait 2", "device-idle 0", "pageable-memcpy 3", "small-transfers 3",
        "step-variance 0", "step-variance 1", "step-variance 2", "step-variance 3", "straggler 1", "sync-stall 2" };
    QCOMPARE(got, want);
    QStringList notRun;
    for (const QJsonValue rule : o["rules"].toArray())
        if (!rule["ran"].toBool())
            notRun << QString("%1 %2").arg(rule["id"].toString()).arg(rule["rank"].toInt());
    QCOMPARE(notRun,
        (QStringList { "pageable-memcpy 0", "small-transfers 0", "pageable-memcpy 1", "small-transfers 1",
            "pageable-memcpy 2", "small-transfers 2" }));
}

// A job's findings against tests/tools/findings-reference.py on its ranks' raw JSON: the
// per-rank lines of `findings-reference.py RANK-FILES...` and the straggler line of
// `findings-reference.py --job RANK-FILES...`, as "rank:id=value" ("job:straggler=..." with
// the straggler's rank) for every rule the reference computes.
void tst_CliFindings::jobReference_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("fires");
    QTest::newRow("hta_sampled") << kHtaPair
                                 << "0:device-idle=55.2147 0:exposed-communication=27.5572 0:pageable-memcpy=24 "
                                    "0:small-transfers=11.5472 1:device-idle=52.8869 1:exposed-communication=24.6529 "
                                    "1:pageable-memcpy=24 1:straggler=80";
    QTest::newRow("job_findings") << kPlanted
                                  << "0:device-idle=26.3944 0:step-variance=21.9556 1:step-variance=21.9556 "
                                     "2:sync-stall=11.2676 2:dataloader-wait=12.6761 2:step-variance=21.9556 "
                                     "3:pageable-memcpy=8 3:small-transfers=16.8217 3:step-variance=21.9556 "
                                     "1:straggler=100";
}

void tst_CliFindings::jobReference()
{
    QFETCH(QString, folder);
    QFETCH(QString, fires);
    if (!QFile::exists(folder))
        QSKIP("the shared corpus is not beside the repository");
    const QStringList checked { "device-idle", "exposed-communication", "launch-bound", "sync-stall", "dataloader-wait",
        "pageable-memcpy", "small-transfers", "step-variance", "straggler" };
    QList<QPair<QString, double>> got;
    for (const QJsonValue f : json({ "--no-cache", folder })["findings"].toArray())
        if (checked.contains(f["id"].toString()))
            got << qMakePair(QString("%1:%2").arg(f["rank"].toInt()).arg(f["id"].toString()), f["value"].toDouble());
    std::sort(got.begin(), got.end());
    compareFires(got, fires);
    if (QTest::currentTestFailed())
        return;
    // The straggler's wait, 31.0 % and 14.0 % of the others' step time in the reference.
    for (const QJsonValue f : json({ folder })["findings"].toArray())
        if (f["id"] == "straggler")
            QVERIFY2(f["cause"].toString().contains(
                         folder == kPlanted ? "14.0 % of their step time" : "31.0 % of their step time"),
                qPrintable(f["cause"].toString()));
}

// The rows come from tests/tools/findings-reference.py, which computes the rules it checks
// (device-idle, exposed-communication, launch-bound, sync-stall, dataloader-wait,
// pageable-memcpy, small-transfers, step-variance) from the raw JSON without Strata; re-run it after a change to a
// rule's definition: from the repository's root, as one command line:
//   python3 tests/tools/findings-reference.py ../shared/corpus/real/pytorch__kineto/*.json*
//       ../shared/corpus/real/facebookresearch__HolisticTraceAnalysis/*.json*
// and write its "fires" lines here as id=value (4 decimals).
void tst_CliFindings::corpus_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("fires");
    // Whether the trace marks two or more ProfilerStep#N spans, so step-variance's steps are the
    // reference's; on the others the Latency view's default unit may be another span.
    QTest::addColumn<bool>("steps");
    QTest::newRow("before_fix_trace.json") << "pytorch__kineto/before_fix_trace.json"
                                           << "" << false;
    QTest::newRow("gpu_metrics_input.json")
        << "pytorch__kineto/gpu_metrics_input.json"
        << "device-idle=99.5814 launch-bound=100 pageable-memcpy=2 small-transfers=100" << false;
    QTest::newRow("resnet50_autograd_api_worker0.pt.trace.json.gz")
        << "pytorch__kineto/resnet50_autograd_api_worker0.pt.trace.json.gz"
        << "device-idle=81.3183 launch-bound=54.6468 pageable-memcpy=16" << false;
    QTest::newRow("alexnet_trace.json.gz") << "facebookresearch__HolisticTraceAnalysis/alexnet_trace.json.gz"
                                           << "device-idle=99.4881 pageable-memcpy=16" << false;
    QTest::newRow("backward_thread.json") << "facebookresearch__HolisticTraceAnalysis/backward_thread.json"
                                          << "" << false;
    QTest::newRow("cpu_only_rank-34.pt.trace.json.gz")
        << "facebookresearch__HolisticTraceAnalysis/cpu_only_rank-34.pt.trace.json.gz"
        << "" << false;
    QTest::newRow("cupti_profiler_trace.json.gz")
        << "facebookresearch__HolisticTraceAnalysis/cupti_profiler_trace.json.gz"
        << "" << false;
    QTest::newRow("event_sync_multi_stream.json.gz")
        << "facebookresearch__HolisticTraceAnalysis/event_sync_multi_stream.json.gz"
        << "device-idle=98.0929 small-transfers=100" << false;
    QTest::newRow("mtia_inference_rank_0.json.gz")
        << "facebookresearch__HolisticTraceAnalysis/mtia_inference_rank_0.json.gz"
        << "launch-bound=59.2814 sync-stall=271.3487" << false;
    QTest::newRow("nccl_data.json.gz") << "facebookresearch__HolisticTraceAnalysis/nccl_data.json.gz"
                                       << "device-idle=76.1563 launch-bound=38.037 small-transfers=53.7077" << true;
    QTest::newRow("overlaid_critical_path_trace.json.gz")
        << "facebookresearch__HolisticTraceAnalysis/overlaid_critical_path_trace.json.gz"
        << "device-idle=99.6895 pageable-memcpy=16" << false;
    QTest::newRow("rank-0.ns_resolution.pt.trace.json.gz")
        << "facebookresearch__HolisticTraceAnalysis/rank-0.ns_resolution.pt.trace.json.gz"
        << "launch-bound=44 small-transfers=46.4517 step-variance=30.0479" << true;
    QTest::newRow("sampled_rank-1.json.gz")
        << "facebookresearch__HolisticTraceAnalysis/sampled_rank-1.json.gz"
        << "device-idle=52.8869 exposed-communication=24.6529 pageable-memcpy=24" << true;
    QTest::newRow("simple_add_kineto.json.gz") << "facebookresearch__HolisticTraceAnalysis/simple_add_kineto.json.gz"
                                               << "device-idle=99.9853 launch-bound=100" << false;
    QTest::newRow("triton_example.json.gz") << "facebookresearch__HolisticTraceAnalysis/triton_example.json.gz"
                                            << "launch-bound=100" << false;
}

void tst_CliFindings::corpus()
{
    QFETCH(QString, file);
    QFETCH(QString, fires);
    QFETCH(bool, steps);
    const QString path = strata::test::sourcePath("/../shared/corpus/real/") + file;
    if (!QFile::exists(path))
        QSKIP("the shared corpus is not beside the repository");
    QStringList checked { "device-idle", "exposed-communication", "launch-bound", "sync-stall", "dataloader-wait",
        "pageable-memcpy", "small-transfers" };
    if (steps)
        checked << "step-variance";
    const auto got = valuesOf(json({ "--no-cache", path }), checked);
    compareFires(got, fires);
}

void tst_CliFindings::corpusNotRun()
{
    // A CPU-only trace: the device rules say why they did not run.
    const QString path = strata::test::sourcePath(
        "/../shared/corpus/real/facebookresearch__HolisticTraceAnalysis/cpu_only_rank-34.pt.trace.json.gz");
    if (!QFile::exists(path))
        QSKIP("the shared corpus is not beside the repository");
    QMap<QString, QString> why;
    for (const QJsonValue rule : json({ "--no-cache", path })["rules"].toArray())
        if (!rule["ran"].toBool())
            why[rule["id"].toString()] = rule["why_not"].toString();
    QCOMPARE(why.value("device-idle"), QString("no device work in this profile"));
    QVERIFY(why.value("launch-bound").startsWith("no launch attribution"));
    QCOMPARE(why.value("pageable-memcpy"), QString("no memory transfers in this profile"));
}

// The job's clock-offset rule: on tests/data/job_straggler read as recorded (two hosts 2.5 ms
// apart) it names the second host's ranks; aligned by collective ends (that job's default),
// on one host's job and on the shared HTA pair it runs and finds nothing.
void tst_CliFindings::clockOffset_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("title"); // empty: no finding
    QTest::newRow("2 hosts as recorded") << QStringList { kJob, "--align", "recorded" }
                                         << "The clocks of ranks 2, 3 look offset from rank 0's";
    QTest::newRow("2 hosts, the default alignment") << QStringList { kJob } << QString();
    QTest::newRow("1 host") << QStringList { kPlanted } << QString();
    if (QFileInfo::exists(kHtaPair))
        QTest::newRow("the shared HTA pair") << QStringList { kHtaPair } << QString();
}

void tst_CliFindings::clockOffset()
{
    QFETCH(QStringList, args);
    QFETCH(QString, title);
    const QJsonObject o = json(args);
    QJsonObject finding;
    for (const QJsonValue f : o["findings"].toArray())
        if (f["id"] == "clock-offset")
            finding = f.toObject();
    bool ran = false;
    for (const QJsonValue rule : o["rules"].toArray())
        if (rule["id"] == "clock-offset")
            ran = rule["ran"].toBool();
    QVERIFY(ran);
    QCOMPARE(finding["title"].toString(), title);
    if (title.isEmpty())
        return;
    QVERIFY(finding["rank"].isNull()); // the whole job's
    QCOMPARE(finding["unit"].toString(), QString("µs"));
    QVERIFY(std::abs(finding["value"].toDouble() - 2500.125) < 1); // gen_job.py --host-offset-us
    QVERIFY(finding["action"].toString().contains("--align collectives"));
}

QTEST_GUILESS_MAIN(tst_CliFindings)
#include "tst_clifindings.moc"
