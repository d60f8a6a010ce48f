// ClockOffsetCheck on jobs of 8 ranks in tests/bench/gen_job.py's pattern (support/clockjob.h):
// on 1, 2 or 8 hosts whose clocks differ by 0, 30, 200 or 1500.25 µs, with a straggler whose
// lateness varies, each rank its own store as its file loads, analysed "as recorded". The
// ranks off the reference's host are named, with their offsets to within 1 µs, when the
// offset reaches the minimum; never the straggler alone. Also: ends that never agree, the
// waits with and without the offsets, and the grouping by shared offset.
#include <analysis/collectives/clockoffsetcheck.h>
#include <analysis/collectives/collectiveanalyzer.h>
#include <support/clockjob.h>

#include <QtTest>

#include <cstdlib>
#include <set>

using namespace strata::analysis;
using strata::store::TimeNs;

namespace {

// A collective of `ends.size()` ranks starting at 0 and ending at `ends`.
MatchedCollective collective(const std::vector<TimeNs>& starts, const std::vector<TimeNs>& ends)
{
    MatchedCollective c;
    for (size_t i = 0; i < ends.size(); ++i) {
        c.ranks.push_back(uint32_t(i));
        c.starts.push_back(starts[i]);
        c.ends.push_back(ends[i]);
    }
    return c;
}

} // namespace

class tst_ClockOffsetCheck : public QObject {
    Q_OBJECT

private slots:
    void generatedJobs_data()
    {
        QTest::addColumn<int>("hosts");
        QTest::addColumn<qint64>("offsetNs");
        QTest::addColumn<bool>("suspected");
        for (int hosts : { 1, 2, 8 })
            for (qint64 offset : { 0, 30000, 200000, 1500250 }) {
                // One host has one clock; an offset under the 50 µs minimum is left alone (on 8
                // hosts, host h reads h x 30 µs late: hosts 2 and up reach it).
                const bool suspected = hosts > 1 && (hosts - 1) * offset >= ClockOffsetCheck::kMinOffsetNs;
                QTest::addRow("%d hosts, %lld ns", hosts, offset) << hosts << offset << suspected;
            }
    }
    void generatedJobs()
    {
        QFETCH(int, hosts);
        QFETCH(qint64, offsetNs);
        QFETCH(bool, suspected);
        const clockjob::Shape shape = clockjob::shapeOf(hosts, offsetNs);
        const clockjob::Singles ranks = clockjob::singles(shape);
        const CollectiveAnalysis a = CollectiveAnalyzer::analyze(ranks.ranks, ClockAlignment::Recorded);
        QCOMPARE(a.collectives.size(), size_t(2 * shape.steps));
        const ClockOffsetHint& hint = a.clockHint;
        QCOMPARE(hint.suspected(), suspected);
        if (!suspected)
            return;
        // Every rank whose host's offset reaches the minimum, with that offset.
        std::vector<uint32_t> named;
        for (const ClockOffsetRank& r : hint.ranks) {
            named.push_back(r.index);
            const TimeNs expected = clockjob::clockOf(shape, int(r.index));
            QVERIFY2(std::abs(r.offsetNs - expected) <= 1000,
                qPrintable(QStringLiteral("rank %1: %2 ns").arg(r.index).arg(r.offsetNs)));
            QVERIFY(r.spreadNs <= 200);
            QCOMPARE(r.collectives, uint32_t(2 * shape.steps));
        }
        std::vector<uint32_t> offHost;
        for (int r = 0; r < shape.ranks; ++r)
            if (clockjob::clockOf(shape, r) >= ClockOffsetCheck::kMinOffsetNs)
                offHost.push_back(uint32_t(r));
        QCOMPARE(named, offHost);
        // The waits the offsets made up go once aligned: what --align collectives measures.
        const CollectiveAnalysis aligned = CollectiveAnalyzer::analyze(ranks.ranks, ClockAlignment::CollectiveEnds);
        TimeNs alignedWait = 0, recordedWait = 0;
        for (size_t r = 0; r < aligned.ranks.size(); ++r) {
            alignedWait += aligned.ranks[r].waitNs;
            recordedWait += a.ranks[r].waitNs;
        }
        QCOMPARE(hint.waitNs, recordedWait);
        QCOMPARE(hint.alignedWaitNs, alignedWait);
        QVERIFY(hint.alignedWaitNs < hint.waitNs);
        QVERIFY(aligned.clockHint.ranks.empty()); // aligned: nothing left to tell
        // Ranks of one host share one offset: one group per host named, up to 3.
        std::set<TimeNs> hostsNamed;
        for (uint32_t r : named)
            hostsNamed.insert(clockjob::clockOf(shape, int(r)));
        const auto groups = ClockOffsetCheck::groups(hint);
        QCOMPARE(groups.size(), hostsNamed.size() > 3 ? size_t(1) : hostsNamed.size());
        QCOMPARE(groups.front().shared, hostsNamed.size() <= 3);
    }

    void endsThatNeverAgree()
    {
        // Rank 1's ends lie 80 µs after rank 0's in the median, but 70 µs from that in the
        // median too (rank 2's twice that): the spread rules the offsets out.
        std::vector<MatchedCollective> cs;
        const TimeNs gaps[] = { 80000, 0, 160000, 80000, 10000, 150000, 90000 };
        for (TimeNs g : gaps)
            cs.push_back(collective({ 0, 0, 0 }, { 100000, 100000 + g, 100000 + 2 * g }));
        QVERIFY(!ClockOffsetCheck::check(cs, 3).suspected());
        // The same median gap, every time: suspected.
        cs.clear();
        for (int i = 0; i < 7; ++i)
            cs.push_back(collective({ 0, 80000, 0 }, { 100000, 180000, 100000 }));
        const ClockOffsetHint hint = ClockOffsetCheck::check(cs, 3);
        QCOMPARE(hint.ranks.size(), size_t(1));
        QCOMPARE(hint.ranks[0].index, 1u);
        QCOMPARE(hint.ranks[0].offsetNs, TimeNs(80000));
        QCOMPARE(hint.waitNs, TimeNs(7 * 2 * 80000)); // ranks 0 and 2 wait for rank 1's clock
        QCOMPARE(hint.alignedWaitNs, TimeNs(0));
    }

    void tooFewCollectives()
    {
        std::vector<MatchedCollective> cs(
            ClockOffsetCheck::kMinCollectives - 1, collective({ 0, 500000 }, { 1000, 501000 }));
        QVERIFY(!ClockOffsetCheck::check(cs, 2).suspected());
        cs.push_back(cs.front());
        QVERIFY(ClockOffsetCheck::check(cs, 2).suspected());
    }

    void thresholds_data()
    {
        QTest::addColumn<qint64>("minOffsetNs");
        QTest::addColumn<double>("ratio");
        QTest::addColumn<bool>("suspected");
        // Rank 1: offset 100 µs, its ends 2 µs from the reference's in the median once aligned.
        QTest::newRow("defaults") << qint64(ClockOffsetCheck::kMinOffsetNs) << ClockOffsetCheck::kSpreadRatio << true;
        QTest::newRow("minimum above the offset") << qint64(150000) << 10.0 << false;
        QTest::newRow("ratio above offset / spread") << qint64(50000) << 60.0 << false;
    }
    void thresholds()
    {
        QFETCH(qint64, minOffsetNs);
        QFETCH(double, ratio);
        std::vector<MatchedCollective> cs;
        for (int i = 0; i < 5; ++i) {
            const TimeNs wobble = (i % 3 - 1) * 2000;
            cs.push_back(collective({ 0, 100000, 0 }, { 10000, 110000 + wobble, 10000 }));
        }
        QTEST(ClockOffsetCheck::check(cs, 3, minOffsetNs, ratio).suspected(), "suspected");
    }

    void groups()
    {
        ClockOffsetHint hint;
        hint.ranks = { { 1, 1500000, 20, 8 }, { 2, -300000, 10, 8 }, { 3, 1500400, 50, 8 }, { 4, 1502000, 20, 8 } };
        const auto g = ClockOffsetCheck::groups(hint);
        QCOMPARE(g.size(), size_t(3)); // -300 µs; 1500.0 and 1500.4 (within 1 µs); 1502.0
        QCOMPARE(g[0].indexes, std::vector<uint32_t> { 2 });
        QCOMPARE(g[1].indexes, (std::vector<uint32_t> { 1, 3 }));
        QCOMPARE(g[1].offsetNs, TimeNs(1500400)); // the upper middle of two
        QCOMPARE(g[1].minNs, TimeNs(1500000));
        QCOMPARE(g[1].maxNs, TimeNs(1500400));
        QVERIFY(g[1].shared);
        QCOMPARE(g[2].indexes, std::vector<uint32_t> { 4 });
        // More runs than asked for: every rank in one, with the range of their offsets.
        const auto one = ClockOffsetCheck::groups(hint, 2);
        QCOMPARE(one.size(), size_t(1));
        QCOMPARE(one[0].indexes, (std::vector<uint32_t> { 1, 2, 3, 4 }));
        QCOMPARE(one[0].minNs, TimeNs(-300000));
        QCOMPARE(one[0].maxNs, TimeNs(1502000));
        QVERIFY(!one[0].shared);
    }
};

QTEST_APPLESS_MAIN(tst_ClockOffsetCheck)
#include "tst_clockoffsetcheck.moc"
