// SnapshotCacheMenu: View > Clear Snapshot Cache empties the cache's folder off the GUI
// thread and says how much it freed; the limit is the shared setting, and a lower one trims.
#include "cachehome.h"
#include <snapshots/snapshotcachemenu.h>

#include <cachedloader.h>
#include <snapshot/snapshotcache.h>

#include <QAction>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>
#include <support/sourcedir.h>

using namespace strata;
using app::SnapshotCacheMenu;

namespace {

const QString kSource = strata::test::sourcePath();
constexpr int kTimeoutMs = 60000; // a bound for a hang, not a timing assertion

using apptest::CacheHome;

// Caches snapshots of `names` (tests/data traces, copied into the cache home); returns the
// cache's usage afterwards.
store::SnapshotCache::Usage fill(CacheHome& home, const QStringList& names)
{
    for (const QString& name : names) {
        const QString copy = home.dir.filePath(name);
        QFile::copy(kSource + QStringLiteral("/tests/data/") + name, copy);
        const std::string path = QFile::encodeName(copy).toStdString();
        const importers::LoadResult r = importers::CachedLoader::load(path);
        std::string error;
        if (!r.store || !importers::CachedLoader::writeCache(r, path, {}, &error))
            qWarning("could not cache %s: %s", qPrintable(name), error.c_str());
    }
    return store::SnapshotCache(store::SnapshotCache::defaultFolder()).usage();
}

const QStringList kTraces = { QStringLiteral("chrome_flows_v2.json"), QStringLiteral("chrome_array_form.json") };

} // namespace

class tst_SnapshotCacheMenu : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void addsItsEntries()
    {
        QWidget window;
        QMenu menu;
        new SnapshotCacheMenu(&window, &menu);
        QVERIFY(menu.findChild<QAction*>(QStringLiteral("clearSnapshotCacheAction")));
        QVERIFY(menu.findChild<QAction*>(QStringLiteral("snapshotCacheLimitAction")));
    }

    void clearEmptiesTheFolder()
    {
        CacheHome home;
        QVERIFY(home.dir.isValid());
        const store::SnapshotCache::Usage before = fill(home, kTraces);
        QCOMPARE(before.files, uint64_t(kTraces.size()));
        QWidget window;
        SnapshotCacheMenu cache(&window, nullptr);
        QCOMPARE(cache.folder(), QFile::decodeName(store::SnapshotCache::defaultFolder().c_str()));
        QSignalSpy cleared(&cache, &SnapshotCacheMenu::cleared);
        QSignalSpy message(&cache, &SnapshotCacheMenu::message);
        cache.clear();
        QVERIFY(cleared.isEmpty()); // reported from the event loop, after the worker
        QVERIFY(cleared.wait(kTimeoutMs));
        QCOMPARE(cleared.first().at(0).toULongLong(), before.bytes);
        QCOMPARE(store::SnapshotCache(store::SnapshotCache::defaultFolder()).usage().files, uint64_t(0));
        QVERIFY(QDir(cache.folder()).entryList(QDir::Files).isEmpty());
        QVERIFY(!message.isEmpty());
        QVERIFY(message.last().at(0).toString().contains(SnapshotCacheMenu::bytesText(before.bytes)));
    }

    // What the Clear prompt says the cache holds is counted off the GUI thread.
    void countsInTheBackground_data()
    {
        QTest::addColumn<int>("traces");
        QTest::newRow("empty") << 0;
        QTest::newRow("one") << 1;
        QTest::newRow("two") << 2;
    }
    void countsInTheBackground()
    {
        QFETCH(int, traces);
        CacheHome home;
        QVERIFY(home.dir.isValid());
        const store::SnapshotCache::Usage before = fill(home, kTraces.mid(0, traces));
        QCOMPARE(before.files, uint64_t(traces));
        QWidget window;
        SnapshotCacheMenu cache(&window, nullptr);
        QSignalSpy counted(&cache, &SnapshotCacheMenu::counted);
        cache.count();
        QVERIFY(counted.isEmpty()); // reported from the event loop, after the worker
        QVERIFY(counted.wait(kTimeoutMs));
        QCOMPARE(counted.first().at(0).toULongLong(), before.files);
        QCOMPARE(counted.first().at(1).toULongLong(), before.bytes);
    }

    // A settings folder that cannot be created: a warning, nothing trimmed.
    void limitThatCannotBeStored()
    {
        CacheHome home;
        fill(home, kTraces);
        QTemporaryDir blocked;
        QVERIFY(blocked.isValid());
        const QString file = blocked.filePath(QStringLiteral("a-file"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const QByteArray saved = qgetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(file + QStringLiteral("/config")));
        QWidget window;
        SnapshotCacheMenu cache(&window, nullptr);
        QSignalSpy message(&cache, &SnapshotCacheMenu::message);
        QSignalSpy cleared(&cache, &SnapshotCacheMenu::cleared);
        cache.setLimit(1);
        QVERIFY(message.wait(kTimeoutMs));
        qputenv("XDG_CONFIG_HOME", saved);
        QCOMPARE(message.first().at(1).toBool(), true);
        QVERIFY(cleared.isEmpty());
        QCOMPARE(store::SnapshotCache(store::SnapshotCache::defaultFolder()).usage().files, uint64_t(kTraces.size()));
    }

    void limitIsTheSharedSetting_data()
    {
        QTest::addColumn<bool>("belowUsage"); // the new limit is smaller than the cache
        QTest::newRow("above what it holds") << false;
        QTest::newRow("below what it holds: trimmed") << true;
    }

    void limitIsTheSharedSetting()
    {
        QFETCH(bool, belowUsage);
        CacheHome home;
        const store::SnapshotCache::Usage before = fill(home, kTraces);
        QVERIFY(before.files > 0);
        QWidget window;
        SnapshotCacheMenu cache(&window, nullptr);
        QSignalSpy cleared(&cache, &SnapshotCacheMenu::cleared);
        const uint64_t limit = belowUsage ? before.bytes - 1 : 5'000'000'000ull;
        QSignalSpy message(&cache, &SnapshotCacheMenu::message);
        cache.setLimit(limit);
        QVERIFY(cleared.isEmpty()); // reported from the event loop, after the worker
        QVERIFY(cleared.wait(kTimeoutMs));
        QCOMPARE(store::SnapshotCache::limitSetting(), limit);
        QCOMPARE(message.size(), 1);
        QCOMPARE(message.first().at(1).toBool(), false);
        QVERIFY(message.first().at(0).toString().contains(SnapshotCacheMenu::bytesText(limit)));
        const store::SnapshotCache::Usage after = store::SnapshotCache(store::SnapshotCache::defaultFolder()).usage();
        QVERIFY(after.bytes <= limit);
        QCOMPARE(after.files < before.files, belowUsage);
        QCOMPARE(cleared.first().at(0).toULongLong(), before.bytes - after.bytes);
    }
};

QTEST_MAIN(tst_SnapshotCacheMenu)
#include "tst_snapshotcachemenu.moc"
