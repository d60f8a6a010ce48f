// strata-cli on a job, as a user runs it: the shared HTA pair as a folder (two ranks, in
// rank order, each command's per-rank output); breakdown of the folder equal to breakdown of
// its files; a folder of unrelated traces refused with the listing; bad members (a rank cut
// short, an empty file, two files claiming one rank) named with file and byte offset while
// the good ranks print and the exit status says 3.
#include "clirun.h"

#include <support/testfiles.h>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <support/sourcedir.h>
#include <zlib.h>

namespace {

const QString kPair = strata::test::sourcePath("/../shared/corpus/multirank/hta_sampled");

QByteArray gunzip(const QString& path)
{
    QByteArray out;
    gzFile f = gzopen(path.toLocal8Bit().constData(), "rb");
    char buf[65536];
    for (int n; f && (n = gzread(f, buf, sizeof buf)) > 0;)
        out.append(buf, n);
    if (f)
        gzclose(f);
    return out;
}

} // namespace

class tst_CliJob : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void folderPerRank_data();
    void folderPerRank();
    void breakdownFolderEqualsFiles();
    void mixedFolderRefused();
    void badMembers();
    void rankFromName();
    void diffTwoJobs();
};

void tst_CliJob::initTestCase()
{
    if (!QDir(kPair).exists())
        QSKIP("the shared corpus is not beside the repository");
}

void tst_CliJob::folderPerRank_data()
{
    QTest::addColumn<QStringList>("args");
    for (const char* command : { "info", "summary", "ops", "latency", "breakdown" })
        QTest::newRow(command) << QStringList { command, "--json" };
    QTest::newRow("search") << QStringList { "search", "--contains", "nccl", "--json" };
}

void tst_CliJob::folderPerRank()
{
    QFETCH(QStringList, args);
    const Run run = runCli(QStringList { args.front(), kPair } + args.mid(1));
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.isEmpty(), run.err.constData());
    const QJsonArray ranks = QJsonDocument::fromJson(run.out).object()["ranks"].toArray();
    QCOMPARE(ranks.size(), 2);
    for (int i = 0; i < 2; ++i) {
        const QJsonObject r = ranks[i].toObject();
        QCOMPARE(r["rank"].toInt(-1), i);
        QCOMPARE(r["file"].toString(), kPair + QStringLiteral("/rank-%1.json.gz").arg(i));
    }
    // The text has a heading per rank (breakdown has its own rank rows).
    if (args.front() != "breakdown") {
        const Run text = runCli(QStringList { args.front(), kPair } + args.mid(1, args.size() - 2));
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.startsWith("== rank 0: " + kPair.toUtf8() + "/rank-0.json.gz ==\n"));
        QVERIFY(text.out.contains("\n\n== rank 1: " + kPair.toUtf8() + "/rank-1.json.gz ==\n"));
    }
}

void tst_CliJob::breakdownFolderEqualsFiles()
{
    const Run folder = runCli({ "breakdown", kPair, "--json" });
    const Run files = runCli({ "breakdown", kPair + "/rank-1.json.gz", kPair + "/rank-0.json.gz", "--json" });
    QCOMPARE(folder.exitCode, 0);
    QCOMPARE(files.exitCode, 0);
    QCOMPARE(folder.out, files.out); // rank order, whatever the order given
}

void tst_CliJob::mixedFolderRefused()
{
    QTemporaryDir dir;
    QVERIFY(QFile::copy(kPair + "/rank-0.json.gz", dir.filePath("rank-0.json.gz")));
    QVERIFY(QFile::copy(testfiles::dataPath("chrome_flows_v2.json"), dir.filePath("flows.json")));
    QVERIFY(
        QFile::copy(strata::test::sourcePath("/resources/samples/sample_profile.json"), dir.filePath("sample.json")));
    const Run run = runCli({ "summary", dir.path() });
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.out.isEmpty());
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.startsWith("strata-cli: " + dir.path() + ": not the traces of one job"), qPrintable(err));
    QVERIFY2(err.contains("\n  rank-0.json.gz: distributedInfo world_size 128, rank 0, rank 0 in its name (rank-N)\n"),
        qPrintable(err));
    QVERIFY2(err.contains("\n  flows.json: no distributedInfo, no rank in its name\n"), qPrintable(err));
    QVERIFY2(err.contains("\n  sample.json: no distributedInfo, no rank in its name\n"), qPrintable(err));
}

void tst_CliJob::badMembers()
{
    QTemporaryDir dir;
    QVERIFY(QFile::copy(kPair + "/rank-0.json.gz", dir.filePath("rank-0.json.gz")));
    // Rank 1 cut short inside its events; rank 0 again under another name; an empty rank 2.
    testfiles::writeFile(dir.filePath("rank-1.json"), gunzip(kPair + "/rank-1.json.gz").left(300000));
    QVERIFY(QFile::copy(kPair + "/rank-0.json.gz", dir.filePath("x-rank-0.json.gz")));
    testfiles::writeFile(dir.filePath("rank-2.json"), {});
    const Run run = runCli({ "info", dir.path(), "--json" });
    QCOMPARE(run.status, QProcess::NormalExit);
    QCOMPARE(run.exitCode, 3);
    const QString err = QString::fromUtf8(run.err);
    const QString d = dir.path();
    QVERIFY2(err.contains("strata-cli: " + d
                 + "/x-rank-0.json.gz: not loaded: claims rank 0, which rank-0.json.gz already has (at byte 41)\n"),
        qPrintable(err));
    QVERIFY2(err.contains("strata-cli: " + d + "/rank-2.json: not loaded: empty file (at byte 0)\n"), qPrintable(err));
    QVERIFY2(err.contains("strata-cli: " + d + "/rank-1.json: rank 1 cut short: the entry at byte "), qPrintable(err));
    // The good ranks, and the one cut short with what it held before the cut.
    const QJsonArray ranks = QJsonDocument::fromJson(run.out).object()["ranks"].toArray();
    QCOMPARE(ranks.size(), 2);
    QCOMPARE(ranks[0].toObject()["file"].toString(), d + "/rank-0.json.gz");
    QCOMPARE(ranks[1].toObject()["rank"].toInt(), 1);
    QVERIFY(ranks[1].toObject()["diagnostics"].toObject()["counts"].toObject().contains("truncated_input")
        || run.out.contains("truncated_input"));
}

void tst_CliJob::rankFromName()
{
    // Traces without distributedInfo: the folder's ranks are their names' (breakdown too),
    // while one of them alone keeps no rank, as before.
    QTemporaryDir dir;
    for (const char* name : { "worker1.json", "worker0.json" })
        QVERIFY(QFile::copy(testfiles::dataPath("chrome_flows_v2.json"), dir.filePath(name)));
    const Run folder = runCli({ "breakdown", dir.path(), "--json" });
    QCOMPARE(folder.exitCode, 0);
    const QJsonArray ranks = QJsonDocument::fromJson(folder.out).object()["ranks"].toArray();
    QCOMPARE(ranks.size(), 2);
    QCOMPARE(ranks[0].toObject()["rank"].toInt(-1), 0);
    QCOMPARE(ranks[0].toObject()["file"].toString(), dir.filePath("worker0.json"));
    QCOMPARE(ranks[1].toObject()["rank"].toInt(-1), 1);
    const Run one = runCli({ "breakdown", dir.filePath("worker1.json"), "--json" });
    QVERIFY(QJsonDocument::fromJson(one.out).object()["ranks"].toArray()[0].toObject()["rank"].isNull());
    const Run text = runCli({ "info", dir.path() });
    QVERIFY(
        text.out.startsWith("== rank 0: " + dir.filePath("worker0.json").toUtf8() + " (rank from the file name) ==\n"));
}

void tst_CliJob::diffTwoJobs()
{
    // Two jobs rank by rank; a job against one file is refused.
    const Run run = runCli({ "diff", kPair, kPair, "--json" });
    QCOMPARE(run.exitCode, 0);
    const QJsonArray ranks = QJsonDocument::fromJson(run.out).object()["ranks"].toArray();
    QCOMPARE(ranks.size(), 2);
    QCOMPARE(ranks[1].toObject()["rank"].toInt(-1), 1);
    const Run mixed = runCli({ "diff", kPair, kPair + "/rank-0.json.gz" });
    QCOMPARE(mixed.exitCode, 2);
    QVERIFY(mixed.err.contains("diff takes two jobs (folders) or two profiles"));
}

QTEST_GUILESS_MAIN(tst_CliJob)
#include "tst_clijob.moc"
