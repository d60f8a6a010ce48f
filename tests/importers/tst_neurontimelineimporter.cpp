// NeuronTimelineImporter through ProfileLoader::load, on the TensorBoard plugin's op
// timeline written by neuronprofilewriter.h: Chrome JSON with sections, whose device and
// transfer rows the Neuron pass marks.
#include "importertestutil.h"
#include "neuronprofilewriter.h"
#include "neurontestutil.h"
#include "tracefolder.h"

#include <analysis/operators/operatorcatalog.h>
#include <store/transferclassifier.h>

#include <QtTest>

using strata::importers::LoadResult;
using namespace strata::store;
using namespace strata::analysis;
using namespace neurontest;
using namespace importertest;

class TestNeuronTimelineImporter : public QObject {
    Q_OBJECT

    testfiles::TraceFolder m_files;

private slots:
    void initTestCase()
    {
        QVERIFY(m_files.isValid());
        keepSample(QStringLiteral("neuron_op_timeline.json"), qbytes(opTimelineJson(40)));
    }

    // The op timeline: Chrome JSON with sections; the Neuron pass marks device and transfer rows.
    void opTimeline()
    {
        const LoadResult r = m_files.load(QStringLiteral("neuron_op_timeline.json"), qbytes(opTimelineJson(12)));
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

    // Every cut and a run of corrupted bytes either load what was read or fail with an error
    // naming the file and a byte offset: never a crash, a hang or an exception.
    void hostileInput()
    {
        QVERIFY(
            survivesCutsAndCorruption(m_files, QStringLiteral("neuron_op_timeline.json"), qbytes(opTimelineJson(3))));
    }
};

QTEST_GUILESS_MAIN(TestNeuronTimelineImporter)
#include "tst_neurontimelineimporter.moc"
