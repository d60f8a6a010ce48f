// JobLayout: the ranks of a job merged into one store, kept in its metadata. Encoding and
// decoding are inverse (a file name may hold ';' and '='), and a layout that breaks the
// invariants (ranks in order, contiguous blocks inside the store) is refused with a reason,
// never half-read.
#include <store/joblayout.h>

#include <QtTest>

using namespace strata::store;

namespace {
JobRank rank(int64_t n, uint32_t p0, uint32_t pn, uint32_t t0, uint32_t tn, TimeNs offset = 0)
{
    JobRank r;
    r.rank = n;
    r.file = "/data/job/rank" + std::to_string(n) + ".json";
    r.processBegin = p0;
    r.processCount = pn;
    r.trackBegin = t0;
    r.trackCount = tn;
    r.offsetNs = offset;
    return r;
}
using Metadata = std::vector<std::pair<std::string, std::string>>;
} // namespace

class tst_JobLayout : public QObject {
    Q_OBJECT

private slots:
    void encodeDecode_data()
    {
        QTest::addColumn<qint64>("rankNumber");
        QTest::addColumn<QString>("file");
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<bool>("fromName");
        QTest::newRow("plain") << qint64(3) << "/tmp/rank3.json" << qint64(0) << false;
        QTest::newRow("negative offset") << qint64(0) << "a.json" << qint64(-2500125000) << true;
        QTest::newRow("file with separators") << qint64(12) << "/x;y=z/file=1;name=0.json" << qint64(7) << false;
        QTest::newRow("empty file name") << qint64(1) << "" << qint64(1) << false;
    }
    void encodeDecode()
    {
        QFETCH(qint64, rankNumber);
        QFETCH(QString, file);
        QFETCH(qint64, offset);
        QFETCH(bool, fromName);
        JobRank r = rank(rankNumber, 4, 2, 10, 7, offset);
        r.file = file.toStdString();
        r.rankFromName = fromName;
        const std::optional<JobRank> back = JobLayout::decode(JobLayout::encode(r));
        QVERIFY(back);
        QVERIFY(*back == r);
    }

    void decodeRefuses_data()
    {
        QTest::addColumn<QString>("value");
        QTest::newRow("empty") << "";
        QTest::newRow("no file") << "rank=1;processes=0+1;tracks=0+1;offset_ns=0;name=0";
        QTest::newRow("bad number") << "rank=x;processes=0+1;tracks=0+1;offset_ns=0;name=0;file=a";
        QTest::newRow("bad block") << "rank=1;processes=0-1;tracks=0+1;offset_ns=0;name=0;file=a";
        QTest::newRow("bad flag") << "rank=1;processes=0+1;tracks=0+1;offset_ns=0;name=2;file=a";
        QTest::newRow("fields out of order") << "processes=0+1;rank=1;tracks=0+1;offset_ns=0;name=0;file=a";
    }
    void decodeRefuses()
    {
        QFETCH(QString, value);
        QVERIFY(!JobLayout::decode(value.toStdString()));
    }

    void fromMetadata()
    {
        JobLayout l;
        l.setRanks({ rank(0, 0, 2, 1, 5, 0), rank(1, 2, 2, 6, 4, 1500) });
        l.setAlignment("collectives");
        Metadata md = { { "rank 0 · distributedInfo.rank", "0" } };
        for (auto& e : l.metadataEntries())
            md.push_back(e);
        std::string error = "stale";
        const JobLayout back = JobLayout::fromMetadata(md, 4, 10, &error);
        QVERIFY(back.isJob());
        QCOMPARE(error, std::string());
        QCOMPARE(back.alignment(), std::string("collectives"));
        QCOMPARE(back.ranks().size(), size_t(2));
        QVERIFY(back.ranks()[1] == l.ranks()[1]);
        // Track 0 is the global instant track: no rank's.
        QCOMPARE(back.rankIndexOfTrack(TrackId(0)), -1);
        QCOMPARE(back.rankIndexOfTrack(TrackId(1)), 0);
        QCOMPARE(back.rankIndexOfTrack(TrackId(5)), 0);
        QCOMPARE(back.rankIndexOfTrack(TrackId(6)), 1);
        QCOMPARE(back.rankIndexOfTrack(TrackId(9)), 1);
        QCOMPARE(back.rankIndexOfTrack(TrackId(10)), -1);
        QCOMPARE(back.rankIndexOfTrack(TrackId()), -1);
        QCOMPARE(back.rankIndexOfProcess(ProcessId(1)), 0);
        QCOMPARE(back.rankIndexOfProcess(ProcessId(3)), 1);
        QCOMPARE(back.rankIndexOfProcess(ProcessId(4)), -1);
    }

    void notAJob()
    {
        const JobLayout l = JobLayout::fromMetadata({ { "distributedInfo.rank", "0" } }, 3, 3);
        QVERIFY(!l.isJob());
        QCOMPARE(l.alignment(), std::string("recorded"));
        QVERIFY(JobLayout().metadataEntries().empty());
    }

    void refused_data()
    {
        QTest::addColumn<QString>("why");
        QTest::addColumn<QString>("expected");
        QTest::newRow("ranks out of order") << "order"
                                            << "not in increasing order";
        QTest::newRow("overlapping processes") << "processes"
                                               << "processes overlap";
        QTest::newRow("tracks outside the store") << "tracks"
                                                  << "tracks overlap or leave";
        QTest::newRow("unknown alignment") << "alignment"
                                           << "unknown clock alignment";
        QTest::newRow("unreadable entry") << "entry"
                                          << "unreadable rank entry";
    }
    void refused()
    {
        QFETCH(QString, why);
        QFETCH(QString, expected);
        std::vector<JobRank> ranks = { rank(0, 0, 2, 0, 5), rank(1, 2, 2, 5, 5) };
        std::string alignment = "recorded";
        if (why == "order")
            ranks[1].rank = 0;
        else if (why == "processes")
            ranks[1].processBegin = 1;
        else if (why == "tracks")
            ranks[1].trackCount = 6;
        else if (why == "alignment")
            alignment = "sideways";
        JobLayout l;
        l.setRanks(ranks);
        l.setAlignment(alignment);
        Metadata md = l.metadataEntries();
        if (why == "entry")
            md.emplace_back(std::string(JobLayout::kRankKey), "rank=2");
        std::string error;
        const JobLayout back = JobLayout::fromMetadata(md, 4, 10, &error);
        QVERIFY(!back.isJob());
        QVERIFY2(QString::fromStdString(error).contains(expected), error.c_str());
    }
};

QTEST_APPLESS_MAIN(tst_JobLayout)
#include "tst_joblayout.moc"
