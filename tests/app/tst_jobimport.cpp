// JobImport: a job's ranks load as one store put on the clock alignment asked (or the
// default); a store re-aligned goes back to its recorded times first, so any alignment
// reached from any other gives the same store; a .strata file of a job is a job again.
#include "cachehome.h"
#include <loading/jobimport.h>
#include <support/jobfolder.h>
#include <support/storedump.h>

#include <job/jobgrouper.h>
#include <job/jobloader.h>
#include <store/eventstore.h>
#include <store/joblayout.h>

#include <QTest>

#include <cstdlib>

using namespace strata;
using analysis::ClockAlignment;
using app::JobImport;
using app::JobReport;

namespace {

// A second host's clock in the test job runs 2500.125 µs ahead (tst_cliranks).
const std::vector<store::TimeNs> kHostOffsets { 0, 0, 2500125, 2500125 };

importers::CacheOptions noCache()
{
    importers::CacheOptions o;
    o.enabled = false;
    return o;
}

importers::job::JobPlan plan()
{
    return importers::job::JobGrouper::plan({ jobfolder::kJob.toStdString() });
}

// The job as merged, every offset 0 (the store before JobImport aligns it).
std::shared_ptr<store::EventStore> recorded()
{
    importers::job::JobLoader::Result r = importers::job::JobLoader::load(plan(), {}, noCache(), 2);
    return r.merged.store ? std::const_pointer_cast<store::EventStore>(r.merged.store) : nullptr;
}

std::vector<store::TimeNs> offsetsOf(const store::EventStore& s)
{
    std::vector<store::TimeNs> out;
    const store::JobLayout layout = store::JobLayout::of(s);
    for (const store::JobRank& r : layout.ranks())
        out.push_back(r.offsetNs);
    return out;
}

bool near(const std::vector<store::TimeNs>& a, const std::vector<store::TimeNs>& b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::llabs(a[i] - b[i]) >= 1000)
            return false;
    return true;
}

} // namespace

class tst_JobImport : public QObject {
    Q_OBJECT
private slots:
    void alignmentNamed_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("alignment"); // -1: none
        QTest::newRow("recorded") << "recorded" << int(ClockAlignment::Recorded);
        QTest::newRow("collectives") << "collectives" << int(ClockAlignment::CollectiveEnds);
        QTest::newRow("first-step") << "first-step" << int(ClockAlignment::FirstStep);
        QTest::newRow("empty: the default") << "" << -1;
        QTest::newRow("a compare alignment") << "trace-start" << -1;
    }

    void alignmentNamed()
    {
        QFETCH(QString, name);
        QFETCH(int, alignment);
        const auto a = JobImport::alignmentNamed(name.toStdString());
        QCOMPARE(a ? int(*a) : -1, alignment);
    }

    // From the recorded times to an alignment, to another, and back: every path gives the
    // store the direct one gives, with the layout naming the alignment and its offsets.
    void realignGoesThroughTheRecordedTimes_data()
    {
        QTest::addColumn<int>("first");
        QTest::addColumn<int>("then");
        QTest::addColumn<bool>("hostsApart"); // `then` puts the second host back on the first's clock
        QTest::newRow("collectives, then recorded")
            << int(ClockAlignment::CollectiveEnds) << int(ClockAlignment::Recorded) << false;
        QTest::newRow("first step, then collectives")
            << int(ClockAlignment::FirstStep) << int(ClockAlignment::CollectiveEnds) << true;
        QTest::newRow("recorded, then first step")
            << int(ClockAlignment::Recorded) << int(ClockAlignment::FirstStep) << true;
    }

    void realignGoesThroughTheRecordedTimes()
    {
        QFETCH(int, first);
        QFETCH(int, then);
        QFETCH(bool, hostsApart);
        const std::shared_ptr<store::EventStore> direct = recorded(), twice = recorded();
        QVERIFY(direct && twice);
        QCOMPARE(JobImport::align(*direct, ClockAlignment(then)), ClockAlignment(then));
        QCOMPARE(JobImport::align(*twice, ClockAlignment(first)), ClockAlignment(first));
        QCOMPARE(JobImport::align(*twice, ClockAlignment(then)), ClockAlignment(then));
        QCOMPARE(
            store::JobLayout::of(*twice).alignment(), std::string(analysis::clockAlignmentName(ClockAlignment(then))));
        QVERIFY(near(offsetsOf(*twice), hostsApart ? kHostOffsets : std::vector<store::TimeNs>(4, 0)));
        QCOMPARE(snapshottest::StoreDump::text(*twice), snapshottest::StoreDump::text(*direct));
    }

    // A .strata file of a job (or the job's snapshot) opens as a job on its own alignment, or
    // on the one asked; its indexes are dropped when its times move.
    void aLoadedJobIsAdopted_data()
    {
        QTest::addColumn<QString>("asked");
        QTest::addColumn<QString>("alignment");
        QTest::addColumn<bool>("moved");
        QTest::newRow("nothing asked") << ""
                                       << "collectives" << false;
        QTest::newRow("the same") << "collectives"
                                  << "collectives" << false;
        QTest::newRow("another") << "recorded"
                                 << "recorded" << true;
    }

    void aLoadedJobIsAdopted()
    {
        QFETCH(QString, asked);
        QFETCH(QString, alignment);
        QFETCH(bool, moved);
        std::shared_ptr<store::EventStore> s = recorded();
        QVERIFY(s);
        JobImport::align(*s, ClockAlignment::CollectiveEnds);
        const std::string before = snapshottest::StoreDump::text(*s);
        importers::LoadResult r;
        r.store = std::move(s);
        r.fromSnapshot = r.portable = true;
        r.attachments["index.lod"] = "bytes";
        JobReport report;
        JobImport::adoptLoaded(r, asked.toStdString(), &report);
        QVERIFY(report.isJob);
        QCOMPARE(report.ranks, jobfolder::kRanks);
        QCOMPARE(QString::fromStdString(report.alignment), alignment);
        QCOMPARE(snapshottest::StoreDump::text(*r.store) != before, moved);
        QCOMPARE(r.attachments.empty(), moved);
    }

    // The whole load as the window's worker runs it: the default alignment of a job whose
    // hosts' clocks are 2.5 ms apart, with the offsets applied.
    void loadAlignsTheJob()
    {
        apptest::CacheHome home;
        JobReport report;
        const importers::LoadResult r = JobImport::load(plan(), "collectives", {}, noCache(), &report);
        QVERIFY2(r.store, r.error.c_str());
        QVERIFY(report.isJob && report.problems.empty());
        QCOMPARE(report.alignment, std::string("collectives"));
        QCOMPARE(report.asked, std::string("collectives"));
        QCOMPARE(report.plan.ranks.size(), size_t(jobfolder::kRanks));
        QVERIFY(near(offsetsOf(*r.store), kHostOffsets));
    }
};

QTEST_GUILESS_MAIN(tst_JobImport)
#include "tst_jobimport.moc"
