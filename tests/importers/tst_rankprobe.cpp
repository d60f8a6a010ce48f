// RankProbe: the rank a file name carries (rank-N, rank_N, workerN, x_rankN_y, the last
// token winning, no rank inside a word), and distributedInfo read from a file's head (plain,
// gzip, zstd), after its events (unless the name carries a rank), or not at all (array form,
// a key inside an event).
#include "tempfolder.h"

#include <job/rankprobe.h>

#include <QtTest>

using strata::importers::job::RankProbe;

class tst_RankProbe : public QObject {
    Q_OBJECT

private slots:
    void rankOfName_data();
    void rankOfName();
    void read_data();
    void read();
};

void tst_RankProbe::rankOfName_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("rank"); // -1: none
    QTest::addColumn<QString>("pattern");
    QTest::newRow("rank-N") << "rank-3.json.gz" << 3 << "rank-N";
    QTest::newRow("rank_N") << "rank_12.pt.trace.json" << 12 << "rank_N";
    QTest::newRow("rankN") << "Rank7.json" << 7 << "RankN";
    QTest::newRow("workerN") << "worker0_step_12.1699.pt.trace.json" << 0 << "workerN";
    QTest::newRow("x_rankN_y") << "job_rank3_trace.json" << 3 << "job_rankN";
    QTest::newRow("last token wins") << "worker2_rank5.json" << 5 << "worker2_rankN";
    QTest::newRow("inside a word") << "frank1.json" << -1 << "";
    QTest::newRow("no digits") << "ranking.json" << -1 << "";
    QTest::newRow("nothing") << "trace.json" << -1 << "";
}

void tst_RankProbe::rankOfName()
{
    QFETCH(QString, name);
    QFETCH(int, rank);
    QFETCH(QString, pattern);
    std::string got;
    const std::optional<int64_t> r = RankProbe::rankOfName(name.toStdString(), &got);
    QCOMPARE(r ? int(*r) : -1, rank);
    QCOMPARE(QString::fromStdString(got), pattern);
}

void tst_RankProbe::read_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("compression"); // testfiles::compress: none, gzip, zstd
    QTest::addColumn<int>("rank"); // -1: none
    QTest::addColumn<int>("worldSize");
    QTest::addColumn<int>("offset"); // of the key in the decompressed text
    QTest::addColumn<QString>("name"); // of the file
    const QByteArray events = R"("traceEvents": [{"ph": "X", "name": "k", "ts": 1, "dur": 2, "pid": 0, "tid": 0}])";
    const QByteArray info = R"("distributedInfo": {"backend": "nccl", "rank": 3, "world_size": 8})";
    const QByteArray head = "{\"schemaVersion\": 1, " + info + ", " + events + "}";
    for (const char* how : { "none", "gzip", "zstd" })
        QTest::newRow(how) << head << how << 3 << 8 << 21 << QStringLiteral("trace.json");
    const QByteArray last = "{" + events + ", " + info + "}";
    QTest::newRow("after the events") << last << "none" << 3 << 8 << int(last.indexOf("\"distributedInfo\""))
                                      << QStringLiteral("trace.json");
    QTest::newRow("after the events, gzip")
        << last << "gzip" << 3 << 8 << int(last.indexOf("\"distributedInfo\"")) << QStringLiteral("trace.json");
    QTest::newRow("rank only") << QByteArray(R"({"distributedInfo": {"rank": 0}, )" + events + "}") << "none" << 0 << -1
                               << 1 << QStringLiteral("trace.json");
    QTest::newRow("none") << "{" + events + "}"
                          << "none" << -1 << -1 << 0 << QStringLiteral("trace.json");
    QTest::newRow("array form") << QByteArray(R"([{"ph": "X", "name": "k", "ts": 1, "dur": 2, "pid": 0, "tid": 0}])")
                                << "none" << -1 << -1 << 0 << QStringLiteral("trace.json");
    // A name that carries a rank spares the pass to the end: the name groups the file.
    QTest::newRow("after the events, rank in the name")
        << last << "gzip" << -1 << -1 << 0 << QStringLiteral("rank-3.json.gz");
    QTest::newRow("a key inside an event's args")
        << QByteArray(R"({"traceEvents": [{"ph": "i", "args": {"distributedInfo": {"rank": 9}}}]})") << "none" << -1
        << -1 << 0 << QStringLiteral("trace.json");
    QTest::newRow("not an object") << QByteArray(R"({"distributedInfo": 5, )" + events + "}") << "none" << -1 << -1 << 1
                                   << QStringLiteral("trace.json");
}

void tst_RankProbe::read()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, compression);
    QFETCH(int, rank);
    QFETCH(int, worldSize);
    QFETCH(int, offset);
    QFETCH(QString, name);
    testfiles::TempFolder tmp;
    const QString path = tmp.write(name, testfiles::compress(text, compression));
    const RankProbe p = RankProbe::read(path.toStdString());
    QVERIFY(p.readable);
    QCOMPARE(QString::fromStdString(p.importer), QStringLiteral("chrome-json"));
    QCOMPARE(p.infoRank ? int(*p.infoRank) : -1, rank);
    QCOMPARE(p.worldSize ? int(*p.worldSize) : -1, worldSize);
    QCOMPARE(int(p.infoOffset), offset);
    QCOMPARE(p.nameRank.has_value(), name != QLatin1String("trace.json"));
}

QTEST_APPLESS_MAIN(tst_RankProbe)
#include "tst_rankprobe.moc"
