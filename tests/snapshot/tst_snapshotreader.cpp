#include "snapshottestutil.h"
#include "storedump.h"

#include <profileloader.h>
#include <snapshot/snapshotreader.h>
#include <snapshot/snapshotwriter.h>

#include <zstd.h>

#include <QDir>
#include <QDirIterator>
#include <QTemporaryDir>
#include <QtTest>

using namespace strata::store;
using namespace strata::store::snapshot;
using namespace snapshottest;

// SnapshotReader: every store of tests/data comes back identical, and a damaged file is
// refused with an error naming the file and the byte offset of the first bad section,
// whatever the damage: cut short at any section boundary, a byte flipped in any section, a
// wrong magic, version, byte order or layout, sections too long, swapped or repeated.
class tst_SnapshotReader : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void roundTrip_data();
    void roundTrip();
    void truncated();
    void flippedByte();
    void header_data();
    void header();
    void sectionBeyondFile();
    void sectionsSwapped();
    void missingFile();
    void rawLimit();
    void attachments();
    void badAttachments_data();
    void badAttachments();
    void staleFingerprint_data();
    void staleFingerprint();
    void progressAndCancel_data();
    void progressAndCancel();

private:
    void expectRefused(const std::vector<uint8_t>& file, uint64_t offset, const char* reason = nullptr);
    std::vector<uint8_t> m_file;
};

void tst_SnapshotReader::initTestCase()
{
    m_file = SnapshotWriter::encode(*richStore(), "fingerprint");
    QVERIFY(SnapshotReader::read(m_file.data(), m_file.size(), "rich.strata", {}).store);
}

void tst_SnapshotReader::expectRefused(const std::vector<uint8_t>& file, uint64_t offset, const char* reason)
{
    const SnapshotReadResult r = SnapshotReader::read(file.data(), file.size(), "bad.strata", {});
    QVERIFY2(!r.store, "a damaged snapshot was read");
    QVERIFY2(r.error.rfind("bad.strata: ", 0) == 0, r.error.c_str());
    QVERIFY2(r.error.find("at byte " + std::to_string(offset) + ")") != std::string::npos, r.error.c_str());
    QCOMPARE(r.errorOffset, offset);
    if (reason)
        QVERIFY2(r.error.find(reason) != std::string::npos, r.error.c_str());
}

void tst_SnapshotReader::roundTrip_data()
{
    QTest::addColumn<QString>("path");
    const QDir data(QStringLiteral(STRATA_SOURCE_DIR "/tests/data"));
    for (const QString& name : data.entryList(QDir::Files))
        QTest::newRow(qPrintable(name)) << data.filePath(name);
    // The real traces beside the tree, when they are there.
    QDirIterator it(
        QStringLiteral(STRATA_SOURCE_DIR "/../shared/corpus/real"), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo fi(it.next());
        if (fi.suffix() != "md" && fi.suffix() != "tsv")
            QTest::newRow(qPrintable("corpus/" + fi.dir().dirName() + "/" + fi.fileName())) << fi.filePath();
    }
}

void tst_SnapshotReader::roundTrip()
{
    QFETCH(QString, path);
    const auto loaded = strata::importers::ProfileLoader::load(path.toStdString());
    if (!loaded.store)
        QSKIP("the importers refuse this file");
    const std::vector<uint8_t> file = SnapshotWriter::encode(*loaded.store, path.toStdString());
    const SnapshotReadResult r = SnapshotReader::read(file.data(), file.size(), "a.strata", {});
    QVERIFY2(r.store, r.error.c_str());
    QCOMPARE(r.fingerprint, path.toStdString());
    QCOMPARE(QString::fromStdString(StoreDump::text(*r.store)), QString::fromStdString(StoreDump::text(*loaded.store)));
}

void tst_SnapshotReader::truncated()
{
    // At, just before and just after every section start, and one byte short of the end:
    // the file size disagrees with the header before anything else is looked at.
    for (const DirectoryEntry& e : directory(m_file))
        for (const uint64_t cut : { e.offset - 1, e.offset, e.offset + 1 }) {
            std::vector<uint8_t> file(m_file.begin(), m_file.begin() + long(cut));
            expectRefused(file, 0, "bytes, its header says");
        }
    expectRefused(std::vector<uint8_t>(m_file.begin(), m_file.end() - 1), 0);
    expectRefused(std::vector<uint8_t>(m_file.begin(), m_file.begin() + 20), 0, "shorter than a snapshot header");
    expectRefused({}, 0);
    // Cut, with a header made to agree: the directory points past the end.
    std::vector<uint8_t> file(m_file.begin(), m_file.end() - 10);
    FileHeader h;
    std::memcpy(&h, file.data(), sizeof h);
    h.fileBytes = file.size();
    std::memcpy(file.data(), &h, sizeof h);
    fixHeaderCrc(file);
    expectRefused(
        file, sizeof h + h.fingerprintBytes + (kSectionCount - 1) * sizeof(DirectoryEntry), "outside the file");
}

void tst_SnapshotReader::flippedByte()
{
    for (const DirectoryEntry& e : directory(m_file)) {
        for (const uint64_t at : { e.offset, e.offset + e.storedBytes / 2, e.offset + e.storedBytes - 1 }) {
            std::vector<uint8_t> file = m_file;
            file[at] ^= 0x10;
            expectRefused(file, e.offset, "checksum");
        }
    }
    // In the header or directory.
    for (const size_t at : { size_t(20), size_t(60), size_t(200) }) {
        std::vector<uint8_t> file = m_file;
        file[at] ^= 0x01;
        expectRefused(file, 0);
    }
}

void tst_SnapshotReader::header_data()
{
    QTest::addColumn<int>("field"); // 0 magic, 1 version, 2 byte order, 3 layout, 4 section count
    QTest::addColumn<QString>("reason");
    QTest::newRow("magic") << 0 << "wrong magic";
    QTest::newRow("version") << 1 << "format version 2, this build reads 1";
    QTest::newRow("byte order") << 2 << "another byte order";
    QTest::newRow("layout") << 3 << "another store layout";
    QTest::newRow("section count") << 4 << "wrong number of sections";
}

void tst_SnapshotReader::header()
{
    QFETCH(int, field);
    QFETCH(QString, reason);
    std::vector<uint8_t> file = m_file;
    FileHeader h;
    std::memcpy(&h, file.data(), sizeof h);
    switch (field) {
    case 0: h.magic[0] = 'X'; break;
    case 1: h.version += 1; break;
    case 2: h.byteOrder = 0x04030201u; break;
    case 3: h.layoutId ^= 1; break;
    case 4: h.sectionCount -= 1; break;
    }
    std::memcpy(file.data(), &h, sizeof h);
    fixHeaderCrc(file); // so that the field itself is what is refused
    expectRefused(file, 0, reason.toUtf8().constData());
}

void tst_SnapshotReader::sectionBeyondFile()
{
    const size_t dirAt = sizeof(FileHeader) + std::strlen("fingerprint");
    for (const uint64_t stored : { uint64_t(1) << 40, ~uint64_t(0) }) {
        std::vector<uint8_t> file = m_file;
        std::vector<DirectoryEntry> dir = directory(file);
        dir[3].storedBytes = stored;
        std::memcpy(file.data() + dirAt, dir.data(), dir.size() * sizeof(DirectoryEntry));
        fixHeaderCrc(file);
        expectRefused(file, dirAt + 3 * sizeof(DirectoryEntry), "outside the file");
    }
    // A section that declares more bytes than zstd can expand to.
    std::vector<uint8_t> file = m_file;
    std::vector<DirectoryEntry> dir = directory(file);
    dir[7].rawBytes = dir[7].storedBytes * kMaxExpansion + 4097;
    std::memcpy(file.data() + dirAt, dir.data(), dir.size() * sizeof(DirectoryEntry));
    fixHeaderCrc(file);
    expectRefused(file, dirAt + 7 * sizeof(DirectoryEntry), "more bytes than it can hold");
}

void tst_SnapshotReader::sectionsSwapped()
{
    // Two sections' directory entries exchanged (ids in order, contents not): the first
    // section read is refused, by its decoded contents since the CRCs travel with entries.
    const size_t dirAt = sizeof(FileHeader) + std::strlen("fingerprint");
    std::vector<uint8_t> file = m_file;
    std::vector<DirectoryEntry> dir = directory(file);
    std::swap(dir[1].id, dir[2].id);
    std::memcpy(file.data() + dirAt, dir.data(), dir.size() * sizeof(DirectoryEntry));
    fixHeaderCrc(file);
    expectRefused(file, dirAt + sizeof(DirectoryEntry), "out of order");
    // One section's entry repeated in place of the next.
    file = m_file;
    dir = directory(file);
    dir[5] = dir[4];
    dir[5].id = 6;
    std::memcpy(file.data() + dirAt, dir.data(), dir.size() * sizeof(DirectoryEntry));
    fixHeaderCrc(file);
    expectRefused(file, dirAt + 5 * sizeof(DirectoryEntry), "outside the file");
}

void tst_SnapshotReader::missingFile()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("none.strata").toStdString();
    const SnapshotReadResult r = SnapshotReader::read(path);
    QVERIFY(!r.store);
    QVERIFY2(r.error.rfind(path + ": ", 0) == 0, r.error.c_str());
}

void tst_SnapshotReader::rawLimit()
{
    SnapshotReader::Options small;
    small.maxRawBytes = 64;
    const SnapshotReadResult r = SnapshotReader::read(m_file.data(), m_file.size(), "big.strata", small);
    QVERIFY(!r.store);
    QVERIFY2(r.error.find("more than the reader's limit") != std::string::npos, r.error.c_str());
}

void tst_SnapshotReader::attachments()
{
    SnapshotWriter::Options o;
    o.attachments["load"] = "format x\n";
    o.attachments["annotations"] = std::string("{\"markers\": []}\0binary", 23);
    o.attachments["empty"] = "";
    const std::vector<uint8_t> file = SnapshotWriter::encode(*richStore(), "fp", o);
    const SnapshotReadResult r = SnapshotReader::read(file.data(), file.size(), "a.strata", {});
    QVERIFY2(r.store, r.error.c_str());
    QCOMPARE(r.attachments, o.attachments);
    QCOMPARE(r.fingerprint, std::string("fp"));
}

void tst_SnapshotReader::badAttachments_data()
{
    QTest::addColumn<QByteArray>("raw");
    QTest::addColumn<QString>("reason");
    QTest::newRow("too many") << QByteArray("\x41", 1) << "too many attachments";
    QTest::newRow("empty name") << QByteArray("\x01\x00\x00", 3) << "name is empty";
    QTest::newRow("named twice") << QByteArray("\x02\x01"
                                               "a"
                                               "\x00\x01"
                                               "a"
                                               "\x00",
        7) << "named twice";
    QTest::newRow("cut") << QByteArray("\x01\x01"
                                       "a"
                                       "\x05"
                                       "ab",
        5) << "";
    QTest::newRow("bytes after") << QByteArray("\x00\x00", 2) << "bytes more than its contents";
}

// The Attachments section rewritten with `raw` (compressed and checksummed as the writer
// would): refused, naming that section, whatever its entries get wrong.
void tst_SnapshotReader::badAttachments()
{
    QFETCH(QByteArray, raw);
    QFETCH(QString, reason);
    std::vector<uint8_t> file = SnapshotWriter::encode(*richStore(), "fp");
    const std::vector<DirectoryEntry> dir = directory(file);
    const DirectoryEntry last = dir.back();
    QCOMPARE(last.id, uint32_t(SectionId::Attachments));
    std::vector<uint8_t> stored(ZSTD_compressBound(size_t(raw.size())));
    stored.resize(ZSTD_compress(stored.data(), stored.size(), raw.constData(), size_t(raw.size()), 3));
    file.resize(last.offset);
    file.insert(file.end(), stored.begin(), stored.end());
    DirectoryEntry e = last;
    e.storedBytes = stored.size();
    e.rawBytes = uint64_t(raw.size());
    e.crc = uint32_t(crc32(crc32(0L, Z_NULL, 0), stored.data(), uInt(stored.size())));
    const uint64_t at = sizeof(FileHeader) + 2 + (dir.size() - 1) * sizeof(DirectoryEntry);
    std::memcpy(file.data() + at, &e, sizeof e);
    FileHeader h;
    std::memcpy(&h, file.data(), sizeof h);
    h.fileBytes = file.size();
    std::memcpy(file.data(), &h, sizeof h);
    fixHeaderCrc(file);
    expectRefused(file, last.offset, reason.isEmpty() ? nullptr : qPrintable(reason));
    const SnapshotReadResult r = SnapshotReader::read(file.data(), file.size(), "a.strata", {});
    QVERIFY2(r.error.find("attachments section") != std::string::npos, r.error.c_str());
}

void tst_SnapshotReader::staleFingerprint_data()
{
    QTest::addColumn<QString>("expected");
    QTest::addColumn<bool>("stale");
    QTest::newRow("same") << "fp" << false;
    QTest::newRow("other") << "fq" << true;
    QTest::newRow("longer") << "fp2" << true;
    QTest::newRow("empty") << "" << true;
}

void tst_SnapshotReader::staleFingerprint()
{
    QFETCH(QString, expected);
    QFETCH(bool, stale);
    const std::vector<uint8_t> file = SnapshotWriter::encode(*richStore(), "fp");
    const std::string want = expected.toStdString();
    SnapshotReader::Options o;
    o.expectedFingerprint = &want;
    const SnapshotReadResult r = SnapshotReader::read(file.data(), file.size(), "a.strata", o);
    QCOMPARE(r.stale, stale);
    QCOMPARE(!r.store, stale);
    if (stale)
        QVERIFY2(r.error.find("a.strata: stale") == 0, r.error.c_str());
}

void tst_SnapshotReader::progressAndCancel_data()
{
    QTest::addColumn<bool>("cancel");
    QTest::addColumn<unsigned>("threads");
    QTest::newRow("read, 1 thread") << false << 1u;
    QTest::newRow("read, 2 threads") << false << 2u;
    QTest::newRow("cancelled") << true << 2u;
}

void tst_SnapshotReader::progressAndCancel()
{
    QFETCH(bool, cancel);
    QFETCH(unsigned, threads);
    std::atomic<bool> flag { cancel };
    std::atomic<int> calls { 0 };
    std::atomic<double> highest { 0 };
    SnapshotReader::Options o;
    o.threads = threads;
    o.cancel = &flag;
    o.progress = [&](double f) {
        ++calls;
        double h = highest.load();
        while (f > h && !highest.compare_exchange_weak(h, f)) { }
    };
    const SnapshotReadResult r = SnapshotReader::read(m_file.data(), m_file.size(), "p.strata", o);
    QCOMPARE(r.cancelled, cancel);
    QCOMPARE(!r.store, cancel);
    if (cancel) {
        QCOMPARE(r.error, std::string("p.strata: load cancelled"));
        QCOMPARE(calls.load(), 0);
    } else {
        QCOMPARE(calls.load(), int(kSectionCount));
        QCOMPARE(highest.load(), 1.0);
    }
}

QTEST_GUILESS_MAIN(tst_SnapshotReader)
#include "tst_snapshotreader.moc"
