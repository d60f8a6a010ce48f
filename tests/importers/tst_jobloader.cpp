// JobLoader on the 4-rank job of tests/data/job_straggler: the merged store holds every rank's
// events in rank order, whatever the number of workers; bad members (cut in half, empty, not
// a trace) are named with their reason and byte offset while the good ranks load; a cancelled
// load holds no store; progress only moves forward and ends at 1; the job's snapshot in the
// cache is read back whole and refused once a member changes; a job loaded without the cache
// (its ranks' argument sets left for the merger to deduplicate) is the same store byte for byte.
#include "tempfolder.h"

#include <support/jobfolder.h>

#include <job/jobgrouper.h>
#include <job/jobloader.h>
#include <profileloader.h>
#include <snapshot/snapshotcache.h>
#include <snapshot/snapshotwriter.h>
#include <store/joblayout.h>
#include <support/storedump.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <string>
#include <vector>

using namespace strata;
using importers::job::JobGrouper;
using importers::job::JobLoader;
using importers::job::JobPlan;
using jobfolder::kJob;
using jobfolder::kRanks;
using jobfolder::rankFile;
using jobfolder::rankText;

namespace {

importers::CacheOptions noCache()
{
    importers::CacheOptions o;
    o.enabled = false;
    return o;
}

importers::CacheOptions cacheIn(const QString& folder)
{
    importers::CacheOptions o;
    o.folder = folder.toStdString();
    return o;
}

JobPlan planOf(const QString& folder)
{
    return JobGrouper::plan({ folder.toStdString() });
}

std::string dump(const importers::LoadResult& r)
{
    return r.store ? snapshottest::StoreDump::text(*r.store) : std::string();
}

} // namespace

class tst_JobLoader : public QObject {
    Q_OBJECT

private slots:
    void mergesEveryRank_data();
    void mergesEveryRank();
    void workersGiveEqualStores_data();
    void workersGiveEqualStores();
    void badMember_data();
    void badMember();
    void noRankLoaded();
    void cancelBeforeStart();
    void progressForwardToOne();
    void jobSnapshot();
    void jobSnapshotKeepsProblems();
};

void tst_JobLoader::mergesEveryRank_data()
{
    QTest::addColumn<unsigned>("workers");
    QTest::newRow("one") << 1u;
    QTest::newRow("two") << 2u;
    QTest::newRow("more than ranks") << 8u;
}

void tst_JobLoader::mergesEveryRank()
{
    QFETCH(unsigned, workers);
    const JobPlan plan = planOf(kJob);
    QCOMPARE(plan.kind, JobPlan::Kind::Job);
    QCOMPARE(int(plan.ranks.size()), kRanks);
    const JobLoader::Result job = JobLoader::load(plan, {}, noCache(), workers);
    QVERIFY2(job.merged.store, job.merged.error.c_str());
    QVERIFY(job.merged.error.empty());
    QVERIFY(job.problems.empty());
    QCOMPARE(int(job.ranksLoaded), kRanks);
    size_t slices = 0, instants = 0, samples = 0, flows = 0;
    uint64_t fileBytes = 0, inputBytes = 0, events = 0;
    for (int r = 0; r < kRanks; ++r) {
        const importers::LoadResult one = importers::ProfileLoader::load(rankFile(r).toStdString());
        QVERIFY(one.store);
        slices += one.store->sliceCount();
        instants += one.store->instantCount();
        samples += one.store->counterSampleCount();
        flows += one.store->flowCount();
        fileBytes += one.fileBytes;
        inputBytes += one.inputBytes;
        for (const auto& [phase, n] : one.phases)
            events += n;
    }
    const store::EventStore& s = *job.merged.store;
    QCOMPARE(s.sliceCount(), slices);
    QCOMPARE(s.instantCount(), instants);
    QCOMPARE(s.counterSampleCount(), samples);
    QCOMPARE(s.flowCount(), flows);
    QCOMPARE(job.merged.fileBytes, fileBytes);
    QCOMPARE(job.merged.inputBytes, inputBytes);
    uint64_t mergedEvents = 0;
    for (const auto& [phase, n] : job.merged.phases)
        mergedEvents += n;
    QCOMPARE(mergedEvents, events);
    QCOMPARE(job.merged.format, std::string("job of 4 ranks (chrome-json-object)"));
    QVERIFY(job.sumRankSeconds > 0);

    const store::JobLayout layout = store::JobLayout::of(s);
    QCOMPARE(int(layout.ranks().size()), kRanks);
    QCOMPARE(layout.alignment(), std::string("recorded"));
    for (int r = 0; r < kRanks; ++r) {
        QCOMPARE(layout.ranks()[size_t(r)].rank, int64_t(r));
        QCOMPARE(layout.ranks()[size_t(r)].file, plan.ranks[size_t(r)].path);
        QCOMPARE(layout.ranks()[size_t(r)].offsetNs, store::TimeNs(0));
    }
}

void tst_JobLoader::workersGiveEqualStores_data()
{
    // Ranks at a time and threads per rank's import (0: the cores shared among the ranks),
    // against one rank at a time on the importer's pool (three threads).
    QTest::addColumn<unsigned>("workers");
    QTest::addColumn<unsigned>("rankThreads");
    QTest::newRow("two at a time, the cores shared") << 2u << 0u;
    QTest::newRow("two at a time, one thread each") << 2u << 1u;
    QTest::newRow("two at a time, three threads each") << 2u << 3u;
    QTest::newRow("one at a time, one thread") << 1u << 1u;
    QTest::newRow("three at a time, one thread each") << 3u << 1u;
}

void tst_JobLoader::workersGiveEqualStores()
{
    QFETCH(unsigned, workers);
    QFETCH(unsigned, rankThreads);
    const JobPlan plan = planOf(kJob);
    const JobLoader::Result one = JobLoader::load(plan, {}, noCache(), 1, 3);
    const JobLoader::Result other = JobLoader::load(plan, {}, noCache(), workers, rankThreads);
    QVERIFY(one.merged.store && other.merged.store);
    QVERIFY(dump(one.merged) == dump(other.merged));
}

void tst_JobLoader::badMember_data()
{
    // The bad file replaces rank 2: its reason's start, whether it is a member (loaded in
    // part or not at all) or left out by the plan, and the ranks in the store.
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<bool>("planned");
    QTest::addColumn<int>("ranksLoaded");
    QTest::newRow("cut in half") << "half"
                                 << "cut short: the entry at byte " << true << kRanks;
    QTest::newRow("empty file") << "empty"
                                << "" << false << kRanks - 1;
    QTest::newRow("not a trace") << "events"
                                 << "not loaded: not a Chrome trace" << true << kRanks - 1;
}

void tst_JobLoader::badMember()
{
    QFETCH(QString, kind);
    QFETCH(QString, reason);
    QFETCH(bool, planned);
    QFETCH(int, ranksLoaded);
    testfiles::TempFolder folder;
    QVERIFY(folder.isValid());
    QString bad;
    for (int r = 0; r < kRanks; ++r) {
        QByteArray text = rankText(r);
        if (r == 2 && kind == QLatin1String("half"))
            text.truncate(text.size() / 2);
        else if (r == 2 && kind == QLatin1String("empty"))
            text.clear();
        else if (r == 2)
            text = R"({"schemaVersion": 1, "distributedInfo": {"rank": 2, "world_size": 4}, "traceEvents": 5})";
        const QString path = folder.write(QStringLiteral("rank-%1.json").arg(r), text);
        if (r == 2)
            bad = path;
    }
    const JobPlan plan = planOf(QFileInfo(bad).absolutePath());
    QCOMPARE(plan.kind, JobPlan::Kind::Job);
    QCOMPARE(int(plan.ranks.size()), planned ? kRanks : kRanks - 1);
    const JobLoader::Result job = JobLoader::load(plan, {}, noCache(), 2);
    QVERIFY2(job.merged.store, job.merged.error.c_str());
    QVERIFY(job.merged.error.empty());
    QCOMPARE(int(job.ranksLoaded), ranksLoaded);
    QCOMPARE(int(store::JobLayout::of(*job.merged.store).ranks().size()), ranksLoaded);
    QCOMPARE(job.problems.size(), size_t(1));
    const JobPlan::Problem& p = job.problems.front();
    QCOMPARE(QString::fromStdString(p.path), bad);
    QVERIFY2(QString::fromStdString(p.reason).startsWith(reason), p.reason.c_str());
    if (kind == QLatin1String("half")) { // the entry the cut falls in: its start, in the first half
        QVERIFY(p.offset > 0 && p.offset <= uint64_t(rankText(2).size() / 2));
        QVERIFY2(p.reason.find("byte " + std::to_string(p.offset)) != std::string::npos, p.reason.c_str());
    }
}

void tst_JobLoader::noRankLoaded()
{
    testfiles::TempFolder folder;
    const QByteArray bad = R"({"schemaVersion": 1, "distributedInfo": {"rank": R, "world_size": 2}, "traceEvents": 5})";
    QString first;
    for (int r = 0; r < 2; ++r) {
        const QString path
            = folder.write(QStringLiteral("rank-%1.json").arg(r), QByteArray(bad).replace("R", QByteArray::number(r)));
        if (r == 0)
            first = path;
    }
    const JobPlan plan = planOf(QFileInfo(first).absolutePath());
    QCOMPARE(plan.ranks.size(), size_t(2));
    const JobLoader::Result job = JobLoader::load(plan, {}, noCache(), 2);
    QVERIFY(!job.merged.store);
    QVERIFY(!job.merged.cancelled);
    QCOMPARE(job.ranksLoaded, size_t(0));
    QCOMPARE(job.problems.size(), size_t(2));
    const std::string expected = "no rank of the job could be read: " + first.toStdString() + ": not a Chrome trace";
    QVERIFY2(job.merged.error.rfind(expected, 0) == 0, job.merged.error.c_str());
}

void tst_JobLoader::cancelBeforeStart()
{
    const JobPlan plan = planOf(kJob);
    std::atomic<bool> cancel { true };
    importers::ImportContext ctx;
    ctx.cancel = &cancel;
    const JobLoader::Result job = JobLoader::load(plan, ctx, noCache(), 2);
    QVERIFY(job.merged.cancelled);
    QVERIFY(!job.merged.store);
    QVERIFY(job.problems.empty()); // a member stopped is not a bad one
    QCOMPARE(job.ranksLoaded, size_t(0));
}

void tst_JobLoader::progressForwardToOne()
{
    const JobPlan plan = planOf(kJob);
    std::vector<double> seen;
    std::mutex mutex;
    importers::ImportContext ctx;
    ctx.progress = [&](double f) {
        const std::lock_guard<std::mutex> lock(mutex);
        seen.push_back(f);
    };
    const JobLoader::Result job = JobLoader::load(plan, ctx, noCache(), 2);
    QVERIFY(job.merged.store);
    QVERIFY(!seen.empty());
    QVERIFY(seen.size() <= 201);
    for (size_t i = 1; i < seen.size(); ++i)
        QVERIFY2(seen[i] > seen[i - 1], qPrintable(QStringLiteral("%1 after %2").arg(seen[i]).arg(seen[i - 1])));
    QVERIFY(seen.front() >= 0);
    QCOMPARE(seen.back(), 1.0);
}

void tst_JobLoader::jobSnapshot()
{
    testfiles::TempFolder folder;
    QTemporaryDir cacheDir;
    QString dir;
    for (int r = 0; r < kRanks; ++r)
        dir = QFileInfo(folder.write(QStringLiteral("rank-%1.json").arg(r), rankText(r))).absolutePath();
    const importers::CacheOptions cache = cacheIn(cacheDir.path());
    const store::SnapshotCache c(cache.folder);
    const JobPlan plan = planOf(dir);

    const JobLoader::Result parsed = JobLoader::load(plan, {}, cache, 2);
    QVERIFY(parsed.merged.store && !parsed.merged.fromSnapshot);
    QCOMPARE(c.usage().files, uint64_t(kRanks)); // each member's own snapshot
    QVERIFY(!JobLoader::loadCached(plan, "recorded", {}, cache).merged.store); // none of the job yet
    std::string error;
    QVERIFY2(JobLoader::writeCache(parsed, plan, "recorded", cache, &error, { { "caller", "kept" } }), error.c_str());
    QCOMPARE(c.usage().files, uint64_t(kRanks + 1));

    const JobLoader::Result cached = JobLoader::loadCached(plan, "recorded", {}, cache);
    QVERIFY2(cached.merged.store, cached.merged.error.c_str());
    QVERIFY(cached.merged.fromSnapshot);
    QVERIFY(dump(cached.merged) == dump(parsed.merged));
    QCOMPARE(cached.merged.format, parsed.merged.format);
    QCOMPARE(cached.merged.phases, parsed.merged.phases);
    QCOMPARE(int(cached.ranksLoaded), kRanks);
    QVERIFY(cached.problems.empty());
    QCOMPARE(cached.merged.attachments, (std::map<std::string, std::string> { { "caller", "kept" } }));
    // Read from its snapshot: not written again.
    QVERIFY(JobLoader::writeCache(cached, plan, "recorded", cache, &error));
    // Another alignment is another snapshot.
    QVERIFY(!JobLoader::loadCached(plan, "collectives", {}, cache).merged.store);

    // The members again, from their own snapshots: the same store.
    const JobLoader::Result fromMembers = JobLoader::load(plan, {}, cache, 2);
    QVERIFY(dump(fromMembers.merged) == dump(parsed.merged));
    // Without the cache each rank keeps its repeated argument sets for the merger (no member
    // snapshot to write): the merged store is the same to the byte, ids and order included.
    const std::vector<uint8_t> bytes = store::SnapshotWriter::encode(*parsed.merged.store, "job");
    for (const unsigned workers : { 1u, 2u }) {
        const JobLoader::Result direct = JobLoader::load(plan, {}, noCache(), workers);
        QVERIFY2(direct.merged.store, direct.merged.error.c_str());
        QVERIFY(store::SnapshotWriter::encode(*direct.merged.store, "job") == bytes);
    }

    // One member changed: the job's snapshot is stale, deleted, and said so.
    QFile f(QString::fromStdString(plan.ranks[1].path));
    QVERIFY(f.open(QIODevice::Append));
    f.write("\n");
    f.close();
    const JobLoader::Result stale = JobLoader::loadCached(plan, "recorded", {}, cache);
    QVERIFY(!stale.merged.store);
    QVERIFY(stale.merged.error.empty());
    QCOMPARE(stale.merged.snapshotNotes.size(), size_t(1));
    QVERIFY2(stale.merged.snapshotNotes.front().find("stale") != std::string::npos,
        stale.merged.snapshotNotes.front().c_str());
    QVERIFY(!QFile::exists(QString::fromStdString(c.pathForKey(JobLoader::cacheKey(plan, "recorded")))));
}

void tst_JobLoader::jobSnapshotKeepsProblems()
{
    testfiles::TempFolder folder;
    QTemporaryDir cacheDir;
    QString dir;
    for (int r = 0; r < kRanks; ++r) {
        QByteArray text = rankText(r);
        if (r == 3)
            text.truncate(text.size() / 2);
        dir = QFileInfo(folder.write(QStringLiteral("rank-%1.json").arg(r), text)).absolutePath();
    }
    folder.write(QStringLiteral("rank-9.json"), QByteArray()); // the plan's problem
    const importers::CacheOptions cache = cacheIn(cacheDir.path());
    const JobPlan plan = planOf(dir);
    QCOMPARE(plan.problems.size(), size_t(1));
    const JobLoader::Result parsed = JobLoader::load(plan, {}, cache, 2);
    QCOMPARE(parsed.problems.size(), size_t(2));
    std::string error;
    QVERIFY2(JobLoader::writeCache(parsed, plan, "", cache, &error), error.c_str());
    const JobLoader::Result cached = JobLoader::loadCached(plan, "", {}, cache);
    QVERIFY(cached.merged.store);
    QCOMPARE(cached.problems.size(), size_t(2));
    for (size_t i = 0; i < 2; ++i) {
        QCOMPARE(cached.problems[i].path, parsed.problems[i].path);
        QCOMPARE(cached.problems[i].reason, parsed.problems[i].reason);
        QCOMPARE(cached.problems[i].offset, parsed.problems[i].offset);
    }
    QVERIFY(cached.merged.attachments.empty());
}

QTEST_APPLESS_MAIN(tst_JobLoader)
#include "tst_jobloader.moc"
