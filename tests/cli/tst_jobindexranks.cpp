// The Ranks dock's figures equal strata-cli ranks --json: tests/data/job_straggler's 4 ranks
// loaded as the GUI opens a job (ProfileLoader per rank, store::StoreMerger into one store,
// the offsets of the alignment from analysis::JobAligner applied with StoreMerger::shiftRanks)
// give an analysis::JobIndex whose every rank's figures (offset, wait, last arrivals, steps,
// time breakdown) and every collective's (ranks, skew, shortest duration, last rank, starts,
// waits) and the straggler are what strata-cli computes from the per-rank stores; and the
// Ranks dock's JSON export (report::RanksReport::ofJob over that store) is, byte for byte,
// what strata-cli ranks --json prints, on every alignment.
#include "clirun.h"

#include <analysis/breakdown/breakdowncalculator.h>
#include <analysis/collectives/jobaligner.h>
#include <analysis/collectives/jobindex.h>
#include <analysis/operators/launchindex.h>
#include <profileloader.h>
#include <report/ranksreport.h>
#include <store/storemerger.h>

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <support/sourcedir.h>

using namespace strata;
using store::TimeNs;

namespace {

const QString kJob = strata::test::sourcePath("/tests/data/job_straggler");

// The job's store as the GUI opens it, aligned as `alignment` says.
std::shared_ptr<store::EventStore> openJob(analysis::ClockAlignment alignment)
{
    store::StoreMerger merger(analysis::clockAlignmentName(alignment));
    for (int r = 0; r < 4; ++r) {
        const std::string path = kJob.toStdString() + "/rank-" + std::to_string(r) + ".json.gz";
        importers::LoadResult load = importers::ProfileLoader::load(path);
        if (!load.store)
            return nullptr;
        const std::optional<int64_t> rank = analysis::BreakdownCalculator::rankOf(*load.store);
        merger.append(rank.value_or(r), path, !rank, std::move(load.store));
    }
    std::shared_ptr<store::EventStore> merged = merger.finish();
    const std::vector<TimeNs> offsets
        = analysis::JobAligner::offsets(*merged, store::JobLayout::of(*merged), alignment);
    store::StoreMerger::shiftRanks(*merged, offsets, analysis::clockAlignmentName(alignment));
    return merged;
}

qint64 ns(const QJsonValue& v)
{
    return v.toVariant().toLongLong();
}

} // namespace

class tst_JobIndexRanks : public QObject {
    Q_OBJECT
private slots:
    void equalsRanksJson_data()
    {
        QTest::addColumn<int>("alignmentColumn");
        QTest::newRow("recorded") << int(analysis::ClockAlignment::Recorded);
        QTest::newRow("collectives") << int(analysis::ClockAlignment::CollectiveEnds);
        QTest::newRow("first-step") << int(analysis::ClockAlignment::FirstStep);
    }
    void exportEqualsRanksJsonBytes_data() { equalsRanksJson_data(); }
    void exportEqualsRanksJsonBytes()
    {
        QFETCH(int, alignmentColumn);
        const auto alignment = analysis::ClockAlignment(alignmentColumn);
        const Run cli = runCli({ "ranks", kJob, "--json", "--align", analysis::clockAlignmentName(alignment) });
        QCOMPARE(cli.exitCode, 0);
        const std::shared_ptr<store::EventStore> merged = openJob(alignment);
        QVERIFY(merged);
        const auto launches = std::make_unique<analysis::LaunchIndex>(*merged);
        const analysis::BreakdownIndex withLaunches(*merged, launches.get());
        const auto index = analysis::JobIndex::build(*merged, launches.get(), &withLaunches);
        QVERIFY(index && index->isJob());
        const std::string json = report::RanksReport::ofJob(*merged, *index, withLaunches).json();
        QCOMPARE(QByteArray::fromStdString(json), cli.out);
    }

    void equalsRanksJson()
    {
        QFETCH(int, alignmentColumn);
        const auto alignment = analysis::ClockAlignment(alignmentColumn);
        const Run cli = runCli({ "ranks", kJob, "--json", "--align", analysis::clockAlignmentName(alignment) });
        QCOMPARE(cli.exitCode, 0);
        const QJsonObject want = QJsonDocument::fromJson(cli.out).object();
        const std::shared_ptr<store::EventStore> merged = openJob(alignment);
        QVERIFY(merged);
        const auto index = analysis::JobIndex::build(*merged);
        QVERIFY(index && index->isJob());
        QCOMPARE(want["alignment"].toString(), QString(analysis::clockAlignmentName(index->alignment())));
        const analysis::CollectiveAnalysis& a = index->analysis();
        const TimeNs origin = merged->extent().start; // the JSON's times count from the job's start

        const QJsonArray ranks = want["ranks"].toArray();
        QCOMPARE(size_t(ranks.size()), index->figures().size());
        for (int i = 0; i < ranks.size(); ++i) {
            const QJsonObject r = ranks[i].toObject();
            const size_t k = size_t(i);
            const analysis::JobRankFigures& f = index->figures()[k];
            QCOMPARE(r["rank"].toInt(), int(index->layout().ranks()[k].rank));
            QCOMPARE(QFileInfo(r["file"].toString()).fileName(),
                QFileInfo(QString::fromStdString(index->layout().ranks()[k].file)).fileName());
            QCOMPARE(ns(r["offset_ns"]), qint64(a.ranks[k].offsetNs));
            QCOMPARE(ns(r["wait_ns"]), qint64(a.ranks[k].waitNs));
            QCOMPARE(r["last_arrivals"].toInt(), int(a.ranks[k].lastArrivals));
            const QJsonArray steps = r["steps"].toArray();
            QCOMPARE(size_t(steps.size()), f.steps.count);
            TimeNs sum = 0, most = 0;
            for (int s = 0; s < steps.size(); ++s) {
                const QJsonObject step = steps[s].toObject();
                QCOMPARE(step["name"].toString().toStdString(), a.steps[k][size_t(s)].name);
                QCOMPARE(ns(step["start_ns"]), qint64(a.steps[k][size_t(s)].start - origin));
                sum += ns(step["dur_ns"]);
                most = std::max<TimeNs>(most, ns(step["dur_ns"]));
            }
            QCOMPARE(f.steps.meanNs, sum / TimeNs(steps.size()));
            QCOMPARE(f.steps.maxNs, most);
            const analysis::BreakdownTimes& t = f.breakdown;
            QCOMPARE(ns(r["span_ns"]), qint64(t.spanNs));
            QCOMPARE(ns(r["idle_ns"]), qint64(t.idleNs));
            QCOMPARE(ns(r["compute_ns"]), qint64(t.computeNs));
            QCOMPARE(ns(r["communication_ns"]), qint64(t.communicationNs));
            QCOMPARE(ns(r["comm_overlap_ns"]), qint64(t.commOverlapNs));
            QCOMPARE(ns(r["comm_exposed_ns"]), qint64(t.commExposedNs));
            QCOMPARE(ns(r["memory_ns"]), qint64(t.memoryNs));
            QCOMPARE(ns(r["other_ns"]), qint64(t.otherNs));
            const QJsonObject causes = r["idle_causes"].toObject();
            QCOMPARE(ns(causes["host_wait_ns"]), qint64(t.idleCauses.hostWaitNs));
            QCOMPARE(ns(causes["kernel_wait_ns"]), qint64(t.idleCauses.kernelWaitNs));
            QCOMPARE(ns(causes["other_ns"]), qint64(t.idleCauses.otherNs));
        }

        const QJsonArray collectives = want["collectives"].toArray();
        QCOMPARE(size_t(collectives.size()), a.collectives.size());
        QVERIFY(!a.collectives.empty());
        for (int c = 0; c < collectives.size(); ++c) {
            const QJsonObject j = collectives[c].toObject();
            const analysis::MatchedCollective& m = a.collectives[size_t(c)];
            QCOMPARE(j["index"].toInt(), int(m.index));
            QCOMPARE(j["name"].toString().toStdString(), m.name);
            QCOMPARE(ns(j["skew_ns"]), qint64(m.skewNs));
            QCOMPARE(ns(j["min_dur_ns"]), qint64(m.minDurNs));
            QCOMPARE(
                j["last_rank"].toInt(-1), m.lastRank < 0 ? -1 : int(index->layout().ranks()[size_t(m.lastRank)].rank));
            const QJsonArray members = j["ranks"].toArray(), starts = j["starts_ns"].toArray(),
                             waits = j["waits_ns"].toArray();
            QCOMPARE(size_t(members.size()), m.ranks.size());
            for (int k = 0; k < members.size(); ++k) {
                QCOMPARE(members[k].toInt(), int(index->layout().ranks()[m.ranks[size_t(k)]].rank));
                QCOMPARE(ns(starts[k]), qint64(m.starts[size_t(k)] - origin));
                QCOMPARE(ns(waits[k]), qint64(m.waits[size_t(k)]));
            }
        }

        const QJsonObject s = want["straggler"].toObject();
        const analysis::StragglerVerdict& v = a.straggler;
        QCOMPARE(s["rank"].toInt(-1), v.rank < 0 ? -1 : int(index->layout().ranks()[size_t(v.rank)].rank));
        QCOMPARE(s["last_arrivals"].toInt(), int(v.lastArrivals));
        QCOMPARE(s["collectives"].toInt(), int(v.collectives));
        QCOMPARE(ns(s["others_wait_ns"]), qint64(v.othersWaitNs));
        QCOMPARE(s["hta_rank"].toInt(-1), v.htaRank < 0 ? -1 : int(index->layout().ranks()[size_t(v.htaRank)].rank));
        if (alignment != analysis::ClockAlignment::Recorded) // as recorded, the hosts' clocks hide it
            QCOMPARE(s["rank"].toInt(), 1); // the planted straggler
    }
};

QTEST_APPLESS_MAIN(tst_JobIndexRanks)
#include "tst_jobindexranks.moc"
