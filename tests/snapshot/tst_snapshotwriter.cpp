#include "snapshottestutil.h"
#include <support/storedump.h>

#include <snapshot/snapshotreader.h>
#include <snapshot/snapshotwriter.h>

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

using namespace strata::store;
using namespace snapshottest;

// SnapshotWriter: what it writes reads back identical, the file appears atomically (a
// failed write leaves nothing, not even its temporary file), the fingerprint is carried, and
// a job's rank left for the merger (argument sets not deduplicated) is refused.
class tst_SnapshotWriter : public QObject {
    Q_OBJECT

private slots:
    void writesAReadableFile_data();
    void writesAReadableFile();
    void encodeIsTheFileBytes();
    void replacesAnExistingFile();
    void failureLeavesNoFile();
    void sectionsAreListed();
    void refusesRepeatedArgSets();
};

void tst_SnapshotWriter::writesAReadableFile_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QByteArray>("fingerprint");
    QTest::newRow("rich store") << QString() << QByteArray("path\0size\x01mtime", 15);
    QTest::newRow("empty store") << QString("") << QByteArray();
    QTest::newRow("nested B/E") << QString("B a 0;B b 5;E - 10;E - 20;X c 30 5;I 7;G 9;C 3 1.5") << QByteArray("fp");
    QTest::newRow("open slice, async") << QString("B a 0;b 1 q 2;e 1 q 8;X z 100 0") << QByteArray(70000 / 2, 'f');
}

void tst_SnapshotWriter::writesAReadableFile()
{
    QFETCH(QString, script);
    QFETCH(QByteArray, fingerprint);
    std::shared_ptr<const EventStore> store;
    if (script.isNull()) {
        store = richStore();
    } else {
        storetest::Script s;
        s.run(script);
        store = StoreFinalizer::finalize(s.b);
    }
    QTemporaryDir dir;
    const std::string path = dir.filePath("store.strata").toStdString();
    std::string error;
    QVERIFY2(
        SnapshotWriter::write(*store, path, std::string_view(fingerprint.data(), size_t(fingerprint.size())), &error),
        error.c_str());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList { "store.strata" });
    const SnapshotReadResult read = SnapshotReader::read(path);
    QVERIFY2(read.store, read.error.c_str());
    QCOMPARE(QByteArray::fromStdString(read.fingerprint), fingerprint);
    QCOMPARE(QString::fromStdString(StoreDump::text(*read.store)), QString::fromStdString(StoreDump::text(*store)));
}

void tst_SnapshotWriter::encodeIsTheFileBytes()
{
    const auto store = richStore();
    QTemporaryDir dir;
    const QString path = dir.filePath("a.strata");
    std::string error;
    QVERIFY(SnapshotWriter::write(*store, path.toStdString(), "fp", &error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray file = f.readAll();
    const std::vector<uint8_t> bytes = SnapshotWriter::encode(*store, "fp");
    QCOMPARE(file, QByteArray(reinterpret_cast<const char*>(bytes.data()), int(bytes.size())));
}

void tst_SnapshotWriter::replacesAnExistingFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("a.strata");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("old contents");
    f.close();
    std::string error;
    QVERIFY(SnapshotWriter::write(*richStore(), path.toStdString(), "new", &error));
    const SnapshotReadResult read = SnapshotReader::read(path.toStdString());
    QVERIFY2(read.store, read.error.c_str());
    QCOMPARE(read.fingerprint, std::string("new"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList { "a.strata" });
}

void tst_SnapshotWriter::failureLeavesNoFile()
{
    QTemporaryDir dir;
    std::string error;
    // A folder that does not exist: no temporary file can be made.
    const std::string missing = dir.filePath("no/such/folder/a.strata").toStdString();
    QVERIFY(!SnapshotWriter::write(*richStore(), missing, "fp", &error));
    QVERIFY2(error.find(missing) == 0, error.c_str());
    // A fingerprint too long fails after the temporary file was made: it is removed.
    const std::string path = dir.filePath("a.strata").toStdString();
    QVERIFY(!SnapshotWriter::write(*richStore(), path, std::string(70000, 'x'), &error));
    QVERIFY2(error.find(path) == 0, error.c_str());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList());
    // The target is a folder: the rename fails and the temporary file goes.
    QVERIFY(QDir(dir.path()).mkdir("target"));
    QVERIFY(!SnapshotWriter::write(*richStore(), dir.filePath("target").toStdString(), "fp", &error));
    QVERIFY2(error.find("rename") != std::string::npos, error.c_str());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList());
}

void tst_SnapshotWriter::sectionsAreListed()
{
    QTemporaryDir dir;
    std::string error;
    SnapshotWriter::Stats stats;
    QVERIFY(SnapshotWriter::write(
        *richStore(), dir.filePath("a.strata").toStdString(), "fp", &error, SnapshotWriter::Options(), &stats));
    QCOMPARE(stats.sectionBytes.size(), size_t(snapshot::kSectionCount));
    QCOMPARE(stats.sectionBytes.front().first, std::string("counts"));
    QCOMPARE(stats.fileBytes, uint64_t(QFileInfo(dir.filePath("a.strata")).size()));
    uint64_t sum = 0;
    for (const auto& [name, bytes] : stats.sectionBytes)
        sum += bytes;
    QVERIFY(sum < stats.fileBytes);
}

void tst_SnapshotWriter::refusesRepeatedArgSets()
{
    storetest::Script s;
    s.b.keepRepeatedArgSets();
    const Arg a = Arg::makeInt(s.b.intern("correlation"), 7);
    const TypeId t = s.type("k");
    s.b.completeSlice(s.tid, 0, 5, t, s.b.argSet(&a, 1));
    s.b.completeSlice(s.tid, 10, 5, t, s.b.argSet(&a, 1)); // the same set again, under an id of its own
    const std::shared_ptr<const EventStore> store = StoreFinalizer::finalize(s.b);
    QCOMPARE(store->args().setCount(), size_t(2));
    QTemporaryDir dir;
    std::string error;
    QVERIFY(!SnapshotWriter::write(*store, dir.filePath("a.strata").toStdString(), "fp", &error));
    QVERIFY2(error.find("not deduplicated") != std::string::npos, error.c_str());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList());
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, SnapshotWriter::encode(*store, "fp"));
}

QTEST_GUILESS_MAIN(tst_SnapshotWriter)
#include "tst_snapshotwriter.moc"
