#include <support/testfiles.h>

#include <inputreader.h>

#include <QByteArray>
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

using strata::importers::Compression;
using strata::importers::compressionName;
using strata::importers::InputReader;
using testfiles::gzipBytes;
using testfiles::zstdBytes;

namespace {

// Profile-like lines with enough variety that compressed sizes are realistic.
QByteArray makeText(qsizetype bytes, quint32 seed = 1)
{
    QByteArray out;
    out.reserve(bytes + 128);
    quint32 x = seed;
    while (out.size() < bytes) {
        x = x * 1664525u + 1013904223u;
        out += "sample ";
        out += QByteArray::number(x % 100000);
        out += " func_";
        out += QByteArray::number((x >> 8) % 997, 16);
        out += " 0x";
        out += QByteArray::number(x, 16);
        out += '\n';
    }
    out.truncate(bytes);
    return out;
}

QByteArray zstdSkippableFrame(const QByteArray& payload)
{
    QByteArray out("\x50\x2A\x4D\x18", 4);
    const quint32 n = quint32(payload.size());
    for (int i = 0; i < 4; ++i)
        out += char((n >> (8 * i)) & 0xFF);
    return out + payload;
}

QByteArray readAll(InputReader& r, qsizetype chunk)
{
    QByteArray out;
    QByteArray buf(chunk, Qt::Uninitialized);
    for (;;) {
        const size_t n = r.read(buf.data(), size_t(chunk));
        if (n == 0)
            break;
        out.append(buf.constData(), qsizetype(n));
    }
    return out;
}

} // namespace

class tst_InputReader : public QObject {
    Q_OBJECT

private:
    QString writeFile(const QString& name, const QByteArray& bytes)
    {
        QString path = m_dir.filePath(name);
        testfiles::writeFile(path, bytes);
        return path;
    }

    // `bytes` as the file `name` in the temporary directory, opened; nullptr (with a
    // warning) when it cannot be.
    std::unique_ptr<InputReader> openBytes(const QString& name, const QByteArray& bytes)
    {
        std::string error;
        auto r = InputReader::open(writeFile(name, bytes).toStdString(), &error);
        if (!r)
            qWarning("open failed: %s", error.c_str());
        return r;
    }

    static QString compressionOf(const InputReader& r) { return QString::fromLatin1(compressionName(r.compression())); }

    // Rows shared by the tests that just need "some content in each format".
    void addFormatRows()
    {
        QTest::addColumn<QByteArray>("fileBytes");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("compression");
        const QByteArray text = makeText(300000, 7);
        QTest::newRow("plain") << text << text << "none";
        QTest::newRow("gzip") << gzipBytes(text) << text << "gzip";
        QTest::newRow("zstd") << zstdBytes(text) << text << "zstd";
    }

    QTemporaryDir m_dir;
    QByteArray m_large;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_large = makeText(20 * 1024 * 1024 + 12345, 42);
    }

    void compressionNames()
    {
        QCOMPARE(compressionName(Compression::None), "none");
        QCOMPARE(compressionName(Compression::Gzip), "gzip");
        QCOMPARE(compressionName(Compression::Zstd), "zstd");
    }

    void roundTrip_data()
    {
        QTest::addColumn<QByteArray>("fileBytes");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("compression");
        QTest::addColumn<int>("chunk");

        const QByteArray a = makeText(200000, 1);
        const QByteArray b = makeText(150001, 2);
        const QByteArray c = makeText(3 * 1024 * 1024 + 17, 3);

        QTest::newRow("plain small") << a << a << "none" << 4096;
        QTest::newRow("plain one byte") << QByteArray("x") << QByteArray("x") << "none" << 4096;
        QTest::newRow("plain lone 1F") << QByteArray("\x1f", 1) << QByteArray("\x1f", 1) << "none" << 16;
        const QByteArray nearGzip("\x1f\x8a hello", 8);
        QTest::newRow("plain 1F not 8B") << nearGzip << nearGzip << "none" << 16;
        const QByteArray nearZstd("\x28\xb5\x2f\xfe rest", 9);
        QTest::newRow("plain near zstd magic") << nearZstd << nearZstd << "none" << 16;
        QTest::newRow("plain big chunks") << c << c << "none" << 3 * 1024 * 1024;
        QTest::newRow("plain small chunks") << c << c << "none" << 1000;
        QTest::newRow("gzip") << gzipBytes(a) << a << "gzip" << 4096;
        QTest::newRow("gzip level 0") << gzipBytes(c, 0) << c << "gzip" << 65536;
        QTest::newRow("gzip multi-member")
            << gzipBytes(a) + gzipBytes(QByteArray()) + gzipBytes(b) << a + b << "gzip" << 4096;
        QTest::newRow("gzip trailing zeros") << gzipBytes(a) + QByteArray(5000, '\0') << a << "gzip" << 4096;
        QTest::newRow("gzip zeros between members")
            << gzipBytes(a) + QByteArray(512, '\0') + gzipBytes(b) << a + b << "gzip" << 4096;
        QTest::newRow("gzip empty content") << gzipBytes(QByteArray()) << QByteArray() << "gzip" << 4096;
        QTest::newRow("zstd") << zstdBytes(a) << a << "zstd" << 4096;
        QTest::newRow("zstd checksum") << zstdBytes(c, true) << c << "zstd" << 100000;
        QTest::newRow("zstd multi-frame")
            << zstdBytes(a) + zstdBytes(QByteArray()) + zstdSkippableFrame("meta") + zstdBytes(b) << a + b << "zstd"
            << 4096;
    }

    void roundTrip()
    {
        QFETCH(QByteArray, fileBytes);
        QFETCH(QByteArray, content);
        QFETCH(QString, compression);
        QFETCH(int, chunk);

        auto r = openBytes(QStringLiteral("roundtrip.bin"), fileBytes);
        QVERIFY(r);
        QCOMPARE(compressionOf(*r), compression);
        QCOMPARE(r->path(), m_dir.filePath(QStringLiteral("roundtrip.bin")).toStdString());
        QCOMPARE(r->fileBytes(), uint64_t(fileBytes.size()));
        QCOMPARE(r->producedBytes(), uint64_t(0));

        const QByteArray got = readAll(*r, chunk);
        QVERIFY2(!r->failed(), r->error().c_str());
        QCOMPARE(got.size(), content.size());
        QVERIFY(got == content);
        QCOMPARE(r->producedBytes(), uint64_t(content.size()));
        QCOMPARE(r->consumedBytes(), r->fileBytes());
        QVERIFY(!r->cancelled());

        char extra[16];
        QCOMPARE(r->read(extra, sizeof extra), size_t(0));
        QVERIFY(!r->failed());
    }

    void large_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<int>("chunk");
        for (const char* format : { "none", "gzip", "zstd" }) {
            for (int chunk : { 7777, 1 << 20, (3 << 20) + 1 })
                QTest::newRow(qPrintable(QStringLiteral("%1/%2").arg(QLatin1String(format)).arg(chunk)))
                    << QString::fromLatin1(format) << chunk;
        }
    }

    void large()
    {
        QFETCH(QString, format);
        QFETCH(int, chunk);

        QByteArray fileBytes = m_large;
        if (format == QLatin1String("gzip"))
            fileBytes = gzipBytes(m_large, 1);
        else if (format == QLatin1String("zstd"))
            fileBytes = zstdBytes(m_large);
        auto r = openBytes(QStringLiteral("large.bin"), fileBytes);
        QVERIFY(r);
        QCOMPARE(compressionOf(*r), format);

        QByteArray got;
        got.reserve(m_large.size());
        QByteArray buf(chunk, Qt::Uninitialized);
        uint64_t lastConsumed = 0;
        for (;;) {
            const size_t n = r->read(buf.data(), size_t(chunk));
            const uint64_t consumed = r->consumedBytes();
            QVERIFY(consumed >= lastConsumed);
            QVERIFY(consumed <= r->fileBytes());
            lastConsumed = consumed;
            if (n == 0)
                break;
            got.append(buf.constData(), qsizetype(n));
        }
        QVERIFY2(!r->failed(), r->error().c_str());
        QCOMPARE(got.size(), m_large.size());
        QVERIFY(got == m_large);
        QCOMPARE(r->consumedBytes(), uint64_t(fileBytes.size()));
        QCOMPARE(r->producedBytes(), uint64_t(m_large.size()));
    }

    void corrupt_data()
    {
        QTest::addColumn<QByteArray>("fileBytes");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("compression");
        QTest::addColumn<QString>("errorPart");
        QTest::addColumn<bool>("prefixExpected");

        const QByteArray text = makeText(3 * 1024 * 1024, 9);
        const QByteArray gz = gzipBytes(text);
        const QByteArray zs = zstdBytes(text);
        const QByteArray zsChecked = zstdBytes(text, true);

        QTest::newRow("gzip cut mid") << gz.left(gz.size() / 2) << text << "gzip"
                                      << "truncated" << true;
        QTest::newRow("gzip cut in trailer") << gz.left(gz.size() - 3) << text << "gzip"
                                             << "truncated" << true;
        QTest::newRow("gzip header only") << gz.left(2) << text << "gzip"
                                          << "truncated" << true;
        QTest::newRow("gzip second member cut") << gzipBytes(text) + gz.left(gz.size() / 3) << text + text << "gzip"
                                                << "truncated" << true;
        QTest::newRow("zstd cut mid") << zs.left(zs.size() / 2) << text << "zstd"
                                      << "truncated" << true;
        QTest::newRow("zstd cut last byte") << zs.left(zs.size() - 1) << text << "zstd"
                                            << "truncated" << true;
        QTest::newRow("zstd magic only") << zs.left(4) << text << "zstd"
                                         << "truncated" << true;

        QTest::newRow("garbage after gzip magic") << QByteArray("\x1f\x8b") + QByteArray(4096, 'Z') << text << "gzip"
                                                  << "gzip:" << false;
        QByteArray gzFlipped = gz;
        for (qsizetype i = gz.size() / 2; i < gz.size() / 2 + 64; ++i)
            gzFlipped[i] = char(gzFlipped[i] ^ 0x5A);
        QTest::newRow("gzip corrupt mid") << gzFlipped << text << "gzip"
                                          << "gzip:" << false;
        QTest::newRow("gzip trailing garbage") << gz + QByteArray("not gzip") << text << "gzip"
                                               << "trailing garbage" << true;
        QByteArray zsFlipped = zsChecked;
        for (qsizetype i = zsChecked.size() / 2; i < zsChecked.size() / 2 + 64; ++i)
            zsFlipped[i] = char(zsFlipped[i] ^ 0x5A);
        QTest::newRow("zstd corrupt mid") << zsFlipped << text << "zstd"
                                          << "zstd:" << false;
        QTest::newRow("zstd trailing garbage") << zs + QByteArray("not zstd") << text << "zstd"
                                               << "zstd:" << true;
    }

    void corrupt()
    {
        QFETCH(QByteArray, fileBytes);
        QFETCH(QByteArray, content);
        QFETCH(QString, compression);
        QFETCH(QString, errorPart);
        QFETCH(bool, prefixExpected);

        auto r = openBytes(QStringLiteral("corrupt.bin"), fileBytes);
        QVERIFY(r);
        QCOMPARE(compressionOf(*r), compression);

        const QByteArray got = readAll(*r, 65536);
        QVERIFY(r->failed());
        QVERIFY2(QString::fromStdString(r->error()).contains(errorPart), r->error().c_str());
        QVERIFY(r->error().find('\n') == std::string::npos);
        QVERIFY(r->errorOffset() <= r->fileBytes());
        QCOMPARE(r->producedBytes(), uint64_t(got.size()));
        if (prefixExpected) {
            QVERIFY(content.startsWith(got));
            // Cutting a multi-MB stream in half must still deliver real data.
            if (fileBytes.size() > 100000)
                QVERIFY(got.size() > 0);
        }

        char extra[16];
        QCOMPARE(r->read(extra, sizeof extra), size_t(0));
        QVERIFY(r->failed());
    }

    void openFailures_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("errorPart");
        QTest::newRow("empty") << "empty"
                               << "empty file";
        QTest::newRow("directory") << "directory"
                                   << "is a directory";
        QTest::newRow("missing") << "missing"
                                 << "No such file or directory";
        QTest::newRow("missing parent") << "missing parent"
                                        << "No such file or directory";
    }

    void openFailures()
    {
        QFETCH(QString, kind);
        QFETCH(QString, errorPart);

        QString path;
        if (kind == QLatin1String("empty")) {
            path = writeFile(QStringLiteral("empty.txt"), QByteArray());
        } else if (kind == QLatin1String("directory")) {
            path = m_dir.filePath(QStringLiteral("subdir.gz"));
            QVERIFY(QDir().mkpath(path));
        } else if (kind == QLatin1String("missing")) {
            path = m_dir.filePath(QStringLiteral("does-not-exist.zst"));
        } else {
            path = m_dir.filePath(QStringLiteral("nope/child.txt"));
        }

        std::string error;
        auto r = InputReader::open(path.toStdString(), &error);
        QVERIFY(!r);
        const QString message = QString::fromStdString(error);
        QVERIFY2(message.contains(path), error.c_str());
        QVERIFY2(message.contains(errorPart), error.c_str());
        QVERIFY(!message.contains(QLatin1Char('\n')));

        // A null error pointer is allowed.
        QVERIFY(!InputReader::open(path.toStdString(), nullptr));
    }

    void peekThenRead_data() { addFormatRows(); }

    void peekThenRead()
    {
        QFETCH(QByteArray, fileBytes);
        QFETCH(QByteArray, content);
        QFETCH(QString, compression);

        auto r = openBytes(QStringLiteral("peek.bin"), fileBytes);
        QVERIFY(r);

        QCOMPARE(r->peek(0).size(), size_t(0));
        std::string_view head = r->peek(16);
        QCOMPARE(QByteArray(head.data(), qsizetype(head.size())), content.left(16));
        head = r->peek(4096);
        QCOMPARE(QByteArray(head.data(), qsizetype(head.size())), content.left(4096));
        // Smaller peek after a larger one still starts at the same place.
        head = r->peek(8);
        QCOMPARE(QByteArray(head.data(), qsizetype(head.size())), content.left(8));
        QCOMPARE(r->producedBytes(), uint64_t(0));

        // Read a little, then peek again: it shows the bytes that follow.
        char buf[10];
        QCOMPARE(r->read(buf, sizeof buf), sizeof buf);
        QCOMPARE(QByteArray(buf, sizeof buf), content.left(10));
        head = r->peek(5000);
        QCOMPARE(QByteArray(head.data(), qsizetype(head.size())), content.mid(10, 5000));

        const QByteArray rest = readAll(*r, 1000);
        QVERIFY2(!r->failed(), r->error().c_str());
        QVERIFY(QByteArray(buf, sizeof buf) + rest == content);
        QCOMPARE(r->producedBytes(), uint64_t(content.size()));
        QCOMPARE(r->consumedBytes(), r->fileBytes());
        QCOMPARE(r->peek(10).size(), size_t(0));
    }

    void peekBeyondEnd_data() { addFormatRows(); }

    void peekBeyondEnd()
    {
        QFETCH(QByteArray, fileBytes);
        QFETCH(QByteArray, content);

        auto r = openBytes(QStringLiteral("peekall.bin"), fileBytes);
        QVERIFY(r);
        const std::string_view all = r->peek(size_t(content.size()) * 2);
        QVERIFY(QByteArray(all.data(), qsizetype(all.size())) == content);
        QVERIFY(readAll(*r, 65536) == content);
        QVERIFY(!r->failed());
    }

    void cancel_data() { addFormatRows(); }

    void cancel()
    {
        QFETCH(QByteArray, fileBytes);
        QFETCH(QByteArray, content);

        std::atomic<bool> flag { false };
        {
            auto r = openBytes(QStringLiteral("cancel1.bin"), fileBytes);
            QVERIFY(r);
            r->setCancelFlag(&flag);
            flag = true;
            char buf[100];
            QCOMPARE(r->read(buf, sizeof buf), size_t(0));
            QVERIFY(r->cancelled());
            QVERIFY(!r->failed());
        }

        flag = false;
        auto r = openBytes(QStringLiteral("cancel2.bin"), fileBytes);
        QVERIFY(r);
        r->setCancelFlag(&flag);
        char buf[1000];
        QCOMPARE(r->read(buf, sizeof buf), sizeof buf);
        QVERIFY(!r->cancelled());
        QCOMPARE(QByteArray(buf, sizeof buf), content.left(sizeof buf));
        flag = true;
        QCOMPARE(r->read(buf, sizeof buf), size_t(0));
        QVERIFY(r->cancelled());
        QCOMPARE(r->read(buf, sizeof buf), size_t(0));
        QCOMPARE(r->producedBytes(), uint64_t(sizeof buf));
    }

    // A decompression bomb stops once past the floor at over the ratio, with a message, and
    // delivers what came before; a file that compresses like a trace is never stopped.
    void bomb_data()
    {
        QTest::addColumn<QByteArray>("fileBytes");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<bool>("stopped");
        const QByteArray spaces(8 * 1024 * 1024, ' '); // ~1000:1 in gzip
        const QByteArray text = makeText(8 * 1024 * 1024, 3); // ~3:1, like a real trace
        QTest::newRow("gzip of spaces") << gzipBytes(spaces) << spaces << true;
        QTest::newRow("zstd of spaces") << zstdBytes(spaces) << spaces << true;
        QTest::newRow("gzip members of spaces") << gzipBytes(spaces.left(1 << 20)).repeated(8) << spaces << true;
        QTest::newRow("gzip of text") << gzipBytes(text) << text << false;
        QTest::newRow("zstd of text") << zstdBytes(text) << text << false;
        QTest::newRow("plain spaces") << spaces << spaces << false;
    }

    void bomb()
    {
        QFETCH(QByteArray, fileBytes);
        QFETCH(QByteArray, content);
        QFETCH(bool, stopped);
        auto r = openBytes(QStringLiteral("bomb.bin"), fileBytes);
        QVERIFY(r);
        const uint64_t floor = 1 << 20;
        r->setBombLimits(floor, 200);
        const QByteArray got = readAll(*r, 64 * 1024);
        QCOMPARE(r->failed(), stopped);
        if (stopped) {
            QVERIFY2(
                QString::fromStdString(r->error()).contains(QStringLiteral("decompression bomb")), r->error().c_str());
            // Stopped soon after the floor (one read of overshoot at most), and what it
            // delivered is the content's start.
            QVERIFY(uint64_t(got.size()) > floor);
            QVERIFY(got.size() <= qsizetype(floor) + 64 * 1024);
            QCOMPARE(got, content.left(got.size()));
        } else {
            QCOMPARE(got, content);
        }
    }

    // decoderName() names the inflater right from open(), before a member is read: the same
    // name open, after a peek and after the whole file, small (decoded inline) or large (on
    // the decode thread); zlib where the backend asked for is zlib or the first header sets
    // reserved flags (which zlib refuses: the read fails, the name stays).
    void decoderNameFromOpen_data()
    {
        QTest::addColumn<QByteArray>("fileBytes");
        QTest::addColumn<bool>("zlibAsked");
        QTest::addColumn<QString>("decoder");
        QTest::addColumn<bool>("fails");
        const QString gz = QString::fromLatin1(strata::importers::GzipInflater::isalAvailable() ? "isa-l" : "zlib");
        const QByteArray text = makeText(300000, 3);
        QByteArray reserved = gzipBytes(text);
        reserved[3] = char(reserved[3] | 0x20);
        QTest::newRow("plain") << text << false << "none" << false;
        QTest::newRow("zstd") << zstdBytes(text) << false << "zstd" << false;
        QTest::newRow("gzip, inline") << gzipBytes(text) << false << gz << false;
        QTest::newRow("gzip, decode thread") << gzipBytes(m_large, 1) << false << gz << false;
        QTest::newRow("gzip, zlib asked for") << gzipBytes(text) << true << "zlib" << false;
        QTest::newRow("gzip, reserved header flags") << reserved << false << "zlib" << true;
    }
    void decoderNameFromOpen()
    {
        QFETCH(QByteArray, fileBytes);
        QFETCH(bool, zlibAsked);
        QFETCH(QString, decoder);
        QFETCH(bool, fails);
        auto r = openBytes(QStringLiteral("decoder.bin"), fileBytes);
        QVERIFY(r);
        if (zlibAsked)
            r->setGzipBackend(strata::importers::GzipInflater::Backend::Zlib);
        QCOMPARE(QString::fromLatin1(r->decoderName()), decoder); // nothing read yet
        r->peek(1);
        QCOMPARE(QString::fromLatin1(r->decoderName()), decoder);
        std::string sink;
        while (r->append(&sink, 1 << 20) > 0)
            sink.clear();
        QCOMPARE(r->failed(), fails);
        QCOMPARE(QString::fromLatin1(r->decoderName()), decoder);
    }
};

QTEST_APPLESS_MAIN(tst_InputReader)
#include "tst_inputreader.moc"
