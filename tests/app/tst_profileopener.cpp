// ProfileOpener: one OpenRequest at a time, loaded off the GUI thread; a newer request
// replaces the one under way, whose result never arrives; the request comes back with it.
#include "cachehome.h"
#include <loading/profileopener.h>
#include <support/jobfolder.h>

#include <analysis/timeline/lodindex.h>
#include <cachedloader.h>
#include <store/joblayout.h>

#include <QDir>
#include <QFile>

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <support/sourcedir.h>

using namespace strata;
using app::OpenRequest;
using app::ProfileOpener;

namespace {

const QString kSample = strata::test::sourcePath() + QStringLiteral("/resources/samples/sample_profile.json");
constexpr int kLoadTimeoutMs = 60000; // a bound for a hang, not a timing assertion

OpenRequest request(const QString& path, const QString& select = QString())
{
    OpenRequest r;
    r.path = path;
    r.select = select;
    return r;
}

using apptest::CacheHome;

// Opens the request and waits for the end; the finished() arguments.
QList<QVariant> openAndWait(ProfileOpener& opener, const OpenRequest& r)
{
    QSignalSpy finished(&opener, &ProfileOpener::finished);
    opener.open(r);
    if (!finished.wait(kLoadTimeoutMs))
        return {};
    return finished.takeFirst();
}

} // namespace

class tst_ProfileOpener : public QObject {
    Q_OBJECT
private slots:
    void finishesWithTheRequest_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("ok");
        QTest::newRow("the sample") << kSample << true;
        QTest::newRow("a missing file") << QStringLiteral("/nonexistent/trace.json") << false;
    }

    void finishesWithTheRequest()
    {
        QFETCH(QString, path);
        QFETCH(bool, ok);
        ProfileOpener opener;
        QSignalSpy started(&opener, &ProfileOpener::started);
        QSignalSpy finished(&opener, &ProfileOpener::finished);
        opener.open(request(path, QStringLiteral("matmul")));
        QCOMPARE(started.count(), 1);
        QVERIFY(opener.isLoading());
        QVERIFY(finished.wait(kLoadTimeoutMs));
        QVERIFY(!opener.isLoading());
        const auto back = finished.first().at(0).value<OpenRequest>();
        QCOMPARE(back.path, path);
        QCOMPARE(back.select, QStringLiteral("matmul"));
        const auto result = finished.first().at(1).value<importers::LoadResult>();
        QCOMPARE(result.store != nullptr, ok);
        const auto lod = finished.first().at(2).value<model::Analyses>().get<analysis::LodIndex>();
        QCOMPARE(lod != nullptr, ok); // built on the load's worker for the first paint
        if (!ok)
            QVERIFY(QString::fromStdString(result.error).startsWith(path));
    }

    void newerRequestReplacesTheOneUnderWay()
    {
        ProfileOpener opener;
        QSignalSpy finished(&opener, &ProfileOpener::finished);
        opener.open(request(QStringLiteral("/nonexistent/first.json")));
        opener.open(request(kSample));
        QVERIFY(finished.wait(kLoadTimeoutMs));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(0).value<OpenRequest>().path, kSample);
    }

    void cancelEndsTheLoad()
    {
        ProfileOpener opener;
        QSignalSpy finished(&opener, &ProfileOpener::finished);
        opener.open(request(kSample));
        opener.cancel();
        QVERIFY(opener.isCancelling());
        QVERIFY(finished.wait(kLoadTimeoutMs));
        const auto result = finished.first().at(1).value<importers::LoadResult>();
        // A load that finished before it saw the cancel still delivers its store.
        QVERIFY(result.cancelled || result.store);
        QVERIFY(!opener.isLoading());
    }

    // The opener hands its cache options to the loader: with the cache on, a profile whose
    // snapshot is cached comes from it; with --no-cache the source is parsed.
    void cacheOptionsReachTheLoader_data()
    {
        QTest::addColumn<bool>("enabled");
        QTest::newRow("cache on") << true;
        QTest::newRow("--no-cache") << false;
    }

    void cacheOptionsReachTheLoader()
    {
        QFETCH(bool, enabled);
        CacheHome home;
        QVERIFY(home.dir.isValid());
        const QString source = home.dir.filePath(QStringLiteral("trace.json"));
        QVERIFY(QFile::copy(kSample, source));
        const std::string path = QFile::encodeName(source).toStdString();
        const importers::LoadResult parsed = importers::CachedLoader::load(path);
        QVERIFY(parsed.store && !parsed.fromSnapshot);
        std::string error;
        QVERIFY2(importers::CachedLoader::writeCache(parsed, path, {}, &error), error.c_str());

        ProfileOpener opener;
        importers::CacheOptions cache;
        cache.enabled = enabled;
        opener.setCacheOptions(cache);
        QSignalSpy finished(&opener, &ProfileOpener::finished);
        opener.open(request(source));
        QVERIFY(finished.wait(kLoadTimeoutMs));
        const auto result = finished.first().at(1).value<importers::LoadResult>();
        QVERIFY(result.store);
        QCOMPARE(result.fromSnapshot, enabled);
        QCOMPARE(result.store->sliceCount(), parsed.store->sliceCount());
    }

    // A folder of per-rank traces, or its files given in any order, open as one store:
    // the ranks in rank order, each a block of processes named "rank N · …".
    void aJobOpensAsOneStore_data()
    {
        QTest::addColumn<bool>("folder");
        QTest::newRow("the folder") << true;
        QTest::newRow("its files, out of order") << false;
    }

    void aJobOpensAsOneStore()
    {
        QFETCH(bool, folder);
        CacheHome home;
        QStringList files = jobfolder::files();
        std::swap(files[0], files[3]);
        ProfileOpener opener;
        QSignalSpy planned(&opener, &ProfileOpener::jobPlanned);
        const QList<QVariant> out
            = openAndWait(opener, folder ? request(jobfolder::kJob) : OpenRequest::forFiles(files));
        QVERIFY(!out.isEmpty());
        const auto result = out.at(1).value<importers::LoadResult>();
        QVERIFY2(result.store, result.error.c_str());
        const auto job = out.at(3).value<app::JobReport>();
        QVERIFY(job.isJob && !job.refused && job.problems.empty());
        QCOMPARE(job.ranks, jobfolder::kRanks);
        QCOMPARE(planned.count(), 1);
        QCOMPARE(planned.first().at(0).toInt(), jobfolder::kRanks);
        QVERIFY(out.at(2).value<model::Analyses>().get<analysis::LodIndex>());
        const store::JobLayout layout = store::JobLayout::of(*result.store);
        QCOMPARE(int(layout.ranks().size()), jobfolder::kRanks);
        QCOMPARE(layout.alignment(), job.alignment);
        for (int i = 0; i < jobfolder::kRanks; ++i) {
            const store::JobRank& r = layout.ranks()[size_t(i)];
            QCOMPARE(r.rank, int64_t(i));
            QCOMPARE(
                QFileInfo(QString::fromStdString(r.file)).fileName(), QFileInfo(jobfolder::rankFile(i)).fileName());
            QVERIFY(r.processCount > 0);
            for (uint32_t p = r.processBegin; p < r.processBegin + r.processCount; ++p) {
                const std::string name(result.store->str(result.store->process(store::ProcessId(p)).name));
                QVERIFY2(name.rfind("rank " + std::to_string(i) + " \u00b7 ", 0) == 0, name.c_str());
            }
        }
    }

    // A member cut short loads up to the cut, an empty one is left out; the job opens with the
    // good ranks and the report names the bad file with its reason and byte offset.
    void badMemberIsReported_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("ranks"); // in the store
        QTest::addColumn<QString>("reason");
        QTest::newRow("cut in half") << "half" << 4 << "cut short";
        QTest::newRow("empty") << "empty" << 3 << "";
    }

    void badMemberIsReported()
    {
        QFETCH(QString, kind);
        QFETCH(int, ranks);
        QFETCH(QString, reason);
        CacheHome home;
        const QString folder = jobfolder::copyWith(home.dir.filePath(QStringLiteral("job")), kind);
        ProfileOpener opener;
        const QList<QVariant> out = openAndWait(opener, request(folder));
        QVERIFY(!out.isEmpty());
        const auto result = out.at(1).value<importers::LoadResult>();
        QVERIFY2(result.store, result.error.c_str());
        QCOMPARE(int(store::JobLayout::of(*result.store).ranks().size()), ranks);
        const auto job = out.at(3).value<app::JobReport>();
        QCOMPARE(job.problems.size(), size_t(1));
        QCOMPARE(QFileInfo(QString::fromStdString(job.problems[0].path)).fileName(), QStringLiteral("rank-2.json"));
        QVERIFY2(QString::fromStdString(job.problems[0].reason).contains(reason), job.problems[0].reason.c_str());
        if (kind == QLatin1String("half")) { // where the parse stopped, at most the cut
            QVERIFY(job.problems[0].offset > 0);
            QVERIFY(job.problems[0].offset <= uint64_t(jobfolder::rankText(2).size() / 2));
        }
    }

    // Traces that are not one job open nothing: the refusal lists each file and why.
    void unrelatedTracesAreRefused()
    {
        CacheHome home;
        const QString folder = jobfolder::unrelated(home.dir.filePath(QStringLiteral("mixed")));
        ProfileOpener opener;
        const QList<QVariant> out = openAndWait(opener, request(folder));
        QVERIFY(!out.isEmpty());
        const auto result = out.at(1).value<importers::LoadResult>();
        QVERIFY(!result.store && !result.cancelled);
        QVERIFY(out.at(3).value<app::JobReport>().refused);
        const QString error = QString::fromStdString(result.error);
        QVERIFY2(error.startsWith(folder + QStringLiteral(": not the traces of one job")), qPrintable(error));
        for (const char* file : { "\n  flows.json: ", "\n  sample.json: " })
            QVERIFY2(error.contains(QLatin1String(file)), qPrintable(error));
    }

    void cancelDuringAJob()
    {
        CacheHome home;
        ProfileOpener opener;
        QSignalSpy finished(&opener, &ProfileOpener::finished);
        opener.open(request(jobfolder::kJob));
        opener.cancel(); // seen by the plan's reads or the ranks' loads, whichever runs first
        QVERIFY(opener.isCancelling());
        QVERIFY(finished.wait(kLoadTimeoutMs));
        const auto result = finished.first().at(1).value<importers::LoadResult>();
        QVERIFY2(result.cancelled && !result.store, result.error.c_str());
        QVERIFY(!opener.isLoading());
    }
};

QTEST_GUILESS_MAIN(tst_ProfileOpener)
#include "tst_profileopener.moc"
