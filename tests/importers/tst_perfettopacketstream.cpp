// PacketStream: the length-delimited TracePacket records of a Perfetto trace, read in
// blocks from an InputReader; a packet over the size limit is skipped with a note, and
// packets that straddle read blocks arrive whole.
#include "perfettotracewriter.h"
#include <support/testfiles.h>

#include <inputreader.h>
#include <perfetto/perfettopacketstream.h>

#include <QTemporaryDir>
#include <QtTest>

using strata::importers::InputReader;
using strata::importers::perfetto::PacketStream;
using namespace perfettotest;

namespace {
QByteArray qbytes(const std::string& s)
{
    return QByteArray(s.data(), qsizetype(s.size()));
}
} // namespace

class tst_PerfettoPacketStream : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // A packet over the size limit is skipped and the stream goes on.
    void oversizedPacketSkipped()
    {
        Trace t = minimalExample();
        t.add(Packet().ts(2500).seq(1).event(Event::instant(1).name(std::string(300, 'x'))));
        t.add(Packet().ts(2600).seq(1).event(Event::instant(1).name("small")));
        const QString path = m_dir.filePath(QStringLiteral("oversized.pftrace"));
        testfiles::writeFile(path, qbytes(t.bytes()));
        std::string error;
        auto in = InputReader::open(path.toStdString(), &error);
        QVERIFY2(in, error.c_str());
        PacketStream stream(*in, 100);
        std::string_view packet;
        uint64_t offset = 0;
        int packets = 0;
        QStringList notes;
        for (;;) {
            const auto st = stream.next(&packet, &offset);
            for (const auto& n : stream.takeNotes())
                notes << QString::fromStdString(n.kind + ": " + n.message);
            if (st != PacketStream::Status::Packet)
                break;
            ++packets;
        }
        QCOMPARE(packets, 4);
        QCOMPARE(notes.size(), 1);
        QVERIFY2(notes[0].startsWith("perfetto_packet_too_large: byte 52: a packet of 3"), qPrintable(notes[0]));
        QVERIFY(stream.error().empty());
    }

    // Packets that straddle the stream's 1 MiB read blocks arrive whole, with their offsets.
    void packetsAcrossReadBlocks()
    {
        Trace t;
        std::vector<uint64_t> starts;
        for (int i = 0; i < 40; ++i) {
            starts.push_back(t.bytes().size());
            t.add(Packet()
                      .ts(uint64_t(i))
                      .seq(1)
                      .event(Event::instant(1).name(std::string(size_t(70000 + 997 * i), 'a'))));
        }
        const QString path = m_dir.filePath(QStringLiteral("blocks.pftrace"));
        testfiles::writeFile(path, testfiles::gzipBytes(qbytes(t.bytes())));
        std::string error;
        auto in = InputReader::open(path.toStdString(), &error);
        QVERIFY2(in, error.c_str());
        PacketStream stream(*in);
        std::string_view packet;
        uint64_t offset = 0;
        size_t i = 0;
        while (stream.next(&packet, &offset) == PacketStream::Status::Packet) {
            QVERIFY(i < starts.size());
            const uint64_t header = offset - starts[i];
            QVERIFY(header >= 2 && header <= 4);
            QCOMPARE(std::string(packet), t.bytes().substr(size_t(offset), packet.size()));
            ++i;
        }
        QCOMPARE(i, starts.size());
        QVERIFY(stream.error().empty());
    }
};

QTEST_APPLESS_MAIN(tst_PerfettoPacketStream)
#include "tst_perfettopacketstream.moc"
