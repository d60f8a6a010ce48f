// The clock-offset findings rule over jobs of 8 ranks in gen_job.py's pattern
// (support/clockjob.h), each rank its own store, analysed "as recorded": it fires when hosts'
// clocks differ by 200 or 1500.25 µs, never on one host or without an offset, nor once the
// job is aligned by collective ends; its numbers, ranges and thresholds.
#include <analysis/collectives/collectiveanalyzer.h>
#include <analysis/findings/findingrule.h>
#include <analysis/findings/findingsengine.h>
#include <support/clockjob.h>

#include <QtTest>

#include <cstdlib>

using namespace strata::analysis;
using strata::store::TimeNs;

namespace {

struct Job {
    clockjob::Singles singles;
    CollectiveAnalysis analysis;
    JobFindingInputs inputs;
};

std::unique_ptr<Job> jobOf(int hosts, TimeNs offsetNs, ClockAlignment alignment)
{
    auto job = std::make_unique<Job>();
    job->singles = clockjob::singles(clockjob::shapeOf(hosts, offsetNs));
    for (const CollectiveRank& r : job->singles.ranks)
        job->inputs.ranks.push_back({ r.rank, r.store, r.store->extent() });
    job->analysis = CollectiveAnalyzer::analyze(job->singles.ranks, alignment);
    job->inputs.collectives = &job->analysis;
    return job;
}

const Finding* clockFinding(const FindingsResult& r)
{
    for (const Finding& f : r.findings)
        if (f.id == "clock-offset")
            return &f;
    return nullptr;
}

} // namespace

class tst_ClockOffsetRule : public QObject {
    Q_OBJECT

private slots:
    void fires_data()
    {
        QTest::addColumn<int>("hosts");
        QTest::addColumn<qint64>("offsetNs");
        QTest::addColumn<int>("alignment");
        QTest::addColumn<QString>("title"); // empty: no finding
        const int recorded = int(ClockAlignment::Recorded);
        QTest::newRow("1 host, 1500.25 µs") << 1 << qint64(1500250) << recorded << QString();
        QTest::newRow("2 hosts, no offset") << 2 << qint64(0) << recorded << QString();
        QTest::newRow("2 hosts, 200 µs") << 2 << qint64(200000) << recorded
                                         << "The clocks of ranks 4–7 look offset from rank 0's";
        QTest::newRow("2 hosts, 1500.25 µs")
            << 2 << qint64(1500250) << recorded << "The clocks of ranks 4–7 look offset from rank 0's";
        QTest::newRow("8 hosts, 200 µs") << 8 << qint64(200000) << recorded
                                         << "The clocks of ranks 1–7 look offset from rank 0's";
        QTest::newRow("2 hosts, 1500.25 µs, aligned by collective ends")
            << 2 << qint64(1500250) << int(ClockAlignment::CollectiveEnds) << QString();
    }
    void fires()
    {
        QFETCH(int, hosts);
        QFETCH(qint64, offsetNs);
        QFETCH(int, alignment);
        QFETCH(QString, title);
        const auto job = jobOf(hosts, offsetNs, ClockAlignment(alignment));
        const FindingsResult r = FindingsEngine::runJob(job->inputs, FindingThresholds());
        const Finding* f = clockFinding(r);
        QCOMPARE(f != nullptr, !title.isEmpty());
        if (!f)
            return;
        QCOMPARE(QString::fromStdString(f->title), title);
        QCOMPARE(f->rank, int64_t(-1)); // about the job
        QCOMPARE(f->unit, std::string("µs"));
        QCOMPARE(f->threshold, 50.0);
        // The largest offset: the last host's.
        QVERIFY2(std::abs(f->value - double(hosts - 1) * double(offsetNs) / 1000) < 1,
            qPrintable(QString::number(f->value)));
        const ClockOffsetHint& hint = job->analysis.clockHint;
        QCOMPARE(f->atStakeNs, (hint.waitNs - hint.alignedWaitNs) / 8);
        QVERIFY(!f->ranges.empty() && f->ranges.size() <= FindingRule::kMaxRanges);
        for (size_t i = 0; i < f->ranges.size(); ++i) {
            QVERIFY(f->ranges[i].rank >= 0 && f->ranges[i].rank < 8);
            QVERIFY(f->ranges[i].end > f->ranges[i].start);
            if (i > 0) // longest first
                QVERIFY(f->ranges[i].end - f->ranges[i].start <= f->ranges[i - 1].end - f->ranges[i - 1].start);
        }
        QCOMPARE(f->operators, std::vector<std::string> { clockjob::kAllReduce });
        QVERIFY(f->cause.find("end every collective") != std::string::npos);
        QVERIFY(f->action.find("Align by collective ends") != std::string::npos);
    }

    void thresholds_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<double>("value");
        QTest::addColumn<bool>("fires");
        // 2 hosts 200 µs apart; their ends scatter by well under 1 µs.
        QTest::newRow("offset threshold under it") << "clock-offset.offset_us" << 199.0 << true;
        QTest::newRow("offset threshold over it") << "clock-offset.offset_us" << 201.0 << false;
        QTest::newRow("spread ratio out of reach") << "clock-offset.spread_ratio" << 1e9 << false;
    }
    void thresholds()
    {
        QFETCH(QString, key);
        QFETCH(double, value);
        FindingThresholds t;
        QVERIFY(t.set(key.toStdString(), value));
        const auto job = jobOf(2, 200000, ClockAlignment::Recorded);
        QTEST(clockFinding(FindingsEngine::runJob(job->inputs, t)) != nullptr, "fires");
    }

    void noCollectives()
    {
        auto job = jobOf(2, 200000, ClockAlignment::Recorded);
        job->analysis.collectives.clear();
        const FindingsResult r = FindingsEngine::runJob(job->inputs, FindingThresholds());
        for (const RuleOutcome& o : r.rules)
            if (o.id == "clock-offset") {
                QVERIFY(!o.ran);
                QCOMPARE(o.whyNot, std::string("no collectives matched across the ranks"));
            }
        QVERIFY(!clockFinding(r));
    }
};

QTEST_APPLESS_MAIN(tst_ClockOffsetRule)
#include "tst_clockoffsetrule.moc"
