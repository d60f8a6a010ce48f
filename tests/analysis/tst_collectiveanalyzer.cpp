// CollectiveAnalyzer on a job from tests/bench/gen_job.py (tests/data/job_straggler: 4 ranks
// on 2 hosts whose clocks differ by 2500.125 µs, rank 1 planted as the straggler, 2 steps of
// 2 collectives), loaded as a user opens the files: the straggler is found, collective-end
// alignment recovers the host offsets to within 1 µs, and waits follow from the starts.
// Written by: tests/bench/gen_job.py tests/data/job_straggler --ranks 4 --events 24 --steps 2
//     --collectives 2 --straggler 1 --hosts 2 --host-offset-us 2500.125 --gzip
#include <analysis/collectives/collectiveanalyzer.h>
#include <analysis/operators/launchindex.h>
#include <profileloader.h>

#include <QtTest>

#include <memory>
#include <support/sourcedir.h>

using namespace strata::analysis;
using strata::importers::LoadResult;
using strata::importers::ProfileLoader;
using strata::store::TimeNs;

namespace {

constexpr TimeNs kHostOffsetNs = 2500125; // gen_job.py --host-offset-us 2500.125
constexpr int kStraggler = 1;

struct Job {
    std::vector<LoadResult> loads;
    std::vector<std::unique_ptr<LaunchIndex>> launches;
    std::vector<CollectiveRank> ranks;
};

std::unique_ptr<Job> loadJob()
{
    auto job = std::make_unique<Job>();
    for (int r = 0; r < 4; ++r) {
        const std::string path
            = strata::test::sourcePathUtf8("/tests/data/job_straggler/rank-") + std::to_string(r) + ".json.gz";
        job->loads.push_back(ProfileLoader::load(path));
        if (!job->loads.back().store)
            return nullptr;
        job->launches.push_back(std::make_unique<LaunchIndex>(*job->loads.back().store));
        CollectiveRank in;
        in.rank = r;
        in.store = job->loads.back().store.get();
        in.launches = job->launches.back().get();
        job->ranks.push_back(std::move(in));
    }
    return job;
}

} // namespace

class tst_CollectiveAnalyzer : public QObject {
    Q_OBJECT

private slots:
    void findsPlantedStraggler_data()
    {
        QTest::addColumn<int>("alignment");
        QTest::newRow("collective ends") << int(ClockAlignment::CollectiveEnds);
        QTest::newRow("first step") << int(ClockAlignment::FirstStep);
    }
    void findsPlantedStraggler()
    {
        QFETCH(int, alignment);
        const auto job = loadJob();
        QVERIFY(job);
        const CollectiveAnalysis a = CollectiveAnalyzer::analyze(job->ranks, ClockAlignment(alignment));
        QCOMPARE(a.collectives.size(), size_t(4));
        for (const MatchedCollective& c : a.collectives) {
            QCOMPARE(c.ranks.size(), size_t(4));
            QCOMPARE(c.lastRank, kStraggler);
            QVERIFY2(c.skewNs >= 40000 && c.skewNs <= 60000, qPrintable(QString::number(c.skewNs)));
            const TimeNs last = c.starts[kStraggler];
            for (size_t i = 0; i < c.ranks.size(); ++i)
                QCOMPARE(c.waits[i], last - c.starts[i]);
            QVERIFY(c.minDurNs > 0 && c.minDurNs <= c.ends[kStraggler] - c.starts[kStraggler]);
        }
        QCOMPARE(a.straggler.rank, kStraggler);
        QCOMPARE(a.straggler.lastArrivals, 4u);
        QCOMPARE(a.straggler.collectives, 4u);
        QCOMPARE(a.straggler.htaRank, kStraggler);
        QCOMPARE(a.ranks[kStraggler].waitNs, TimeNs(0));
        TimeNs others = 0;
        for (size_t r = 0; r < 4; ++r)
            others += a.ranks[r].waitNs;
        QCOMPARE(a.straggler.othersWaitNs, others);
        QCOMPARE(a.steps[0].size(), size_t(2));
        QCOMPARE(a.steps[0][0].name, std::string("ProfilerStep#10"));
    }

    void alignmentRecoversHostOffsets_data()
    {
        QTest::addColumn<int>("alignment");
        QTest::newRow("collective ends") << int(ClockAlignment::CollectiveEnds);
        QTest::newRow("first step") << int(ClockAlignment::FirstStep);
    }
    void alignmentRecoversHostOffsets()
    {
        QFETCH(int, alignment);
        const auto job = loadJob();
        QVERIFY(job);
        const CollectiveAnalysis a = CollectiveAnalyzer::analyze(job->ranks, ClockAlignment(alignment));
        for (int r = 0; r < 4; ++r) {
            const TimeNs expected = r >= 2 ? kHostOffsetNs : 0; // ranks 2 and 3 are on host 1
            QVERIFY2(std::llabs(a.ranks[size_t(r)].offsetNs - expected) < 1000,
                qPrintable(QStringLiteral("rank %1: offset %2").arg(r).arg(a.ranks[size_t(r)].offsetNs)));
        }
    }

    void recordedClocksBlameTheLateHost()
    {
        // As recorded, host 1's clock reads 2.5 ms late: its ranks seem to arrive last.
        const auto job = loadJob();
        QVERIFY(job);
        const CollectiveAnalysis a = CollectiveAnalyzer::analyze(job->ranks, ClockAlignment::Recorded);
        QCOMPARE(a.ranks[1].offsetNs, TimeNs(0));
        QVERIFY(a.straggler.rank == 2 || a.straggler.rank == 3);
        for (const MatchedCollective& c : a.collectives)
            QVERIFY(c.skewNs > kHostOffsetNs - 10000); // less the arrival jitter (under 10 µs)
    }

    void tracksLimitTheRank()
    {
        // Only the compute stream: no communication kernel, nothing matched.
        const auto job = loadJob();
        QVERIFY(job);
        for (CollectiveRank& r : job->ranks) {
            for (uint32_t t = 0; t < r.store->trackCount(); ++t)
                if (r.store->trackLabel(strata::store::TrackId(t)) == "stream 7")
                    r.tracks.push_back(strata::store::TrackId(t));
            QCOMPARE(r.tracks.size(), size_t(1));
        }
        const CollectiveAnalysis a = CollectiveAnalyzer::analyze(job->ranks, ClockAlignment::Recorded);
        QVERIFY(a.collectives.empty());
        QCOMPARE(a.straggler.rank, -1);
    }
};

QTEST_APPLESS_MAIN(tst_CollectiveAnalyzer)
#include "tst_collectiveanalyzer.moc"
