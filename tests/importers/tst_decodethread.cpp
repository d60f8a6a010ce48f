#include <support/testfiles.h>

#include <inputreader.h>

#include <QByteArray>
#include <QDirIterator>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <support/sourcedir.h>

using strata::importers::InputReader;
using testfiles::gzipBytes;
using testfiles::zstdBytes;

namespace {

// Text that compresses about 3:1, like a trace.
QByteArray makeText(qsizetype bytes, quint32 seed)
{
    QByteArray out;
    out.reserve(bytes + 64);
    quint32 x = seed;
    while (out.size() < bytes) {
        x = x * 1664525u + 1013904223u;
        out += "{\"name\":\"op_" + QByteArray::number(x % 997) + "\",\"ts\":" + QByteArray::number(x) + "},\n";
    }
    out.truncate(bytes);
    return out;
}

QByteArray readAll(InputReader& r, qsizetype chunk)
{
    QByteArray out;
    QByteArray buf(chunk, Qt::Uninitialized);
    while (const size_t n = r.read(buf.data(), size_t(chunk)))
        out.append(buf.constData(), qsizetype(n));
    return out;
}

// zlib's own reading of a .gz file (gzread: every member, zlib's rules): the reference.
QByteArray zlibGunzip(const QString& path)
{
    gzFile f = gzopen(path.toLocal8Bit().constData(), "rb");
    QByteArray out;
    QByteArray buf(1 << 16, Qt::Uninitialized);
    int n = 0;
    while ((n = gzread(f, buf.data(), unsigned(buf.size()))) > 0)
        out.append(buf.constData(), n);
    gzclose(f);
    return out;
}

} // namespace

// DecodeThread, through InputReader with the thread forced on (setThreadMinBytes(0)):
// compressed input decoded on its own thread gives the very bytes, errors, offsets, bomb
// stops and cancellation that decoding inline gives (tst_inputreader), and the reader can
// be dropped while the thread runs.
class tst_DecodeThread : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<InputReader> openBytes(const QByteArray& bytes)
    {
        const QString path = m_dir.filePath(QStringLiteral("in%1.bin").arg(++m_files));
        testfiles::writeFile(path, bytes);
        std::string error;
        auto r = InputReader::open(path.toStdString(), &error);
        if (!r)
            qWarning("open failed: %s", error.c_str());
        else
            r->setThreadMinBytes(0);
        return r;
    }

    QTemporaryDir m_dir;
    int m_files = 0;
    QByteArray m_text;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_text = makeText(6 * 1024 * 1024 + 321, 5);
    }

    void roundTrip_data()
    {
        QTest::addColumn<QByteArray>("fileBytes");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("decoder");
        QTest::addColumn<int>("chunk");
        const QString gz = QLatin1String(strata::importers::GzipInflater::isalAvailable() ? "isa-l" : "zlib");
        const QByteArray half = m_text.left(m_text.size() / 2);
        const QByteArray members = gzipBytes(half) + QByteArray(512, '\0') + gzipBytes(m_text.mid(half.size()), 1);
        for (int chunk : { 1000, 1 << 20, 3 << 20 }) {
            QTest::newRow(qPrintable(QStringLiteral("gzip/%1").arg(chunk)))
                << gzipBytes(m_text) << m_text << gz << chunk;
            QTest::newRow(qPrintable(QStringLiteral("gzip members, padding/%1").arg(chunk)))
                << members << m_text << gz << chunk;
            QTest::newRow(qPrintable(QStringLiteral("zstd frames/%1").arg(chunk)))
                << zstdBytes(half) + zstdBytes(m_text.mid(half.size())) << m_text << "zstd" << chunk;
        }
        QTest::newRow("tiny gzip") << gzipBytes("{}") << QByteArray("{}") << gz << 100;
    }

    void roundTrip()
    {
        QFETCH(QByteArray, fileBytes);
        QFETCH(QByteArray, content);
        QFETCH(QString, decoder);
        QFETCH(int, chunk);
        auto r = openBytes(fileBytes);
        QVERIFY(r);
        const QByteArray got = readAll(*r, chunk);
        QVERIFY2(!r->failed(), r->error().c_str());
        QCOMPARE(got.size(), content.size());
        QVERIFY(got == content);
        QCOMPARE(QString::fromLatin1(r->decoderName()), decoder);
        QCOMPARE(r->consumedBytes(), r->fileBytes());
        QCOMPARE(r->producedBytes(), uint64_t(content.size()));
    }

    // What was decoded before a bad spot is delivered; the error names zlib's words and the
    // byte offset, as decoding inline does.
    void errors_data()
    {
        QTest::addColumn<QByteArray>("fileBytes");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("errorPart");
        QTest::addColumn<qint64>("offset"); // -1: anywhere in the file
        QTest::addColumn<bool>("whole"); // all of content is delivered first
        const QByteArray gz = gzipBytes(m_text);
        QTest::newRow("gzip cut") << gz.left(gz.size() / 2) << m_text << "gzip stream truncated"
                                  << qint64(gz.size() / 2) << false;
        QTest::newRow("second member cut") << gz + gz.left(gz.size() / 3) << m_text + m_text << "gzip stream truncated"
                                           << qint64(gz.size() + gz.size() / 3) << false;
        QTest::newRow("trailing garbage") << gz + "junk" << m_text << "trailing garbage" << qint64(gz.size()) << true;
        // ISA-L refuses the second member's trailer; zlib reruns the member from its first
        // byte, drops what was delivered, and refuses it in its own words.
        QByteArray badLength = gz;
        badLength[badLength.size() - 4] = char(badLength[badLength.size() - 4] ^ 1);
        QTest::newRow("bad length, rerun by zlib")
            << gz + badLength << m_text + m_text << "gzip: incorrect length check" << qint64(2 * gz.size()) << true;
        QByteArray reserved = gz;
        reserved[3] = char(0x20);
        QTest::newRow("reserved flag: zlib's rules")
            << gz + reserved << m_text << "gzip: unknown header flags set" << qint64(gz.size() + 4) << true;
        QByteArray flipped = gz;
        for (qsizetype i = gz.size() / 2; i < gz.size() / 2 + 64; ++i)
            flipped[i] = char(flipped[i] ^ 0x5A);
        // Corrupt deflate decodes to wrong bytes before it is found out: no prefix check.
        QTest::newRow("gzip corrupt mid") << flipped << QByteArray() << "gzip:" << qint64(-1) << false;
        const QByteArray zs = zstdBytes(m_text);
        QTest::newRow("zstd cut") << zs.left(zs.size() / 2) << m_text << "zstd stream truncated"
                                  << qint64(zs.size() / 2) << false;
    }

    void errors()
    {
        QFETCH(QByteArray, fileBytes);
        QFETCH(QByteArray, content);
        QFETCH(QString, errorPart);
        QFETCH(qint64, offset);
        QFETCH(bool, whole);
        auto r = openBytes(fileBytes);
        QVERIFY(r);
        const QByteArray got = readAll(*r, 65536);
        QVERIFY(r->failed());
        QVERIFY2(QString::fromStdString(r->error()).contains(errorPart), r->error().c_str());
        if (offset >= 0)
            QCOMPARE(r->errorOffset(), uint64_t(offset));
        QVERIFY(r->errorOffset() <= r->fileBytes());
        QVERIFY(got.size() > 0);
        QVERIFY(content.isEmpty() || content.startsWith(got));
        if (whole)
            QCOMPARE(got.size(), content.size());
        QCOMPARE(r->producedBytes(), uint64_t(got.size()));
        char extra[8];
        QCOMPARE(r->read(extra, sizeof extra), size_t(0));
    }

    // The bomb stop on each inflater and on zstd.
    void bomb_data()
    {
        QTest::addColumn<QByteArray>("fileBytes");
        QTest::addColumn<bool>("zlib");
        const QByteArray spaces(8 * 1024 * 1024, ' ');
        QTest::newRow("gzip (isa-l)") << gzipBytes(spaces) << false;
        QTest::newRow("gzip (zlib)") << gzipBytes(spaces) << true;
        QTest::newRow("zstd") << zstdBytes(spaces) << false;
    }

    void bomb()
    {
        QFETCH(QByteArray, fileBytes);
        QFETCH(bool, zlib);
        auto r = openBytes(fileBytes);
        QVERIFY(r);
        if (zlib)
            r->setGzipBackend(strata::importers::GzipInflater::Backend::Zlib);
        const uint64_t floor = 1 << 20;
        r->setBombLimits(floor, 200);
        const QByteArray got = readAll(*r, 64 * 1024);
        QVERIFY(r->failed());
        QVERIFY2(QString::fromStdString(r->error()).contains(QLatin1String("decompression bomb")), r->error().c_str());
        QVERIFY(uint64_t(got.size()) > floor);
        QVERIFY(got.size() <= qsizetype(floor) + 64 * 1024);
        QCOMPARE(got, QByteArray(got.size(), ' '));
    }

    void cancelWhileRunning()
    {
        std::atomic<bool> flag { false };
        auto r = openBytes(gzipBytes(m_text));
        QVERIFY(r);
        r->setCancelFlag(&flag);
        char buf[5000];
        QCOMPARE(r->read(buf, sizeof buf), sizeof buf);
        QCOMPARE(QByteArray(buf, sizeof buf), m_text.left(sizeof buf));
        flag = true;
        QCOMPARE(r->read(buf, sizeof buf), size_t(0));
        QVERIFY(r->cancelled());
        QVERIFY(!r->failed());
        QCOMPARE(r->producedBytes(), uint64_t(sizeof buf));
    }

    // Dropping a reader whose thread is blocked on a full queue, or mid-block, joins it.
    void destroyWhileRunning_data()
    {
        QTest::addColumn<int>("readBytes");
        QTest::newRow("never read") << 0;
        QTest::newRow("one byte") << 1;
        QTest::newRow("two blocks") << (2 << 20) + 17;
    }

    void destroyWhileRunning()
    {
        QFETCH(int, readBytes);
        for (const QByteArray& bytes : { gzipBytes(m_text), zstdBytes(m_text) }) {
            auto r = openBytes(bytes);
            QVERIFY(r);
            QByteArray buf(readBytes, Qt::Uninitialized);
            if (readBytes > 0)
                QCOMPARE(r->read(buf.data(), size_t(readBytes)), size_t(readBytes));
            QCOMPARE(buf, m_text.left(readBytes));
            r.reset();
        }
    }

    void peekAcrossBlocks()
    {
        auto r = openBytes(gzipBytes(m_text));
        QVERIFY(r);
        char one;
        QCOMPARE(r->read(&one, 1), size_t(1));
        const size_t n = (3 << 20) + 5; // spans four of the thread's 1 MiB blocks
        const std::string_view v = r->peek(n);
        QCOMPARE(v.size(), n);
        QVERIFY(QByteArray(v.data(), qsizetype(v.size())) == m_text.mid(1, qsizetype(n)));
        QVERIFY(QByteArray(1, one) + readAll(*r, 77777) == m_text);
    }

    // Every gzip file of the real-trace corpus reads as zlib reads it.
    void corpusMatchesZlib_data()
    {
        QTest::addColumn<QString>("path");
        const QString root = strata::test::sourcePath("/../shared/corpus/real");
        QDirIterator it(root, { QStringLiteral("*.gz") }, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QTest::newRow(qPrintable(path.mid(root.size() + 1))) << path;
        }
        if (QTest::currentDataTag() == nullptr && !QDir(root).exists())
            QTest::newRow("no corpus") << QString();
    }

    void corpusMatchesZlib()
    {
        QFETCH(QString, path);
        if (path.isEmpty())
            QSKIP("no real-trace corpus at ../shared/corpus/real");
        std::string error;
        auto r = InputReader::open(path.toStdString(), &error);
        QVERIFY2(r, error.c_str());
        r->setThreadMinBytes(0);
        const QByteArray got = readAll(*r, 1 << 20);
        QVERIFY2(!r->failed(), r->error().c_str());
        QVERIFY(got == zlibGunzip(path));
        QVERIFY(got.size() > 0);

        auto z = InputReader::open(path.toStdString(), &error);
        QVERIFY2(z, error.c_str());
        z->setGzipBackend(strata::importers::GzipInflater::Backend::Zlib);
        QVERIFY(readAll(*z, 1 << 20) == got);
        QCOMPARE(z->decoderName(), "zlib");
    }
};

QTEST_APPLESS_MAIN(tst_DecodeThread)
#include "tst_decodethread.moc"
