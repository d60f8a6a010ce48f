// The bounds-checked protobuf wire reader (proto::Reader and its helpers), the test-side
// writer against bytes verified with protoc, and PerfettoImporter's probe, which is that
// reader run over a file's first bytes (what it claims and what it leaves to other
// importers). The packet stream is tst_perfettopacketstream's.
#include "perfettotracewriter.h"

#include <perfetto/perfettoimporter.h>
#include <perfetto/protowire.h>

#include <QtTest>

#include <limits>

using strata::importers::PerfettoImporter;
using namespace perfettotest;
namespace proto = strata::importers::proto;

namespace {
QByteArray qbytes(const std::string& s)
{
    return QByteArray(s.data(), qsizetype(s.size()));
}
QString hex(const std::string& s)
{
    return QString::fromLatin1(qbytes(s).toHex(' '));
}
} // namespace

class tst_ProtoWire : public QObject {
    Q_OBJECT

private slots:
    // --- the wire reader -------------------------------------------------------------

    void wireReader_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("fields"); // "id:type:value", or "id:2:<hex>" for bytes
        QTest::addColumn<QString>("error"); // empty, or the start of the error text
        QTest::addColumn<qint64>("errorOffset");
        QTest::newRow("varint 1 byte") << QByteArray::fromHex("0801") << "1:0:1"
                                       << "" << qint64(0);
        QTest::newRow("varint 2 bytes") << QByteArray::fromHex("08ac02") << "1:0:300"
                                        << "" << qint64(0);
        QTest::newRow("varint 10 bytes (-1)")
            << QByteArray::fromHex("08ffffffffffffffffff01") << "1:0:18446744073709551615"
            << "" << qint64(0);
        QTest::newRow("varint 11 bytes") << QByteArray::fromHex("08ffffffffffffffffffff01") << ""
                                         << "bad varint in field 1" << qint64(101);
        QTest::newRow("varint 10th byte too big") << QByteArray::fromHex("08ffffffffffffffffff02") << ""
                                                  << "bad varint in field 1" << qint64(101);
        QTest::newRow("varint truncated") << QByteArray::fromHex("08ff") << ""
                                          << "bad varint in field 1" << qint64(101);
        QTest::newRow("fixed64") << QByteArray::fromHex("f9020100000000000080") << "47:1:9223372036854775809"
                                 << "" << qint64(0);
        QTest::newRow("fixed64 short") << QByteArray::fromHex("f902010000") << ""
                                       << "fixed64 field 47 runs past the end" << qint64(102);
        QTest::newRow("fixed32") << QByteArray::fromHex("1d00008040") << "3:5:1082130432"
                                 << "" << qint64(0);
        QTest::newRow("length-delimited") << QByteArray::fromHex("12034e5055") << "2:2:4e5055"
                                          << "" << qint64(0);
        QTest::newRow("length past end") << QByteArray::fromHex("0801120a4e50") << "1:0:1"
                                         << "field 2 length 10 runs past the end (2 bytes left)" << qint64(104);
        QTest::newRow("wire type 3") << QByteArray::fromHex("08010b") << "1:0:1"
                                     << "unsupported wire type 3" << qint64(102);
        QTest::newRow("wire type 7") << QByteArray::fromHex("0f") << ""
                                     << "unsupported wire type 7" << qint64(100);
        QTest::newRow("field 0") << QByteArray::fromHex("0001") << ""
                                 << "invalid field number 0" << qint64(100);
        QTest::newRow("truncated key") << QByteArray::fromHex("0801ff") << "1:0:1"
                                       << "truncated field key" << qint64(102);
    }

    void wireReader()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, fields);
        QFETCH(QString, error);
        QFETCH(qint64, errorOffset);
        // Offsets are absolute: this message "starts" at byte 100 of some file.
        proto::Reader r(std::string_view(bytes.constData(), size_t(bytes.size())), 100);
        proto::Field f;
        QStringList got;
        while (r.next(&f)) {
            if (f.type == proto::WireType::LengthDelimited)
                got << QStringLiteral("%1:2:%2").arg(f.id).arg(
                    QString::fromLatin1(QByteArray(f.bytes.data(), qsizetype(f.bytes.size())).toHex()));
            else
                got << QStringLiteral("%1:%2:%3").arg(f.id).arg(int(f.type)).arg(f.value);
        }
        QCOMPARE(got.join(QLatin1Char(' ')), fields);
        QCOMPARE(r.failed(), !error.isEmpty());
        if (!error.isEmpty()) {
            QVERIFY2(QString::fromStdString(r.error()).startsWith(error), r.error().c_str());
            QCOMPARE(qint64(r.errorOffset()), errorOffset);
        }
    }

    void wireHelpers()
    {
        QCOMPARE(proto::zigzag64(0), int64_t(0));
        QCOMPARE(proto::zigzag64(1), int64_t(-1));
        QCOMPARE(proto::zigzag64(2), int64_t(1));
        QCOMPARE(proto::zigzag64(0xFFFFFFFFFFFFFFFFull), std::numeric_limits<int64_t>::min());
        QCOMPARE(proto::zigzag32(3), int32_t(-2));
        // Packed and unpacked repeated values read alike.
        const std::string packed = Msg().packedVarints(3, { 1, 300, 2 }).encode();
        proto::Reader r(packed, 0);
        proto::Field f;
        QVERIFY(r.next(&f));
        std::vector<uint64_t> v;
        QVERIFY(proto::forEachVarint(f, [&](uint64_t x) { v.push_back(x); }));
        QCOMPARE(v, (std::vector<uint64_t> { 1, 300, 2 }));
        const std::string fixed = Msg().packedFixed64(47, { 42, 1ull << 63 }).encode();
        proto::Reader r2(fixed, 0);
        QVERIFY(r2.next(&f));
        v.clear();
        QVERIFY(proto::forEachFixed64(f, [&](uint64_t x) { v.push_back(x); }));
        QCOMPARE(v, (std::vector<uint64_t> { 42, 1ull << 63 }));
        // Doubles are fixed64 bits.
        const std::string d = Msg().dbl(44, 1.5e9).encode();
        proto::Reader r4(d, 0);
        QVERIFY(r4.next(&f));
        QCOMPARE(f.asDouble(), 1.5e9);
        // A packed blob with a cut varint is an error with its offset.
        const std::string bad = Msg().bytes(3, std::string("\x01\xff", 2)).encode();
        proto::Reader r3(bad, 50);
        QVERIFY(r3.next(&f));
        uint64_t at = 0;
        QVERIFY(!proto::forEachVarint(
            f, [](uint64_t) {}, &at));
        QCOMPARE(at, uint64_t(53));
    }

    // --- the generator reproduces the protoc-verified example -----------------------

    void writerMatchesVerifiedExample()
    {
        // The three packets (descriptor, begin, end) as protoc encodes them.
        const std::string expected
            = QByteArray::fromHex("0a 0f 50 01 68 01 e2 03 08 08 01 12 04 4e 50 55 30"
                                  "0a 14 40 e8 07 50 01 5a 0d 48 01 58 01 ba 01 06 6d 61 74 6d 75 6c"
                                  "0a 0b 40 d0 0f 50 01 5a 04 48 02 58 01")
                  .toStdString();
        QCOMPARE(hex(minimalExample().bytes()), hex(expected));
        // The richer text-format example encodes to 251 bytes with protoc.
        QCOMPARE(richExample().bytes().size(), size_t(251));
        // Key bytes worth knowing: flow_ids, terminating_flow_ids, double_counter_value, interned_data.
        QCOMPARE(hex(Event().flow(1).encode().substr(0, 2)), QStringLiteral("f9 02"));
        QCOMPARE(hex(Event().terminatingFlow(1).encode().substr(0, 2)), QStringLiteral("81 03"));
        QCOMPARE(hex(Event().doubleValue(1).encode().substr(0, 2)), QStringLiteral("e1 02"));
        QCOMPARE(hex(Packet().interned(Interned()).encode().substr(0, 1)), QStringLiteral("62"));
    }

    // --- probe ---------------------------------------------------------------------

    void probe_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("score");
        const QByteArray minimal = qbytes(minimalExample().bytes());
        QTest::newRow("minimal trace") << minimal << "trace" << 70;
        QTest::newRow("minimal trace .pftrace") << minimal << "a/b.pftrace" << 75;
        QTest::newRow("rbln .pb.gz name") << qbytes(rblnTrace().bytes()) << "x.pb.gz" << 75;
        QTest::newRow("chrome object") << QByteArray("{\"traceEvents\":[]}") << "x.json" << 0;
        QTest::newRow("chrome array after newline")
            << QByteArray("\n[{\"name\":\"a\",\"ph\":\"X\"}]\n") << "x.json" << 0;
        QTest::newRow("chrome object after newline") << QByteArray(
            "\n{\"traceEvents\":[{\"name\":\"a\",\"ph\":\"X\",\"ts\":1,\"dur\":2,\"pid\":1,\"tid\":1}]}\n")
                                                     << "x.json" << 0;
        QTest::newRow("empty") << QByteArray() << "x.pftrace" << 0;
        QTest::newRow("first packet past the end") << QByteArray::fromHex("0a20500168") << "x" << 0;
        // With a trace extension the importer gets the file, to say what is wrong with it.
        QTest::newRow("first packet past the end, .pftrace") << QByteArray::fromHex("0a20500168") << "x.pftrace" << 30;
        QTest::newRow("bad length varint") << QByteArray::fromHex("0affffffffffffffffffff01") << "x" << 0;
        QTest::newRow("garbage inside first packet") << QByteArray::fromHex("0a035001ff0a00") << "x" << 0;
        // Well-formed protobuf of another schema is never claimed, whatever its name.
        QTest::newRow("other protobuf schema (.pb)") << QByteArray::fromHex("0a02080112020801") << "x.xplane.pb" << 0;
        QTest::newRow("XSpace-like: a string where TracePacket has a message")
            << QByteArray::fromHex("0a0d12092f686f73743a4350551801") << "x.xplane.pb" << 0;
        QTest::newRow("not followed by a packet") << QByteArray::fromHex("0a025001ff") << "x" << 20;
    }

    void probe()
    {
        QFETCH(QByteArray, head);
        QFETCH(QString, path);
        QFETCH(int, score);
        PerfettoImporter imp;
        QCOMPARE(imp.probe(std::string_view(head.constData(), size_t(head.size())), path.toStdString()), score);
    }

    // A first packet longer than the probe window is judged on what the window holds.
    void probeLongFirstPacket()
    {
        Trace t;
        t.add(Packet().seq(1).track(Track(1).name(std::string(100000, 'n'))));
        const std::string head = t.bytes().substr(0, 64 * 1024);
        PerfettoImporter imp;
        QCOMPARE(imp.probe(head, "x"), 70);
        std::string broken = head;
        broken[6] = '\x0f'; // wire type 7 where the track descriptor's first field should be
        QCOMPARE(imp.probe(broken, "x"), 0);
    }
};

QTEST_APPLESS_MAIN(tst_ProtoWire)
#include "tst_protowire.moc"
