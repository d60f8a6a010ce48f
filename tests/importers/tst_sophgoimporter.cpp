// SophgoImporter on bmprofile_data folders written by bmprofilewriter.h: rows, times
// (calibration, anchoring, TIU alignment, 32-bit wrap), heights, args, memory accesses,
// metadata, and malformed variants (cut blocks, 0xFF records, iteration gaps, bad lengths).
#include "sophgotestutil.h"
#include <support/bmprofilewriter.h>

#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatorcatalog.h>
#include <sophgo/sophgoimporter.h>

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace strata;
using namespace strata::store;
using namespace strata::analysis;
using namespace sophgotest;

class tst_SophgoImporter : public QObject {
    Q_OBJECT
private slots:
    void probe_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("score");
        const QByteArray block = QByteArray::fromStdString(bmprofile::block(1, std::string(36, '\0')));
        QTest::newRow("global.profile") << QByteArray("[bmprofile] arch=3\n") << "/x/bmprofile_data-0/global.profile"
                                        << 90;
        QTest::newRow("global.profile elsewhere") << QByteArray("[bmprofile] arch=3\n") << "/x/global.profile" << 90;
        QTest::newRow("global.profile, other text, in folder")
            << QByteArray("arch=3\n") << "/x/bmprofile_data0/global.profile" << 80;
        QTest::newRow("iter0 in folder") << block << "/x/bmprofile_data-0/iter0.profile" << 90;
        QTest::newRow("iter12 elsewhere") << block << "/x/y/iter12.profile" << 70;
        QTest::newRow("bmlib in folder") << block << "/x/bmprofile_data-1/bmlib0.profile" << 90;
        QTest::newRow("iter0 with a bad header") << QByteArray(8, '\x63') << "/x/bmprofile_data-0/iter0.profile" << 40;
        QTest::newRow("json") << QByteArray("{\"traceEvents\":[]}") << "/x/bmprofile_data-0/trace.json" << 0;
        QTest::newRow("iter.profile without a number") << block << "/x/bmprofile_data-0/iter.profile" << 0;
    }
    void probe()
    {
        QFETCH(QByteArray, head);
        QFETCH(QString, path);
        QFETCH(int, score);
        QCOMPARE(importers::SophgoImporter().probe(
                     std::string_view(head.constData(), size_t(head.size())), path.toStdString()),
            score);
    }

    void minimalFolder_data()
    {
        QTest::addColumn<QString>("open"); // what is opened: the folder or one of its files
        QTest::newRow("folder") << "";
        QTest::newRow("folder with a trailing slash") << "/";
        QTest::newRow("global.profile") << "/global.profile";
        QTest::newRow("iter0.profile") << "/iter0.profile";
    }
    void minimalFolder()
    {
        QFETCH(QString, open);
        QTemporaryDir tmp;
        bmprofile::writeFolder(folder(tmp), minimal());
        const Loaded l = load(folder(tmp) + open);
        QVERIFY2(l.s, l.r.error.c_str());
        QCOMPARE(QString::fromStdString(l.r.format), QString("sophgo-bmprofile"));
        QVERIFY(l.s->diagnostics().empty());
        QCOMPARE(l.r.phases.at("MONITOR_GDMA"), uint64_t(3));
        QCOMPARE(l.r.phases.at("MONITOR_BD"), uint64_t(1));
        QCOMPARE(l.r.phases.at("DYN_DATA"), uint64_t(4));
        QCOMPARE(l.r.phases.at("SUMMARY"), uint64_t(1));
        QVERIFY(l.r.fileBytes > 0);
        QCOMPARE(l.rows("Subnet").size(), 1u);
        QCOMPARE(l.rows("Layers").size(), 2u);
        QCOMPARE(l.rows("MCU (NODE_OP)").size(), 2u);
        QCOMPARE(l.rows("GDMA").size(), 3u);
        QCOMPARE(l.rows("TIU").size(), 1u);
        QVERIFY(!l.track("Host (bmlib)").valid()); // no bmlib file: no empty row
        QCOMPARE(QString::fromStdString(l.s->processLabel(ProcessId(0))), QString("synthetic on BM1684X"));
        QCOMPARE(l.meta("arch"), std::string("BM1684X (arch=3)"));
        QCOMPARE(l.meta("net_name"), std::string("synthetic"));
        QCOMPARE(l.meta("total"), std::string("0.001ms")); // MCU: 20 + 980 ns
        QCOMPARE(l.meta("GLOBAL MEM Coeff"), std::string("0.07 MB"));
        QCOMPARE(l.meta("GLOBAL MEM Runtime"), std::string("0.03 MB"));
    }

    void timesAndHeights_data()
    {
        QTest::addColumn<QString>("row");
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("name");
        QTest::addColumn<qint64>("ts");
        QTest::addColumn<qint64>("dur");
        QTest::addColumn<int>("heightPct");
        // The first NODE_SET (dyn cycle 10000 → 0 ns) anchors the PMU clocks.
        QTest::newRow("subnet") << "Subnet" << 0 << "Subnet 0" << qint64(0) << qint64(1000000) << 100;
        QTest::newRow("g1: half the fastest") << "GDMA" << 0 << "TENSOR S2L" << qint64(0) << qint64(200) << 50;
        QTest::newRow("g2") << "GDMA" << 1 << "TENSOR S2L" << qint64(200) << qint64(100) << 25;
        QTest::newRow("g3: the fastest") << "GDMA" << 2 << "TENSOR L2S" << qint64(600) << qint64(200) << 100;
        QTest::newRow("t1: after g2 ends, utilisation 125/250")
            << "TIU" << 0 << "CONV" << qint64(300) << qint64(250) << 50;
        QTest::newRow("MCU set: 2 ns per cycle")
            << "MCU (NODE_OP)" << 0 << "set GDMA" << qint64(0) << qint64(20) << 100;
        QTest::newRow("MCU wait") << "MCU (NODE_OP)" << 1 << "wait" << qint64(20) << qint64(980) << 100;
        QTest::newRow("FUNC record, the outer layer")
            << "Layers" << 0 << "global:5" << qint64(0) << qint64(1000) << 100;
        QTest::newRow("layer from its commands") << "Layers" << 1 << "Conv(G)" << qint64(0) << qint64(800) << 100;
    }
    void timesAndHeights()
    {
        QFETCH(QString, row);
        QFETCH(int, index);
        QFETCH(QString, name);
        QFETCH(qint64, ts);
        QFETCH(qint64, dur);
        QFETCH(int, heightPct);
        QTemporaryDir tmp;
        bmprofile::writeFolder(folder(tmp), minimal());
        const Loaded l = load(folder(tmp));
        QVERIFY(l.s);
        const RowRange r = l.rows(row);
        QVERIFY(int(r.size()) > index);
        const uint32_t at = r.begin + uint32_t(index);
        QCOMPARE(l.name(at), name);
        QCOMPARE(l.s->sliceTs(SliceRow(at)), ts);
        QCOMPARE(l.s->sliceDur(SliceRow(at)), dur);
        QCOMPARE(int(std::lround(l.s->sliceHeight(SliceRow(at)) * 100)), heightPct);
    }

    // What the bar heights of a row mean, for its label's hover card; rows without heights say nothing.
    void heightLegends_data()
    {
        QTest::addColumn<QString>("row");
        QTest::addColumn<QString>("meaning");
        QTest::addColumn<QString>("full");
        QTest::newRow("GDMA: bandwidth, scaled to g3 (800 B in 200 ns)")
            << "GDMA"
            << "bandwidth (bytes moved ÷ duration)"
            << "4 GB/s, the fastest transfer of the iteration";
        QTest::newRow("TIU: utilisation") << "TIU"
                                          << "utilisation (computation load ÷ cycles)"
                                          << "100 %, computation load = cycles (also when the record has no load)";
        QTest::newRow("Layers") << "Layers"
                                << "what the layer does"
                                << "computes; half height: moves data only";
        QTest::newRow("Subnet: full bars") << "Subnet" << QString() << QString();
        QTest::newRow("MCU") << "MCU (NODE_OP)" << QString() << QString();
    }
    void heightLegends()
    {
        QFETCH(QString, row);
        QFETCH(QString, meaning);
        QFETCH(QString, full);
        QTemporaryDir tmp;
        bmprofile::writeFolder(folder(tmp), minimal());
        const Loaded l = load(folder(tmp));
        QVERIFY(l.s);
        const TrackInfo& info = l.s->track(l.track(row));
        QCOMPARE(info.heightMeaning.valid(), !meaning.isEmpty());
        QCOMPARE(info.heightFull.valid(), !full.isEmpty());
        if (!meaning.isEmpty()) {
            QCOMPARE(QString::fromStdString(std::string(l.s->str(info.heightMeaning))), meaning);
            QCOMPARE(QString::fromStdString(std::string(l.s->str(info.heightFull))), full);
        }
    }

    void args()
    {
        QTemporaryDir tmp;
        bmprofile::writeFolder(folder(tmp), minimal());
        const Loaded l = load(folder(tmp));
        QVERIFY(l.s);
        const uint32_t g3 = l.rows("GDMA").begin + 2;
        Arg a;
        QVERIFY(l.arg(g3, "gdma_id", &a));
        QCOMPARE(a.u, uint64_t(3));
        QVERIFY(l.arg(g3, "bytes", &a));
        QCOMPARE(a.u, uint64_t(800));
        QVERIFY(l.arg(g3, "speed_GBps", &a));
        QCOMPARE(a.d, 4.0);
        QVERIFY(l.arg(g3, "d0_wr_bytes", &a));
        QCOMPARE(a.u, uint64_t(800));
        QVERIFY(l.arg(g3, "direction", &a));
        QCOMPARE(l.s->str(a.stringValue()), std::string_view("L2S"));
        QVERIFY(l.arg(g3, "layer_name", &a));
        QCOMPARE(l.s->str(a.stringValue()), std::string_view("conv0"));
        const uint32_t t1 = l.rows("TIU").begin;
        QVERIFY(l.arg(t1, "cycle", &a));
        QCOMPARE(a.u, uint64_t(125));
        QVERIFY(l.arg(t1, "waits_for_gdma_id", &a));
        QCOMPARE(a.u, uint64_t(2));
        const uint32_t wait = l.rows("MCU (NODE_OP)").begin + 1;
        QVERIFY(l.arg(wait, "extra", &a));
        QCOMPARE(l.s->str(a.stringValue()), std::string_view("waiting"));
        const uint32_t layer = l.rows("Layers").begin + 1; // under the FUNC record
        QVERIFY(l.arg(layer, "in.0.shape", &a));
        QCOMPARE(l.s->str(a.stringValue()), std::string_view("1x3x8x8"));
        QVERIFY(l.arg(layer, "out.1.gaddr", &a));
        QCOMPARE(l.s->str(a.stringValue()), std::string_view("0x100002000"));
    }

    void memoryAccesses()
    {
        QTemporaryDir tmp;
        bmprofile::writeFolder(folder(tmp), minimal());
        const Loaded l = load(folder(tmp));
        QVERIFY(l.s);
        const MemoryAccessTable& m = l.s->memoryAccesses();
        QCOMPARE(m.spaceCount(), size_t(2));
        const MemorySpaceId local(0), global(1);
        QCOMPARE(l.s->str(m.space(local).name), std::string_view("LOCAL MEM"));
        QCOMPARE(m.space(local).size, uint64_t(256 * 1024));
        QCOMPARE(m.space(local).banks, 16u);
        QCOMPARE(m.regions().size(), size_t(2));
        QCOMPARE(l.s->str(m.regions()[0].category), std::string_view("Coeff"));
        // g1, g2: read GLOBAL (half the input each), write LOCAL; g3: read LOCAL, write GLOBAL;
        // t1: read LOCAL input, write LOCAL output.
        QCOMPARE(m.rowsOf(global).size(), 3u);
        QCOMPARE(m.rowsOf(local).size(), 5u);
        const uint32_t g2 = l.rows("GDMA").begin + 1;
        const std::vector<uint32_t> of = m.accessesOf(SliceRow(g2));
        QCOMPARE(of.size(), size_t(2));
        for (uint32_t r : of) {
            QCOMPARE(m.start(r), TimeNs(200));
            QCOMPARE(m.end(r), TimeNs(300));
            if (m.spaceOf(r) == global) {
                QVERIFY(!m.isWrite(r));
                QCOMPARE(m.address(r), kGlobal + 0x1000 + 192);
                QCOMPARE(m.bytes(r), uint64_t(192));
            } else {
                QVERIFY(m.isWrite(r));
                QCOMPARE(m.address(r), uint64_t(0));
                QCOMPARE(m.bytes(r), uint64_t(128)); // 1 × ⌈3/64⌉ × 8 × 8 × 2 bytes
                QCOMPARE(int(m.bank(r)), 0);
            }
        }
        const uint32_t t1 = l.rows("TIU").begin;
        bool wroteBank1 = false;
        for (uint32_t r : m.accessesOf(SliceRow(t1)))
            wroteBank1 |= m.isWrite(r) && m.bank(r) == 1;
        QVERIFY(wroteBank1);
    }

    void malformed_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("diagnostic");
        QTest::addColumn<int>("gdmaSlices");
        QTest::newRow("DYN_EXTRA entry of length 0") << "emptyDynExtra"
                                                     << "sophgo_empty_extra_entry" << 3;
        QTest::newRow("BMLIB_EXTRA entry of length 0") << "emptyBmlibExtra"
                                                       << "sophgo_empty_extra_entry" << 3;
        QTest::newRow("truncated final block") << "truncated"
                                               << "sophgo_truncated_block" << 3;
        QTest::newRow("truncated GDMA block") << "truncatedGdma"
                                              << "sophgo_truncated_block" << 2;
        QTest::newRow("unknown block type") << "unknownBlock"
                                            << "sophgo_unknown_block_type" << 3;
        QTest::newRow("unknown dyn record type") << "unknownDyn"
                                                 << "sophgo_unknown_dyn_record" << 3;
        QTest::newRow("missing global.profile") << "noGlobal"
                                                << "sophgo_missing_global_profile" << 3;
        QTest::newRow("GDMA block not a multiple of 192") << "partialRecord"
                                                          << "sophgo_partial_record" << 3;
        QTest::newRow("pre-filled 0xFF GDMA record") << "allFf"
                                                     << "sophgo_pmu_unfilled_records" << 3;
        QTest::newRow("iter1 missing, iter2 present") << "gap"
                                                      << "sophgo_iteration_gap" << 3;
        QTest::newRow("tpu_freq=0") << "freqZero"
                                    << "sophgo_bad_tpu_freq" << 3;
        QTest::newRow("unknown arch") << "unknownArch"
                                      << "sophgo_unknown_arch" << 3;
        QTest::newRow("BM1688: PMU layout unknown") << "bm1688"
                                                    << "sophgo_pmu_layout_unknown" << 0;
        QTest::newRow("no SUMMARY") << "noSummary"
                                    << "sophgo_missing_summary" << 3;
        QTest::newRow("bytes after the last block") << "trailing"
                                                    << "sophgo_trailing_bytes" << 3;
        QTest::newRow("bad number in global.profile") << "badNumber"
                                                      << "sophgo_bad_global_value" << 3;
        QTest::newRow("end before start") << "endBeforeStart"
                                          << "sophgo_pmu_end_before_start" << 3;
        // A SUMMARY block ending 2.6e18 µs after the epoch, as in a damaged iter0.profile,
        // overflowed the ns conversion (signed overflow under UBSan, a wrapped time in Release).
        QTest::newRow("SUMMARY time past any clock") << "absurdSummary"
                                                     << "sophgo_bad_summary_time" << 3;
    }
    void malformed()
    {
        QFETCH(QString, variant);
        QFETCH(QString, diagnostic);
        QFETCH(int, gdmaSlices);
        QTemporaryDir tmp;
        const QString dir = folder(tmp);
        bmprofile::Spec spec = minimal();
        if (variant == "freqZero")
            spec.freqLine = "[bmprofile] tpu_freq=0";
        if (variant == "unknownArch")
            spec.arch = 9;
        if (variant == "bm1688")
            spec.arch = 4;
        if (variant == "noSummary")
            spec.writeSummary = false;
        if (variant == "allFf")
            spec.gdmaAllFfRecord = true;
        if (variant == "unknownDyn")
            spec.dyn.push_back({ 4, 55, 0, 10100, 10200 });
        if (variant == "emptyDynExtra")
            spec.dynExtra.insert(spec.dynExtra.begin(), bmprofile::Extra { 2, 0, "" });
        if (variant == "badNumber")
            spec.extraGlobalLines.push_back("[bmprofile] arch=three");
        if (variant == "absurdSummary")
            spec.endUsec = 2600862187071095575ull;
        if (variant == "endBeforeStart")
            spec.layers[0].commands[1].end = 1100; // before its start, 1200 — not a wrap
        bmprofile::writeFolder(dir, spec);
        const QString iter0 = dir + "/iter0.profile";
        QFile f(iter0);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        f.close();
        if (variant == "emptyBmlibExtra")
            bmprofile::writeBytes(dir + "/bmlib0.profile", bmprofile::bmlibProfile(spec.beginUsec, true));
        if (variant == "truncated") // the final (TIU) block says 32 bytes, 20 remain
            QVERIFY(f.resize(bytes.size() - 12));
        if (variant == "truncatedGdma") { // cut inside the third GDMA record, the TIU block lost
            const int gdma = bytes.indexOf(QByteArray::fromStdString(std::string("\x04\0\0\0", 4)));
            QVERIFY(gdma > 0);
            QVERIFY(f.resize(gdma + 8 + 2 * 192 + 100));
        }
        if (variant == "unknownBlock")
            appendBytes(iter0, bmprofile::block(77, "what is this"));
        if (variant == "trailing")
            appendBytes(iter0, "abc");
        if (variant == "partialRecord") { // a GDMA block holding 1.5 records
            std::string r = bmprofile::gdmaRecord(bmprofile::gdmaCommand(9, 0, 0, 1900, 1950, 8));
            appendBytes(iter0, bmprofile::block(4, r.substr(0, 96)));
        }
        if (variant == "noGlobal")
            QVERIFY(QFile::remove(dir + "/global.profile"));
        if (variant == "gap")
            QVERIFY(QFile::copy(iter0, dir + "/iter2.profile"));
        const Loaded l = load(dir);
        QVERIFY2(l.s, l.r.error.c_str());
        QVERIFY2(l.s->diagnostics().get(diagnostic.toStdString()) > 0, qPrintable(diagnostic));
        QCOMPARE(int(l.rows("GDMA").size()), gdmaSlices);
        // Whatever was damaged, times stay those of a 1 ms profile: nothing wraps.
        QVERIFY(l.s->extent().start >= 0);
        QVERIFY2(l.s->extent().duration() < TimeNs(1000000000), qPrintable(QString::number(l.s->extent().duration())));
        const bool tiuLost = variant == "bm1688" || variant.startsWith("truncated");
        QCOMPARE(l.rows("TIU").size(), tiuLost ? 0u : 1u);
        // Messages name the file and the byte offset.
        for (const std::string& m : l.s->diagnostics().messages()) {
            if (m.find("iter0.profile byte") != std::string::npos)
                QVERIFY(m.find(" byte ") != std::string::npos);
        }
        if (variant == "truncated" || variant == "unknownBlock") {
            bool named = false;
            for (const std::string& m : l.s->diagnostics().messages())
                named |= m.find(": iter0.profile byte ") != std::string::npos;
            QVERIFY(named);
        }
        if (variant == "emptyBmlibExtra") {
            const RowRange host = l.rows("Host (bmlib)");
            QVERIFY(!host.empty());
            bool named = false;
            for (uint32_t r = host.begin; r < host.end; ++r)
                named |= l.name(r) == "copy h2d";
            QVERIFY(named);
        }
    }

    void cycleWraparound()
    {
        // Every PMU cycle moved to just below 2^32: the records cross the wrap.
        QTemporaryDir tmp;
        bmprofile::Spec spec = minimal();
        const uint64_t shift = (uint64_t(1) << 32) - 1100;
        for (auto& c : spec.layers[0].commands) {
            c.start += shift;
            c.end += shift;
        }
        bmprofile::writeFolder(folder(tmp), spec);
        const Loaded l = load(folder(tmp));
        QVERIFY(l.s);
        const RowRange g = l.rows("GDMA");
        QCOMPARE(g.size(), 3u);
        QCOMPARE(l.s->sliceTs(SliceRow(g.begin + 1)), TimeNs(200)); // crosses 2^32
        QCOMPARE(l.s->sliceDur(SliceRow(g.begin + 1)), TimeNs(100));
        QCOMPARE(l.s->sliceTs(SliceRow(g.begin + 2)), TimeNs(600));
        QCOMPARE(l.s->sliceTs(SliceRow(l.rows("TIU").begin)), TimeNs(300));
        QVERIFY(l.s->diagnostics().empty());
    }

    void commandIdWraparound()
    {
        // Static TIU ids past 16 bits: the PMU writes them wrapped, the importer still
        // matches them to their layer.
        QTemporaryDir tmp;
        bmprofile::Spec spec = minimal();
        auto& cmds = spec.layers[0].commands;
        cmds[2].id = 65535;
        cmds.push_back(bmprofile::tiuCommand(65536, 3, 2, 5300, 5400, 0));
        bmprofile::writeFolder(folder(tmp), spec);
        const Loaded l = load(folder(tmp));
        QVERIFY(l.s);
        const RowRange t = l.rows("TIU");
        QCOMPARE(t.size(), 2u);
        QCOMPARE(l.name(t.begin + 1), QString("MM")); // matched: the static bd_func
        Arg a;
        QVERIFY(l.arg(t.begin + 1, "bd_id", &a));
        QCOMPARE(a.u, uint64_t(65536));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("setup");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty folder") << "empty"
                                      << "a folder that holds no profile";
        QTest::newRow("global.profile only") << "globalOnly"
                                             << "without iter0.profile";
        QTest::newRow("empty iter0.profile") << "emptyIter"
                                             << "iter0.profile: empty file (at byte 0)";
        QTest::newRow("only iter1.profile") << "iter1Only"
                                            << "iter0.profile is missing";
    }
    void errors()
    {
        QFETCH(QString, setup);
        QFETCH(QString, message);
        QTemporaryDir tmp;
        const QString dir = folder(tmp);
        QDir().mkpath(dir);
        if (setup != "empty")
            bmprofile::writeFolder(dir, minimal());
        if (setup == "globalOnly")
            QVERIFY(QFile::remove(dir + "/iter0.profile"));
        if (setup == "emptyIter")
            bmprofile::writeBytes(dir + "/iter0.profile", "");
        if (setup == "iter1Only")
            QVERIFY(QFile::rename(dir + "/iter0.profile", dir + "/iter1.profile"));
        const Loaded l = load(dir);
        QVERIFY(!l.s);
        const QString error = QString::fromStdString(l.r.error);
        QVERIFY2(error.startsWith(dir), qPrintable(error));
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY2(error.contains("(at byte "), qPrintable(error));
    }

    void folderWithoutDash()
    {
        QTemporaryDir tmp;
        bmprofile::writeFolder(folder(tmp, "bmprofile_data3"), minimal());
        const Loaded l = load(folder(tmp, "bmprofile_data3"));
        QVERIFY2(l.s, l.r.error.c_str());
        QCOMPARE(l.rows("GDMA").size(), 3u);
    }

    // The operator analytics' view of a profile: TIU and GDMA commands carry their layer's
    // identity (`layer` = instance, `framework_op` = type), the Layers row the same.
    void operatorIdentity_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("row");
        QTest::addColumn<QString>("slice"); // the first slice of this name on the row
        QTest::addColumn<QString>("level");
        QTest::addColumn<QString>("key");
        const QString show = "showcase", bare = "nameless"; // the spec: showcase(), or minimal() without names
        // clang-format off
        QTest::newRow("TIU conv: framework op = layer type") << show << "TIU" << "CONV" << "framework" << "Conv2D";
        QTest::newRow("TIU conv: layer = layer name") << show << "TIU" << "CONV" << "layer" << "model.0.conv";
        QTest::newRow("TIU conv: module from the dotted name") << show << "TIU" << "CONV" << "module" << "model.0";
        QTest::newRow("TIU conv: op = TIU function") << show << "TIU" << "CONV" << "op" << "CONV";
        QTest::newRow("global layer's TIU command") << show << "TIU" << "AR" << "framework" << "Permute";
        QTest::newRow("layer group load: framework op") << show << "GDMA" << "TENSOR S2L" << "framework" << "Load";
        QTest::newRow("layer group load: the tensor") << show << "GDMA" << "TENSOR S2L" << "layer" << "conv1.weight";
        QTest::newRow("layer group store") << show << "GDMA" << "TENSOR L2S" << "framework" << "Store";
        QTest::newRow("GDMA op = function and direction") << show << "GDMA" << "TENSOR L2S" << "op" << "TENSOR L2S";
        QTest::newRow("Layers row: framework op") << show << "Layers" << "Conv2D(L)" << "framework" << "Conv2D";
        QTest::newRow("Layers row: layer") << show << "Layers" << "Cast(G)" << "layer" << "model.2.Cast";
        QTest::newRow("nameless layer: type and id") << bare << "TIU" << "CONV" << "layer" << "Conv #0";
        QTest::newRow("nameless layer: framework op") << bare << "GDMA" << "TENSOR S2L" << "framework" << "Conv";
        QTest::newRow("nameless layer: at the top") << bare << "TIU" << "CONV" << "module" << "(top)";
        // clang-format on
    }
    void operatorIdentity()
    {
        QFETCH(QString, spec);
        QFETCH(QString, row);
        QFETCH(QString, slice);
        QFETCH(QString, level);
        QFETCH(QString, key);
        bmprofile::Spec s = spec == "showcase" ? bmprofile::showcase() : minimal();
        if (spec == "nameless")
            s.layers[0].name.clear();
        QTemporaryDir tmp;
        bmprofile::writeFolder(folder(tmp), s);
        const Loaded l = load(folder(tmp));
        QVERIFY2(l.s, l.r.error.c_str());
        const OperatorCatalog catalog(*l.s);
        OperatorLevel lv;
        QVERIFY(parseOperatorLevel(level.toStdString(), &lv));
        const RowRange r = l.rows(row);
        uint32_t at = r.begin;
        while (at < r.end && l.name(at) != slice)
            ++at;
        QVERIFY(at < r.end);
        const SliceRow sr(at);
        const uint32_t k = catalog.key(lv, l.s->sliceType(sr), l.s->sliceArgs(sr));
        QCOMPARE(QString::fromStdString(std::string(catalog.keyText(k))), key);
    }

    // TIU and GDMA are the device engines (the Layers, MCU and Subnet rows repeat their time);
    // GDMA is the transfer engine, so the split is TIU = execution, GDMA = data transfer.
    void operatorScope_data()
    {
        QTest::addColumn<QString>("row");
        QTest::addColumn<bool>("device");
        QTest::addColumn<bool>("transfer");
        QTest::newRow("TIU") << "TIU" << true << false;
        QTest::newRow("GDMA") << "GDMA" << true << true;
        QTest::newRow("Layers") << "Layers" << false << false;
        QTest::newRow("MCU") << "MCU (NODE_OP)" << false << false;
        QTest::newRow("Subnet") << "Subnet" << false << false;
    }
    void operatorScope()
    {
        QFETCH(QString, row);
        QFETCH(bool, device);
        QFETCH(bool, transfer);
        QTemporaryDir tmp;
        bmprofile::writeFolder(folder(tmp), bmprofile::showcase());
        const Loaded l = load(folder(tmp));
        QVERIFY2(l.s, l.r.error.c_str());
        const OperatorCatalog catalog(*l.s);
        const TrackId t = l.track(row);
        QVERIFY(t.valid());
        QCOMPARE(catalog.isDeviceTrack(t), device);
        QCOMPARE(catalog.trackWork(t) == WorkKind::Memory, transfer);

        const OperatorTable table
            = OperatorAggregator::aggregate(*l.s, catalog, OperatorLevel::Framework, OperatorAggregator::wholeTrace());
        QCOMPARE(table.scope, OperatorScope::Device);
        auto busy = [&](const char* name) {
            TimeNs sum = 0;
            const RowRange r = l.rows(name);
            for (uint32_t i = r.begin; i < r.end; ++i)
                sum += l.s->sliceDur(SliceRow(i));
            return sum;
        };
        QCOMPARE(table.executionNs, busy("TIU"));
        QCOMPARE(table.transferNs, busy("GDMA"));
        for (const OperatorRow& op : table.rows)
            QVERIFY2(op.key != OperatorCatalog::kNoKey, "every profiled command belongs to a layer");
    }

    void showcaseProfile()
    {
        QTemporaryDir tmp;
        bmprofile::writeFolder(folder(tmp), bmprofile::showcase());
        const Loaded l = load(folder(tmp));
        QVERIFY2(l.s, l.r.error.c_str());
        QVERIFY2(l.s->diagnostics().empty(), l.s->diagnostics().counts().begin()->first.c_str());
        QVERIFY(l.s->hasSliceHeights());
        QVERIFY(l.s->memoryAccesses().size() > 40);
        QVERIFY(!l.meta("total").empty());
        // Loads and stores of the layer group are half height.
        const RowRange layers = l.rows("Layers");
        int half = 0;
        for (uint32_t r = layers.begin; r < layers.end; ++r)
            half += std::lround(l.s->sliceHeight(SliceRow(r)) * 100) == 50;
        QVERIFY(half >= 12);
    }
};

QTEST_GUILESS_MAIN(tst_SophgoImporter)
#include "tst_sophgoimporter.moc"
