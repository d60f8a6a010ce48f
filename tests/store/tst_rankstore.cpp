// RankStore: each rank taken out of a merged job (tests/support/jobstoretestutil.h's rank
// kinds: rich, heights, empty, gpu) has its source's tracks, slices (times, depths, heights,
// args, parents, flows), instants and counters, its processes named as in its file and its
// metadata without the "rank R · " prefix; times stay the merged store's (moved by the
// rank's offset when the job was aligned).
#include <support/jobteststore.h>

#include <store/rankstore.h>

#include <QtTest>

using namespace strata::store;

namespace {

// A rank's text without its memory (RankStore does not carry memory accesses).
QString withoutMemory(const QString& text)
{
    QStringList out;
    for (const QString& line : text.split('\n'))
        if (!line.startsWith("access ") && !line.startsWith("space ") && !line.startsWith("  region "))
            out << line;
    return out.join('\n');
}

} // namespace

class tst_RankStore : public QObject {
    Q_OBJECT
private slots:
    void eachRankAsItsSource_data()
    {
        QTest::addColumn<int>("rank");
        QTest::addColumn<qint64>("offset");
        QTest::newRow("rich") << 0 << qint64(0);
        QTest::newRow("heights") << 1 << qint64(0);
        QTest::newRow("empty") << 2 << qint64(0);
        QTest::newRow("gpu") << 3 << qint64(0);
        QTest::newRow("gpu shifted") << 3 << qint64(-1500);
        QTest::newRow("rich shifted") << 0 << qint64(700);
    }
    void eachRankAsItsSource()
    {
        QFETCH(int, rank);
        QFETCH(qint64, offset);
        const std::vector<int> kinds { 0, 1, 2, 3 };
        std::unique_ptr<EventStore> merged = jobtest::mergeRanks(kinds);
        std::vector<TimeNs> offsets(kinds.size(), 0);
        offsets[size_t(rank)] = offset;
        if (offset != 0)
            StoreMerger::shiftRanks(*merged, offsets, "collectives");
        const JobLayout layout = JobLayout::of(*merged);
        QVERIFY(layout.isJob());
        const JobRank& jr = layout.ranks()[size_t(rank)];
        const std::unique_ptr<EventStore> own = RankStore::extract(*merged, jr);
        const jobtest::Store source = jobtest::rankStore(rank);

        const QStringList got
            = withoutMemory(jobtest::rankText(*own, 0, uint32_t(own->trackCount()), {}, -offset)).split('\n');
        const QStringList want = withoutMemory(jobtest::sourceText(*source)).split('\n');
        for (int i = 0; i < std::min(got.size(), want.size()); ++i)
            QCOMPARE(got[i], want[i]);
        QCOMPARE(got.size(), want.size());
        QCOMPARE(own->processCount(), source->processCount());
        for (uint32_t p = 0; p < own->processCount(); ++p)
            QCOMPARE(own->processLabel(ProcessId(p)), source->processLabel(ProcessId(p)));
        QCOMPARE(own->metadata(), source->metadata());
        QCOMPARE(own->flowCount(), source->flowCount());
        QCOMPARE(own->hasSliceHeights(), source->hasSliceHeights());
        // A merged track t of the rank is track t - trackBegin here.
        for (uint32_t t = 0; t < own->trackCount(); ++t)
            QCOMPARE(own->trackLabel(TrackId(t)), merged->trackLabel(TrackId(t + jr.trackBegin)));
        if (own->sliceCount()) {
            QVERIFY(own->extent().start >= merged->extent().start);
            QVERIFY(own->extent().end <= merged->extent().end);
        } else {
            QCOMPARE(own->extent().start, own->extent().end);
        }
    }
};

QTEST_MAIN(tst_RankStore)
#include "tst_rankstore.moc"
