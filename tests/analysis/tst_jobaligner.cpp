// JobAligner on jobs merged into one store by hand (tests/support/jobteststore.h): each rank's
// block and device tracks, the alignment a job opens with (as recorded while the ranks'
// times overlap, collective ends once a host's clock is far off), and the offsets of each
// alignment, which recover a known shift of a rank's clock.
#include <analysis/collectives/jobaligner.h>
#include <support/jobteststore.h>

#include <QtTest>

using namespace strata::analysis;
using strata::store::TimeNs;
using strata::store::TrackId;

namespace {

// Rank r on a clock `shift(r)` ns ahead: two steps and two all-reduces that end together
// (in true time) on every rank, rank 2 arriving last.
jobtest::RankFill fillShifted(std::function<TimeNs(int)> shift)
{
    return [shift](storetest::Builder& s, int r) {
        const TimeNs d = shift(r);
        const uint32_t host = s.thread(jobtest::pid(r, 0), "python", 1, "main");
        const uint32_t stream = s.thread(jobtest::pid(r, 1), "python", 7, "stream 7");
        s.X(host, "ProfilerStep#1", "user_annotation", d + 0, 1000);
        s.X(host, "ProfilerStep#2", "user_annotation", d + 1000, 1000 + 100 * r);
        s.X(stream, "gemm", "kernel", d + 100, 200);
        const TimeNs arrival = r == 2 ? 60 : 20 * r;
        s.X(stream, "ncclKernel_AllReduce", "kernel", d + 400 + arrival, 400 - arrival);
        s.X(stream, "ncclKernel_AllReduce", "kernel", d + 1400 + arrival, 400 - arrival);
    };
}

} // namespace

class tst_JobAligner : public QObject {
    Q_OBJECT

private slots:
    void ranksAreTheLayoutsBlocks()
    {
        const auto store = jobtest::merged(fillShifted([](int) { return 0; }), 3);
        const strata::store::JobLayout layout = strata::store::JobLayout::of(*store);
        QVERIFY(layout.isJob());
        const std::vector<CollectiveRank> ranks = JobAligner::ranksOf(*store, layout);
        QCOMPARE(ranks.size(), size_t(3));
        for (size_t i = 0; i < ranks.size(); ++i) {
            const strata::store::JobRank& jr = layout.ranks()[i];
            QCOMPARE(ranks[i].rank, jr.rank);
            QCOMPARE(ranks[i].store, store.get());
            QCOMPARE(ranks[i].trackBegin, jr.trackBegin);
            QCOMPARE(ranks[i].trackEnd, jr.trackBegin + jr.trackCount);
            QCOMPARE(ranks[i].tracks.size(), size_t(1)); // stream 7; the host thread is not a device
            QCOMPARE(store->trackLabel(ranks[i].tracks[0]), std::string("stream 7"));
            QVERIFY(ranks[i].owns(ranks[i].tracks[0]));
        }
    }

    void defaultAlignment_data()
    {
        QTest::addColumn<qint64>("shift"); // rank 1's clock against the others'
        QTest::addColumn<int>("alignment");
        QTest::newRow("one clock") << qint64(0) << int(ClockAlignment::Recorded);
        QTest::newRow("close enough to overlap") << qint64(1500) << int(ClockAlignment::Recorded);
        QTest::newRow("ahead, apart") << qint64(1000000) << int(ClockAlignment::CollectiveEnds);
        QTest::newRow("behind, apart") << qint64(-1000000) << int(ClockAlignment::CollectiveEnds);
    }
    void defaultAlignment()
    {
        QFETCH(qint64, shift);
        const auto store = jobtest::merged(fillShifted([shift](int r) { return r == 1 ? shift : 0; }), 3);
        QTEST(int(JobAligner::defaultAlignment(*store, strata::store::JobLayout::of(*store))), "alignment");
    }

    void offsetsRecoverAShift_data()
    {
        QTest::addColumn<int>("alignment");
        QTest::addColumn<QList<qint64>>("offsets");
        // Rank 1 runs 5 ms ahead, rank 2 3 ms behind; collective ends are 20 and 60 ns late
        // by arrival, not by clock, so they come back exactly.
        QTest::newRow("recorded") << int(ClockAlignment::Recorded) << QList<qint64> { 0, 0, 0 };
        QTest::newRow("collective ends") << int(ClockAlignment::CollectiveEnds)
                                         << QList<qint64> { 0, 5000000, -3000000 };
        QTest::newRow("first step") << int(ClockAlignment::FirstStep) << QList<qint64> { 0, 5000000, -3000000 };
    }
    void offsetsRecoverAShift()
    {
        QFETCH(int, alignment);
        QFETCH(QList<qint64>, offsets);
        const auto store
            = jobtest::merged(fillShifted([](int r) { return r == 1 ? 5000000
                                                          : r == 2  ? -3000000
                                                                    : 0; }), 3);
        const std::vector<TimeNs> got
            = JobAligner::offsets(*store, strata::store::JobLayout::of(*store), ClockAlignment(alignment));
        QCOMPARE(QList<qint64>(got.begin(), got.end()), offsets);
    }

    void aRankWithoutDeviceWorkReadsNoOtherRank()
    {
        // Rank 1 only has a host thread: its device tracks are none, and none of rank 0's.
        const jobtest::RankFill fill = [](storetest::Builder& s, int r) {
            const uint32_t host = s.thread(jobtest::pid(r, 0), "python", 1, "main");
            s.X(host, "ProfilerStep#1", "user_annotation", 0, 1000);
            if (r == 0)
                s.X(s.thread(jobtest::pid(r, 1), "python", 7, "stream 7"), "ncclKernel_AllReduce", "kernel", 10, 5);
        };
        const auto store = jobtest::merged(fill, 2);
        const auto layout = strata::store::JobLayout::of(*store);
        const std::vector<CollectiveRank> ranks = JobAligner::ranksOf(*store, layout);
        QVERIFY(ranks[1].tracks.empty());
        QCOMPARE(JobAligner::offsets(*store, layout, ClockAlignment::CollectiveEnds), std::vector<TimeNs>(2, 0));
    }
};

QTEST_APPLESS_MAIN(tst_JobAligner)
#include "tst_jobaligner.moc"
