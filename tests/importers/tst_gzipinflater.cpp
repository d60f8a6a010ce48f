#include <support/testfiles.h>

#include <gzipinflater.h>

#include <QByteArray>
#include <QtTest>

using strata::importers::GzipInflater;
using testfiles::gzipBytes;

namespace {

const QByteArray kData = QByteArray(R"({"name":"x","ph":"X","ts":1,"dur":2},)").repeated(3000);

void putLe(QByteArray* out, quint32 v, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        *out += char((v >> (8 * i)) & 0xFF);
}

// One gzip member of kData with the header fields a test asks for: flag bits, FEXTRA,
// FNAME, FCOMMENT and FHCRC (`badHcrc` spoils it), and the trailer's CRC-32 and ISIZE.
QByteArray member(int flags, const QByteArray& extra, const QByteArray& name, const QByteArray& comment, bool hcrc,
    bool badHcrc = false, quint32 isizeDelta = 0)
{
    const QByteArray gz = gzipBytes(kData);
    const QByteArray deflate = gz.mid(10, gz.size() - 18);
    int f = flags;
    f |= extra.isEmpty() ? 0 : 4;
    f |= name.isEmpty() ? 0 : 8;
    f |= comment.isEmpty() ? 0 : 16;
    f |= hcrc ? 2 : 0;
    QByteArray out("\x1f\x8b\x08", 3);
    out += char(f);
    out += QByteArray("\0\0\0\0\0\x03", 6);
    if (!extra.isEmpty()) {
        putLe(&out, quint32(extra.size()), 2);
        out += extra;
    }
    if (!name.isEmpty())
        out += name + '\0';
    if (!comment.isEmpty())
        out += comment + '\0';
    if (hcrc) {
        const uLong crc = crc32(0, reinterpret_cast<const Bytef*>(out.constData()), uInt(out.size()));
        putLe(&out, quint32(crc & 0xFFFF) ^ (badHcrc ? 0xFFFFu : 0u), 2);
    }
    out += deflate;
    putLe(&out, quint32(crc32(0, reinterpret_cast<const Bytef*>(kData.constData()), uInt(kData.size()))), 4);
    putLe(&out, quint32(kData.size()) + isizeDelta, 4);
    return out;
}

struct Outcome {
    QByteArray out;
    bool ended = false;
    QString message;
};

Outcome inflateAll(GzipInflater::Backend backend, const QByteArray& in)
{
    GzipInflater g;
    Outcome o;
    if (!g.reset(backend)) {
        o.message = QString::fromStdString(g.message());
        return o;
    }
    QByteArray buf(4096, Qt::Uninitialized);
    qsizetype pos = 0;
    for (;;) {
        // Small input and output pieces: the header and the trailer straddle calls.
        const size_t inLen = size_t(std::min<qsizetype>(in.size() - pos, 777));
        const GzipInflater::Step s = g.inflate(reinterpret_cast<const unsigned char*>(in.constData() + pos), inLen,
            reinterpret_cast<unsigned char*>(buf.data()), size_t(buf.size()));
        pos += qsizetype(s.inUsed);
        o.out.append(buf.constData(), qsizetype(s.outMade));
        if (s.status == GzipInflater::Status::MemberEnd) {
            o.ended = true;
            return o;
        }
        if (s.status == GzipInflater::Status::Error) {
            o.message = QString::fromStdString(g.message());
            return o;
        }
        if (s.inUsed == 0 && s.outMade == 0) {
            o.message = QStringLiteral("stuck");
            return o;
        }
    }
}

} // namespace

// GzipInflater's two backends on one member: the same bytes from every header layout, and
// where a member is bad, an error from each (the reader reruns ISA-L's with zlib for zlib's
// words). Reserved flag bits are the one thing ISA-L reads and zlib refuses; the reader
// sends such members to zlib.
class tst_GzipInflater : public QObject {
    Q_OBJECT

private slots:
    void backendName()
    {
        GzipInflater g;
        QVERIFY(g.reset(GzipInflater::Backend::Zlib));
        QCOMPARE(g.backendName(), "zlib");
        QVERIFY(g.reset(GzipInflater::Backend::IsaL));
        QCOMPARE(g.backendName(), GzipInflater::isalAvailable() ? "isa-l" : "zlib");
    }

    void headers_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("isalReads");
        QTest::addColumn<QString>("zlibError"); // empty: zlib reads it
        QTest::newRow("plain") << member(0, {}, {}, {}, false) << true << "";
        QTest::newRow("every field") << member(0, "AB\x02\0hi", "trace.json", "made by hand", true) << true << "";
        QTest::newRow("long fields") << member(0, QByteArray(60000, 'x'), QByteArray(5000, 'n'), QByteArray(70000, 'c'),
            false) << true << "";
        QTest::newRow("FTEXT") << member(1, {}, {}, {}, false) << true << "";
        QTest::newRow("bad header crc") << member(0, {}, {}, {}, true, true) << false << "gzip: header crc mismatch";
        QTest::newRow("bad length") << member(0, {}, {}, {}, false, false, 5) << false
                                    << "gzip: incorrect length check";
        QTest::newRow("reserved flag") << member(0x20, {}, {}, {}, false) << true << "gzip: unknown header flags set";
    }

    void headers()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, isalReads);
        QFETCH(QString, zlibError);

        const Outcome z = inflateAll(GzipInflater::Backend::Zlib, bytes);
        QCOMPARE(z.message, zlibError);
        QCOMPARE(z.ended, zlibError.isEmpty());
        if (z.ended)
            QCOMPARE(z.out, kData);

        if (!GzipInflater::isalAvailable())
            QSKIP("built without ISA-L");
        const Outcome i = inflateAll(GzipInflater::Backend::IsaL, bytes);
        QCOMPARE(i.ended, isalReads);
        QVERIFY(kData.startsWith(i.out));
        if (isalReads)
            QCOMPARE(i.out, kData);
        else
            QVERIFY2(i.message.startsWith(QLatin1String("gzip: ")), qPrintable(i.message));
    }

    // ISA-L stops at the member's end: what follows is left for the next member.
    void memberEndLeavesTheRest()
    {
        if (!GzipInflater::isalAvailable())
            QSKIP("built without ISA-L");
        const QByteArray one = member(0, {}, {}, {}, false);
        for (auto backend : { GzipInflater::Backend::IsaL, GzipInflater::Backend::Zlib }) {
            GzipInflater g;
            QVERIFY(g.reset(backend));
            const QByteArray two = one + one;
            QByteArray out(kData.size() * 2, Qt::Uninitialized);
            size_t pos = 0;
            size_t made = 0;
            GzipInflater::Step s;
            do {
                s = g.inflate(reinterpret_cast<const unsigned char*>(two.constData()) + pos, size_t(two.size()) - pos,
                    reinterpret_cast<unsigned char*>(out.data()) + made, size_t(out.size()) - made);
                pos += s.inUsed;
                made += s.outMade;
            } while (s.status == GzipInflater::Status::More && (s.inUsed > 0 || s.outMade > 0));
            QCOMPARE(int(s.status), int(GzipInflater::Status::MemberEnd));
            QCOMPARE(pos, size_t(one.size()));
            QCOMPARE(made, size_t(kData.size()));
        }
    }
};

QTEST_APPLESS_MAIN(tst_GzipInflater)
#include "tst_gzipinflater.moc"
