// NeuronTimelineImporter through ProfileLoader::load, on the TensorBoard plugin's op
// timeline written by neuronprofilewriter.h: Chrome JSON with sections, whose device and
// transfer rows the Neuron pass marks, counting the HLO rows as busy time once and giving
// each HLO op its framework op (NeuronTimelineLevels).
#include "importertestutil.h"
#include "neurontestutil.h"
#include "tracefolder.h"
#include <support/neuronprofilewriter.h>

#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatorcatalog.h>
#include <analysis/summary/summarycalculator.h>
#include <analysis/summary/summaryindex.h>
#include <store/workclassifier.h>

#include <QtTest>

using strata::importers::LoadResult;
using namespace strata::store;
using namespace strata::analysis;
using namespace neurontest;
using namespace importertest;

namespace {

// "<row> <role>" for every thread track.
QStringList roles(const EventStore& s)
{
    QStringList out;
    for (uint32_t t = 0; t < s.trackCount(); ++t)
        if (s.track(TrackId(t)).kind == TrackKind::Thread)
            out << trackLabel(s, TrackId(t)) + QLatin1Char(' ')
                    + QLatin1String(trackRoleName(s.track(TrackId(t)).role));
    return out;
}

// The slice's framework_name arg, "-" when it has none.
QString frameworkArg(const EventStore& s, SliceRow row)
{
    Arg a;
    const StringId key = s.strings().find("framework_name");
    return key.valid() && s.args().find(s.sliceArgs(row), key, &a) ? qstr(s.str(a.stringValue())) : QStringLiteral("-");
}

using Sections = std::vector<std::pair<int, std::string>>;
using Rows = std::vector<std::pair<std::pair<int, int>, std::string>>;

} // namespace

class tst_NeuronTimelineImporter : public QObject {
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
            // The HLO rows are the device's busy time; the framework rows label it (levels()).
            QCOMPARE(catalog.isDeviceTrack(TrackId(t)), label.contains("HLO Ops") && !label.startsWith("Process"));
            QCOMPARE(WorkClassifier::ofTrackName(s, TrackId(t)) == WorkKind::Memory, label.startsWith("Data Transfer"));
        }
        // Both sections share one time axis (µs → ns), as the plugin shows them.
        QCOMPARE(s.sliceTs(findSlice(s, QStringLiteral("tanh.40"))), TimeNs(5000));
        QCOMPARE(s.sliceTs(findSlice(s, QStringLiteral("dot.39"))), TimeNs(305000));
    }

    // The framework and HLO rows of a section cover the same device work: device busy time is
    // the HLO (engine) time once, and the framework level of the operator table groups that
    // time by the framework op running at each HLO op's midpoint.
    void levels_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QStringList>("roles"); // "<row> <role>", every thread
        QTest::addColumn<qint64>("deviceBusyNs");
        QTest::addColumn<QStringList>("framework"); // "<HLO op> <its framework_name arg>"
        QTest::addColumn<QStringList>("table"); // "<framework op> <self ns>", device scope
        QTest::addColumn<qint64>("unfilled"); // neuron_hlo_op_without_framework_op

        // 12 ops of 90 µs framework, 80 µs HLO: 960 µs busy, not 2040 µs as framework + HLO.
        QTest::newRow("generated") << qbytes(opTimelineJson(12))
                                   << QStringList { "Framework Ops host", "Framework Ops annotation", "HLO Ops device",
                                          "Framework Ops (data transfer) annotation", "HLO Ops (data transfer) device" }
                                   << qint64(960000)
                                   << QStringList { "tanh.40 NN[model]/Tanh[nl2]/aten__tanh",
                                          "dot.39 NN[model]/Linear[layer1]/aten__addmm_add",
                                          "fused_5 NN[model]/Linear[layer1]/aten__addmm_add" }
                                   << QStringList { "NN[model]/Linear[layer1]/aten__addmm_add 480000",
                                          "NN[model]/Tanh[nl2]/aten__tanh 480000" }
                                   << qint64(0);

        const std::string outer = "NN[model]/Block[b]/aten__outer", mm = "NN[model]/Block[b]/Linear[l]/aten__mm",
                          own = "NN[model]/Own[o]/aten__mul";
        // Nested framework ops: the innermost running at the HLO op's midpoint names it; an
        // HLO op overhanging its framework op's end still belongs to it; one outside every
        // framework op stays (none); one that names its own keeps it.
        QTest::newRow("nested, overhang, outside, own")
            << qbytes(opTimelineJson(Sections { { 3, "Execution" } },
                   Rows { { { 3, 1 }, "Framework Ops" }, { { 3, 2 }, "HLO Ops" } },
                   {
                       { 3, 1, outer, 0, 100, "", "" },
                       { 3, 1, mm, 10, 40, "", "" },
                       { 3, 2, "dot.1", 15, 30, "", "" }, // midpoint 30: inside mm
                       { 3, 2, "mul.5", 50, 5, "", own },
                       { 3, 2, "add.2", 60, 20, "", "" }, // mm has ended
                       { 3, 2, "tanh.3", 92, 10, "", "" }, // midpoint 97, ends past outer
                       { 3, 2, "copy.4", 200, 10, "", "" },
                   }))
            << QStringList { "Framework Ops annotation", "HLO Ops device" } << qint64(75000)
            << QStringList { "dot.1 " + qstr(mm), "add.2 " + qstr(outer), "tanh.3 " + qstr(outer), "mul.5 " + qstr(own),
                   "copy.4 -" }
            << QStringList { "(none) 10000", qstr(outer) + " 30000", qstr(mm) + " 30000", qstr(own) + " 5000" }
            << qint64(1);

        // Rows without names are told by their slices' category.
        QTest::newRow("rows told by category") << qbytes(opTimelineJson(Sections { { 3, "Execution" } }, Rows {},
            {
                { 3, 1, mm, 0, 50, "framework", "" },
                { 3, 2, "dot.1", 5, 40, "hlo", "" },
            })) << QStringList { "Thread 1 annotation", "Thread 2 device" }
                                               << qint64(40000) << QStringList { "dot.1 " + qstr(mm) }
                                               << QStringList { qstr(mm) + " 40000" } << qint64(0);

        // A section without HLO rows keeps its framework row as its measure of device time.
        QTest::newRow("framework row only") << qbytes(opTimelineJson(
            Sections { { 3, "Execution" } }, Rows { { { 3, 1 }, "Framework Ops" } }, { { 3, 1, mm, 0, 50, "", "" } }))
                                            << QStringList { "Framework Ops device" } << qint64(50000) << QStringList {}
                                            << QStringList { qstr(mm) + " 50000" } << qint64(0);

        // One pair of rows per core: each HLO row takes the framework row named like it.
        QTest::newRow("two cores") << qbytes(opTimelineJson(Sections { { 3, "Execution" } },
            Rows { { { 3, 1 }, "NC0 Framework Ops" }, { { 3, 2 }, "NC0 HLO Ops" }, { { 3, 3 }, "NC1 Framework Ops" },
                { { 3, 4 }, "NC1 HLO Ops" } },
            {
                { 3, 1, mm, 0, 100, "", "" },
                { 3, 3, outer, 0, 100, "", "" },
                { 3, 2, "dot.1", 10, 40, "", "" },
                { 3, 4, "add.2", 10, 60, "", "" },
            }))
                                   << QStringList { "NC0 Framework Ops annotation", "NC0 HLO Ops device",
                                          "NC1 Framework Ops annotation", "NC1 HLO Ops device" }
                                   << qint64(100000) << QStringList { "dot.1 " + qstr(mm), "add.2 " + qstr(outer) }
                                   << QStringList { qstr(outer) + " 60000", qstr(mm) + " 40000" } << qint64(0);
    }

    void levels()
    {
        QFETCH(QByteArray, json);
        QFETCH(QStringList, roles);
        QFETCH(qint64, deviceBusyNs);
        QFETCH(QStringList, framework);
        QFETCH(QStringList, table);
        QFETCH(qint64, unfilled);
        const LoadResult r = m_files.load(QStringLiteral("neuron_op_timeline.json"), json);
        QVERIFY2(r.store, r.error.c_str());
        const EventStore& s = *r.store;
        QCOMPARE(::roles(s), roles);

        const TraceSummary sum = SummaryCalculator::compute(s, SummaryIndex(s), s.extent());
        QCOMPARE(qint64(sum.device.busyNs), deviceBusyNs);

        for (const QString& pair : framework) {
            const QString hlo = pair.section(QLatin1Char(' '), 0, 0);
            QCOMPARE(hlo + QLatin1Char(' ') + frameworkArg(s, findSlice(s, hlo)), pair);
        }

        const OperatorCatalog catalog(s);
        const OperatorTable ops = OperatorAggregator::aggregate(
            s, catalog, OperatorLevel::Framework, OperatorAggregator::wholeTrace(), OperatorScope::Device);
        QStringList rows;
        for (const OperatorRow& row : ops.rows)
            rows << qstr(row.name) + QLatin1Char(' ') + QString::number(row.selfNs);
        rows.sort();
        table.sort();
        QCOMPARE(rows, table);
        QCOMPARE(qint64(ops.busyNs), deviceBusyNs);
        QCOMPARE(qint64(s.diagnostics().get("neuron_hlo_op_without_framework_op")), unfilled);
    }

    // Every cut and a run of corrupted bytes either load what was read or fail with an error
    // naming the file and a byte offset: never a crash, a hang or an exception.
    void hostileInput()
    {
        QVERIFY(
            survivesCutsAndCorruption(m_files, QStringLiteral("neuron_op_timeline.json"), qbytes(opTimelineJson(3))));
    }
};

QTEST_GUILESS_MAIN(tst_NeuronTimelineImporter)
#include "tst_neurontimelineimporter.moc"
