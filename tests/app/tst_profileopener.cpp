// ProfileOpener: one OpenRequest at a time, loaded off the GUI thread; a newer request
// replaces the one under way, whose result never arrives; the request comes back with it.
#include "cachehome.h"
#include <loading/profileopener.h>

#include <analysis/timeline/lodindex.h>
#include <cachedloader.h>

#include <QFile>

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace strata;
using app::OpenRequest;
using app::ProfileOpener;

namespace {

const QString kSample = QStringLiteral(STRATA_SOURCE_DIR) + QStringLiteral("/resources/samples/sample_profile.json");
constexpr int kLoadTimeoutMs = 60000; // a bound for a hang, not a timing assertion

OpenRequest request(const QString& path, const QString& select = QString())
{
    OpenRequest r;
    r.path = path;
    r.select = select;
    return r;
}

using apptest::CacheHome;

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
};

QTEST_GUILESS_MAIN(tst_ProfileOpener)
#include "tst_profileopener.moc"
