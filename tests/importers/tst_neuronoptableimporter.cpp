// NeuronOpTableImporter through ProfileLoader::load, on the TensorBoard plugin's framework
// and HLO operator tables written by neuronprofilewriter.h: one slice per operator, longest
// first, as the operator analytics read them.
#include "importertestutil.h"
#include "neurontestutil.h"
#include "tracefolder.h"
#include <support/neuronprofilewriter.h>

#include <analysis/operators/operatorcatalog.h>

#include <QtTest>

using strata::importers::LoadResult;
using namespace strata::store;
using namespace strata::analysis;
using namespace neurontest;
using namespace importertest;

class tst_NeuronOpTableImporter : public QObject {
    Q_OBJECT

    testfiles::TraceFolder m_files;

private slots:
    void initTestCase()
    {
        QVERIFY(m_files.isValid());
        keepSample(QStringLiteral("neuron_framework_op.json"),
            qbytes(opTableJson({ { "NN[model]/Linear[layer1]/aten__addmm_add", 2, 4100 },
                { "NN[model]/Tanh[nl2]/aten__tanh", 2, 1700 }, { "NN[model]/ReLU[nl1]/aten__relu", 1, 900 } })));
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
        const LoadResult r = m_files.load(fileName, bytes);
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
        const LoadResult r = m_files.load(QStringLiteral("neuron_hlo_op.json"), bytes);
        QVERIFY2(r.store, r.error.c_str());
        QCOMPARE(r.store->sliceCount(), size_t(1));
        QCOMPARE(r.store->diagnostics().get("neuron_op_without_time"), uint64_t(1));
        const LoadResult none = m_files.load(QStringLiteral("neuron_hlo_op.json"), "{\"ops\": [{\"name\": \"b\"}]}");
        QVERIFY(!none.store);
        QVERIFY2(QString::fromStdString(none.error).contains("no \"ops\" entries with a time"), none.error.c_str());
    }

    // Every cut and a run of corrupted bytes either load what was read or fail with an error
    // naming the file and a byte offset: never a crash, a hang or an exception.
    void hostileInput()
    {
        QVERIFY(survivesCutsAndCorruption(m_files, QStringLiteral("neuron_hlo_op.json"),
            qbytes(opTableJson({ { "dot.1", 1, 5 }, { "add.2", 2, 7 } }))));
    }
};

QTEST_GUILESS_MAIN(tst_NeuronOpTableImporter)
#include "tst_neuronoptableimporter.moc"
