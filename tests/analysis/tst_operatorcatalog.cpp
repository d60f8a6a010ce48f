// OperatorCatalog: the per-event key of every level equals NameParser::parse on that event's
// name and args; identity args are read once per distinct combination; tracks are told
// apart as device/host and transfer engines.
#include <analysis/metrics/metrickeys.h>
#include <analysis/operators/nameparser.h>
#include <analysis/operators/operatorcatalog.h>
#include <analysis/summary/summaryindex.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

using namespace strata::store;
using namespace strata::analysis;

namespace {

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), int(s.size()));
}

// name, category, then key/value pairs (values that parse as integers become ints)
struct Event {
    const char* name;
    const char* category;
    std::vector<std::pair<const char*, const char*>> args;
};

const std::vector<Event>& events()
{
    static const std::vector<Event> list = {
        { "0_fused(bn1+conv1+relu)_5", "Neural Engine Clusters",
            { { "opcode", "conv2d" }, { "layer", "conv1" }, { "hlo_name", "fusion.11" }, { "bytes", "6422528" } } },
        { "0_fused(bn1+conv1+relu)_4", "Neural DMA", { { "opcode", "ndma_load" }, { "layer", "conv1" } } },
        { "0_layer1.0.conv1_3", "Task DMA", {} },
        { "i1_0_W3_fused(conv2d+add+relu)_7", "", { { "hlo_name", "%add.1 = add(%dot, %custom-call.44)" } } },
        { "aten::conv2d", "cpu_op", { { "layer", "layer1.0.conv1" }, { "Sequence number", "17" } } },
        { "aten::conv2d", "cpu_op", { { "layer", "layer1.0.conv1" }, { "Sequence number", "18" } } },
        { "NN[model]/Linear[layer1]/aten__addmm_add", "", { { "hlo_name", "dot.1" } } },
        { "fusion.3", "", { { "framework_name", "NeuronLlamaDecoderLayer[1]/function[2]/aten.add" } } },
        { "MATMUL", "",
            { { "layer", "layer_1" }, { "hlo_name", "%add.1 = add(%dot, %custom-call.44)" }, { "opcode", "MATMUL" } } },
        { "LowLevelConv2d(41,40,42,44)", "NPU", { { "pe_index", "0" } } },
        { "dma(layer1.weight)", "", { { "layer", "layer1" }, { "hlo_name", "fusion.1007" }, { "bytes", "1024" } } },
        { "ProfilerStep#3", "user_annotation", {} },
        { "fused_12", "", {} },
    };
    return list;
}

} // namespace

class tst_OperatorCatalog : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void keysMatchParse();
    void argIdentitiesShared();
    void metrics();
    void metricKeysAsTheSummaries_data();
    void metricKeysAsTheSummaries();
    void metricValuesAsTheSummaries_data();
    void metricValuesAsTheSummaries();
    void fusedMembers();
    void tracks();
    void cancelled();

private:
    std::shared_ptr<const EventStore> m_store;
    std::unique_ptr<OperatorCatalog> m_catalog;
};

void tst_OperatorCatalog::initTestCase()
{
    StoreBuilder b;
    const ProcessId npu = b.process(IdValue::number(1));
    b.setProcessName(npu, b.intern("NPU 0 (RBLN-CA12)"));
    const uint32_t nec = b.thread(npu, IdValue::number(1));
    b.setThreadName(nec, b.intern("Neural Engine Clusters"));
    const uint32_t dma = b.thread(npu, IdValue::number(2));
    b.setThreadName(dma, b.intern("Task DMA"));
    const ProcessId host = b.process(IdValue::number(100));
    b.setProcessName(host, b.intern("python3 model.py"));
    b.setProcessLabels(host, b.intern("host,CPU"));
    const uint32_t main = b.thread(host, IdValue::number(100));
    b.setThreadName(main, b.intern("MainThread"));
    // The events below go round-robin over the threads whatever their category, so the
    // roles are declared, as an importer does (DeviceRules has its own test).
    b.setThreadRole(nec, TrackRole::Device);
    b.setThreadRole(dma, TrackRole::Device);
    b.setThreadRole(main, TrackRole::Host);
    TimeNs ts = 0;
    int i = 0;
    for (const Event& e : events()) {
        std::vector<Arg> args;
        for (const auto& [k, v] : e.args) {
            bool isInt = false;
            const qint64 n = QString(v).toLongLong(&isInt);
            args.push_back(isInt ? Arg::makeInt(b.intern(k), n) : Arg::makeString(b.intern(k), b.intern(v)));
        }
        const uint32_t t = i % 3 == 0 ? nec : i % 3 == 1 ? dma : main;
        b.completeSlice(t, ts, 10, b.type(b.intern(e.name), b.intern(e.category)), b.argSet(args.data(), args.size()));
        ts += 20;
        ++i;
    }
    m_store = StoreFinalizer::finalize(b);
    m_catalog = std::make_unique<OperatorCatalog>(*m_store);
}

void tst_OperatorCatalog::keysMatchParse()
{
    QCOMPARE(m_catalog->typeCount(), m_store->types().size());
    for (uint32_t r = 0; r < m_store->sliceCount(); ++r) {
        const SliceRow row(r);
        const OperatorInfo info = m_catalog->identity(*m_store, row);
        const std::string_view name = m_store->str(m_store->sliceName(row));
        for (int l = 0; l < kOperatorLevelCount; ++l) {
            const auto level = OperatorLevel(l);
            const uint32_t k = m_catalog->key(level, m_store->sliceType(row), m_store->sliceArgs(row));
            QCOMPARE(qs(m_catalog->keyText(k)), qs(NameParser::levelKey(info, level, name)));
        }
    }
    const SliceRow first(0);
    QCOMPARE(qs(m_catalog->typeInfo(m_store->sliceType(first)).layer), qs(m_catalog->identity(*m_store, first).layer));
    QCOMPARE(m_catalog->findKey("no such key"), OperatorCatalog::kNoKey);
    QVERIFY(m_catalog->findKey("conv2d") != OperatorCatalog::kNoKey);
}

// The two aten::conv2d events differ only in "Sequence number": one identity, and sets with
// no identity args at all share the empty identity 0.
void tst_OperatorCatalog::argIdentitiesShared()
{
    QVERIFY(m_catalog->argIdentityCount() < m_store->args().setCount());
    uint32_t a = UINT32_MAX, b = UINT32_MAX;
    for (uint32_t r = 0; r < m_store->sliceCount(); ++r) {
        const SliceRow row(r);
        if (m_store->str(m_store->sliceName(row)) != "aten::conv2d")
            continue;
        const uint32_t k = m_catalog->key(OperatorLevel::Layer, m_store->sliceType(row), m_store->sliceArgs(row));
        (a == UINT32_MAX ? a : b) = k;
    }
    QCOMPARE(a, b);
    QCOMPARE(qs(m_catalog->keyText(a)), QString("layer1.0.conv1"));
}

void tst_OperatorCatalog::metrics()
{
    for (uint32_t r = 0; r < m_store->sliceCount(); ++r) {
        const SliceRow row(r);
        const std::string_view name = m_store->str(m_store->sliceName(row));
        const OperatorCatalog::Metrics& m = m_catalog->metrics(m_store->sliceArgs(row));
        if (name == "0_fused(bn1+conv1+relu)_5") {
            QCOMPARE(m.has, uint8_t(OperatorCatalog::Metrics::kBytes));
            QCOMPARE(m.bytes, 6422528.0);
        } else if (name == "dma(layer1.weight)") {
            QCOMPARE(m.bytes, 1024.0);
        } else {
            QCOMPARE(m.has, uint8_t(0));
        }
    }
    // Numbers written as strings (Neuron writes sizes that way) count too.
    StoreBuilder b;
    const uint32_t t = b.thread(b.process(IdValue::number(1)), IdValue::number(1));
    const Arg args[] = { Arg::makeString(b.intern("bytes"), b.intern("4096")),
        Arg::makeString(b.intern("flops"), b.intern("1.5e3")), Arg::makeDouble(b.intern("mfu_estimated_percent"), 42.5),
        Arg::makeString(b.intern("hfu"), b.intern("n/a")) };
    b.completeSlice(t, 0, 1, b.type(b.intern("x"), b.intern("")), b.argSet(args, 4));
    const auto store = StoreFinalizer::finalize(b);
    const OperatorCatalog cat(*store);
    const OperatorCatalog::Metrics& m = cat.metrics(store->sliceArgs(SliceRow(0)));
    QCOMPARE(m.bytes, 4096.0);
    QCOMPARE(m.flops, 1500.0);
    QCOMPARE(m.mfu, 42.5);
    QCOMPARE(m.has,
        uint8_t(OperatorCatalog::Metrics::kBytes | OperatorCatalog::Metrics::kFlops | OperatorCatalog::Metrics::kMfu));
}

// The catalog's metric keys are MetricKeys', the table the summaries read: each spelling
// lands on the same metric in both, or in neither.
void tst_OperatorCatalog::metricKeysAsTheSummaries_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<int>("metric"); // MetricKeys::Metric, -1 for none
    QTest::newRow("bytes") << "bytes" << int(MetricKeys::Bytes);
    QTest::newRow("transfer_bytes") << "transfer_bytes" << int(MetricKeys::Bytes);
    QTest::newRow("size") << "size" << int(MetricKeys::Bytes);
    QTest::newRow("dotted, upper case") << "dma.Bytes" << int(MetricKeys::Bytes);
    QTest::newRow("raw_flops") << "raw_flops" << int(MetricKeys::Flops);
    QTest::newRow("hardware_flops") << "hardware_flops" << int(MetricKeys::Flops);
    QTest::newRow("mfu_estimated_percent") << "mfu_estimated_percent" << int(MetricKeys::Mfu);
    QTest::newRow("HFU") << "HFU" << int(MetricKeys::Hfu);
    QTest::newRow("a rate") << "bytes_per_s" << -1;
    QTest::newRow("scaled") << "gflops" << -1;
}

void tst_OperatorCatalog::metricKeysAsTheSummaries()
{
    QFETCH(QString, key);
    QFETCH(int, metric);
    QCOMPARE(MetricKeys::classify(key.toStdString()), metric);
    StoreBuilder b;
    const uint32_t t = b.thread(b.process(IdValue::number(1)), IdValue::number(1));
    const Arg args[] = { Arg::makeDouble(b.intern(key.toStdString()), 64.0) };
    b.completeSlice(t, 0, 1, b.type(b.intern("x"), b.intern("")), b.argSet(args, 1));
    const auto store = StoreFinalizer::finalize(b);
    const OperatorCatalog cat(*store);
    const OperatorCatalog::Metrics& m = cat.metrics(store->sliceArgs(SliceRow(0)));
    QCOMPARE(int(m.has), metric < 0 ? 0 : 1 << metric);
    const double values[] = { m.bytes, m.flops, m.mfu, m.hfu };
    for (int i = 0; i < MetricKeys::kMetricCount; ++i)
        QCOMPARE(values[i], i == metric ? 64.0 : 0.0);
}

// The catalog and the summary index read a "bytes" arg's value alike: numbers and numeric
// strings count, booleans and other strings do not.
void tst_OperatorCatalog::metricValuesAsTheSummaries_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("bytes"); // -1: not a value
    QTest::newRow("int") << "int"
                         << "4096" << 4096.0;
    QTest::newRow("double") << "double"
                            << "0.5" << 0.5;
    QTest::newRow("numeric string") << "string"
                                    << "6422528" << 6422528.0;
    QTest::newRow("string with a unit") << "string"
                                        << "64 B" << -1.0;
    QTest::newRow("empty string") << "string"
                                  << "" << -1.0;
    QTest::newRow("bool") << "bool"
                          << "1" << -1.0;
}

void tst_OperatorCatalog::metricValuesAsTheSummaries()
{
    QFETCH(QString, kind);
    QFETCH(QString, text);
    QFETCH(double, bytes);
    StoreBuilder b;
    const uint32_t t = b.thread(b.process(IdValue::number(1)), IdValue::number(1));
    const StringId key = b.intern("bytes");
    const Arg arg = kind == "int" ? Arg::makeInt(key, text.toLongLong())
        : kind == "double"        ? Arg::makeDouble(key, text.toDouble())
        : kind == "bool"          ? Arg::makeBool(key, text == "1")
                                  : Arg::makeString(key, b.intern(text.toStdString()));
    b.completeSlice(t, 0, 10, b.type(b.intern("x"), b.intern("")), b.argSet(&arg, 1));
    const auto store = StoreFinalizer::finalize(b);
    const OperatorCatalog cat(*store);
    const OperatorCatalog::Metrics& m = cat.metrics(store->sliceArgs(SliceRow(0)));
    const SummaryIndex index(*store);
    const SliceWindowSums sums = index.slices(*store, TrackId(0), store->extent());
    QCOMPARE(bool(m.has & OperatorCatalog::Metrics::kBytes), bytes >= 0);
    QCOMPARE(m.bytes, std::max(bytes, 0.0));
    QCOMPARE(bool(index.metrics(TrackId(0)) & (1u << MetricKeys::Bytes)), bytes >= 0);
    QCOMPARE(sums.bytes, std::max(bytes, 0.0));
}

void tst_OperatorCatalog::fusedMembers()
{
    const uint32_t k = m_catalog->findKey("fused(bn1+conv1+relu)");
    QVERIFY(k != OperatorCatalog::kNoKey);
    QCOMPARE(m_catalog->fusedMembers(k), (std::vector<std::string> { "bn1", "conv1", "relu" }));
    QCOMPARE(m_catalog->fusedMembers(m_catalog->findKey("0_W3_fused(conv2d+add+relu)_7")),
        (std::vector<std::string> { "conv2d", "add", "relu" }));
    QVERIFY(m_catalog->fusedMembers(m_catalog->findKey("conv2d")).empty());
}

void tst_OperatorCatalog::tracks()
{
    QVERIFY(m_catalog->hasDeviceTracks());
    QStringList seen;
    for (uint32_t t = 0; t < m_store->trackCount(); ++t) {
        const TrackId track(t);
        if (m_store->track(track).kind != TrackKind::Thread)
            continue;
        seen << QString("%1:%2,%3")
                    .arg(qs(m_catalog->engineGroupName(m_catalog->engineGroup(track))))
                    .arg(m_catalog->isDeviceTrack(track) ? "device" : "host")
                    .arg(workKindName(m_catalog->trackWork(track)));
    }
    QCOMPARE(
        seen.join(' '), QString("Neural Engine Clusters:device,compute Task DMA:device,memory MainThread:host,host"));
    for (uint32_t r = 0; r < m_store->sliceCount(); ++r) {
        const SliceRow row(r);
        const std::string_view name = m_store->str(m_store->sliceName(row));
        const TypeId type = m_store->sliceType(row);
        QCOMPARE(m_catalog->typeWork(type) == WorkKind::Memory,
            name == "dma(layer1.weight)" || name == "0_fused(bn1+conv1+relu)_4" || name == "0_layer1.0.conv1_3");
        // The catalog's cached answer per slice is the classifier's own.
        QCOMPARE(m_catalog->work(m_store->sliceTrack(row), type), WorkClassifier::ofSlice(*m_store, row));
    }
}

void tst_OperatorCatalog::cancelled()
{
    std::atomic<bool> cancel { true };
    const OperatorCatalog cat(*m_store, &cancel);
    QVERIFY(cat.cancelled());
    QCOMPARE(cat.typeCount(), size_t(0));
}

QTEST_GUILESS_MAIN(tst_OperatorCatalog)
#include "tst_operatorcatalog.moc"
