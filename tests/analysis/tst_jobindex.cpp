// JobIndex on jobs merged into one store by hand (tests/support/jobteststore.h): a store that
// is not a job gives an empty index; a job's collectives, straggler, waits, steps and time
// breakdown per rank equal what each rank's own store gives (as `strata-cli ranks` computes
// them), the offsets shown are the layout's, and the registry's kind "job" builds it.
#include <analysis/breakdown/breakdownindex.h>
#include <analysis/collectives/collectiveanalyzer.h>
#include <analysis/collectives/jobindex.h>
#include <analysis/indexes/indexregistry.h>
#include <support/jobteststore.h>

#include <QtTest>

using namespace strata::analysis;
using strata::store::TimeNs;
using strata::store::TrackId;

namespace {

const jobtest::RankFill fill = jobtest::plantedStraggler;

bool sameTimes(const BreakdownTimes& a, const BreakdownTimes& b)
{
    return a.spanNs == b.spanNs && a.idleNs == b.idleNs && a.computeNs == b.computeNs
        && a.nonComputeNs == b.nonComputeNs && a.communicationNs == b.communicationNs && a.memoryNs == b.memoryNs
        && a.otherNs == b.otherNs && a.commOverlapNs == b.commOverlapNs && a.commExposedNs == b.commExposedNs
        && a.idleCauses.hostWaitNs == b.idleCauses.hostWaitNs && a.idleCauses.kernelWaitNs == b.idleCauses.kernelWaitNs
        && a.idleCauses.otherNs == b.idleCauses.otherNs;
}

} // namespace

class tst_JobIndex : public QObject {
    Q_OBJECT

private slots:
    void notAJob()
    {
        const auto store = jobtest::single(fill, 0);
        const auto index = JobIndex::build(*store);
        QVERIFY(index); // not null: the registry would read null as "still to build"
        QVERIFY(!index->isJob());
        QVERIFY(index->figures().empty());
        QVERIFY(index->analysis().collectives.empty());
    }

    void equalsEachRanksOwnStore()
    {
        constexpr int kRanks = 3;
        const auto store = jobtest::merged(fill, kRanks);
        const auto index = JobIndex::build(*store);
        QVERIFY(index && index->isJob());
        // The same ranks as separate stores, analysed as strata-cli ranks does.
        std::vector<std::shared_ptr<const strata::store::EventStore>> singles;
        std::vector<CollectiveRank> inputs;
        for (int r = 0; r < kRanks; ++r) {
            singles.push_back(jobtest::single(fill, r));
            CollectiveRank in;
            in.rank = r;
            in.store = singles.back().get();
            inputs.push_back(in);
        }
        const CollectiveAnalysis want = CollectiveAnalyzer::analyze(inputs, ClockAlignment::Recorded);
        const CollectiveAnalysis& got = index->analysis();
        QCOMPARE(got.collectives.size(), size_t(2));
        QCOMPARE(got.collectives.size(), want.collectives.size());
        for (size_t c = 0; c < got.collectives.size(); ++c) {
            QCOMPARE(got.collectives[c].ranks, want.collectives[c].ranks);
            QCOMPARE(got.collectives[c].starts, want.collectives[c].starts);
            QCOMPARE(got.collectives[c].waits, want.collectives[c].waits);
            QCOMPARE(got.collectives[c].skewNs, want.collectives[c].skewNs);
            QCOMPARE(got.collectives[c].minDurNs, want.collectives[c].minDurNs);
            QCOMPARE(got.collectives[c].lastRank, 2);
            for (size_t k = 0; k < got.collectives[c].rows.size(); ++k) // the merged store's kernels
                QCOMPARE(store->str(store->sliceName(got.collectives[c].rows[k])), "ncclKernel_AllReduce");
        }
        QCOMPARE(got.straggler.rank, 2);
        QCOMPARE(got.straggler.lastArrivals, 2u);
        QCOMPARE(got.straggler.othersWaitNs, TimeNs(2 * (60 + 40)));
        for (int r = 0; r < kRanks; ++r) {
            QCOMPARE(got.ranks[size_t(r)].waitNs, want.ranks[size_t(r)].waitNs);
            QCOMPARE(got.ranks[size_t(r)].lastArrivals, want.ranks[size_t(r)].lastArrivals);
            QCOMPARE(got.steps[size_t(r)].size(), size_t(2)); // its own steps, none of the others'
            const JobRankFigures& f = index->figures()[size_t(r)];
            QCOMPARE(f.steps.count, size_t(2));
            QCOMPARE(f.steps.meanNs, TimeNs((1000 + 1000 + 100 * r) / 2));
            QCOMPARE(f.steps.maxNs, TimeNs(1000 + 100 * r));
            const BreakdownIndex own(*singles[size_t(r)]);
            QVERIFY2(sameTimes(f.breakdown, own.rank(singles[size_t(r)]->extent())), qPrintable(QString::number(r)));
            QCOMPARE(store->trackLabel(f.revealTrack), std::string("stream 7"));
        }
        QVERIFY(index->figures()[1].breakdown.commOverlapNs > 0); // the second stream's gemm
    }

    void offsetsAndAlignmentAreTheLayouts_data()
    {
        QTest::addColumn<QString>("alignment");
        QTest::addColumn<int>("expected");
        QTest::newRow("recorded") << "recorded" << int(ClockAlignment::Recorded);
        QTest::newRow("collectives") << "collectives" << int(ClockAlignment::CollectiveEnds);
        QTest::newRow("first step") << "first-step" << int(ClockAlignment::FirstStep);
    }
    void offsetsAndAlignmentAreTheLayouts()
    {
        QFETCH(QString, alignment);
        const auto store = jobtest::merged(fill, 3, alignment.toStdString(), { 0, 1500250, -7 });
        const auto index = JobIndex::build(*store);
        QTEST(int(index->alignment()), "expected");
        QTEST(int(index->analysis().alignment), "expected");
        QCOMPARE(index->analysis().ranks[1].offsetNs, TimeNs(1500250));
        QCOMPARE(index->analysis().ranks[2].offsetNs, TimeNs(-7));
        QCOMPARE(index->analysis().collectives.front().skewNs, TimeNs(60)); // the store's times, not moved again
    }

    void registryKindBuildsIt()
    {
        const IndexKind* kind = IndexRegistry::find(std::string("job"));
        QVERIFY(kind);
        QCOMPARE(kind->stage, IndexStage::Background);
        QVERIFY(!kind->persisted()); // rebuilt from the restored store and its layout
        const auto store = jobtest::merged(fill, 3);
        IndexSet set;
        QVERIFY(IndexRegistry::buildStage(IndexStage::AfterFirstPaint, *store, set));
        QVERIFY(IndexRegistry::buildStage(IndexStage::Background, *store, set));
        const auto index = set.get<JobIndex>();
        QVERIFY(index && index->isJob());
        QCOMPARE(index->analysis().straggler.rank, 2);
        // A store that is not a job still completes its stages.
        IndexSet plain;
        const auto single = jobtest::single(fill, 0);
        QVERIFY(IndexRegistry::buildStage(IndexStage::Background, *single, plain));
        QVERIFY(plain.get<JobIndex>() && !plain.get<JobIndex>()->isJob());
    }

    void cancelledGivesNull()
    {
        const auto store = jobtest::merged(fill, 2);
        std::atomic<bool> cancel { true };
        QVERIFY(!JobIndex::build(*store, nullptr, nullptr, &cancel));
    }

    void alignmentNamed()
    {
        for (ClockAlignment a : { ClockAlignment::Recorded, ClockAlignment::CollectiveEnds, ClockAlignment::FirstStep })
            QCOMPARE(JobIndex::alignmentNamed(clockAlignmentName(a)), std::optional<ClockAlignment>(a));
        QVERIFY(!JobIndex::alignmentNamed("").has_value());
    }
};

QTEST_APPLESS_MAIN(tst_JobIndex)
#include "tst_jobindex.moc"
