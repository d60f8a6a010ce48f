// SophgoGlobalProfileParser: the global.profile line grammar — key=value pairs (the last
// key takes the rest of the line, commas in numbers dropped), the lines it knows, tensors
// and commands attached to the latest layer, and lenient handling of the rest.
#include <sophgo/sophgoglobalprofileparser.h>

#include <QtTest>

using namespace strata::importers::sophgo;
using strata::store::Diagnostics;

class tst_SophgoGlobalProfileParser : public QObject {
    Q_OBJECT
private slots:
    void keyValues_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("expected"); // "key=value|key=value"
        QTest::newRow("simple") << "arch=3"
                                << "arch=3";
        QTest::newRow("prefix text") << "... gdma cmd_id bd_id=3 gdma_id=4"
                                     << "bd_id=3|gdma_id=4";
        QTest::newRow("last key takes the rest") << "mtype=1 addr=16 desc=neuron runtime buffer"
                                                 << "mtype=1|addr=16|desc=neuron runtime buffer";
        QTest::newRow("value up to whitespace") << "layer_id=2 layer_type=Conv junk layer_name=conv 1"
                                                << "layer_id=2|layer_type=Conv|layer_name=conv 1";
        QTest::newRow("'=' inside a word is not a key") << "a=b=c d=e"
                                                        << "a=b=c|d=e";
        QTest::newRow("no pairs") << "start parallel."
                                  << "";
        QTest::newRow("trailing spaces trimmed") << "net_name=yolo  \r"
                                                 << "net_name=yolo";
    }
    void keyValues()
    {
        QFETCH(QString, line);
        QFETCH(QString, expected);
        const std::string text = line.toStdString();
        QStringList got;
        for (const auto& [k, v] : SophgoGlobalProfileParser::keyValues(text))
            got << QString::fromStdString(std::string(k)) + "=" + QString::fromStdString(std::string(v));
        QCOMPARE(got.join('|'), expected);
    }

    void numbers_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<quint64>("value");
        QTest::newRow("decimal") << "4096" << true << quint64(4096);
        QTest::newRow("commas") << "1,048,576" << true << quint64(1048576);
        QTest::newRow("hex") << "0x100000000" << true << quint64(0x100000000ull);
        QTest::newRow("word") << "three" << false << quint64(0);
        QTest::newRow("empty") << "" << false << quint64(0);
        QTest::newRow("overflow") << "99999999999999999999999" << false << quint64(0);
    }
    void numbers()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(quint64, value);
        uint64_t v = 0;
        QCOMPARE(SophgoGlobalProfileParser::parseUnsigned(text.toStdString(), &v), ok);
        if (ok)
            QCOMPARE(quint64(v), value);
    }

    void wholeFile()
    {
        const std::string text = "[bmprofile] arch=3\n"
                                 "[bmprofile] net_name=yolov5s\n"
                                 "[bmprofile] tpu_freq=950\n"
                                 "is_mlir=1\n"
                                 "[bmprofile] subnet_id 1 start\n"
                                 "start local memory usage of group 3 subnet_id 1\n"
                                 "start parallel.\n"
                                 "local_layer layer_id=7 layer_type=Add layer_name=add_3\n"
                                 "tensor_id=12 is_in=1 shape=1x3x64x64 dtype=1 is_const=0 gaddr=4,096 gsize=24576 "
                                 "loffset=0x4000 nslice=1 hslice=16 l2addr=0\n"
                                 "bd cmd_id bd_id=4 gdma_id=3 bd_func=3\n"
                                 "end parallel.\n"
                                 "layer_id=7 total_size=8192 feature_size=4096 weight_size=0\n"
                                 "gdma_layer gdma_type=1\n"
                                 "gdma cmd_id bd_id=4 gdma_id=5 gdma_dir=1 gdma_func=0\n"
                                 "start to run subnet_id=1\n"
                                 "something the reader does not know\n"
                                 "[bmprofile] core_list=0,1,\n"
                                 "[bmprofile] mtype=1 addr=4294967296 size=14070000 alloc=100 free=0 desc=coeff mem\n";
        Diagnostics diag;
        const SophgoGlobalInfo g = SophgoGlobalProfileParser::parse(text, diag);
        QVERIFY(g.present);
        QCOMPARE(g.arch, 3);
        QCOMPARE(g.netName, std::string("yolov5s"));
        QCOMPARE(g.freqMhz, 950.0);
        QCOMPARE(g.cores, (std::vector<int> { 0, 1 }));
        QCOMPARE(g.subnets.size(), size_t(1));
        const SophgoSubnet& s = g.subnets.at(1);
        QCOMPARE(s.layers.size(), size_t(2));
        const SophgoLayer& add = s.layers[0];
        QCOMPARE(add.kind, SophgoLayerKind::Local);
        QCOMPARE(add.group, int64_t(3));
        QVERIFY(add.parallel);
        QCOMPARE(add.name, std::string("add_3"));
        QCOMPARE(add.tensors.size(), size_t(1));
        QCOMPARE(*add.tensors[0].gaddr, uint64_t(4096));
        QCOMPARE(*add.tensors[0].loffset, uint64_t(0x4000));
        QCOMPARE(add.tensors[0].hslice, int64_t(16));
        QCOMPARE(*add.lmemTotal, uint64_t(8192));
        const SophgoLayer& store = s.layers[1];
        QCOMPARE(store.kind, SophgoLayerKind::Gdma);
        QCOMPARE(store.gdmaType, 1);
        QVERIFY(!store.parallel);
        QCOMPARE(s.commands.size(), size_t(2));
        QVERIFY(!s.commands[0].gdma);
        QCOMPARE(s.commands[0].id, 4u);
        QCOMPARE(s.commands[0].depId, 3u);
        QCOMPARE(s.commands[0].layer, 0);
        QVERIFY(s.commands[1].gdma);
        QCOMPARE(s.commands[1].id, 5u);
        QCOMPARE(s.commands[1].dir, 1);
        QCOMPARE(s.commands[1].layer, 1);
        QCOMPARE(g.allocations.size(), size_t(1));
        QCOMPARE(g.allocations[0].desc, std::string("coeff mem"));
        QCOMPARE(g.allocations[0].addr, uint64_t(0x100000000ull));
        QCOMPARE(diag.get("sophgo_global_line_unrecognized"), uint64_t(1));
    }

    void badValuesReportedWithOffsets()
    {
        const std::string text = "arch=3\ntensor_id=1 is_in=1\nglobal_layer layer_id=x\n";
        Diagnostics diag;
        const SophgoGlobalInfo g = SophgoGlobalProfileParser::parse(text, diag);
        QCOMPARE(diag.get("sophgo_tensor_without_layer"), uint64_t(1));
        QCOMPARE(diag.get("sophgo_bad_global_value"), uint64_t(1));
        bool found = false;
        for (const std::string& m : diag.messages())
            found |= m.find("global.profile byte 27 (line 3): layer_id=x") != std::string::npos;
        QVERIFY(found);
        QCOMPARE(g.subnets.at(0).layers.size(), size_t(1)); // the layer is kept, without an id
    }
};

QTEST_GUILESS_MAIN(tst_SophgoGlobalProfileParser)
#include "tst_sophgoglobalprofileparser.moc"
