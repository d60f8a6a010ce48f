#include "snapshottestutil.h"
#include <support/storedump.h>

#include <profileloader.h>
#include <snapshot/snapshotreader.h>
#include <snapshot/snapshotwriter.h>
#include <store/sanitizers.h>

#include <zstd.h>

#include <unistd.h>

#include <QDir>
#include <QDirIterator>
#include <QTemporaryDir>
#include <QtTest>
#include <support/sourcedir.h>

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
    void window_data();
    void window();
    void badFrame_data();
    void badFrame();

    void fromFile_data();
    void fromFile();
    void fileCutWhileRead_data();
    void fileCutWhileRead();

private:
    void expectRefused(const std::vector<uint8_t>& file, uint64_t offset, const char* reason = nullptr,
        size_t windowBytes = SnapshotReader::Options().windowBytes);
    static std::vector<uint8_t> withAttachments(const std::vector<uint8_t>& stored, uint64_t rawBytes);
    std::vector<uint8_t> m_file;
};

void tst_SnapshotReader::initTestCase()
{
    m_file = SnapshotWriter::encode(*richStore(), "fingerprint");
    QVERIFY(SnapshotReader::read(m_file.data(), m_file.size(), "rich.strata", {}).store);
}

void tst_SnapshotReader::expectRefused(
    const std::vector<uint8_t>& file, uint64_t offset, const char* reason, size_t windowBytes)
{
    SnapshotReader::Options o;
    o.windowBytes = windowBytes;
    const SnapshotReadResult r = SnapshotReader::read(file.data(), file.size(), "bad.strata", o);
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
    const QDir data(strata::test::sourcePath("/tests/data"));
    for (const QString& name : data.entryList(QDir::Files))
        QTest::newRow(qPrintable(name)) << data.filePath(name);
    // The real traces beside the tree, when they are there.
    QDirIterator it(strata::test::sourcePath("/../shared/corpus/real"), QDir::Files, QDirIterator::Subdirectories);
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
    const QString expected = QString::fromStdString(StoreDump::text(*loaded.store));
    QCOMPARE(QString::fromStdString(StoreDump::text(*r.store)), expected);
    // Through windows so small that varints, strings and byte planes straddle refills. Under a
    // sanitizer a corpus file (5-20 s each there, most of it in the dumps) takes the odd one
    // only: the three run in Release, and under the sanitizer on every file of tests/data.
    const bool oneWindow = (STRATA_ASAN || STRATA_TSAN) && QString(QTest::currentDataTag()).startsWith("corpus/");
    for (const size_t window : oneWindow ? std::vector<size_t> { 17 } : std::vector<size_t> { 16, 17, 100 }) {
        SnapshotReader::Options o;
        o.windowBytes = window;
        const SnapshotReadResult w = SnapshotReader::read(file.data(), file.size(), "a.strata", o);
        QVERIFY2(w.store, w.error.c_str());
        QCOMPARE(QString::fromStdString(StoreDump::text(*w.store)), expected);
    }
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
    o.attachments["annotations"] = std::string("{\"markers\": []}\0binary\0", 23);
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
    std::vector<uint8_t> stored(ZSTD_compressBound(size_t(raw.size())));
    stored.resize(ZSTD_compress(stored.data(), stored.size(), raw.constData(), size_t(raw.size()), 3));
    const std::vector<uint8_t> file = withAttachments(stored, uint64_t(raw.size()));
    const DirectoryEntry last = directory(file).back();
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

// The rich store's file with its last section, Attachments, replaced by `stored` declaring
// `rawBytes`, its directory entry, checksum and header made to agree.
std::vector<uint8_t> tst_SnapshotReader::withAttachments(const std::vector<uint8_t>& stored, uint64_t rawBytes)
{
    std::vector<uint8_t> file = SnapshotWriter::encode(*richStore(), "fp");
    const std::vector<DirectoryEntry> dir = directory(file);
    const DirectoryEntry last = dir.back();
    file.resize(last.offset);
    file.insert(file.end(), stored.begin(), stored.end());
    DirectoryEntry e = last;
    e.storedBytes = stored.size();
    e.rawBytes = rawBytes;
    e.crc = uint32_t(crc32(crc32(0L, Z_NULL, 0), stored.data(), uInt(stored.size())));
    const uint64_t at = sizeof(FileHeader) + 2 + (dir.size() - 1) * sizeof(DirectoryEntry);
    std::memcpy(file.data() + at, &e, sizeof e);
    FileHeader h;
    std::memcpy(&h, file.data(), sizeof h);
    h.fileBytes = file.size();
    std::memcpy(file.data(), &h, sizeof h);
    fixHeaderCrc(file);
    return file;
}

void tst_SnapshotReader::window_data()
{
    QTest::addColumn<int>("windowBytes");
    // 0 and 1 stand for the smallest window the reader allows (16 bytes).
    for (const int w : { 0, 1, 16, 17, 19, 31, 64, 1000, 1 << 20 })
        QTest::newRow(qPrintable(QString::number(w))) << w;
}

// Whatever the window, the same store and attachments come back: values straddle its
// refills (varints, 8-byte doubles, strings and attachment values longer than the window,
// counter values' byte planes), and a section read straight into its column.
void tst_SnapshotReader::window()
{
    QFETCH(int, windowBytes);
    SnapshotWriter::Options w;
    w.attachments = { { "long", std::string(5000, 'x') + "end" }, { "a", "b" },
        { std::string(64, 'n'), std::string(300, '\x80') } };
    const std::vector<uint8_t> file = SnapshotWriter::encode(*richStore(), "fp", w);
    SnapshotReader::Options o;
    o.windowBytes = size_t(windowBytes);
    const SnapshotReadResult r = SnapshotReader::read(file.data(), file.size(), "a.strata", o);
    QVERIFY2(r.store, r.error.c_str());
    QCOMPARE(r.attachments, w.attachments);
    QCOMPARE(QString::fromStdString(StoreDump::text(*r.store)), QString::fromStdString(StoreDump::text(*richStore())));
}

namespace {

// Attachments holding one value of n bytes: long enough for several zstd blocks.
std::vector<uint8_t> attachmentsRaw(size_t n)
{
    std::vector<uint8_t> raw { 1, 1, 'a' };
    size_t v = n;
    for (; v >= 0x80; v >>= 7)
        raw.push_back(uint8_t(v | 0x80));
    raw.push_back(uint8_t(v));
    for (size_t i = 0; i < n; ++i)
        raw.push_back(uint8_t(i * 7919 >> 5));
    return raw;
}

std::vector<uint8_t> compress(const std::vector<uint8_t>& raw, bool contentSize = true, bool checksum = false)
{
    ZSTD_CCtx* c = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(c, ZSTD_c_contentSizeFlag, contentSize);
    ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, checksum);
    std::vector<uint8_t> out(ZSTD_compressBound(raw.size()));
    out.resize(ZSTD_compress2(c, out.data(), out.size(), raw.data(), raw.size()));
    ZSTD_freeCCtx(c);
    return out;
}

// Rewrites the frame header's content size to `size` (it must keep its field's width).
void setContentSize(std::vector<uint8_t>& frame, uint64_t size)
{
    const uint8_t fhd = frame[4];
    const bool single = fhd & 0x20;
    const unsigned dictBytes[] = { 0, 1, 2, 4 }, sizeBytes[] = { single ? 1u : 0u, 2, 4, 8 };
    const size_t at = 5 + (single ? 0 : 1) + dictBytes[fhd & 3];
    const unsigned width = sizeBytes[fhd >> 6];
    QVERIFY(width == 4 || width == 8);
    for (unsigned i = 0; i < width; ++i)
        frame[at + i] = uint8_t(size >> (8 * i));
    QCOMPARE(ZSTD_getFrameContentSize(frame.data(), frame.size()), (unsigned long long)size);
}

} // namespace

void tst_SnapshotReader::badFrame_data()
{
    QTest::addColumn<int>("windowBytes");
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("reason"); // empty: any refusal naming the section
    struct Row {
        const char *name, *damage, *reason;
    };
    const Row rows[] = { { "cut by 1", "cut 1", "" }, { "cut by 3", "cut 3", "" }, { "cut in half", "cut half", "" },
        { "checksum cut", "cut checksum", "" }, { "bytes after the frame", "garbage", "" },
        { "a second frame", "second frame", "bytes after its compressed frame" },
        { "content longer than declared", "longer", "" }, { "content shorter than declared", "shorter", "" },
        { "no content size", "unknown size", "does not match its directory" },
        { "directory says one more", "declared +1", "does not match its directory" },
        { "directory says one less", "declared -1", "does not match its directory" } };
    for (const int w : { 16, 1 << 18 })
        for (const Row& r : rows)
            QTest::newRow(qPrintable(QStringLiteral("%1, window %2").arg(r.name).arg(w)))
                << w << QString(r.damage) << QString(r.reason);
}

// A section whose stored frame disagrees with its directory entry, or is cut or followed
// by other bytes, is refused however the window splits it; the checksum over the stored
// bytes is right in every case, so only the decompression can tell.
void tst_SnapshotReader::badFrame()
{
    QFETCH(int, windowBytes);
    QFETCH(QString, damage);
    QFETCH(QString, reason);
    const std::vector<uint8_t> raw = attachmentsRaw(400000);
    std::vector<uint8_t> stored = compress(raw, true, damage == "cut checksum");
    uint64_t declared = raw.size();
    if (damage.startsWith("cut ")) {
        const QString by = damage.mid(4);
        const size_t n = by == "half" ? stored.size() / 2 : by == "checksum" ? 2 : by.toULong();
        stored.resize(stored.size() - n);
    } else if (damage == "garbage") {
        stored.insert(stored.end(), { 1, 2, 3, 4, 5 });
    } else if (damage == "second frame") {
        const std::vector<uint8_t> empty = compress({});
        stored.insert(stored.end(), empty.begin(), empty.end());
    } else if (damage == "longer" || damage == "shorter") {
        // The frame's header and the directory agree; its blocks hold one byte more or less.
        std::vector<uint8_t> other = raw;
        if (damage == "longer")
            other.push_back(0);
        else
            other.pop_back();
        stored = compress(other);
        setContentSize(stored, raw.size());
    } else if (damage == "unknown size") {
        stored = compress(raw, false);
    } else if (damage == "declared +1") {
        ++declared;
    } else if (damage == "declared -1") {
        --declared;
    }
    const std::vector<uint8_t> file = withAttachments(stored, declared);
    const DirectoryEntry last = directory(file).back();
    expectRefused(file, last.offset, reason.isEmpty() ? nullptr : qPrintable(reason), size_t(windowBytes));
    // The same frame undamaged is read.
    const std::vector<uint8_t> good = withAttachments(compress(raw), raw.size());
    SnapshotReader::Options o;
    o.windowBytes = size_t(windowBytes);
    const SnapshotReadResult r = SnapshotReader::read(good.data(), good.size(), "good.strata", o);
    QVERIFY2(r.store, r.error.c_str());
    QCOMPARE(r.attachments.at("a").size(), size_t(400000));
}

void tst_SnapshotReader::fromFile_data()
{
    QTest::addColumn<int>("inputBytes"); // of a section read at a time
    QTest::addColumn<unsigned>("threads");
    QTest::newRow("1 byte at a time") << 1 << 1u;
    QTest::newRow("7 bytes, two threads") << 7 << 2u;
    QTest::newRow("4 KB") << 4096 << 2u;
    QTest::newRow("default") << int(SnapshotReader::Options().inputBytes) << 2u;
}

// A file is read in chunks (never mapped) into the same store as from memory, whatever the
// chunk, a frame straddling any number of them.
void tst_SnapshotReader::fromFile()
{
    QFETCH(int, inputBytes);
    QFETCH(unsigned, threads);
    QTemporaryDir dir;
    const QString path = dir.filePath("rich.strata");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(reinterpret_cast<const char*>(m_file.data()), qint64(m_file.size()));
    f.close();
    SnapshotReader::Options o;
    o.inputBytes = size_t(inputBytes);
    o.threads = threads;
    const SnapshotReadResult r = SnapshotReader::read(path.toStdString(), o);
    QVERIFY2(r.store, r.error.c_str());
    QCOMPARE(r.fingerprint, std::string("fingerprint"));
    QCOMPARE(QString::fromStdString(StoreDump::text(*r.store)), QString::fromStdString(StoreDump::text(*richStore())));
}

void tst_SnapshotReader::fileCutWhileRead_data()
{
    QTest::addColumn<int>("keep"); // bytes the file keeps when it is cut, after the first section
    QTest::newRow("to the header") << 64;
    QTest::newRow("to half") << -2;
    QTest::newRow("to nothing") << 0;
}

// Another program cuts the file short while it is read (a copy over it, a truncation): the
// read ends with an error naming the file and an offset, and the process lives on (a
// mapping would have died of SIGBUS).
void tst_SnapshotReader::fileCutWhileRead()
{
    QFETCH(int, keep);
    QTemporaryDir dir;
    const std::string path = dir.filePath("cut.strata").toStdString();
    QFile f(QString::fromStdString(path));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(reinterpret_cast<const char*>(m_file.data()), qint64(m_file.size()));
    f.close();
    const auto size = off_t(keep >= 0 ? keep : int(m_file.size()) / -keep);
    std::atomic<bool> cut { false };
    SnapshotReader::Options o;
    o.threads = 1; // sections in order: the cut lands before the later ones are read
    o.inputBytes = 16;
    o.progress = [&](double) {
        if (!cut.exchange(true))
            QVERIFY(::truncate(path.c_str(), size) == 0);
    };
    const SnapshotReadResult r = SnapshotReader::read(path, o);
    QVERIFY(cut.load());
    QVERIFY(!r.store);
    QVERIFY2(r.error.rfind(path + ": ", 0) == 0, r.error.c_str());
    QVERIFY2(r.error.find("cut short while being read") != std::string::npos, r.error.c_str());
    QVERIFY2(r.error.find(" at byte ") != std::string::npos, r.error.c_str());
    QVERIFY(r.errorOffset > 0);
}

QTEST_GUILESS_MAIN(tst_SnapshotReader)
#include "tst_snapshotreader.moc"
