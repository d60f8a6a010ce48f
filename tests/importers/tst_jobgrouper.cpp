// JobGrouper on temporary folders: which files are the ranks of one job (distributedInfo's
// world_size, rank names), in rank order; mixed folders refused with their listing; a bad
// member (another job's rank, two files claiming one rank, an empty file, a rank outside the
// world) named with its reason while the good ranks stay; folders that are one profile
// (Sophgo, Neuron) left to open as one profile.
#include "tempfolder.h"

#include <job/jobgrouper.h>

#include <QDir>
#include <QStringList>
#include <QtTest>

using strata::importers::job::JobGrouper;
using strata::importers::job::JobPlan;

namespace {

// A Kineto-like trace: `info` is the distributedInfo object's text (empty: none), written
// before the events, or after them when `infoLast`.
QByteArray kineto(const QByteArray& info, bool infoLast = false)
{
    const QByteArray events = R"("traceEvents": [{"ph": "X", "name": "k", "pid": 0, "tid": 0, "ts": 1, "dur": 2}])";
    const QByteArray di = info.isEmpty() ? QByteArray() : "\"distributedInfo\": " + info;
    if (di.isEmpty())
        return "{\"schemaVersion\": 1, " + events + "}";
    return infoLast ? "{" + events + ", " + di + "}" : "{\"schemaVersion\": 1, " + di + ", " + events + "}";
}

// One file of a row's folder, "NAME=WHAT": WHAT is "k" (no distributedInfo), "k:R/W"
// (rank R, world_size W; "-" for none), "kl:R/W" (distributedInfo after the events),
// "gz:" before any of these for gzip, "empty", "text" (no profile), "ops" (a Neuron op table),
// "bm" (a Sophgo global.profile).
QByteArray content(QString what)
{
    const bool gz = what.startsWith(QLatin1String("gz:"));
    if (gz)
        what = what.mid(3);
    QByteArray bytes;
    if (what == QLatin1String("empty"))
        bytes = "";
    else if (what == QLatin1String("text"))
        bytes = "just notes\n";
    else if (what == QLatin1String("ops"))
        bytes = R"({"ops": []})";
    else if (what == QLatin1String("bm"))
        bytes = "[bmprofile] arch=BM1684X\n";
    else if (what == QLatin1String("k"))
        bytes = kineto({});
    else {
        const QStringList parts = what.section(':', 1).split('/');
        QByteArray info = "{\"backend\": \"nccl\"";
        if (parts.value(0) != QLatin1String("-"))
            info += ", \"rank\": " + parts.value(0).toUtf8();
        if (parts.value(1) != QLatin1String("-"))
            info += ", \"world_size\": " + parts.value(1).toUtf8();
        bytes = kineto(info + "}", what.startsWith(QLatin1String("kl:")));
    }
    return gz ? testfiles::gzipBytes(bytes) : bytes;
}

// "RANK=FILE,..." of a plan's ranks; "FILE:REASON|..." of its problems.
QString ranksOf(const JobPlan& p)
{
    QStringList out;
    for (const JobPlan::Member& m : p.ranks)
        out << QStringLiteral("%1=%2%3").arg(m.rank).arg(
            QFileInfo(QString::fromStdString(m.path)).fileName(), m.rankFromName ? "(name)" : "");
    return out.join(',');
}

} // namespace

class tst_JobGrouper : public QObject {
    Q_OBJECT

private slots:
    void plan_data();
    void plan();
    void severalFiles();
};

void tst_JobGrouper::plan_data()
{
    QTest::addColumn<QString>("folder"); // the folder opened, under a temporary one
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<QString>("kind"); // job, refused, profile
    QTest::addColumn<QString>("ranks");
    QTest::addColumn<QStringList>("problems"); // FILE: a part of its reason (job), or of the refusal
    const QString job = "job";
    QTest::newRow("world_size") << "run" << QStringList { "a.json=k:1/2", "b.json=k:0/2" } << job << "0=b.json,1=a.json"
                                << QStringList {};
    QTest::newRow("gzip") << "run" << QStringList { "t0.json.gz=gz:k:0/2", "t1.json.gz=gz:k:1/2" } << job
                          << "0=t0.json.gz,1=t1.json.gz" << QStringList {};
    QTest::newRow("info after the events") << "run" << QStringList { "x.json=kl:1/2", "y.json.gz=gz:kl:0/2" } << job
                                           << "0=y.json.gz,1=x.json" << QStringList {};
    QTest::newRow("rank-N") << "run" << QStringList { "rank-1.json=k", "rank-0.json=k", "rank-10.json=k" } << job
                            << "0=rank-0.json(name),1=rank-1.json(name),10=rank-10.json(name)" << QStringList {};
    QTest::newRow("rank_N") << "run" << QStringList { "rank_0.json=k", "rank_1.json=k" } << job
                            << "0=rank_0.json(name),1=rank_1.json(name)" << QStringList {};
    QTest::newRow("workerN") << "run"
                             << QStringList { "worker1_step_12.1700.pt.trace.json=k",
                                    "worker0_step_12.1699.pt.trace.json=k" }
                             << job
                             << "0=worker0_step_12.1699.pt.trace.json(name),1=worker1_step_12.1700.pt.trace.json(name)"
                             << QStringList {};
    QTest::newRow("x_rankN") << "run" << QStringList { "job_rank3_trace.json=k", "job_rank2_trace.json=k" } << job
                             << "2=job_rank2_trace.json(name),3=job_rank3_trace.json(name)" << QStringList {};
    QTest::newRow("distributedInfo's rank over the name's")
        << "run" << QStringList { "rank-5.json=k:0/2", "rank-6.json=k:1/2" } << job << "0=rank-5.json,1=rank-6.json"
        << QStringList {};
    QTest::newRow("a rank of another job")
        << "run" << QStringList { "a.json=k:0/2", "b.json=k:1/2", "c.json=k:0/8" } << job << "0=a.json,1=b.json"
        << QStringList { "c.json: a rank of another job: distributedInfo.world_size 8, the job's is 2" };
    QTest::newRow("two files claim one rank")
        << "run" << QStringList { "a.json=k:0/2", "b.json=k:1/2", "c.json=k:1/2" } << job << "0=a.json,1=b.json"
        << QStringList { "c.json: claims rank 1, which b.json already has" };
    QTest::newRow("empty member") << "run" << QStringList { "rank-0.json=k", "rank-1.json=k", "rank-2.json=empty" }
                                  << job << "0=rank-0.json(name),1=rank-1.json(name)"
                                  << QStringList { "rank-2.json: empty file" };
    QTest::newRow("rank outside the world")
        << "run" << QStringList { "a.json=k:0/2", "b.json=k:1/2", "c.json=k:5/2" } << job << "0=a.json,1=b.json"
        << QStringList { "c.json: rank 5 is outside the job's world_size 2" };
    QTest::newRow("a stray file") << "run" << QStringList { "rank-0.json=k", "rank-1.json=k", "notes.txt=text" } << job
                                  << "0=rank-0.json(name),1=rank-1.json(name)"
                                  << QStringList { "notes.txt: not a supported profile" };
    QTest::newRow("hidden files ignored") << "run" << QStringList { "a.json=k:0/2", "b.json=k:1/2", ".c.json=k:0/8" }
                                          << job << "0=a.json,1=b.json" << QStringList {};
    QTest::newRow("one trace") << "run" << QStringList { "only.json=k" } << job << "0=only.json" << QStringList {};
    QTest::newRow("unrelated traces") << "run" << QStringList { "foo.json=k", "bar.json=k:0/4", "baz_rank1.json=k" }
                                      << "refused"
                                      << ""
                                      << QStringList { "run: not the traces of one job",
                                             "bar.json: distributedInfo world_size 4, rank 0",
                                             "foo.json: no distributedInfo, no rank in its name",
                                             "baz_rank1.json: no distributedInfo, rank 1 in its name (baz_rankN)" };
    QTest::newRow("two sizes, none shared") << "run" << QStringList { "a.json=k:0/2", "b.json=k:0/4" } << "refused"
                                            << "" << QStringList { "a.json: distributedInfo world_size 2, rank 0" };
    QTest::newRow("sophgo folder") << "bmprofile_data-0" << QStringList { "global.profile=bm" } << "profile"
                                   << "" << QStringList {};
    QTest::newRow("neuron folder") << "neuron"
                                   << QStringList { "neuron_framework_op.json=ops", "neuron_hlo_op.json=ops" }
                                   << "profile"
                                   << "" << QStringList {};
    QTest::newRow("empty folder") << "nothing" << QStringList {} << "profile"
                                  << "" << QStringList {};
}

void tst_JobGrouper::plan()
{
    QFETCH(QString, folder);
    QFETCH(QStringList, files);
    QFETCH(QString, kind);
    QFETCH(QString, ranks);
    QFETCH(QStringList, problems);
    testfiles::TempFolder tmp;
    QVERIFY(tmp.isValid());
    const QString dir = QFileInfo(tmp.write("anchor", {})).absolutePath() + "/" + folder;
    QVERIFY(QDir().mkpath(dir));
    for (const QString& f : files)
        testfiles::writeFile(dir + "/" + f.section('=', 0, 0), content(f.section('=', 1)));

    const JobPlan p = JobGrouper::plan({ (dir).toStdString() });
    const QString got = p.kind == JobPlan::Kind::Job ? "job" : p.kind == JobPlan::Kind::Profile ? "profile" : "refused";
    QCOMPARE(got, kind);
    QCOMPARE(ranksOf(p), ranks);
    if (kind == "profile")
        QCOMPARE(QString::fromStdString(p.profile), dir);
    if (kind == "refused") {
        for (const QString& want : problems)
            QVERIFY2(QString::fromStdString(p.refusal).contains(want), qPrintable(QString::fromStdString(p.refusal)));
        QCOMPARE(QString::fromStdString(p.refusal).count('\n'), files.size());
        return;
    }
    QStringList got2;
    for (const JobPlan::Problem& pr : p.problems)
        got2 << QFileInfo(QString::fromStdString(pr.path)).fileName() + ": " + QString::fromStdString(pr.reason);
    QCOMPARE(got2.size(), problems.size());
    for (int i = 0; i < problems.size(); ++i)
        QVERIFY2(got2[i].startsWith(problems[i]), qPrintable(got2[i]));
}

void tst_JobGrouper::severalFiles()
{
    // Files given one by one are grouped as a folder's are; one file is a profile.
    testfiles::TempFolder tmp;
    const std::string a = tmp.write("a.json", content("k:1/2")).toStdString();
    const std::string b = tmp.write("b.json", content("k:0/2")).toStdString();
    const std::string c = tmp.write("c.json", content("k")).toStdString();
    JobPlan p = JobGrouper::plan({ a, b });
    QVERIFY(p.kind == JobPlan::Kind::Job);
    QCOMPARE(ranksOf(p), QStringLiteral("0=b.json,1=a.json"));
    QCOMPARE(p.worldSize.value_or(0), 2);
    p = JobGrouper::plan({ a });
    QVERIFY(p.kind == JobPlan::Kind::Profile);
    QCOMPARE(p.profile, a);
    p = JobGrouper::plan({ a, b, c });
    QCOMPARE(p.problems.size(), size_t(1));
    QCOMPARE(p.problems.front().path, c);
    p = JobGrouper::plan({ a, QFileInfo(QString::fromStdString(a)).absolutePath().toStdString() });
    QVERIFY(p.kind == JobPlan::Kind::Refused);
    QVERIFY(QString::fromStdString(p.refusal).contains("a folder among several paths"));
}

QTEST_APPLESS_MAIN(tst_JobGrouper)
#include "tst_jobgrouper.moc"
