// NeuronSystemImporter through ProfileLoader::load, on Profiler 2.0 system_profile.json
// files written by neuronprofilewriter.h in every layout: runtime and
// framework slices, host counters, args; malformed variants load with diagnostics or fail.
#include "importertestutil.h"
#include "neurontestutil.h"
#include "tracefolder.h"
#include <support/neuronprofilewriter.h>
#include <support/testfiles.h>

#include <analysis/operators/operatorcatalog.h>

#include <QtTest>

using strata::importers::LoadResult;
using namespace strata::store;
using namespace strata::analysis;
using namespace neurontest;
using namespace importertest;

namespace {

const QString kInstance = QStringLiteral("i-0f207fb2a99bd2d08");

} // namespace

class tst_NeuronSystemImporter : public QObject {
    Q_OBJECT

    testfiles::TraceFolder m_files;

private slots:
    void initTestCase()
    {
        QVERIFY(m_files.isValid());
        keepSample(QStringLiteral("system_profile.json"), qbytes(systemJson(sampleSystem(12))));
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
        const LoadResult r = m_files.load(QStringLiteral("system_profile.json"), bytes);
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
        const LoadResult r = m_files.load(QStringLiteral("system_profile.json"), bytes);
        if (slices < 0) {
            QVERIFY(!r.store);
            QVERIFY2(QString::fromStdString(r.error).contains(expect), r.error.c_str());
            return;
        }
        QVERIFY2(r.store, r.error.c_str());
        QCOMPARE(int(r.store->sliceCount()), slices);
        QVERIFY2(diagnosticKinds(*r.store).contains(expect), qPrintable(diagnosticKinds(*r.store).join(' ')));
    }

    // Every cut and a run of corrupted bytes either load what was read or fail with an error
    // naming the file and a byte offset: never a crash, a hang or an exception.
    void hostileInput()
    {
        SystemSpec wrapped = sampleSystem(1);
        wrapped.layout = SystemLayout::TraceEventsWrapped;
        QVERIFY(survivesCutsAndCorruption(m_files, QStringLiteral("system_profile.json"), qbytes(systemJson(wrapped))));
    }
};

QTEST_GUILESS_MAIN(tst_NeuronSystemImporter)
#include "tst_neuronsystemimporter.moc"
