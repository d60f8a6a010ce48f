// strata-cli breakdown on one input of each format, as its importer reads it: which engines
// the breakdown finds and the kind of each (store::WorkClassifier's rule per format, see
// docs/counting.md), and which parts of the rank have time. The sample (RBLN commands in
// Chrome JSON), Kineto (the NCCL corpus trace, with communication), Neuron (a device profile
// written by neuronprofilewriter.h, with a collective-communication row), Sophgo (a
// bmprofile folder written by bmprofilewriter.h), Perfetto/RBLN
// (tests/data/perfetto_rbln.pftrace), MTIA (the corpus's mtia_inference_rank_0.json.gz), and
// a Chrome trace without device work, which answers "no device work" in text and
// "device_work": false in JSON.
#include "clirun.h"

#include <support/bmprofilewriter.h>
#include <support/neuronprofilewriter.h>

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <support/sourcedir.h>

namespace {

const QString kCorpus = strata::test::sourcePath("/../shared/corpus/real/facebookresearch__HolisticTraceAnalysis/");

// A Neuron device profile: the sample's engines, and an all-reduce on a collective row.
QByteArray neuronProfile()
{
    neurontest::DeviceSpec spec = neurontest::sampleDevice(6);
    const int64_t t0 = spec.instructions.front().timestamp;
    spec.instructions.push_back({ t0 + 100, 900, "CC-core0", "all-reduce", "", "%all-reduce.3 = all-reduce(%p0)", {} });
    const std::string json = neurontest::deviceJson(spec);
    return QByteArray::fromStdString(json);
}

// "track:kind" of every engine, in the JSON's order.
QString engines(const QJsonObject& rank)
{
    QStringList out;
    for (const auto& d : rank.value("devices").toArray())
        for (const auto& e : d.toObject().value("engines").toArray())
            out << e.toObject().value("track").toString() + ":" + e.toObject().value("kind").toString();
    return out.join(", ");
}

// The rank's parts that have time, of compute, communication, memory, other, idle.
QString parts(const QJsonObject& rank)
{
    QStringList out;
    for (const char* key : { "compute_ns", "communication_ns", "memory_ns", "other_ns", "idle_ns" })
        if (rank.value(key).toDouble() > 0)
            out << QString::fromLatin1(key).chopped(3);
    return out.join(' ');
}

} // namespace

class tst_CliBreakdown : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QFile f(m_dir.filePath("ntff.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(neuronProfile());
        f.close();
        bmprofile::writeFolder(m_dir.filePath("bmprofile_data-0"), bmprofile::showcase());
    }

    void perFormat_data()
    {
        QTest::addColumn<QString>("file"); // relative: in the test's folder
        QTest::addColumn<QString>("engines"); // "" to leave unchecked (many streams)
        QTest::addColumn<QString>("parts");
        QTest::newRow("sample: rbln through chrome json") << samplePath() << ""
                                                          << "compute memory other idle";
        QTest::newRow("kineto nccl") << kCorpus + "nccl_data.json.gz"
                                     << ""
                                     << "compute communication memory idle";
        QTest::newRow("neuron device profile")
            << "ntff.json"
            << "Tensor:compute, TensorMatrix:compute, Vector:compute, Scalar:compute, GpSimd:compute, Sync:other, "
               "CC-core0:communication, qSyncIO0 (DMA):memory, qVectorSpillReload0 (DMA):memory"
            << "compute communication memory other idle";
        QTest::newRow("sophgo bmprofile folder") << "bmprofile_data-0"
                                                 << "GDMA:memory, TIU:compute"
                                                 << "compute memory idle";
        QTest::newRow("perfetto rbln") << strata::test::sourcePath("/tests/data/perfetto_rbln.pftrace")
                                       << "Neural Engine Clusters:compute, Neural DMA:memory, Task DMA:memory, "
                                          "External HDMA:memory, Device HDMA:memory, Device Sync:other"
                                       << "compute memory other idle";
        QTest::newRow("mtia") << kCorpus + "mtia_inference_rank_0.json.gz"
                              << ""
                              << "compute memory other idle";
    }

    void perFormat()
    {
        QFETCH(QString, file);
        QFETCH(QString, engines);
        QFETCH(QString, parts);
        const QString path = QFileInfo(file).isAbsolute() ? file : m_dir.filePath(file);
        if (!QFileInfo::exists(path))
            QSKIP("no real-trace corpus at ../shared/corpus/real");
        const Run r = runCli({ "breakdown", path, "--json", "--no-cache" });
        QCOMPARE(r.exitCode, 0);
        const QJsonObject rank = QJsonDocument::fromJson(r.out).object().value("ranks").toArray().at(0).toObject();
        QVERIFY(rank.value("device_work").toBool());
        if (!engines.isEmpty())
            QCOMPARE(::engines(rank), engines);
        QCOMPARE(::parts(rank), parts);
        // Every engine has one of the four kinds.
        QVERIFY(!::engines(rank).isEmpty());
        for (const QString& e : ::engines(rank).split(", "))
            QVERIFY2(QRegularExpression(":(compute|communication|memory|other)$").match(e).hasMatch(), qPrintable(e));
    }

    // A Chrome trace of host threads only: a clear answer, not a table of zeros.
    void chromeWithoutDeviceWork()
    {
        const QString path = strata::test::sourcePath("/tests/data/chrome_async.json");
        const Run text = runCli({ "breakdown", path, "--no-cache" });
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("\nno device work\n"), text.out.constData());
        const Run json = runCli({ "breakdown", path, "--json", "--no-cache" });
        QCOMPARE(json.exitCode, 0);
        const QJsonObject rank = QJsonDocument::fromJson(json.out).object().value("ranks").toArray().at(0).toObject();
        QCOMPARE(rank.value("device_work").toBool(true), false);
        QCOMPARE(rank.value("span_ns").toInt(-1), 0);
        QVERIFY(rank.value("devices").toArray().isEmpty());
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(tst_CliBreakdown)
#include "tst_clibreakdown.moc"
