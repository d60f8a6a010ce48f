// LatencyUnitPicker on imported traces, as a user opens them: the default Latency unit is the
// repeated top-level unit — ProfilerStep on the bundled sample and on Kineto traces of the
// corpus, `forward` on the RBLN sample (which runs it twice), the subnet iteration on
// generated Sophgo folders of one and of three iterations. Furiosa-shaped stores are in
// tst_latencyanalyzer.cpp (no Furiosa trace is bundled).
#include <support/bmprofilewriter.h>
#include <support/testfiles.h>

#include <analysis/latency/latencyanalyzer.h>
#include <analysis/latency/latencyunitpicker.h>
#include <profileloader.h>

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>
#include <support/sourcedir.h>

using strata::analysis::LatencyAnalyzer;
using strata::analysis::LatencyUnitPicker;
using strata::analysis::OperatorCatalog;
using strata::importers::LoadResult;
using strata::importers::ProfileLoader;

class tst_LatencyUnitPicker : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // A bmprofile_data folder of the showcase network run `iterations` times, 2 ms apart.
    QString sophgoFolder(int iterations)
    {
        QString dir = m_dir.path() + QStringLiteral("/iterations%1/bmprofile_data-0").arg(iterations);
        bmprofile::Spec spec = bmprofile::showcase();
        bmprofile::writeFolder(dir, spec);
        for (int i = 1; i < iterations; ++i) {
            spec.beginUsec += 2000;
            spec.endUsec += 2000;
            bmprofile::writeBytes(dir + QStringLiteral("/iter%1.profile").arg(i), bmprofile::iterProfile(spec));
        }
        return dir;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void defaultUnit_data()
    {
        // `trace`: a path under the source tree, "corpus:<path>", or "sophgo:<iterations>".
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<qulonglong>("count");
        QTest::newRow("bundled sample") << "resources/samples/sample_profile.json"
                                        << "ProfilerStep" << 5ull;
        QTest::newRow("RBLN: forward, twice") << "tests/data/perfetto_rbln.pftrace"
                                              << "forward" << 2ull;
        QTest::newRow("Sophgo, one iteration") << "sophgo:1"
                                               << "Subnet 0" << 1ull;
        QTest::newRow("Sophgo, three iterations") << "sophgo:3"
                                                  << "Subnet 0" << 3ull;
        const QString hta = QStringLiteral("corpus:facebookresearch__HolisticTraceAnalysis/");
        QTest::newRow("Kineto, 3 steps") << hta + "nccl_data.json.gz"
                                         << "ProfilerStep" << 3ull;
        QTest::newRow("Kineto, 5 steps") << hta + "rank-0.ns_resolution.pt.trace.json.gz"
                                         << "ProfilerStep" << 5ull;
        QTest::newRow("Kineto, 2 steps") << hta + "sampled_rank-1.json.gz"
                                         << "ProfilerStep" << 2ull;
        QTest::newRow("Kineto, 1 step") << hta + "cpu_only_rank-34.pt.trace.json.gz"
                                        << "ProfilerStep" << 1ull;
    }

    void defaultUnit()
    {
        QFETCH(QString, trace);
        QFETCH(QString, unit);
        QFETCH(qulonglong, count);
        QString path;
        if (trace.startsWith(QLatin1String("sophgo:"))) {
            path = sophgoFolder(trace.mid(7).toInt());
        } else if (trace.startsWith(QLatin1String("corpus:"))) {
            path = QDir::cleanPath(strata::test::sourcePath("/../shared/corpus/real/") + trace.mid(7));
            if (!QFile::exists(path))
                QSKIP("no real-trace corpus at ../shared/corpus/real");
        } else {
            path = strata::test::sourcePath("/") + trace;
        }
        const LoadResult r = ProfileLoader::load(path.toStdString());
        QVERIFY2(r.store, r.error.c_str());
        const OperatorCatalog catalog(*r.store);
        QCOMPARE(QString::fromStdString(LatencyUnitPicker::pick(*r.store, catalog)), unit);
        // The Latency dock and `strata-cli latency` ask LatencyAnalyzer, which follows it.
        const auto stats = LatencyAnalyzer::analyze(*r.store, catalog, "");
        QCOMPARE(QString::fromStdString(stats.unit), unit);
        QCOMPARE(qulonglong(stats.count), count);
    }
};

QTEST_APPLESS_MAIN(tst_LatencyUnitPicker)
#include "tst_latencyunitpicker.moc"
