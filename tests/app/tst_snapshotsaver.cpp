// SnapshotSaver: the open profile's cache snapshot is written once, off the GUI thread, and
// only for a profile parsed from its source; a saved .strata file reopens with the same
// slices and the markers.
#include "cachehome.h"
#include <snapshots/snapshotsaver.h>
#include <support/jobfolder.h>
#include <support/storedump.h>
#include <window/mainwindow.h>

#include <analysis/indexes/indexattachments.h>
#include <analysis/timeline/lodindex.h>
#include <cachedloader.h>
#include <job/jobgrouper.h>
#include <job/jobloader.h>
#include <snapshot/snapshotcache.h>
#include <snapshot/snapshotreader.h>
#include <state/annotationsmodel.h>
#include <state/session.h>
#include <state/viewport.h>
#include <store/joblayout.h>

#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <support/sourcedir.h>

using namespace strata;
using app::MainWindow;
using app::SnapshotSaver;

namespace {

const QString kSample = strata::test::sourcePath() + QStringLiteral("/resources/samples/sample_profile.json");
constexpr int kLoadTimeoutMs = 60000; // a bound for a hang, not a timing assertion

// The test's own cache home, with a source in it.
struct CacheHome : apptest::CacheHome {
    QString source() // a copy of the sample, so the cache is keyed by a path of this test
    {
        QString path = dir.filePath(QStringLiteral("trace.json"));
        if (!QFile::exists(path))
            QFile::copy(kSample, path);
        return path;
    }
    QString snapshotOf(const QString& path) const
    {
        return QFile::decodeName(store::SnapshotCache(store::SnapshotCache::defaultFolder())
                                     .pathFor(QFile::encodeName(path).toStdString())
                                     .c_str());
    }
};

// A window as the tests drive it: no dialogs, no saved state, shown.
void prepare(MainWindow& w)
{
    w.setInteractive(false);
    w.setPersistent(false);
    w.show();
}

// How many of the derived indexes the snapshot file carries.
int indexesIn(const QString& snapshot)
{
    const store::SnapshotReadResult s = store::SnapshotReader::read(QFile::encodeName(snapshot).toStdString());
    int n = 0;
    for (const char* index : { "index.lod", "index.summary", "index.catalog" })
        n += int(s.attachments.count(index));
    return n;
}

// The cache's snapshot of the job in `folder` opened with `alignment` ("": the default).
QString jobSnapshotOf(const QString& folder, const std::string& alignment)
{
    const importers::job::JobPlan plan = importers::job::JobGrouper::plan({ QFile::encodeName(folder).toStdString() });
    return QFile::decodeName(store::SnapshotCache(store::SnapshotCache::defaultFolder())
                                 .pathForKey(importers::job::JobLoader::cacheKey(plan, alignment))
                                 .c_str());
}

bool load(MainWindow& w, const QString& path)
{
    QSignalSpy finished(&w, &MainWindow::loadFinished);
    w.openFile(path);
    return finished.wait(kLoadTimeoutMs) && finished.first().at(0).toBool();
}

} // namespace

class tst_SnapshotSaver : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }

    // The first open parses and, once its analyses are built, writes the snapshot with the
    // derived indexes in the background; the second open reads it and restores them.
    void secondOpenComesFromTheSnapshot()
    {
        CacheHome home;
        QVERIFY(home.dir.isValid());
        const QString source = home.source();
        MainWindow w;
        prepare(w);
        QSignalSpy written(w.snapshotSaver(), &SnapshotSaver::cacheWritten);
        QVERIFY(load(w, source));
        QVERIFY(!w.snapshotSaver()->result().fromSnapshot);
        const size_t slices = w.session()->store()->sliceCount();
        const size_t instants = w.session()->store()->instantCount();
        QVERIFY(written.wait(kLoadTimeoutMs));
        QCOMPARE(written.first().at(0).toBool(), true);
        QVERIFY(QFile::exists(home.snapshotOf(source)));
        QCOMPARE(indexesIn(home.snapshotOf(source)), 3);

        QVERIFY(load(w, source));
        QVERIFY(w.snapshotSaver()->result().fromSnapshot);
        QVERIFY(w.snapshotSaver()->result().snapshotNotes.empty()); // no index was refused
        QVERIFY(w.session()->analyses()->get<analysis::LodIndex>());
        QVERIFY(QTest::qWaitFor([&] { return w.session()->analyses()->complete(); }, kLoadTimeoutMs));
        QCOMPARE(w.session()->store()->sliceCount(), slices);
        QCOMPARE(w.session()->store()->instantCount(), instants);
        const QString message = w.statusBar()->currentMessage();
        QVERIFY2(message.contains(QStringLiteral("from its snapshot")), qPrintable(message));
        // Nothing to write for a profile that came from its snapshot.
        QVERIFY(!w.snapshotSaver()->writeCache(w.session()->generation()));
        QCOMPARE(written.count(), 1);
    }

    // A cache snapshot written before the derived indexes were kept is written again with
    // them once they are built; the open after that restores them and writes nothing.
    void oldSnapshotGetsTheIndexes()
    {
        CacheHome home;
        QVERIFY(home.dir.isValid());
        const QString source = home.source();
        const std::string path = QFile::encodeName(source).toStdString();
        importers::CacheOptions cache;
        std::string error;
        QVERIFY2(importers::CachedLoader::writeCache(
                     importers::ProfileLoader::load(path), path, SnapshotSaver::resolved(cache), &error),
            error.c_str());
        QCOMPARE(indexesIn(home.snapshotOf(source)), 0);

        MainWindow w;
        prepare(w);
        QSignalSpy written(w.snapshotSaver(), &SnapshotSaver::cacheWritten);
        QVERIFY(load(w, source));
        QVERIFY(w.snapshotSaver()->result().fromSnapshot);
        QVERIFY(w.snapshotSaver()->result().refreshCache);
        QVERIFY(written.wait(kLoadTimeoutMs));
        QCOMPARE(written.first().at(0).toBool(), true);
        QCOMPARE(indexesIn(home.snapshotOf(source)), 3);

        QVERIFY(load(w, source));
        QVERIFY(w.snapshotSaver()->result().fromSnapshot);
        QVERIFY(!w.snapshotSaver()->result().refreshCache);
        QVERIFY(QTest::qWaitFor([&] { return w.session()->analyses()->complete(); }, kLoadTimeoutMs));
        QVERIFY(!w.snapshotSaver()->writeCache(w.session()->generation()));
        QCOMPARE(written.count(), 1);
    }

    void writesOnlyWhatIsWorthIt_data()
    {
        QTest::addColumn<bool>("enabled");
        QTest::addColumn<bool>("fromSnapshot");
        QTest::addColumn<quint64>("generation"); // the profile is generation 1
        QTest::addColumn<bool>("writes");
        QTest::newRow("parsed, cache on") << true << false << quint64(1) << true;
        QTest::newRow("--no-cache") << false << false << quint64(1) << false;
        QTest::newRow("read from a snapshot") << true << true << quint64(1) << false;
        QTest::newRow("another profile open by now") << true << false << quint64(2) << false;
    }

    void writesOnlyWhatIsWorthIt()
    {
        QFETCH(bool, enabled);
        QFETCH(bool, fromSnapshot);
        QFETCH(quint64, generation);
        QFETCH(bool, writes);
        CacheHome home;
        const QString source = home.source();
        importers::LoadResult r = importers::ProfileLoader::load(QFile::encodeName(source).toStdString());
        QVERIFY(r.store);
        r.fromSnapshot = fromSnapshot;
        SnapshotSaver saver;
        importers::CacheOptions cache;
        cache.enabled = enabled;
        saver.setCacheOptions(cache);
        saver.setProfile(source, r, 1);
        QSignalSpy written(&saver, &SnapshotSaver::cacheWritten);
        QCOMPARE(saver.writeCache(generation), writes);
        if (writes) {
            QVERIFY(!saver.writeCache(generation)); // once per profile
            QVERIFY(written.wait(kLoadTimeoutMs));
            QCOMPARE(written.first().at(0).toBool(), true);
        }
        QCOMPARE(QFile::exists(home.snapshotOf(source)), writes);
    }

    // Save As Strata Profile: the file opens with the same slices, the markers, and says
    // which profile it was saved from.
    void savedStrataOpensWithSlicesAndMarkers()
    {
        CacheHome home;
        const QString source = home.source();
        const QString out = home.dir.filePath(QStringLiteral("saved.strata"));
        std::vector<store::TimeNs> times;
        size_t slices = 0;
        {
            MainWindow w;
            w.setInteractive(false);
            w.setPersistent(false);
            QVERIFY(load(w, source));
            slices = w.session()->store()->sliceCount();
            const store::TimeRange range = w.session()->viewport()->traceRange();
            w.session()->annotations()->add(range.start + range.duration() / 3, std::nullopt, QStringLiteral("warm"));
            w.session()->annotations()->add(range.start + range.duration() / 2);
            for (const model::Marker& m : w.session()->annotations()->markers())
                times.push_back(m.time);
            QSignalSpy saved(w.snapshotSaver(), &SnapshotSaver::portableSaved);
            QVERIFY(w.saveAsStrata(out));
            QVERIFY(saved.wait(kLoadTimeoutMs));
            QVERIFY2(saved.first().at(0).toBool(), qPrintable(saved.first().at(2).toString()));
            QCOMPARE(saved.first().at(1).toString(), QFileInfo(out).absoluteFilePath());
            QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("saved.strata")));
        }
        MainWindow w;
        w.setInteractive(false);
        w.setPersistent(false);
        QVERIFY(load(w, out));
        const importers::LoadResult& r = w.snapshotSaver()->result();
        QVERIFY(r.portable && r.fromSnapshot);
        QCOMPARE(QFileInfo(QString::fromStdString(r.sourceName)).fileName(), QStringLiteral("trace.json"));
        QCOMPARE(w.session()->store()->sliceCount(), slices);
        const auto& markers = w.session()->annotations()->markers();
        QCOMPARE(markers.size(), times.size());
        for (size_t i = 0; i < markers.size(); ++i)
            QCOMPARE(markers[i].time, times[i]);
        QCOMPARE(markers.front().name, QStringLiteral("warm"));
        QVERIFY2(w.windowTitle().contains(QStringLiteral("saved from trace.json")), qPrintable(w.windowTitle()));
        QCOMPARE(w.snapshotSaver()->sourcePath(), QString::fromStdString(r.sourceName));
    }

    void failedSaveNamesTheFile()
    {
        CacheHome home;
        MainWindow w;
        w.setInteractive(false);
        w.setPersistent(false);
        QVERIFY(load(w, home.source()));
        const QString out = home.dir.filePath(QStringLiteral("no/such/folder/x.strata"));
        QSignalSpy saved(w.snapshotSaver(), &SnapshotSaver::portableSaved);
        QVERIFY(w.saveAsStrata(out));
        QVERIFY(saved.wait(kLoadTimeoutMs));
        QCOMPARE(saved.first().at(0).toBool(), false);
        const QString message = w.statusBar()->currentMessage();
        QVERIFY2(message.startsWith(QStringLiteral("Could not save ")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("x.strata")), qPrintable(message));
    }

    // A cached snapshot that no longer reads is never trusted: deleted, the source parsed,
    // and the status bar says why, with the usual "Opened" line.
    void corruptedCachedSnapshotIsRefused()
    {
        CacheHome home;
        QVERIFY(home.dir.isValid());
        const QString source = home.source();
        MainWindow w;
        prepare(w);
        QSignalSpy written(w.snapshotSaver(), &SnapshotSaver::cacheWritten);
        QVERIFY(load(w, source));
        const size_t slices = w.session()->store()->sliceCount();
        QVERIFY(written.wait(kLoadTimeoutMs)); // after the first paint, off the GUI thread
        QCOMPARE(written.takeFirst().at(0).toBool(), true);
        const QString snapshot = home.snapshotOf(source);
        QFile f(snapshot);
        QVERIFY2(f.open(QIODevice::ReadWrite), qPrintable(snapshot));
        QVERIFY(f.seek(f.size() / 2));
        f.write(QByteArray(64, '\xff'));
        f.close();

        QVERIFY(load(w, source));
        const importers::LoadResult& r = w.snapshotSaver()->result();
        QVERIFY(!r.fromSnapshot);
        QVERIFY(!r.snapshotNotes.empty());
        QCOMPARE(w.session()->store()->sliceCount(), slices);
        const QString message = w.statusBar()->currentMessage();
        QVERIFY2(message.startsWith(QStringLiteral("Opened trace.json in ")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("refused and deleted")), qPrintable(message));
        const QString fileTip = w.findChild<QLabel*>(QStringLiteral("statusFile"))->toolTip();
        QVERIFY2(fileTip.contains(QStringLiteral("refused and deleted")), qPrintable(fileTip));
        // The source's snapshot is written anew (its first paint may have come before this
        // line: the spy has it either way), and the next open reads it.
        QTRY_VERIFY_WITH_TIMEOUT(!written.isEmpty(), kLoadTimeoutMs);
        QCOMPARE(written.takeFirst().at(0).toBool(), true);
        QVERIFY(load(w, source));
        QVERIFY(w.snapshotSaver()->result().fromSnapshot);
        QCOMPARE(w.session()->store()->sliceCount(), slices);
    }

    // A job's snapshot is written once its indexes are built, under a key of its members and
    // the alignment asked: the next open of the folder reads it whole. Another alignment
    // (Session::requestAlignment, answered by the window) is another load, from the ranks'
    // own snapshots, whose layout says the new alignment.
    void jobSnapshotIsKeyedOnMembersAndAlignment()
    {
        CacheHome home;
        const QString folder = jobfolder::copyWith(home.dir.filePath(QStringLiteral("job8")));
        MainWindow w;
        prepare(w);
        QSignalSpy written(w.snapshotSaver(), &SnapshotSaver::cacheWritten);
        QVERIFY(load(w, folder));
        QVERIFY(!w.snapshotSaver()->result().fromSnapshot);
        QCOMPARE(w.windowTitle(), QStringLiteral("Strata — job8 — 4 ranks"));
        const std::string dump = snapshottest::StoreDump::text(*w.session()->store());
        QVERIFY(written.wait(kLoadTimeoutMs));
        QVERIFY2(written.first().at(0).toBool(), qPrintable(written.first().at(1).toString()));
        QCOMPARE(indexesIn(jobSnapshotOf(folder, "")), 3);
        QVERIFY(!QFile::exists(home.snapshotOf(folder))); // not under the folder's own name

        QVERIFY(load(w, folder));
        QVERIFY(w.snapshotSaver()->result().fromSnapshot);
        QCOMPARE(snapshottest::StoreDump::text(*w.session()->store()), dump);
        QVERIFY(!w.snapshotSaver()->writeCache(w.session()->generation()));

        QSignalSpy finished(&w, &MainWindow::loadFinished);
        w.session()->requestAlignment(QStringLiteral("first-step"));
        QVERIFY(finished.wait(kLoadTimeoutMs) && finished.first().at(0).toBool());
        QVERIFY(!w.snapshotSaver()->result().fromSnapshot);
        QCOMPARE(store::JobLayout::of(*w.session()->store()).alignment(), std::string("first-step"));
        QCOMPARE(w.openRequest().path, folder);
        QCOMPARE(w.openRequest().alignment, QStringLiteral("first-step"));
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(jobSnapshotOf(folder, "first-step")), kLoadTimeoutMs);
    }

    // Save As Strata Profile of a job writes the whole job; the file opens as the job again.
    void strataFileOfAJob()
    {
        CacheHome home;
        const QString out = home.dir.filePath(QStringLiteral("job.strata"));
        MainWindow w;
        prepare(w);
        QVERIFY(load(w, jobfolder::kJob));
        const store::JobLayout layout = store::JobLayout::of(*w.session()->store());
        QCOMPARE(int(layout.ranks().size()), jobfolder::kRanks);
        const std::string dump = snapshottest::StoreDump::text(*w.session()->store());
        QSignalSpy saved(w.snapshotSaver(), &SnapshotSaver::portableSaved);
        QVERIFY(w.saveAsStrata(out));
        QVERIFY(saved.wait(kLoadTimeoutMs));
        QVERIFY2(saved.first().at(0).toBool(), qPrintable(saved.first().at(2).toString()));

        MainWindow again;
        prepare(again);
        QVERIFY(load(again, out));
        QVERIFY(again.snapshotSaver()->result().portable);
        QCOMPARE(store::JobLayout::of(*again.session()->store()).ranks(), layout.ranks());
        QCOMPARE(store::JobLayout::of(*again.session()->store()).alignment(), layout.alignment());
        QCOMPARE(snapshottest::StoreDump::text(*again.session()->store()), dump);
        QVERIFY2(again.windowTitle().endsWith(QStringLiteral(" — 4 ranks")), qPrintable(again.windowTitle()));
    }
};

QTEST_MAIN(tst_SnapshotSaver)
#include "tst_snapshotsaver.moc"
