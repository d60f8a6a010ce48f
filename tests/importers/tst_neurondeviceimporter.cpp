// NeuronDeviceImporter through ProfileLoader::load, on legacy device JSON written by
// neuronprofilewriter.h: rows, slices, args, summary metadata and the operator identity it
// feeds, in every layout the Neuron tools may write; malformed variants (cut short, wrong
// types, unknown keys, missing parts) load with diagnostics or fail with an error naming a
// byte offset; a large file streams with progress and can be cancelled.
#include "importertestutil.h"
#include "neurontestutil.h"
#include "tracefolder.h"
#include <support/neuronprofilewriter.h>
#include <support/testfiles.h>

#include <profileloader.h>

#include <analysis/operators/operatorcatalog.h>
#include <store/workclassifier.h>

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

QStringList metadataKeys(const EventStore& s)
{
    QStringList out;
    for (const auto& [k, v] : s.metadata())
        out << qstr(k);
    return out;
}

const QString kCore = QStringLiteral("NeuronCore 0 · device 0");

} // namespace

class tst_NeuronDeviceImporter : public QObject {
    Q_OBJECT

    testfiles::TraceFolder m_files;

    QString write(const QString& name, const QByteArray& bytes) { return m_files.write(name, bytes); }
    LoadResult load(const QString& name, const QByteArray& bytes, const ImportContext& ctx = {})
    {
        return m_files.load(name, bytes, ctx);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_files.isValid());
        keepSample(QStringLiteral("ntff.json"), qbytes(deviceJson(sampleDevice(600))));
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
        QCOMPARE(WorkClassifier::ofSlice(s, store), WorkKind::Memory);
        QCOMPARE(WorkClassifier::ofTrack(s, s.sliceTrack(store)), WorkKind::Memory);
        QCOMPARE(WorkClassifier::ofSlice(s, mm), WorkKind::Compute);
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

    // Every cut and a run of corrupted bytes either load what was read or fail with an error
    // naming the file and a byte offset: never a crash, a hang or an exception.
    void hostileInput()
    {
        QVERIFY(survivesCutsAndCorruption(m_files, QStringLiteral("ntff.json"), qbytes(deviceJson(sampleDevice(2)))));
    }
};

QTEST_GUILESS_MAIN(tst_NeuronDeviceImporter)
#include "tst_neurondeviceimporter.moc"
