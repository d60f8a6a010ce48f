// The AWS Neuron importers through ProfileLoader::load, on files written by
// neuronprofilewriter.h: the legacy device JSON (rows, slices, args, summary metadata, the
// operator identity it feeds), the Profiler 2.0 system_profile.json in every layout, the
// TensorBoard plugin's op timeline and operator tables; malformed variants (cut short,
// wrong types, unknown keys, missing parts) load with diagnostics or fail with an error
// naming a byte offset; the registry sends each kind to its importer and plain Chrome
// traces still to the Chrome importer; progress and cancellation are honoured.
#include "importertestutil.h"
#include "neuronprofilewriter.h"
#include "testfiles.h"

#include <profileloader.h>

#include <analysis/operators/operatorcatalog.h>
#include <store/transferclassifier.h>

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <map>

using strata::importers::ImportContext;
using strata::importers::LoadResult;
using strata::importers::ProfileLoader;
using namespace strata::store;
using namespace strata::analysis;
using namespace neurontest;
using namespace importertest;

namespace {

QString category(const EventStore& s, SliceRow row)
{
    return qstr(s.str(s.types().get(s.sliceType(row)).category));
}

QString metadata(const EventStore& s, const QString& key)
{
    for (const auto& [k, v] : s.metadata())
        if (qstr(k) == key)
            return qstr(v);
    return QStringLiteral("<absent>");
}

QStringList metadataKeys(const EventStore& s)
{
    QStringList out;
    for (const auto& [k, v] : s.metadata())
        out << qstr(k);
    return out;
}

QString level(const OperatorCatalog& c, const EventStore& s, OperatorLevel l, SliceRow row)
{
    return qstr(c.keyText(c.key(l, s.sliceType(row), s.sliceArgs(row))));
}

// The offset of the n-th (0-based) occurrence of `what`, or -1.
qsizetype nth(const QByteArray& text, const QByteArray& what, int n)
{
    qsizetype at = -1;
    for (int i = 0; i <= n; ++i)
        if ((at = text.indexOf(what, at + 1)) < 0)
            return -1;
    return at;
}

const QString kCore = QStringLiteral("NeuronCore 0 · device 0");
const QString kInstance = QStringLiteral("i-0f207fb2a99bd2d08");

} // namespace

class TestNeuronImporter : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString write(const QString& name, const QByteArray& bytes)
    {
        const QString path = m_dir.filePath(name);
        testfiles::writeFile(path, bytes);
        return path;
    }
    LoadResult load(const QString& name, const QByteArray& bytes, const ImportContext& ctx = {})
    {
        return ProfileLoader::load(write(name, bytes).toStdString(), ctx);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // STRATA_NEURON_SAMPLES=<dir> keeps a generated profile of each kind there (to open in strata).
        const QByteArray out = qgetenv("STRATA_NEURON_SAMPLES");
        if (!out.isEmpty()) {
            QDir().mkpath(QString::fromLocal8Bit(out));
            const QDir d(QString::fromLocal8Bit(out));
            testfiles::writeFile(d.filePath("ntff.json"), qbytes(deviceJson(sampleDevice(600))));
            testfiles::writeFile(d.filePath("system_profile.json"), qbytes(systemJson(sampleSystem(12))));
            testfiles::writeFile(d.filePath("neuron_op_timeline.json"), qbytes(opTimelineJson(40)));
            testfiles::writeFile(d.filePath("neuron_framework_op.json"),
                qbytes(opTableJson({ { "NN[model]/Linear[layer1]/aten__addmm_add", 2, 4100 },
                    { "NN[model]/Tanh[nl2]/aten__tanh", 2, 1700 }, { "NN[model]/ReLU[nl1]/aten__relu", 1, 900 } })));
        }
    }

    // Each kind goes to its importer, by content; plain Chrome traces stay with Chrome.
    void registryPicks_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("format");

        const QByteArray device = qbytes(deviceJson(sampleDevice(2)));
        DeviceSpec last = sampleDevice(2);
        last.summaryLast = true;
        QTest::newRow("device json") << "ntff.json" << device << "neuron-device-json";
        QTest::newRow("device json, any name") << "profile.json" << device << "neuron-device-json";
        QTest::newRow("device json, instruction first") << "x.json" << qbytes(deviceJson(last)) << "neuron-device-json";
        QTest::newRow("device json, gzip") << "ntff.json.gz" << testfiles::gzipBytes(device) << "neuron-device-json";
        QTest::newRow("device json, zstd") << "x.json.zst" << testfiles::zstdBytes(device) << "neuron-device-json";
        for (SystemLayout l : { SystemLayout::KeyedArrays, SystemLayout::KeyedObjects, SystemLayout::TraceEventsFlat,
                 SystemLayout::TraceEventsWrapped }) {
            SystemSpec s = sampleSystem(1);
            s.layout = l;
            QTest::addRow("system profile, layout %d", int(l))
                << "s.json" << qbytes(systemJson(s)) << "neuron-system-profile";
        }
        QTest::newRow("system profile, top-level array of wrapped events")
            << "s.json"
            << qbytes("[" + object({ { "Framework_Event", systemEventJson(sampleSystem(1).events.front(), false) } })
                   + "]")
            << "neuron-system-profile";
        QTest::newRow("op timeline") << "neuron_op_timeline.json" << qbytes(opTimelineJson(4)) << "neuron-op-timeline";
        QTest::newRow("op timeline, renamed") << "t.json" << qbytes(opTimelineJson(4)) << "neuron-op-timeline";
        const QByteArray tbTrace = "{\"displayTimeUnit\": \"ns\", \"neuronStartTimestampNs\": 5, \"traceEvents\": "
                                   "[{\"name\": \"TPUExecute\", \"ph\": \"X\", \"pid\": \"/host:CPU\", \"tid\": "
                                   "\"python#1\", \"ts\": 1, \"dur\": 2}]}";
        QTest::newRow("neuron_trace.json") << "neuron_trace.json" << tbTrace << "neuron-tb-trace";
        const QByteArray ops = qbytes(opTableJson({ { "a", 1, 10 } }));
        QTest::newRow("framework op table") << "neuron_framework_op.json" << ops << "neuron-framework-op-table";
        QTest::newRow("hlo op table") << "neuron_hlo_op.json" << ops << "neuron-hlo-op-table";
        QTest::newRow("op table, renamed") << "table.json" << ops << "neuron-framework-op-table";
        // Plain Chrome traces, even with Neuron-like names, stay Chrome's.
        for (const char* f : { "chrome_object_form.json", "chrome_events_after_keys.json" })
            QTest::newRow(f) << f << testfiles::readFile(testfiles::dataPath(f)) << "chrome-json-object";
        for (const char* f : { "chrome_array_form.json", "chrome_metadata.json" })
            QTest::newRow(f) << f << testfiles::readFile(testfiles::dataPath(f)) << "chrome-json-array";
        QTest::newRow("chrome trace named system_profile.json")
            << "system_profile.json" << testfiles::readFile(testfiles::dataPath("chrome_object_form.json"))
            << "chrome-json-object";
    }
    void registryPicks()
    {
        QFETCH(QString, fileName);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, format);
        const LoadResult r = load(fileName, bytes);
        QVERIFY2(r.store, r.error.c_str());
        QCOMPARE(QString::fromStdString(r.format), format);
    }

    void deviceProfile()
    {
        const int64_t t0 = 10261883214;
        const LoadResult r = load(QStringLiteral("ntff.json"), qbytes(deviceJson(sampleDevice(6, t0))));
        QVERIFY2(r.store, r.error.c_str());
        const EventStore& s = *r.store;
        QCOMPARE(r.phases, (std::map<std::string, uint64_t> { { "instruction", 54 }, { "summary", 1 } }));
        QCOMPARE(s.sliceCount(), size_t(54));
        QCOMPARE(dumpTracks(s),
            QStringList({ kCore + " / Tensor", kCore + " / TensorMatrix", kCore + " / Vector", kCore + " / Scalar",
                kCore + " / GpSimd", kCore + " / Sync", kCore + " / qSyncIO0 (DMA)",
                kCore + " / qVectorSpillReload0 (DMA)" }));
        QVERIFY2(s.diagnostics().empty(), qPrintable(diagnosticKinds(s).join(' ')));

        // One slice per instruction: name = opcode, times in device ns as written, every field an arg.
        const SliceRow mm = findSlice(s, QStringLiteral("MATMUL"));
        QVERIFY(mm.valid());
        QCOMPARE(s.sliceTs(mm), t0 + 950);
        QCOMPARE(s.sliceDur(mm), TimeNs(900));
        QCOMPARE(category(s, mm), QStringLiteral("tensor"));
        const QStringList args = sliceArgs(s, mm, ArgStyle::Quoted);
        QVERIFY2(args.contains("opcode=\"MATMUL\""), qPrintable(args.join(", ")));
        QVERIFY(args.contains("hlo_name=\"%dot.36 = dot(%p0, %p1)\""));
        QVERIFY(args.contains("label=\"Tensor\""));
        QVERIFY(args.contains("layer=\"NN[model]/Linear[layer1]/aten__addmm\""));
        QVERIFY(args.contains("raw_flops=4194304"));
        QVERIFY(
            std::any_of(args.begin(), args.end(), [](const QString& a) { return a.startsWith("operands=\"S[5]"); }));
        QVERIFY(!std::any_of(args.begin(), args.end(), [](const QString& a) { return a.startsWith("timestamp="); }));
        QCOMPARE(category(s, findSlice(s, QStringLiteral("DMA_LOAD"))), QStringLiteral("dma"));

        // The summary is trace metadata, headline metrics (run time, MFU, HFU, MBU) first.
        const QStringList keys = metadataKeys(s);
        QCOMPARE(keys.mid(0, 4),
            QStringList({ "summary.total_time", "summary.mfu_estimated_percent", "summary.hfu_estimated_percent",
                "summary.mbu_estimated_percent" }));
        QCOMPARE(metadata(s, "summary.mfu_estimated_percent"), QStringLiteral("41.5"));
        QCOMPARE(metadata(s, "summary.nc_idx"), QStringLiteral("0"));

        // The args feed the operator identity; the NeuronCore rows are device engines.
        const OperatorCatalog catalog(s);
        QVERIFY(catalog.hasDeviceTracks());
        QVERIFY(catalog.isDeviceTrack(s.sliceTrack(mm)));
        QCOMPARE(level(catalog, s, OperatorLevel::Hlo, mm), QStringLiteral("dot.36"));
        QCOMPARE(level(catalog, s, OperatorLevel::Op, mm), QStringLiteral("MATMUL"));
        QCOMPARE(
            level(catalog, s, OperatorLevel::Framework, mm), QStringLiteral("NN[model]/Linear[layer1]/aten__addmm"));
        QVERIFY(args.contains("framework_name=\"NN[model]/Linear[layer1]/aten__addmm\""));
        const SliceRow store = findSlice(s, QStringLiteral("DMA_STORE"));
        QVERIFY(TransferClassifier::isTransferSlice(s, store));
        QVERIFY(TransferClassifier::isTransferTrack(s, s.sliceTrack(store)));
        QVERIFY(!TransferClassifier::isTransferSlice(s, mm));
    }

    // Layouts the Neuron tools may write (summary as an object or last, numbers as strings,
    // unknown keys, compact, gzip) all read the same.
    void deviceVariants_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("extraArg");
        DeviceSpec plain = sampleDevice(3);
        QTest::newRow("summary array") << qbytes(deviceJson(plain)) << QString();
        DeviceSpec obj = plain;
        obj.summaryAsObject = true;
        QTest::newRow("summary object") << qbytes(deviceJson(obj)) << QString();
        DeviceSpec last = plain;
        last.summaryLast = true;
        QTest::newRow("summary last") << qbytes(deviceJson(last)) << QString();
        DeviceSpec strings = plain;
        strings.timesAsStrings = true;
        QTest::newRow("times as strings") << qbytes(deviceJson(strings)) << QString();
        DeviceSpec unknown = plain;
        for (Instruction& i : unknown.instructions)
            i.extra.emplace_back("future_column", object({ { "nested", array({ num(7), str("x") }) } }));
        QTest::newRow("unknown nested keys") << qbytes(deviceJson(unknown)) << "future_column.nested[0]=7";
        QTest::newRow("compact, no whitespace")
            << qbytes(deviceJson(plain)).replace("\n", "").replace(": ", ":").replace(", ", ",") << QString();
        QTest::newRow("gzip") << testfiles::gzipBytes(qbytes(deviceJson(plain))) << QString();
    }
    void deviceVariants()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, extraArg);
        const LoadResult r = load(QStringLiteral("v.json"), bytes);
        QVERIFY2(r.store, r.error.c_str());
        QCOMPARE(r.store->sliceCount(), size_t(27));
        QCOMPARE(r.store->trackCount(), size_t(8));
        QCOMPARE(metadata(*r.store, "summary.total_time"), QStringLiteral("9.6e-06"));
        QVERIFY2(r.store->diagnostics().empty(), qPrintable(diagnosticKinds(*r.store).join(' ')));
        if (!extraArg.isEmpty())
            QVERIFY(sliceArgs(*r.store, findSlice(*r.store, "MATMUL"), ArgStyle::Quoted).contains(extraArg));
    }

    // DMA and other tables of the device JSON (likely in real files, but undocumented): rows by queue name.
    void deviceOtherTables()
    {
        DeviceSpec s = sampleDevice(1);
        s.otherArrays.push_back({ "dma",
            { object({ { "timestamp", num(10261883300) }, { "duration", num(40) },
                { "queue_name", str("qScalarSpillReload0-Q1-E64") }, { "op", str("read") },
                { "transfer_bytes", num(512) } }) } });
        s.otherArrays.push_back({ "semaphore",
            { object({ { "timestamp", num(10261883400) }, { "id", num(22) }, { "label", str("Sync") },
                { "value", num(1) } }) } });
        s.otherArrays.push_back({ "notes", { object({ { "text", str("no time here") } }) } });
        const LoadResult r = load(QStringLiteral("d.json"), qbytes(deviceJson(s)));
        QVERIFY2(r.store, r.error.c_str());
        const EventStore& st = *r.store;
        QCOMPARE(dumpTracks(st).mid(6),
            QStringList({ kCore + " / qScalarSpillReload0-Q1-E64 (DMA)", kCore + " / qSyncIO0 (DMA)",
                kCore + " / qVectorSpillReload0 (DMA)" }));
        const SliceRow dma = findSlice(st, QStringLiteral("DMA read"));
        QVERIFY(dma.valid());
        QCOMPARE(category(st, dma), QStringLiteral("dma"));
        QCOMPARE(st.instantCount(), size_t(1)); // the semaphore update: a point in time
        QCOMPARE(r.phases.at("dma"), uint64_t(1));
        QCOMPARE(st.diagnostics().get("neuron_records_skipped"), uint64_t(1));
    }

    void deviceMalformed_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("slices"); // -1: the load fails; -2: some
        QTest::addColumn<QStringList>("diagnostics");
        QTest::addColumn<QString>("error");
        QTest::addColumn<qint64>("errorOffset"); // -1: not checked

        const QByteArray good = qbytes(deviceJson(sampleDevice(3)));
        const qsizetype tenth = nth(good, "{\"timestamp\"", 9);
        QTest::newRow("cut inside the 10th instruction")
            << "ntff.json" << good.left(tenth + 30) << 9 << QStringList { "truncated_input" } << "" << qint64(-1);
        QTest::newRow("cut between instructions")
            << "ntff.json" << good.left(tenth - 2) << 9 << QStringList { "unterminated_json" } << "" << qint64(-1);
        const qsizetype summary = good.indexOf("{\"total_time\"");
        QTest::newRow("gzip stream cut short")
            << "ntff.json.gz" << testfiles::gzipBytes(good).left(testfiles::gzipBytes(good).size() / 2) << -2
            << QStringList { "truncated_input" } << "" << qint64(-1);
        QTest::newRow("cut inside the summary")
            << "ntff.json" << good.left(summary + 20) << -1 << QStringList() << "cut short" << qint64(summary);
        QTest::newRow("empty file") << "ntff.json" << QByteArray() << -1 << QStringList() << "empty file" << qint64(0);
        QTest::newRow("no summary, no instruction")
            << "ntff.json" << QByteArray("{\"other\": 1}") << -1 << QStringList() << "no \"instruction\" or \"summary\""
            << qint64(0);

        DeviceSpec noSummary = sampleDevice(1);
        noSummary.omitSummary = true;
        QTest::newRow("missing summary") << "x.json" << qbytes(deviceJson(noSummary)) << 9
                                         << QStringList { "neuron_summary_missing" } << "" << qint64(-1);
        DeviceSpec empty = sampleDevice(1);
        empty.instructions.clear();
        QTest::newRow("empty instruction list") << "x.json" << qbytes(deviceJson(empty)) << 0
                                                << QStringList { "neuron_no_instructions" } << "" << qint64(-1);

        const QByteArray head = "{\"summary\": [{\"total_time\": 1}], \"instruction\": [\n";
        auto entry = [](int ts) {
            return "{\"timestamp\": " + QByteArray::number(ts)
                + ", \"duration\": 5, \"opcode\": \"OK\", \"label\": "
                  "\"Vector\"}";
        };
        const QByteArray ok = entry(100);
        auto wrap
            = [&](const QByteArray& middle) { return head + ok + ",\n" + middle + ",\n" + entry(300) + "\n]}\n"; };
        QTest::newRow("NaN token in an entry") << "x.json" << wrap("{\"timestamp\": NaN, \"duration\": 1}") << 2
                                               << QStringList { "json_parse_error" } << "" << qint64(-1);
        QTest::newRow("timestamp of the wrong type")
            << "x.json" << wrap("{\"timestamp\": {\"s\": 1}, \"duration\": 1, \"opcode\": \"A\"}") << 2
            << QStringList { "neuron_bad_timestamp" } << "" << qint64(-1);
        QTest::newRow("duration not a number")
            << "x.json" << wrap("{\"timestamp\": 120, \"duration\": \"long\", \"opcode\": \"A\"}") << 2
            << QStringList { "neuron_bad_duration" } << "" << qint64(-1);
        QTest::newRow("negative duration")
            << "x.json" << wrap("{\"timestamp\": 120, \"duration\": -4, \"opcode\": \"A\"}") << 2
            << QStringList { "neuron_negative_duration" } << "" << qint64(-1);
        QTest::newRow("a number where an instruction belongs")
            << "x.json" << wrap("42") << 2 << QStringList { "neuron_values_skipped" } << "" << qint64(-1);
        QTest::newRow("setup rows at timestamp 0")
            << "x.json" << wrap("{\"timestamp\": 0, \"duration\": 3, \"opcode\": \"NOP\", \"label\": \"Sync\"}") << 2
            << QStringList { "neuron_zero_timestamp_dropped" } << "" << qint64(-1);
        QTest::newRow("a bare member name")
            << "x.json" << head + ok + "\n], 5: 1}" << 1 << QStringList { "json_syntax_error" } << "" << qint64(-1);
        QTest::newRow("mismatched bracket")
            << "x.json" << head + ok + "\n}}" << 1 << QStringList { "json_syntax_error" } << "" << qint64(-1);
        QTest::newRow("data after the object")
            << "x.json" << wrap(entry(200)) + "garbage" << 3 << QStringList { "trailing_data" } << "" << qint64(-1);
    }
    void deviceMalformed()
    {
        QFETCH(QString, fileName);
        QFETCH(QByteArray, bytes);
        QFETCH(int, slices);
        QFETCH(QStringList, diagnostics);
        QFETCH(QString, error);
        QFETCH(qint64, errorOffset);
        const QString path = write(fileName, bytes);
        const LoadResult r = ProfileLoader::load(path.toStdString());
        if (slices == -1) {
            QVERIFY(!r.store);
            const QString e = QString::fromStdString(r.error);
            QVERIFY2(e.startsWith(path + ": ") && e.contains(error) && e.contains("(at byte "), qPrintable(e));
            if (errorOffset >= 0)
                QCOMPARE(qint64(r.errorOffset), errorOffset);
            return;
        }
        QVERIFY2(r.store, r.error.c_str());
        if (slices >= 0) // -2: some, however many the cut left
            QCOMPARE(int(r.store->sliceCount()), slices);
        else
            QVERIFY(r.store->sliceCount() > 0 && r.store->sliceCount() < 27);
        const QStringList kinds = diagnosticKinds(*r.store);
        for (const QString& d : diagnostics)
            QVERIFY2(kinds.contains(d), qPrintable(kinds.join(' ')));
        // Each problem's message names its byte offset.
        for (const auto& m : r.store->diagnostics().messages())
            QVERIFY2(QString::fromStdString(m).contains("byte ") || QString::fromStdString(m).contains("the profile"),
                m.c_str());
    }

    void systemProfile_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("slices");
        for (SystemLayout l :
            { SystemLayout::KeyedArrays, SystemLayout::TraceEventsFlat, SystemLayout::TraceEventsWrapped }) {
            SystemSpec s = sampleSystem(3);
            s.layout = l;
            QTest::addRow("layout %d", int(l)) << qbytes(systemJson(s)) << 21;
        }
        SystemSpec strings = sampleSystem(3);
        strings.numbersAsStrings = true;
        QTest::newRow("numbers as strings") << qbytes(systemJson(strings)) << 21;
        SystemSpec objects = sampleSystem(3);
        objects.layout = SystemLayout::KeyedObjects;
        QTest::newRow("one object per kind (the docs' example)") << qbytes(systemJson(objects)) << 2;
        QTest::newRow("gzip") << testfiles::gzipBytes(qbytes(systemJson(sampleSystem(3)))) << 21;
    }
    void systemProfile()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, slices);
        const LoadResult r = load(QStringLiteral("system_profile.json"), bytes);
        QVERIFY2(r.store, r.error.c_str());
        const EventStore& s = *r.store;
        QCOMPARE(QString::fromStdString(r.format), QStringLiteral("neuron-system-profile"));
        QCOMPARE(int(s.sliceCount()), slices);
        QVERIFY2(s.diagnostics().empty(), qPrintable(diagnosticKinds(s).join(' ')));
        const QString fw = "Process 701 · " + kInstance, rt = "Process 1627711 · " + kInstance,
                      host = "Host · " + kInstance;
        QStringList tracks = { fw + " / framework-80375131", rt + " / nrt-nc-000 · tid 1627711" };
        if (slices > 2)
            tracks << rt + " / nrt-nc-001 · tid 1627712";
        // A process's counters come in name order.
        tracks << host + " / CPU 0 utilisation (%)" << host + " / CPU 1 utilisation (%)"
               << host + " / Host memory used (%)" << host + " / Host memory used (bytes)";
        QCOMPARE(dumpTracks(s), tracks);
        QCOMPARE(s.counterCount(), size_t(4));
        QCOMPARE(s.counterSampleCount(), size_t(4 * 25));
        QCOMPARE(r.phases.at("mem_usage"), uint64_t(25));
        QCOMPARE(r.phases.at("cpu_util"), uint64_t(50));
        QCOMPARE(r.phases.at("Framework_Event"), uint64_t(slices > 2 ? 3 : 1));

        const SliceRow write = findSlice(s, QStringLiteral("nrt_tensor_write"));
        QVERIFY(write.valid());
        QCOMPARE(s.sliceTs(write), TimeNs(1729888371056597613 + 20000));
        QCOMPARE(s.sliceDur(write), TimeNs(27094));
        QCOMPARE(category(s, write), QStringLiteral("runtime"));
        const QStringList args = sliceArgs(s, write, ArgStyle::Quoted);
        QVERIFY2(args.contains("size=\"4\"") && args.contains("lnc_idx=\"0\"") && args.contains("type=11"),
            qPrintable(args.join(", ")));
        QCOMPARE(
            category(s, findSlice(s, QStringLiteral("PjitFunction(matmul_allgather)"))), QStringLiteral("framework"));
        // Host metrics are host-side: no device engines in a system profile.
        const OperatorCatalog catalog(s);
        QVERIFY(!catalog.hasDeviceTracks());
        const SliceRow pjit = findSlice(s, QStringLiteral("PjitFunction(matmul_allgather)"));
        QCOMPARE(level(catalog, s, OperatorLevel::Framework, pjit), QStringLiteral("PjitFunction(matmul_allgather)"));
        QCOMPARE(level(catalog, s, OperatorLevel::Framework, write), QString());
    }

    void systemMalformed_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("slices"); // -1: the load fails
        QTest::addColumn<QString>("expect"); // a diagnostic kind, or a part of the error
        const QByteArray good = qbytes(systemJson(sampleSystem(2)));
        const qsizetype fifth = nth(good, "{\"duration\"", 4);
        QTest::newRow("cut inside the 5th event") << good.left(fifth + 40) << 4 << "truncated_input";
        QTest::newRow("event without timestamp") << QByteArray(
            "{\"Framework_Event\": [{\"duration\": 4, \"name\": \"f\"}, {\"duration\": 4, \"name\": "
            "\"g\", \"timestamp\": 9}]}") << 1 << "neuron_bad_timestamp";
        QTest::newRow("unknown kind") << QByteArray("{\"Framework_Event\": [{\"duration\": 4, \"name\": \"g\", "
                                                    "\"timestamp\": 9}], \"Other\": [{\"x\": 1}]}")
                                      << 1 << "neuron_records_skipped";
        QTest::newRow("sample without value") << QByteArray("{\"cpu_util\": [{\"timestamp\": 1, \"cpu_id\": \"0\"}, "
                                                            "{\"timestamp\": 2, \"util\": 50}]}")
                                              << 0 << "neuron_bad_sample";
        QTest::newRow("nothing usable") << QByteArray("{\"mem_usage\": []}") << -1 << "no runtime or framework";
    }
    void systemMalformed()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, slices);
        QFETCH(QString, expect);
        const LoadResult r = load(QStringLiteral("system_profile.json"), bytes);
        if (slices < 0) {
            QVERIFY(!r.store);
            QVERIFY2(QString::fromStdString(r.error).contains(expect), r.error.c_str());
            return;
        }
        QVERIFY2(r.store, r.error.c_str());
        QCOMPARE(int(r.store->sliceCount()), slices);
        QVERIFY2(diagnosticKinds(*r.store).contains(expect), qPrintable(diagnosticKinds(*r.store).join(' ')));
    }

    // The op timeline: Chrome JSON with sections; the Neuron pass marks device and transfer rows.
    void opTimeline()
    {
        const LoadResult r = load(QStringLiteral("neuron_op_timeline.json"), qbytes(opTimelineJson(12)));
        QVERIFY2(r.store, r.error.c_str());
        const EventStore& s = *r.store;
        QCOMPARE(QString::fromStdString(r.format), QStringLiteral("neuron-op-timeline"));
        QCOMPARE(r.phases.at("X"), uint64_t(25));
        QCOMPARE(metadata(s, "neuronStartTimestampNs"), QStringLiteral("1666807250000000000"));
        QCOMPARE(dumpTracks(s),
            QStringList({ "Process Overview (1) / Framework Ops", "Execution (3) / Framework Ops",
                "Execution (3) / HLO Ops", "Data Transfer (4) / Framework Ops (data transfer)",
                "Data Transfer (4) / HLO Ops (data transfer)" }));
        const OperatorCatalog catalog(s);
        for (uint32_t t = 0; t < s.trackCount(); ++t) {
            const QString label = dumpTracks(s)[int(t)];
            QCOMPARE(catalog.isDeviceTrack(TrackId(t)), !label.startsWith("Process Overview"));
            QCOMPARE(TransferClassifier::isTransferTrack(s, TrackId(t)), label.startsWith("Data Transfer"));
        }
        // Both sections share one time axis (µs → ns), as the plugin shows them.
        QCOMPARE(s.sliceTs(findSlice(s, QStringLiteral("tanh.40"))), TimeNs(5000));
        QCOMPARE(s.sliceTs(findSlice(s, QStringLiteral("dot.39"))), TimeNs(305000));
    }

    void opTable_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("format");
        QTest::addColumn<QStringList>("order"); // longest first
        QTest::addColumn<QList<qint64>>("durations");
        const std::vector<OpRow> fw = { { "NN[model]/Tanh[nl2]/aten__tanh", 2, 1700 },
            { "NN[model]/Linear[layer1]/aten__addmm_add", 4, 4100 }, { "NN[model]/ReLU[nl1]/aten__relu", 1, 900 } };
        const QStringList fwOrder = { "NN[model]/Linear[layer1]/aten__addmm_add", "NN[model]/Tanh[nl2]/aten__tanh",
            "NN[model]/ReLU[nl1]/aten__relu" };
        QTest::newRow("framework, ns") << "neuron_framework_op.json" << qbytes(opTableJson(fw))
                                       << "neuron-framework-op-table" << fwOrder << QList<qint64> { 4100, 1700, 900 };
        QTest::newRow("framework, µs by key suffix")
            << "neuron_framework_op.json" << qbytes(opTableJson(fw, "op_name", "execution_time_us", "count"))
            << "neuron-framework-op-table" << fwOrder << QList<qint64> { 4100000, 1700000, 900000 };
        const std::vector<OpRow> hlo = { { "dot.36", 3, 300 }, { "fusion.11", 1, 700 } };
        QTest::newRow("hlo") << "neuron_hlo_op.json" << qbytes(opTableJson(hlo)) << "neuron-hlo-op-table"
                             << QStringList { "fusion.11", "dot.36" } << QList<qint64> { 700, 300 };
        QTest::newRow("hlo, renamed file, hlo_name key")
            << "ops.json" << qbytes(opTableJson(hlo, "hlo_name")) << "neuron-hlo-op-table"
            << QStringList { "fusion.11", "dot.36" } << QList<qint64> { 700, 300 };
    }
    void opTable()
    {
        QFETCH(QString, fileName);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, format);
        QFETCH(QStringList, order);
        QFETCH(QList<qint64>, durations);
        const LoadResult r = load(fileName, bytes);
        QVERIFY2(r.store, r.error.c_str());
        const EventStore& s = *r.store;
        QCOMPARE(QString::fromStdString(r.format), format);
        QCOMPARE(s.sliceCount(), size_t(order.size()));
        const bool hlo = format.contains("hlo");
        const OperatorCatalog catalog(s);
        TimeNs at = 0;
        for (int i = 0; i < order.size(); ++i) {
            const SliceRow row { uint32_t(i) }; // one row, in time order
            QCOMPARE(qstr(s.str(s.sliceName(row))), order[i]);
            QCOMPARE(s.sliceTs(row), at);
            QCOMPARE(qint64(s.sliceDur(row)), durations[i]);
            at += s.sliceDur(row);
            QCOMPARE(level(catalog, s, hlo ? OperatorLevel::Hlo : OperatorLevel::Framework, row), order[i]);
            QVERIFY(catalog.isDeviceTrack(s.sliceTrack(row)));
        }
        QCOMPARE(metadata(s, "neuron.op_table"), hlo ? QStringLiteral("hlo") : QStringLiteral("framework"));
        QVERIFY(metadata(s, "total_time") != QStringLiteral("<absent>"));
    }

    void opTableWithoutTimes()
    {
        const QByteArray bytes = "{\"ops\": [{\"name\": \"a\", \"time\": 5}, {\"name\": \"b\"}], \"total_time\": 5}";
        const LoadResult r = load(QStringLiteral("neuron_hlo_op.json"), bytes);
        QVERIFY2(r.store, r.error.c_str());
        QCOMPARE(r.store->sliceCount(), size_t(1));
        QCOMPARE(r.store->diagnostics().get("neuron_op_without_time"), uint64_t(1));
        const LoadResult none = load(QStringLiteral("neuron_hlo_op.json"), "{\"ops\": [{\"name\": \"b\"}]}");
        QVERIFY(!none.store);
        QVERIFY2(QString::fromStdString(none.error).contains("no \"ops\" entries with a time"), none.error.c_str());
    }

    // Every cut and a run of corrupted bytes either load what was read or fail with an error
    // naming the file and a byte offset: never a crash, a hang or an exception.
    void hostileInput_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("device") << "ntff.json" << qbytes(deviceJson(sampleDevice(2)));
        SystemSpec wrapped = sampleSystem(1);
        wrapped.layout = SystemLayout::TraceEventsWrapped;
        QTest::newRow("system") << "system_profile.json" << qbytes(systemJson(wrapped));
        QTest::newRow("op timeline") << "neuron_op_timeline.json" << qbytes(opTimelineJson(3));
        QTest::newRow("op table") << "neuron_hlo_op.json"
                                  << qbytes(opTableJson({ { "dot.1", 1, 5 }, { "add.2", 2, 7 } }));
    }
    void hostileInput()
    {
        QFETCH(QString, fileName);
        QFETCH(QByteArray, bytes);
        auto check = [&](const QByteArray& variant, const QString& what) {
            const QString path = write(fileName, variant);
            const LoadResult r = ProfileLoader::load(path.toStdString());
            if (r.store)
                return true;
            const QString e = QString::fromStdString(r.error);
            if (e.startsWith(path + ": ") && e.contains("(at byte "))
                return true;
            qWarning("%s: %s", qPrintable(what), qPrintable(e));
            return false;
        };
        for (qsizetype cut = 0; cut < bytes.size(); cut += 23)
            QVERIFY(check(bytes.left(cut), QStringLiteral("cut at %1").arg(cut)));
        uint32_t seed = 12345;
        for (int round = 0; round < 150; ++round) {
            QByteArray bad = bytes;
            for (int k = 0; k < 4; ++k) {
                seed = seed * 1103515245u + 12345u;
                const qsizetype at = qsizetype((seed >> 8) % uint32_t(bad.size()));
                bad[at] = "{}[]\",:0a \\"[(seed >> 4) % 12];
            }
            QVERIFY(check(bad, QStringLiteral("corruption round %1").arg(round)));
        }
    }

    // A large file streams: progress rises to the end, and a cancel stops the load.
    void progressAndCancel()
    {
        const QString path = write(QStringLiteral("big.json"), qbytes(deviceJson(sampleDevice(3000))));
        QVERIFY(QFileInfo(path).size() > 4 * (1 << 20));
        std::vector<double> seen;
        ImportContext ctx;
        ctx.progress = [&](double f) { seen.push_back(f); };
        const LoadResult r = ProfileLoader::load(path.toStdString(), ctx);
        QVERIFY2(r.store, r.error.c_str());
        QCOMPARE(r.store->sliceCount(), size_t(27000));
        QVERIFY(seen.size() > 4);
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        QVERIFY(seen.back() > 0.99);

        std::atomic<bool> cancel { false };
        ImportContext stop;
        stop.cancel = &cancel;
        stop.progress = [&](double f) {
            if (f > 0.2)
                cancel = true;
        };
        const LoadResult c = ProfileLoader::load(path.toStdString(), stop);
        QVERIFY(c.cancelled);
        QVERIFY(!c.store);
    }
};

QTEST_GUILESS_MAIN(TestNeuronImporter)
#include "tst_neuronimporter.moc"
