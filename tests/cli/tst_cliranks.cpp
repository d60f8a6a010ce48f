// strata-cli ranks on the generated job in tests/data/job_straggler (4 ranks, 2 hosts 2500.125
// µs apart, rank 1 planted as the straggler): the JSON's keys exactly as docs/cli.md lists
// them, the breakdown's keys per rank as `breakdown --json` gives them, the straggler under
// every alignment that can see it, the offsets, the text form, the clocks' notice (on this job
// as recorded; not once aligned, nor on tests/data/job_findings, one host, nor on the shared
// HTA pair) and the usage errors.
#include "clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <QTemporaryDir>
#include <support/sourcedir.h>

namespace {

QStringList jobFiles()
{
    QStringList files;
    for (int r = 3; r >= 0; --r) // out of order: the command sorts by distributedInfo.rank
        files << strata::test::sourcePath("/tests/data/job_straggler/rank-%1.json.gz").arg(r);
    return files;
}

QJsonObject runJson(const QStringList& args)
{
    const Run r = runCli(args);
    return r.exitCode == 0 ? QJsonDocument::fromJson(r.out).object() : QJsonObject();
}

// An object's keys, sorted: QJsonObject does not keep the order they were written in.
QStringList keysOf(const QJsonObject& o)
{
    QStringList keys = o.keys();
    keys.sort();
    return keys;
}

QStringList sorted(QStringList l)
{
    l.sort();
    return l;
}

// The two workers of the PyTorch profiler TensorBoard plugin's TestDistributed.
// test_distributed_nccl (pytorch/kineto 0e86499a, tb_plugin/test/test_profiler.py): each a
// nccl:broadcast and a nccl:all_reduce CPU op, each launching one NCCL kernel on "stream 16",
// and one compute kernel on "stream 7". The events are theirs; only the ops' args are dropped.
const char* const kTbWorker[2] = {
    R"json([{"ph": "X", "cat": "cpu_op", "name": "nccl:broadcast", "pid": 23803, "tid": "23803", "ts": 0, "dur": 75,
  "args": {"External id": 146}},
 {"ph": "X", "cat": "Kernel", "name": "ncclKernel_Broadcast_RING_LL_Sum_int8_t(ncclWorkElem)", "pid": 0,
  "tid": "stream 16", "ts": 16, "dur": 16, "args": {"device": 0, "correlation": 28506, "external id": 146}},
 {"ph": "X", "cat": "cpu_op", "name": "aten::add_", "pid": 23803, "tid": "23803", "ts": 100, "dur": 20,
  "args": {"External id": 24504}},
 {"ph": "X", "cat": "Kernel", "name": "void at::native::vectorized_elementwise_kernel", "pid": 0, "tid": "stream 7",
  "ts": 130, "dur": 161, "args": {"device": 0, "correlation": 99765, "external id": 24504}},
 {"ph": "X", "cat": "cpu_op", "name": "nccl:all_reduce", "pid": 23803, "tid": "25166", "ts": 160, "dur": 75,
  "args": {"External id": 2513}},
 {"ph": "X", "cat": "Kernel", "name": "ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)", "pid": 0,
  "tid": "stream 16", "ts": 162, "dur": 1556, "args": {"device": 0, "correlation": 33218, "external id": 2513}}])json",
    R"json([{"ph": "X", "cat": "cpu_op", "name": "nccl:broadcast", "pid": 23803, "tid": "23803", "ts": 0, "dur": 20,
  "args": {"External id": 146}},
 {"ph": "X", "cat": "Kernel", "name": "ncclKernel_Broadcast_RING_LL_Sum_int8_t(ncclWorkElem)", "pid": 0,
  "tid": "stream 16", "ts": 8, "dur": 31, "args":
{
    "device" : 0, "correlation" : 28506, "external id" : 146
}
},
 {"ph": "X", "cat": "cpu_op", "name": "aten::add_", "pid": 23803, "tid": "23803", "ts": 25, "dur": 20,
  "args": {"External id": 24504}},
 {"ph": "X", "cat": "Kernel", "name": "void at::native::vectorized_elementwise_kernel", "pid": 0, "tid": "stream 7",
  "ts": 30, "dur": 161, "args": {"device": 0, "correlation": 99765, "external id": 24504}},
 {"ph": "X", "cat": "cpu_op", "name": "nccl:all_reduce", "pid": 23803, "tid": "25166", "ts": 160, "dur": 75,
  "args": {"External id": 2513}},
 {"ph": "X", "cat": "Kernel", "name": "ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)", "pid": 0,
  "tid": "stream 16", "ts": 562, "dur": 1058, "args": {"device": 0, "correlation": 33218, "external id": 2513}}])json",
};

} // namespace

class tst_CliRanks : public QObject {
    Q_OBJECT

private slots:
    void jsonKeys()
    {
        const QJsonObject out = runJson(QStringList { "ranks" } + jobFiles() + QStringList { "--json" });
        QCOMPARE(keysOf(out), sorted({ "alignment", "ranks", "collectives", "straggler", "clock_offsets_suspected" }));
        const QJsonObject breakdown = runJson(QStringList { "breakdown" } + jobFiles() + QStringList { "--json" });
        QStringList breakdownKeys = breakdown["ranks"].toArray()[0].toObject().keys();
        breakdownKeys.removeAll("rank");
        breakdownKeys.removeAll("file");
        const QJsonArray ranks = out["ranks"].toArray();
        QCOMPARE(ranks.size(), 4);
        for (int i = 0; i < ranks.size(); ++i) {
            const QJsonObject r = ranks[i].toObject();
            QCOMPARE(r["rank"].toInt(), i);
            QCOMPARE(keysOf(r),
                sorted(
                    QStringList { "rank", "file", "offset_ns", "steps", "wait_ns", "last_arrivals" } + breakdownKeys));
            for (const QJsonValue s : r["steps"].toArray())
                QCOMPARE(keysOf(s.toObject()), sorted({ "name", "start_ns", "dur_ns" }));
        }
        const QJsonArray collectives = out["collectives"].toArray();
        QCOMPARE(collectives.size(), 4);
        for (const QJsonValue c : collectives) {
            QCOMPARE(keysOf(c.toObject()),
                sorted({ "index", "name", "ranks", "skew_ns", "min_dur_ns", "last_rank", "starts_ns", "waits_ns" }));
            QCOMPARE(c["starts_ns"].toArray().size(), c["ranks"].toArray().size());
            QCOMPARE(c["waits_ns"].toArray().size(), c["ranks"].toArray().size());
        }
        QCOMPARE(keysOf(out["straggler"].toObject()),
            sorted({ "rank", "last_arrivals", "collectives", "others_wait_ns", "hta_rank" }));
    }

    void straggler_data()
    {
        QTest::addColumn<QString>("align");
        QTest::addColumn<QList<qint64>>("offsets");
        QTest::newRow("collectives") << "collectives" << QList<qint64> { 0, 0, 2500125, 2500125 };
        QTest::newRow("first-step") << "first-step" << QList<qint64> { 0, 0, 2500125, 2500125 };
    }
    void straggler()
    {
        QFETCH(QString, align);
        QFETCH(QList<qint64>, offsets);
        const QJsonObject out
            = runJson(QStringList { "ranks" } + jobFiles() + QStringList { "--align", align, "--json" });
        QCOMPARE(out["alignment"].toString(), align);
        const QJsonObject s = out["straggler"].toObject();
        QCOMPARE(s["rank"].toInt(), 1);
        QCOMPARE(s["hta_rank"].toInt(), 1);
        QCOMPARE(s["last_arrivals"].toInt(), 4);
        QCOMPARE(s["collectives"].toInt(), 4);
        QVERIFY(s["others_wait_ns"].toDouble() > 0);
        const QJsonArray ranks = out["ranks"].toArray();
        for (int i = 0; i < 4; ++i)
            QVERIFY2(std::abs(qint64(ranks[i]["offset_ns"].toDouble()) - offsets[i]) < 1000,
                qPrintable(QString::number(ranks[i]["offset_ns"].toDouble())));
        for (const QJsonValue c : out["collectives"].toArray())
            QCOMPARE(c["last_rank"].toInt(), 1);
    }

    void text()
    {
        const Run r = runCli(QStringList { "ranks" } + jobFiles() + QStringList { "--align", "collectives" });
        QCOMPARE(r.exitCode, 0);
        const QString text = QString::fromUtf8(r.out);
        QVERIFY2(text.contains("straggler   rank 1: arrived last at 4 of 4 collectives"), qPrintable(text));
        QVERIFY(text.contains("HTA         rank 1"));
        QVERIFY(text.contains("ncclDevKernel_AllReduce_Sum_f32_RING_LL"));
    }

    void clockNotice_data()
    {
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<QString>("align");
        QTest::addColumn<QList<int>>("offsetRanks"); // empty: no notice
        QTest::newRow("2 hosts, as recorded") << jobFiles() << "recorded" << QList<int> { 2, 3 };
        QTest::newRow("2 hosts, aligned by first steps") << jobFiles() << "first-step" << QList<int> {};
        QTest::newRow("2 hosts, aligned by collective ends") << jobFiles() << "collectives" << QList<int> {};
        QTest::newRow("1 host") << QStringList { strata::test::sourcePath("/tests/data/job_findings") } << "recorded"
                                << QList<int> {};
        const QString pair = strata::test::sourcePath("/../shared/corpus/multirank/hta_sampled");
        if (QFileInfo::exists(pair))
            QTest::newRow("the shared HTA pair") << QStringList { pair } << "recorded" << QList<int> {};
    }
    void clockNotice()
    {
        QFETCH(QStringList, files);
        QFETCH(QString, align);
        QFETCH(QList<int>, offsetRanks);
        const QJsonObject out = runJson(QStringList { "ranks" } + files + QStringList { "--align", align, "--json" });
        QVERIFY(out.contains("clock_offsets_suspected"));
        const QJsonValue hint = out["clock_offsets_suspected"];
        const Run text = runCli(QStringList { "ranks" } + files + QStringList { "--align", align });
        QCOMPARE(text.exitCode, 0);
        const QString notice = QString::fromUtf8(text.out).section(QLatin1Char('\n'), 4, 4);
        if (offsetRanks.isEmpty()) {
            QVERIFY(hint.isNull());
            QVERIFY2(!text.out.contains("notice"), text.out.constData());
            return;
        }
        QCOMPARE(keysOf(hint.toObject()), sorted({ "reference_rank", "ranks", "wait_ns", "aligned_wait_ns", "align" }));
        QCOMPARE(hint["reference_rank"].toInt(), 0);
        QCOMPARE(hint["align"].toString(), "collectives");
        QList<int> named;
        for (const QJsonValue r : hint["ranks"].toArray()) {
            QCOMPARE(keysOf(r.toObject()), sorted({ "rank", "offset_ns", "spread_ns", "collectives" }));
            named << r["rank"].toInt();
            QVERIFY(std::abs(r["offset_ns"].toInteger() - 2500125) < 1000); // gen_job.py --host-offset-us
            QCOMPARE(r["collectives"].toInt(), 4);
        }
        QCOMPARE(named, offsetRanks);
        // The waits as aligned by collective ends: what --align collectives measures.
        const QJsonObject aligned
            = runJson(QStringList { "ranks" } + files + QStringList { "--align", "collectives", "--json" });
        qint64 alignedWait = 0;
        for (const QJsonValue r : aligned["ranks"].toArray())
            alignedWait += r["wait_ns"].toInteger();
        QCOMPARE(hint["aligned_wait_ns"].toInteger(), alignedWait);
        QVERIFY(hint["wait_ns"].toInteger() > alignedWait);
        // One line after HTA's, naming the ranks, their offset and the command to run.
        QVERIFY2(notice.startsWith("notice      the ranks' clocks look offset"), qPrintable(notice));
        QVERIFY2(notice.contains("ranks 2, 3 +2500.1"), qPrintable(notice));
        QVERIFY2(notice.contains("from rank 0"), qPrintable(notice));
        QVERIFY2(notice.endsWith("Run again with strata-cli ranks " + files.join(' ') + " --align collectives"),
            qPrintable(notice));
    }

    // The TensorBoard plugin matches the i-th communication op's j-th kernel across workers and
    // takes the shortest of their durations as the real transfer time (loader.py,
    // _process_distributed_profiles: min_range): our min_dur_ns. Its waits and transfer totals
    // also count the CPU op's span, which ours (device kernels only) do not, so only the
    // kernels' part of its expectations is ported: broadcast 16 µs, all_reduce 1058 µs.
    void tbPluginDistributedNccl()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QStringList files;
        for (int w = 0; w < 2; ++w) {
            QFile f(dir.filePath(QStringLiteral("worker%1.pt.trace.json").arg(w)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(kTbWorker[w]);
            files << f.fileName();
        }
        const QJsonObject out = runJson(QStringList { "ranks" } + files + QStringList { "--json" });
        const QJsonArray collectives = out["collectives"].toArray();
        QCOMPARE(collectives.size(), 2);
        const QJsonObject broadcast = collectives[0].toObject(), allReduce = collectives[1].toObject();
        QVERIFY(broadcast["name"].toString().startsWith("ncclKernel_Broadcast"));
        QCOMPARE(broadcast["min_dur_ns"].toInteger(), 16000);
        QCOMPARE(broadcast["skew_ns"].toInteger(), 8000); // worker 1 at 8 µs, worker 0 at 16 µs
        QCOMPARE(broadcast["last_rank"].toInt(), 0);
        QVERIFY(allReduce["name"].toString().startsWith("ncclKernel_AllReduce"));
        QCOMPARE(allReduce["min_dur_ns"].toInteger(), 1058000);
        QCOMPARE(allReduce["skew_ns"].toInteger(), 400000);
        QCOMPARE(allReduce["last_rank"].toInt(), 1);
        QCOMPARE(allReduce["waits_ns"].toArray()[0].toInteger(), 400000);
        // One last arrival each: worker 1 waited 8 µs, worker 0 400 µs, so worker 1 it is.
        QCOMPARE(out["straggler"]["rank"].toInt(), 1);
        QCOMPARE(out["straggler"]["others_wait_ns"].toInteger(), 400000);
        QVERIFY(out["straggler"]["hta_rank"].isNull()); // no ProfilerStep: HTA has no iteration
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("unknown alignment") << QStringList { "ranks", jobFiles().first(), "--align", "sideways" };
        QTest::newRow("no file") << QStringList { "ranks" };
        QTest::newRow("missing file") << QStringList { "ranks", QStringLiteral("/nonexistent/rank-0.json") };
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        const Run r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY(!r.err.isEmpty());
    }
};

QTEST_GUILESS_MAIN(tst_CliRanks)
#include "tst_cliranks.moc"
