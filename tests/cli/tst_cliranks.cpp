// strata-cli ranks on the generated job in tests/data/job_straggler (4 ranks, 2 hosts 2500.125
// µs apart, rank 1 planted as the straggler): the JSON's keys exactly as docs/cli.md lists
// them, the breakdown's keys per rank as `breakdown --json` gives them, the straggler under
// every alignment that can see it, the offsets, the text form and the usage errors.
#include "clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace {

QStringList jobFiles()
{
    QStringList files;
    for (int r = 3; r >= 0; --r) // out of order: the command sorts by distributedInfo.rank
        files << QStringLiteral(STRATA_SOURCE_DIR "/tests/data/job_straggler/rank-%1.json.gz").arg(r);
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

} // namespace

class tst_CliRanks : public QObject {
    Q_OBJECT

private slots:
    void jsonKeys()
    {
        const QJsonObject out = runJson(QStringList { "ranks" } + jobFiles() + QStringList { "--json" });
        QCOMPARE(keysOf(out), sorted({ "alignment", "ranks", "collectives", "straggler" }));
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
            for (const QJsonValue& s : r["steps"].toArray())
                QCOMPARE(keysOf(s.toObject()), sorted({ "name", "start_ns", "dur_ns" }));
        }
        const QJsonArray collectives = out["collectives"].toArray();
        QCOMPARE(collectives.size(), 4);
        for (const QJsonValue& c : collectives) {
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
        for (const QJsonValue& c : out["collectives"].toArray())
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
