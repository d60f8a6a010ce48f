#include <snapshot/snapshotcache.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/time.h>

using strata::store::SnapshotCache;

// SnapshotCache: one snapshot per source path, a fingerprint that changes with the source's
// size, mtime or edges (first and last MiB), least recently used snapshots trimmed first,
// temporary files of interrupted writes removed once old, and the limit setting shared
// through the config folder.
class tst_SnapshotCache : public QObject {
    Q_OBJECT

private slots:
    void init();
    void pathIsPerSource();
    void folderFollowsXdg_data();
    void folderFollowsXdg();
    void fingerprintFollowsTheSource_data();
    void fingerprintFollowsTheSource();
    void folderFingerprint();
    void trimRemovesLeastRecentlyUsed_data();
    void trimRemovesLeastRecentlyUsed();
    void trimRemovesOldTemporaryFiles();
    void clearAndUsage();
    void limitSetting_data();
    void limitSetting();

private:
    QString write(const QString& name, const QByteArray& bytes, qint64 ageSeconds = 0);
    std::unique_ptr<QTemporaryDir> m_dir;
    time_t m_now = 0; // whole seconds, so two files given the same age get the same mtime
};

void tst_SnapshotCache::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_now = time(nullptr);
}

QString tst_SnapshotCache::write(const QString& name, const QByteArray& bytes, qint64 ageSeconds)
{
    const QString path = m_dir->filePath(name);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return {};
    f.close();
    if (ageSeconds) {
        struct timeval tv[2] {};
        tv[0].tv_sec = m_now - ageSeconds;
        tv[1] = tv[0];
        ::utimes(path.toLocal8Bit().constData(), tv);
    }
    return path;
}

void tst_SnapshotCache::pathIsPerSource()
{
    const SnapshotCache cache(m_dir->filePath("cache").toStdString());
    const QString a = write("a.json", "{}"), b = write("b.json", "{}");
    const std::string pa = cache.pathFor(a.toStdString());
    QVERIFY(!pa.empty());
    QCOMPARE(QFileInfo(QString::fromStdString(pa)).absolutePath(), m_dir->filePath("cache"));
    QVERIFY(QString::fromStdString(pa).endsWith(".strata"));
    QVERIFY(pa != cache.pathFor(b.toStdString()));
    // The same file by another spelling of its path.
    QCOMPARE(cache.pathFor(m_dir->filePath("./x/../a.json").toStdString()), pa);
    const QString cwd = QDir::currentPath();
    QDir::setCurrent(m_dir->path());
    QCOMPARE(cache.pathFor("a.json"), pa);
    QDir::setCurrent(cwd);
}

void tst_SnapshotCache::folderFollowsXdg_data()
{
    QTest::addColumn<QByteArray>("xdg");
    QTest::addColumn<QByteArray>("home");
    QTest::addColumn<QString>("expected");
    QTest::newRow("xdg") << QByteArray("/x/cache") << QByteArray("/h") << "/x/cache/strata/snapshots";
    QTest::newRow("relative xdg ignored") << QByteArray("rel") << QByteArray("/h") << "/h/.cache/strata/snapshots";
    QTest::newRow("home") << QByteArray() << QByteArray("/h") << "/h/.cache/strata/snapshots";
    QTest::newRow("neither") << QByteArray() << QByteArray() << "";
}

void tst_SnapshotCache::folderFollowsXdg()
{
    QFETCH(QByteArray, xdg);
    QFETCH(QByteArray, home);
    QFETCH(QString, expected);
    const QByteArray oldXdg = qgetenv("XDG_CACHE_HOME"), oldHome = qgetenv("HOME");
    xdg.isEmpty() ? qunsetenv("XDG_CACHE_HOME") : qputenv("XDG_CACHE_HOME", xdg);
    home.isEmpty() ? qunsetenv("HOME") : qputenv("HOME", home);
    const QString folder = QString::fromStdString(SnapshotCache::defaultFolder());
    qputenv("XDG_CACHE_HOME", oldXdg);
    qputenv("HOME", oldHome);
    QCOMPARE(folder, expected);
    QCOMPARE(SnapshotCache(expected.toStdString()).usable(), !expected.isEmpty());
}

void tst_SnapshotCache::fingerprintFollowsTheSource_data()
{
    QTest::addColumn<QByteArray>("before");
    QTest::addColumn<QByteArray>("after");
    QTest::addColumn<qint64>("ageAfter");
    QTest::addColumn<bool>("same");
    const QByteArray big(3 << 20, 'a');
    QByteArray bigFirst = big, bigLast = big, bigMiddle = big;
    bigFirst[10] = 'b';
    bigLast[big.size() - 10] = 'b';
    bigMiddle[big.size() / 2] = 'b'; // outside both edges: size and mtime are what tell
    QTest::newRow("unchanged") << QByteArray("{}") << QByteArray("{}") << qint64(0) << true;
    QTest::newRow("size") << QByteArray("{}") << QByteArray("{} ") << qint64(0) << false;
    QTest::newRow("same size, other bytes, same mtime") << QByteArray("{1}") << QByteArray("{2}") << qint64(0) << false;
    QTest::newRow("mtime only") << QByteArray("{}") << QByteArray("{}") << qint64(100) << false;
    QTest::newRow("first MiB") << big << bigFirst << qint64(0) << false;
    QTest::newRow("last MiB") << big << bigLast << qint64(0) << false;
    QTest::newRow("middle, other mtime") << big << bigMiddle << qint64(100) << false;
}

void tst_SnapshotCache::fingerprintFollowsTheSource()
{
    QFETCH(QByteArray, before);
    QFETCH(QByteArray, after);
    QFETCH(qint64, ageAfter);
    QFETCH(bool, same);
    // Both versions get the same mtime unless the row says otherwise.
    const QString path = write("t.json", before, 1000);
    const std::string first = SnapshotCache::sourceFingerprint(path.toStdString());
    QVERIFY(!first.empty());
    write("t.json", after, 1000 + ageAfter);
    QCOMPARE(SnapshotCache::sourceFingerprint(path.toStdString()) == first, same);
}

void tst_SnapshotCache::folderFingerprint()
{
    write("prof/global.profile", "x");
    write("prof/iter0.profile", "y");
    const std::string folder = m_dir->filePath("prof").toStdString();
    const std::string first = SnapshotCache::sourceFingerprint(folder);
    QVERIFY(!first.empty());
    QCOMPARE(SnapshotCache::sourceFingerprint(folder), first);
    write("prof/iter0.profile", "yy");
    const std::string second = SnapshotCache::sourceFingerprint(folder);
    QVERIFY(second != first);
    write("prof/iter1.profile", "z");
    QVERIFY(SnapshotCache::sourceFingerprint(folder) != second);
    QVERIFY(SnapshotCache::sourceFingerprint(m_dir->filePath("missing").toStdString()).empty());
}

void tst_SnapshotCache::trimRemovesLeastRecentlyUsed_data()
{
    QTest::addColumn<qint64>("limit");
    QTest::addColumn<QStringList>("kept");
    // Three 100-byte snapshots used 30, 20 and 10 minutes ago.
    QTest::newRow("all fit") << qint64(300) << QStringList { "a", "b", "c" };
    QTest::newRow("one too many") << qint64(299) << QStringList { "b", "c" };
    QTest::newRow("room for one") << qint64(150) << QStringList { "c" };
    QTest::newRow("zero") << qint64(0) << QStringList {};
}

void tst_SnapshotCache::trimRemovesLeastRecentlyUsed()
{
    QFETCH(qint64, limit);
    QFETCH(QStringList, kept);
    const QByteArray bytes(100, 's');
    write("cache/a.strata", bytes, 1800);
    write("cache/b.strata", bytes, 1200);
    write("cache/c.strata", bytes, 600);
    write("cache/notes.txt", QByteArray(1000, 'n'), 3600); // not a snapshot: never counted or removed
    const SnapshotCache cache(m_dir->filePath("cache").toStdString());
    QCOMPARE(cache.trim(uint64_t(limit)), uint64_t(100 * (3 - kept.size())));
    QStringList left = QDir(m_dir->filePath("cache")).entryList({ "*.strata" }, QDir::Files, QDir::Name);
    for (QString& s : left)
        s.chop(7);
    QCOMPARE(left, kept);
    QVERIFY(QFile::exists(m_dir->filePath("cache/notes.txt")));
}

void tst_SnapshotCache::trimRemovesOldTemporaryFiles()
{
    write("cache/a.strata", "s");
    write("cache/old.strata.tmp.AbC123", QByteArray(50, 't'), 7200);
    write("cache/new.strata.tmp.XyZ789", QByteArray(50, 't'), 60); // a write under way elsewhere
    const SnapshotCache cache(m_dir->filePath("cache").toStdString());
    QCOMPARE(cache.trim(SnapshotCache::kDefaultLimitBytes), uint64_t(50));
    QVERIFY(!QFile::exists(m_dir->filePath("cache/old.strata.tmp.AbC123")));
    QVERIFY(QFile::exists(m_dir->filePath("cache/new.strata.tmp.XyZ789")));
    QVERIFY(QFile::exists(m_dir->filePath("cache/a.strata")));
}

void tst_SnapshotCache::clearAndUsage()
{
    const SnapshotCache cache(m_dir->filePath("cache").toStdString());
    QCOMPARE(cache.usage().files, uint64_t(0));
    std::string error;
    QVERIFY2(cache.ensureFolder(&error), error.c_str());
    write("cache/a.strata", QByteArray(10, 's'));
    write("cache/b.strata", QByteArray(20, 's'));
    write("cache/keep.json", "{}");
    QCOMPARE(cache.usage().files, uint64_t(2));
    QCOMPARE(cache.usage().bytes, uint64_t(30));
    QCOMPARE(cache.clear(), uint64_t(30));
    QCOMPARE(cache.usage().files, uint64_t(0));
    QVERIFY(QFile::exists(m_dir->filePath("cache/keep.json")));
}

void tst_SnapshotCache::limitSetting_data()
{
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<quint64>("expected");
    QTest::newRow("none") << QByteArray() << quint64(SnapshotCache::kDefaultLimitBytes);
    QTest::newRow("set") << QByteArray("limit_bytes=5000\n") << quint64(5000);
    QTest::newRow("zero") << QByteArray("limit_bytes=0\n") << quint64(0);
    QTest::newRow("other keys") << QByteArray("x=1\nlimit_bytes=7\n") << quint64(7);
    QTest::newRow("malformed") << QByteArray("limit_bytes=12GB\n") << quint64(SnapshotCache::kDefaultLimitBytes);
    QTest::newRow("empty value") << QByteArray("limit_bytes=\n") << quint64(SnapshotCache::kDefaultLimitBytes);
}

void tst_SnapshotCache::limitSetting()
{
    QFETCH(QByteArray, file);
    QFETCH(quint64, expected);
    const QByteArray old = qgetenv("XDG_CONFIG_HOME");
    qputenv("XDG_CONFIG_HOME", m_dir->path().toLocal8Bit());
    if (!file.isEmpty())
        write("strata/snapshot-cache.conf", file);
    const quint64 read = SnapshotCache::limitSetting();
    std::string error;
    const bool set = SnapshotCache::setLimitSetting(123456, &error);
    const quint64 after = SnapshotCache::limitSetting();
    qputenv("XDG_CONFIG_HOME", old);
    QCOMPARE(read, expected);
    QVERIFY2(set, error.c_str());
    QCOMPARE(after, quint64(123456));
    QVERIFY(!QFile::exists(m_dir->filePath("strata/snapshot-cache.conf.tmp")));
}

QTEST_GUILESS_MAIN(tst_SnapshotCache)
#include "tst_snapshotcache.moc"
