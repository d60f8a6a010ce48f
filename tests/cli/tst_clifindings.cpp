// strata-cli findings as a user and a CI job run it: the exit status (0, 3 when --fail-on
// matches, 4 when a job with bad members passes the gate), --fail-on's words, usage errors,
// the generated job in tests/data/job_straggler (rank 1 planted as the straggler), --range,
// --markdown, and a table of the corpus's Kineto traces: the rules that fire and their
// values, written from an independent computation on the raw JSON.
#include "clirun.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kJob = QStringLiteral(STRATA_SOURCE_DIR "/tests/data/job_straggler");

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

} // namespace

class tst_CliFindings : public QObject {
    Q_OBJECT

private slots:
    void exitStatus_data();
    void exitStatus();
    void job();
    void badMembers();
    void rangeAndMarkdown();
    void corpus_data();
    void corpus();
    void corpusNotRun();
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
    QTest::newRow("not a profile") << QStringList { QStringLiteral(STRATA_SOURCE_DIR "/README.md") } << 2;
    QTest::newRow("a job, the straggler gate") << QStringList { kJob, "--fail-on", "straggler" } << 3;
}

void tst_CliFindings::exitStatus()
{
    QFETCH(QStringList, args);
    const Run r = runCli(QStringList { "findings" } + args);
    QCOMPARE(r.status, QProcess::NormalExit);
    QTEST(r.exitCode, "exit");
    if (r.exitCode == 3)
        QVERIFY2(r.err.startsWith("strata-cli findings: --fail-on matched: "), r.err.constData());
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

// The rows come from tests/tools/findings-reference.py, which computes the rules it checks
// (device-idle, launch-bound, sync-stall, dataloader-wait, pageable-memcpy, small-transfers)
// from the raw JSON without Strata; re-run it after a change to a rule's definition:
// from the repository's root, as one command line:
//   python3 tests/tools/findings-reference.py ../shared/corpus/real/pytorch__kineto/*.json*
//       ../shared/corpus/real/facebookresearch__HolisticTraceAnalysis/*.json*
// and write its "fires" lines here as id=value (4 decimals).
void tst_CliFindings::corpus_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("fires");
    QTest::newRow("before_fix_trace.json") << "pytorch__kineto/before_fix_trace.json"
                                           << "";
    QTest::newRow("gpu_metrics_input.json")
        << "pytorch__kineto/gpu_metrics_input.json"
        << "device-idle=99.5814 launch-bound=100 pageable-memcpy=2 small-transfers=100";
    QTest::newRow("resnet50_autograd_api_worker0.pt.trace.json.gz")
        << "pytorch__kineto/resnet50_autograd_api_worker0.pt.trace.json.gz"
        << "device-idle=81.3183 launch-bound=54.6468 pageable-memcpy=16";
    QTest::newRow("alexnet_trace.json.gz") << "facebookresearch__HolisticTraceAnalysis/alexnet_trace.json.gz"
                                           << "device-idle=99.4881 pageable-memcpy=16";
    QTest::newRow("backward_thread.json") << "facebookresearch__HolisticTraceAnalysis/backward_thread.json"
                                          << "";
    QTest::newRow("cpu_only_rank-34.pt.trace.json.gz")
        << "facebookresearch__HolisticTraceAnalysis/cpu_only_rank-34.pt.trace.json.gz"
        << "";
    QTest::newRow("cupti_profiler_trace.json.gz")
        << "facebookresearch__HolisticTraceAnalysis/cupti_profiler_trace.json.gz"
        << "";
    QTest::newRow("event_sync_multi_stream.json.gz")
        << "facebookresearch__HolisticTraceAnalysis/event_sync_multi_stream.json.gz"
        << "device-idle=98.0929 small-transfers=100";
    QTest::newRow("mtia_inference_rank_0.json.gz")
        << "facebookresearch__HolisticTraceAnalysis/mtia_inference_rank_0.json.gz"
        << "launch-bound=59.2814 sync-stall=271.3487";
    QTest::newRow("nccl_data.json.gz") << "facebookresearch__HolisticTraceAnalysis/nccl_data.json.gz"
                                       << "device-idle=76.1563 launch-bound=38.037 small-transfers=53.7077";
    QTest::newRow("overlaid_critical_path_trace.json.gz")
        << "facebookresearch__HolisticTraceAnalysis/overlaid_critical_path_trace.json.gz"
        << "device-idle=99.6895 pageable-memcpy=16";
    QTest::newRow("rank-0.ns_resolution.pt.trace.json.gz")
        << "facebookresearch__HolisticTraceAnalysis/rank-0.ns_resolution.pt.trace.json.gz"
        << "launch-bound=44 small-transfers=46.4517";
    QTest::newRow("sampled_rank-1.json.gz") << "facebookresearch__HolisticTraceAnalysis/sampled_rank-1.json.gz"
                                            << "device-idle=52.8869 pageable-memcpy=24";
    QTest::newRow("simple_add_kineto.json.gz") << "facebookresearch__HolisticTraceAnalysis/simple_add_kineto.json.gz"
                                               << "device-idle=99.9853 launch-bound=100";
    QTest::newRow("triton_example.json.gz") << "facebookresearch__HolisticTraceAnalysis/triton_example.json.gz"
                                            << "launch-bound=100";
}

void tst_CliFindings::corpus()
{
    QFETCH(QString, file);
    QFETCH(QString, fires);
    const QString path = QStringLiteral(STRATA_SOURCE_DIR "/../shared/corpus/real/") + file;
    if (!QFile::exists(path))
        QSKIP("the shared corpus is not beside the repository");
    const QStringList checked { "device-idle", "launch-bound", "sync-stall", "dataloader-wait", "pageable-memcpy",
        "small-transfers" };
    const auto got = valuesOf(json({ "--no-cache", path }), checked);
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

void tst_CliFindings::corpusNotRun()
{
    // A CPU-only trace: the device rules say why they did not run.
    const QString path = QStringLiteral(STRATA_SOURCE_DIR
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

QTEST_GUILESS_MAIN(tst_CliFindings)
#include "tst_clifindings.moc"
