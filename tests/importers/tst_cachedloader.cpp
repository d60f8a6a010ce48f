// CachedLoader: a profile parsed once comes back from its cached snapshot identical (store,
// format, compression, bytes, phases); a cached snapshot that is stale, cut, bit-flipped or
// of another version is deleted and the source parsed, with a note; a .strata file is read
// as itself, with its markers and source name, and a bad one is an error naming the file.
#include "tempfolder.h"
#include <support/storedump.h>

#include <cachedloader.h>
#include <snapshot/snapshotcache.h>

#include <QDir>
#include <QFile>
#include <QtTest>

#include <support/sourcedir.h>
#include <sys/time.h>

using namespace strata::importers;
using snapshottest::StoreDump;
using strata::store::SnapshotCache;

class tst_CachedLoader : public QObject {
    Q_OBJECT

private slots:
    void init();
    void secondLoadIsTheSnapshot_data();
    void secondLoadIsTheSnapshot();
    void refusedSnapshotIsDeleted_data();
    void refusedSnapshotIsDeleted();
    void staleSnapshotIsDeleted();
    void disabledCacheIsNeitherReadNorWritten();
    void portableFile_data();
    void portableFile();
    void badPortableFile_data();
    void badPortableFile();
    void failedLoadWritesNothing();
    void extraAttachmentsComeBack_data();
    void extraAttachmentsComeBack();
    void refreshRewritesOnlyTheCachesOwn_data();
    void refreshRewritesOnlyTheCachesOwn();

private:
    CacheOptions options() const;
    QString cachedSnapshot(const QString& source) const;
    // Loads `source` from its source and writes its snapshot.
    LoadResult primeCache(const QString& source);

    std::unique_ptr<testfiles::TempFolder> m_files;
    std::unique_ptr<QTemporaryDir> m_cache;
};

void tst_CachedLoader::init()
{
    m_files = std::make_unique<testfiles::TempFolder>();
    m_cache = std::make_unique<QTemporaryDir>();
    QVERIFY(m_files->isValid() && m_cache->isValid());
}

CacheOptions tst_CachedLoader::options() const
{
    CacheOptions o;
    o.folder = m_cache->filePath("snapshots").toStdString();
    o.limitBytes = SnapshotCache::kDefaultLimitBytes;
    return o;
}

QString tst_CachedLoader::cachedSnapshot(const QString& source) const
{
    return QString::fromStdString(SnapshotCache(options().folder).pathFor(source.toStdString()));
}

LoadResult tst_CachedLoader::primeCache(const QString& source)
{
    LoadResult r = CachedLoader::load(source.toStdString(), {}, options());
    std::string error;
    if (!r.fromSnapshot && !CachedLoader::writeCache(r, source.toStdString(), options(), &error))
        qWarning("%s", error.c_str());
    return r;
}

void tst_CachedLoader::secondLoadIsTheSnapshot_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("compression");
    QTest::newRow("sample") << strata::test::sourcePath("/resources/samples/sample_profile.json") << "";
    QTest::newRow("flows") << testfiles::dataPath("chrome_flows_v2.json") << "";
    QTest::newRow("diagnostics") << testfiles::dataPath("chrome_malformed_entries.json") << "";
    QTest::newRow("gzip") << testfiles::dataPath("chrome_async.json") << "gzip";
    QTest::newRow("zstd") << testfiles::dataPath("chrome_counters.json") << "zstd";
    QTest::newRow("perfetto") << testfiles::dataPath("perfetto_rbln.pftrace") << "";
}

void tst_CachedLoader::secondLoadIsTheSnapshot()
{
    QFETCH(QString, file);
    QFETCH(QString, compression);
    QByteArray bytes = testfiles::readFile(file);
    if (!compression.isEmpty())
        bytes = testfiles::compress(bytes, compression);
    const QString path = m_files->write(QFileInfo(file).fileName(), bytes);
    const LoadResult first = primeCache(path);
    QVERIFY2(first.store, first.error.c_str());
    QVERIFY(!first.fromSnapshot);
    QVERIFY(QFile::exists(cachedSnapshot(path)));

    const LoadResult second = CachedLoader::load(path.toStdString(), {}, options());
    QVERIFY2(second.store, second.error.c_str());
    QVERIFY(second.fromSnapshot);
    QVERIFY(!second.portable);
    QVERIFY(second.snapshotNotes.empty());
    QCOMPARE(second.format, first.format);
    QCOMPARE(second.compression, first.compression);
    QCOMPARE(second.fileBytes, first.fileBytes);
    QCOMPARE(second.inputBytes, first.inputBytes);
    QCOMPARE(second.phases, first.phases);
    QCOMPARE(StoreDump::text(*second.store), StoreDump::text(*first.store));
}

void tst_CachedLoader::refusedSnapshotIsDeleted_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("reason");
    QTest::newRow("cut") << "cut"
                         << "bytes, its header says";
    QTest::newRow("byte flipped") << "flip"
                                  << "checksum does not match";
    QTest::newRow("other version") << "version"
                                   << "format version";
    QTest::newRow("empty") << "empty"
                           << "shorter than a snapshot header";
    QTest::newRow("not a snapshot") << "text"
                                    << "wrong magic";
}

void tst_CachedLoader::refusedSnapshotIsDeleted()
{
    QFETCH(QString, damage);
    QFETCH(QString, reason);
    const QString path = m_files->write("t.json", testfiles::readFile(testfiles::dataPath("chrome_flows_v1.json")));
    const LoadResult first = primeCache(path);
    QVERIFY(first.store);
    const QString snapshot = cachedSnapshot(path);
    QByteArray bytes = testfiles::readFile(snapshot);
    QVERIFY(bytes.size() > 200);
    if (damage == "cut")
        bytes.chop(bytes.size() / 3);
    else if (damage == "flip")
        bytes[bytes.size() - 20] = char(bytes[bytes.size() - 20] ^ 0x10);
    else if (damage == "version")
        bytes[8] = char(bytes[8] + 1);
    else if (damage == "empty")
        bytes.clear();
    else
        bytes = "{\"traceEvents\": [], \"displayTimeUnit\": \"ns\", \"otherData\": {\"version\": 1}}";
    testfiles::writeFile(snapshot, bytes);

    const LoadResult r = CachedLoader::load(path.toStdString(), {}, options());
    QVERIFY2(r.store, r.error.c_str());
    QVERIFY(!r.fromSnapshot);
    QVERIFY(!QFile::exists(snapshot));
    QCOMPARE(int(r.snapshotNotes.size()), 1);
    QVERIFY2(QString::fromStdString(r.snapshotNotes[0]).contains("refused and deleted"), r.snapshotNotes[0].c_str());
    QVERIFY2(QString::fromStdString(r.snapshotNotes[0]).contains(reason), r.snapshotNotes[0].c_str());
    QCOMPARE(StoreDump::text(*r.store), StoreDump::text(*first.store));
}

void tst_CachedLoader::staleSnapshotIsDeleted()
{
    const QByteArray v1 = testfiles::readFile(testfiles::dataPath("chrome_flows_v1.json"));
    const QByteArray v2 = testfiles::readFile(testfiles::dataPath("chrome_flows_v2.json"));
    const QString path = m_files->write("t.json", v1);
    QVERIFY(primeCache(path).store);
    m_files->write("t.json", v2);
    const LoadResult r = CachedLoader::load(path.toStdString(), {}, options());
    QVERIFY(r.store);
    QVERIFY(!r.fromSnapshot);
    QCOMPARE(int(r.snapshotNotes.size()), 1);
    QVERIFY2(QString::fromStdString(r.snapshotNotes[0]).contains("stale"), r.snapshotNotes[0].c_str());
    QVERIFY(!QFile::exists(cachedSnapshot(path)));
    // What was read is the new version, and its snapshot is the next one used.
    const LoadResult fresh = ProfileLoader::load(path.toStdString());
    QCOMPARE(StoreDump::text(*r.store), StoreDump::text(*fresh.store));
    std::string error;
    QVERIFY2(CachedLoader::writeCache(r, path.toStdString(), options(), &error), error.c_str());
    QVERIFY(CachedLoader::load(path.toStdString(), {}, options()).fromSnapshot);
}

void tst_CachedLoader::disabledCacheIsNeitherReadNorWritten()
{
    const QString path = m_files->write("t.json", testfiles::readFile(testfiles::dataPath("chrome_async.json")));
    QVERIFY(primeCache(path).store);
    CacheOptions off = options();
    off.enabled = false;
    const LoadResult r = CachedLoader::load(path.toStdString(), {}, off);
    QVERIFY(r.store && !r.fromSnapshot);
    QVERIFY(QFile::remove(cachedSnapshot(path)));
    std::string error;
    QVERIFY(CachedLoader::writeCache(r, path.toStdString(), off, &error));
    QVERIFY(!QFile::exists(cachedSnapshot(path)));
}

void tst_CachedLoader::portableFile_data()
{
    QTest::addColumn<QByteArray>("annotations");
    QTest::newRow("with markers") << QByteArray("{\"version\": 1, \"markers\": [{\"t\": 5}]}");
    QTest::newRow("without markers") << QByteArray();
}

void tst_CachedLoader::portableFile()
{
    QFETCH(QByteArray, annotations);
    const QString source = m_files->write("t.json", testfiles::readFile(testfiles::dataPath("chrome_metadata.json")));
    const LoadResult loaded = ProfileLoader::load(source.toStdString());
    QVERIFY(loaded.store);
    const QString out = m_files->write("copy.strata", {});
    std::string error;
    QVERIFY2(
        CachedLoader::writePortable(loaded, source.toStdString(), annotations.toStdString(), out.toStdString(), &error),
        error.c_str());
    QVERIFY(CachedLoader::isSnapshotFile(out.toStdString()));
    QVERIFY(!CachedLoader::isSnapshotFile(source.toStdString()));
    QVERIFY(QFile::remove(source)); // opens without its source

    const LoadResult r = CachedLoader::load(out.toStdString(), {}, options());
    QVERIFY2(r.store, r.error.c_str());
    QVERIFY(r.fromSnapshot && r.portable);
    QCOMPARE(QString::fromStdString(r.sourceName), QFileInfo(source).absoluteFilePath());
    QCOMPARE(QByteArray::fromStdString(r.annotations), annotations);
    QCOMPARE(r.format, loaded.format);
    QCOMPARE(r.phases, loaded.phases);
    QCOMPARE(StoreDump::text(*r.store), StoreDump::text(*loaded.store));
    // Never copied into the cache: it is a snapshot already.
    QCOMPARE(SnapshotCache(options().folder).usage().files, uint64_t(0));

    // Saved again, it keeps naming the first source.
    const QString again = m_files->write("again.strata", {});
    QVERIFY(CachedLoader::writePortable(r, out.toStdString(), r.annotations, again.toStdString(), &error));
    QCOMPARE(CachedLoader::load(again.toStdString(), {}, options()).sourceName, r.sourceName);
}

void tst_CachedLoader::badPortableFile_data()
{
    QTest::addColumn<int>("keep"); // bytes of a good file kept
    QTest::newRow("magic only") << 8;
    QTest::newRow("header cut") << 40;
    QTest::newRow("half") << -2;
}

void tst_CachedLoader::badPortableFile()
{
    QFETCH(int, keep);
    const QString source = m_files->write("t.json", testfiles::readFile(testfiles::dataPath("chrome_async.json")));
    const LoadResult loaded = ProfileLoader::load(source.toStdString());
    const QString out = m_files->write("bad.strata", {});
    std::string error;
    QVERIFY(CachedLoader::writePortable(loaded, source.toStdString(), "", out.toStdString(), &error));
    QByteArray bytes = testfiles::readFile(out);
    bytes.truncate(keep > 0 ? keep : bytes.size() / -keep);
    testfiles::writeFile(out, bytes);
    const LoadResult r = CachedLoader::load(out.toStdString(), {}, options());
    QVERIFY(!r.store);
    QVERIFY2(QString::fromStdString(r.error).startsWith(out + ": "), r.error.c_str());
    QVERIFY2(QString::fromStdString(r.error).contains("at byte "), r.error.c_str());
    QVERIFY(QFile::exists(out)); // a file the user gave is never deleted
}

void tst_CachedLoader::failedLoadWritesNothing()
{
    const QString path = m_files->write("t.json", "hello, not a profile");
    const LoadResult r = CachedLoader::load(path.toStdString(), {}, options());
    QVERIFY(!r.store);
    std::string error;
    QVERIFY(CachedLoader::writeCache(r, path.toStdString(), options(), &error));
    QVERIFY(!QFile::exists(cachedSnapshot(path)));
}

void tst_CachedLoader::extraAttachmentsComeBack_data()
{
    QTest::addColumn<bool>("portable");
    QTest::newRow("cache") << false;
    QTest::newRow("portable") << true;
}

// What a caller adds (the derived indexes) is handed back by the next load, apart from this
// class's own attachments; an extra of one of their names does not replace them.
void tst_CachedLoader::extraAttachmentsComeBack()
{
    QFETCH(bool, portable);
    const QString source = m_files->write("x.json", testfiles::readFile(testfiles::dataPath("chrome_metadata.json")));
    const LoadResult loaded = CachedLoader::load(source.toStdString(), {}, options());
    QVERIFY(loaded.store && !loaded.fromSnapshot);
    QVERIFY(loaded.attachments.empty());
    const std::map<std::string, std::string> extra
        = { { "index.a", std::string("\0bytes\xff", 7) }, { "index.b", "" }, { "load", "not the load" } };
    std::string error;
    const QString out = m_files->write("x.strata", {});
    QVERIFY2(portable ? CachedLoader::writePortable(loaded, source.toStdString(), {}, out.toStdString(), &error, extra)
                      : CachedLoader::writeCache(loaded, source.toStdString(), options(), &error, extra),
        error.c_str());
    const LoadResult r = CachedLoader::load((portable ? out : source).toStdString(), {}, options());
    QVERIFY2(r.store, r.error.c_str());
    QVERIFY(r.fromSnapshot);
    QCOMPARE(r.format, loaded.format); // the own "load" attachment won
    QCOMPARE(r.attachments.size(), size_t(2));
    QCOMPARE(r.attachments.at("index.a"), extra.at("index.a"));
    QCOMPARE(r.attachments.at("index.b"), std::string());
}

void tst_CachedLoader::refreshRewritesOnlyTheCachesOwn_data()
{
    QTest::addColumn<bool>("refresh"); // LoadResult::refreshCache, as the caller sets it
    QTest::addColumn<bool>("sourceChanged"); // between the load and the write
    QTest::addColumn<bool>("rewritten");
    QTest::newRow("from the cache, refresh") << true << false << true;
    QTest::newRow("from the cache, no refresh") << false << false << false;
    QTest::newRow("refresh, source changed since") << true << true << false;
}

// A profile read from a cache snapshot that lacked the derived indexes is written again with
// them when the caller asks (refreshCache), and only while the source is the one that
// snapshot was checked against.
void tst_CachedLoader::refreshRewritesOnlyTheCachesOwn()
{
    QFETCH(bool, refresh);
    QFETCH(bool, sourceChanged);
    QFETCH(bool, rewritten);
    const QByteArray v1 = testfiles::readFile(testfiles::dataPath("chrome_flows_v1.json"));
    const QString source = m_files->write("r.json", v1);
    QVERIFY(primeCache(source).store); // without extras: a snapshot from before the indexes
    LoadResult r = CachedLoader::load(source.toStdString(), {}, options());
    QVERIFY(r.store && r.fromSnapshot && !r.portable);
    QVERIFY(r.attachments.empty());
    r.refreshCache = refresh;
    if (sourceChanged)
        m_files->write("r.json", testfiles::readFile(testfiles::dataPath("chrome_flows_v2.json")));
    std::string error;
    QVERIFY2(CachedLoader::writeCache(r, source.toStdString(), options(), &error, { { "index.x", "built" } }),
        error.c_str());
    const LoadResult again = CachedLoader::load(source.toStdString(), {}, options());
    QVERIFY(again.store);
    // A changed source is parsed (its stale snapshot deleted), never answered by the refresh.
    QCOMPARE(again.fromSnapshot, !sourceChanged);
    QCOMPARE(again.attachments.count("index.x"), size_t(rewritten ? 1 : 0));
    if (again.fromSnapshot)
        QCOMPARE(StoreDump::text(*again.store), StoreDump::text(*r.store));

    // A .strata file is never copied into the cache, refresh or not.
    const QString out = m_files->write("r.strata", {});
    QVERIFY(CachedLoader::writePortable(again, source.toStdString(), {}, out.toStdString(), &error));
    LoadResult portable = CachedLoader::load(out.toStdString(), {}, options());
    QVERIFY(portable.portable);
    portable.refreshCache = true;
    const QString other = m_files->write("other.json", v1);
    QVERIFY(CachedLoader::writeCache(portable, other.toStdString(), options(), &error));
    QVERIFY(!QFile::exists(cachedSnapshot(other)));
}

QTEST_GUILESS_MAIN(tst_CachedLoader)
#include "tst_cachedloader.moc"
