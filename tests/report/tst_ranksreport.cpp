// RanksReport on two hand-made ranks whose clocks differ: the JSON's times aligned and
// relative to the job's start, rank numbers in place of the analysis's indexes, nulls where
// there is no answer, the breakdown's keys per rank, and the text's straggler sentence.
#include <support/storetestutil.h>

#include <analysis/breakdown/breakdowncalculator.h>
#include <analysis/collectives/collectiveanalyzer.h>
#include <report/ranksreport.h>
#include <store/storefinalizer.h>

#include <QtTest>

#include <memory>

using namespace strata;
using namespace strata::store;
using report::Json;
using report::RanksReport;
using storetest::Builder;

namespace {

// Rank `rank`: a step at `shift` + 0, a gemm, and an all-reduce arriving at shift + arrive,
// ending at shift + 300. Rank 7's clock reads 1000 ns later than rank 2's.
std::shared_ptr<const EventStore> rankStore(int rank, TimeNs shift, TimeNs arrive)
{
    Builder s;
    const uint32_t host = s.thread(100, "python", 100, "main");
    const uint32_t s7 = s.thread(0, "python", 7, "stream 7");
    const uint32_t s24 = s.thread(0, "python", 24, "stream 24");
    s.X(host, "ProfilerStep#1", "user_annotation", shift, 400);
    s.X(s7, "gemm", "kernel", shift + 10, 90);
    s.X(s24, "ncclKernel_AllReduce", "kernel", shift + arrive, 300 - arrive);
    s.b.addMetadata("distributedInfo.rank", std::to_string(rank));
    return StoreFinalizer::finalize(s.b);
}

struct Job {
    std::vector<std::shared_ptr<const EventStore>> stores;
    std::unique_ptr<RanksReport> report;
};

Job job(analysis::ClockAlignment alignment)
{
    Job j;
    j.stores = { rankStore(2, 0, 100), rankStore(7, 1000, 40) };
    std::vector<report::BreakdownReport::Rank> ranks;
    std::vector<analysis::CollectiveRank> inputs;
    for (size_t i = 0; i < j.stores.size(); ++i) {
        const EventStore& s = *j.stores[i];
        const analysis::BreakdownIndex index(s);
        ranks.push_back(
            { "r" + std::to_string(i) + ".json", &s, analysis::BreakdownCalculator::compute(s, index, s.extent()) });
        analysis::CollectiveRank in;
        in.rank = *ranks.back().breakdown.rank;
        in.store = &s;
        inputs.push_back(std::move(in));
    }
    j.report
        = std::make_unique<RanksReport>(std::move(ranks), analysis::CollectiveAnalyzer::analyze(inputs, alignment));
    return j;
}

} // namespace

class tst_RanksReport : public QObject {
    Q_OBJECT

private slots:
    void alignedJson()
    {
        const Job j = job(analysis::ClockAlignment::CollectiveEnds);
        const Json out = j.report->toJson();
        QCOMPARE(out["alignment"].get<std::string>(), std::string("collectives"));
        const Json& r0 = out["ranks"][0];
        const Json& r1 = out["ranks"][1];
        QCOMPARE(r0["rank"].get<int>(), 2);
        QCOMPARE(r1["rank"].get<int>(), 7);
        QCOMPARE(r1["offset_ns"].get<int64_t>(), int64_t(1000)); // both end at 300 on their own clocks
        QCOMPARE(r1["steps"][0]["start_ns"].get<int64_t>(), int64_t(0)); // aligned: both steps at the job's start
        QCOMPARE(r1["steps"][0]["dur_ns"].get<int64_t>(), int64_t(400));
        QCOMPARE(r1["steps"][0]["name"].get<std::string>(), std::string("ProfilerStep#1"));
        QVERIFY(r0.contains("span_ns") && r0.contains("devices") && r0.contains("idle_causes"));
        const Json& c = out["collectives"][0];
        QCOMPARE(c["ranks"], Json::parse("[2, 7]"));
        QCOMPARE(c["starts_ns"], Json::parse("[100, 40]"));
        QCOMPARE(c["waits_ns"], Json::parse("[0, 60]"));
        QCOMPARE(c["skew_ns"].get<int64_t>(), int64_t(60));
        QCOMPARE(c["min_dur_ns"].get<int64_t>(), int64_t(200));
        QCOMPARE(c["last_rank"].get<int>(), 2);
        QCOMPARE(out["straggler"]["rank"].get<int>(), 2);
        QCOMPARE(out["straggler"]["others_wait_ns"].get<int64_t>(), int64_t(60));
        QVERIFY(out["straggler"]["hta_rank"].is_null()); // no launch links: HTA has no iteration
        QCOMPARE(r1["wait_ns"].get<int64_t>(), int64_t(60));
        QCOMPARE(r0["last_arrivals"].get<int>(), 1);
    }

    void recordedJson()
    {
        // As recorded rank 7 arrives at 1040, after rank 2's 100: it seems the straggler.
        const Json out = job(analysis::ClockAlignment::Recorded).report->toJson();
        QCOMPARE(out["ranks"][1]["offset_ns"].get<int64_t>(), int64_t(0));
        QCOMPARE(out["collectives"][0]["starts_ns"], Json::parse("[100, 1040]"));
        QCOMPARE(out["collectives"][0]["last_rank"].get<int>(), 7);
        QCOMPARE(out["straggler"]["rank"].get<int>(), 7);
    }

    void text()
    {
        const std::string text = job(analysis::ClockAlignment::CollectiveEnds).report->text();
        QVERIFY2(text.find("straggler   rank 2: arrived last at 1 of 1 collectives; the others waited 60 ns in all")
                != std::string::npos,
            text.c_str());
        QVERIFY(text.find("HTA         no answer") != std::string::npos);
        QVERIFY(text.find("ncclKernel_AllReduce") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(tst_RanksReport)
#include "tst_ranksreport.moc"
