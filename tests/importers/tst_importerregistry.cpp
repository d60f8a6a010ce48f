// ImporterRegistry through ProfileLoader::load: each Neuron file kind goes to its importer
// by content, whatever the file is called, and plain Chrome traces, even with Neuron-like
// names, stay with the Chrome importer.
#include "importertestutil.h"
#include "neurontestutil.h"
#include "tempfolder.h"
#include <support/neuronprofilewriter.h>
#include <support/testfiles.h>

#include <profileloader.h>

#include <QtTest>

using strata::importers::LoadResult;
using strata::importers::ProfileLoader;
using namespace neurontest;
using namespace importertest;

class tst_ImporterRegistry : public QObject {
    Q_OBJECT

    testfiles::TempFolder m_files;

    LoadResult load(const QString& name, const QByteArray& bytes)
    {
        return ProfileLoader::load(m_files.write(name, bytes).toStdString());
    }

private slots:
    void initTestCase() { QVERIFY(m_files.isValid()); }

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
};

QTEST_GUILESS_MAIN(tst_ImporterRegistry)
#include "tst_importerregistry.moc"
