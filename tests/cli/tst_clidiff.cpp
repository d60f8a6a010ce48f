// strata-cli diff as a user runs it: a profile against itself changes nothing; the generated
// pair (comparepairwriter.h) gives the statuses and deltas its spec implies; every row with
// one raw name per side has the counts and totals `strata-cli ops` reports on each file with
// the same options; bad files and arguments exit 2 with one stderr line.
#include <support/comparepairwriter.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "clirun.h"

#include <cmath>
#include <map>

namespace {

// What one row of the generated pair should read, from the spec alone.
struct Expected {
    QString status;
    double aCount = 0, bCount = 0, aTotal = 0, bTotal = 0;
    std::optional<double> deltaPct;
};

std::map<QString, Expected> expectedRows(const comparepair::Spec& spec, bool perStep, double thresholdPct)
{
    std::map<QString, Expected> out;
    for (const bool sideB : { false, true }) {
        const int steps = comparepair::stepsOf(spec, sideB);
        for (const comparepair::Op& op : comparepair::opsOf(spec, sideB)) {
            Expected& e = out[QString::fromStdString(op.name)];
            double total = 0;
            for (int s = 0; s < steps; ++s)
                total += double(comparepair::kernelNs(spec, op, s, sideB));
            const double per = perStep ? steps : 1;
            (sideB ? e.bCount : e.aCount) = steps / per;
            (sideB ? e.bTotal : e.aTotal) = total / per;
        }
    }
    for (auto& [name, e] : out) {
        if (e.aTotal > 0)
            e.deltaPct = 100.0 * (e.bTotal - e.aTotal) / e.aTotal;
        if (e.aCount == 0)
            e.status = "added";
        else if (e.bCount == 0)
            e.status = "removed";
        else if (std::abs(*e.deltaPct) < thresholdPct)
            e.status = "unchanged";
        else
            e.status = *e.deltaPct > 0 ? "slower" : "faster";
    }
    return out;
}

QJsonObject parse(const Run& r)
{
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out, &perr);
    if (perr.error != QJsonParseError::NoError || !doc.isObject())
        qWarning("not a JSON object: %s", qPrintable(perr.errorString()));
    return doc.object();
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-6 * std::max(1.0, std::abs(b));
}

} // namespace

class tst_CliDiff : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    comparepair::Spec m_spec;
    QString m_a, m_b;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFile::exists(QString::fromUtf8(strata::test::cliPath())), strata::test::cliPath());
        m_a = m_dir.filePath("a.json");
        m_b = m_dir.filePath("b.json");
        QVERIFY(comparepair::writePair(m_spec, m_a.toStdString(), m_b.toStdString()));
    }

    void selfDiff_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("options");
        QTest::newRow("sample") << samplePath() << QStringList {};
        QTest::newRow("sample, every slice by name")
            << samplePath() << QStringList { "--level", "name", "--scope", "all" };
        QTest::newRow("generated, per step") << QString("a") << QStringList { "--per-step" };
        QTest::newRow("generated, host") << QString("a") << QStringList { "--scope", "host", "--level", "op" };
    }

    void selfDiff()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, options);
        if (file == "a")
            file = m_a;
        const Run r = runCli(QStringList { "diff", file, file, "--json" } + options);
        QCOMPARE(r.status, QProcess::NormalExit);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.err.isEmpty());
        const QJsonObject o = parse(r);
        QCOMPARE(o.keys().size(), 5);
        for (const char* key : { "level", "a", "b", "rows", "latency" })
            QVERIFY2(o.contains(key), key);
        QCOMPARE(o["a"].toObject()["busy_ns"], o["b"].toObject()["busy_ns"]);
        QCOMPARE(o["a"].toObject()["events"], o["b"].toObject()["events"]);
        QCOMPARE(o["a"].toObject()["steps"], o["b"].toObject()["steps"]);
        QCOMPARE(o["latency"].toObject()["a"], o["latency"].toObject()["b"]);
        const QJsonArray rows = o["rows"].toArray();
        QVERIFY(!rows.isEmpty());
        for (const auto& v : rows) {
            const QJsonObject row = v.toObject();
            QCOMPARE(row["status"].toString(), QString("unchanged"));
            QCOMPARE(row["delta_ns"].toDouble(), 0.0);
            QCOMPARE(row["a_count"], row["b_count"]);
            QCOMPARE(row["a_total_ns"], row["b_total_ns"]);
            QVERIFY(row["delta_pct"].isNull() || row["delta_pct"].toDouble() == 0.0);
            QCOMPARE(row["normalised"].toBool(), false);
        }
    }

    // The generated pair: B has aten::mm 1.5x as long, no aten::dropout, aten::gelu, and two
    // more steps; at the op level in device scope each operator's row is its kernels.
    void pair_data()
    {
        QTest::addColumn<bool>("perStep");
        QTest::addColumn<QString>("level");
        QTest::addColumn<double>("threshold");
        QTest::newRow("totals, op") << false << "op" << 2.0;
        QTest::newRow("per step, op") << true << "op" << 2.0;
        QTest::newRow("per step, framework") << true << "framework" << 2.0;
        QTest::newRow("totals, threshold 60") << false << "op" << 60.0;
    }

    void pair()
    {
        QFETCH(bool, perStep);
        QFETCH(QString, level);
        QFETCH(double, threshold);
        QStringList args { "diff", m_a, m_b, "--json", "--level", level, "--threshold", QString::number(threshold) };
        if (perStep)
            args << "--per-step";
        const Run r = runCli(args);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = parse(r);
        QCOMPARE(o["level"].toString(), level);
        QCOMPARE(o["a"].toObject()["file"].toString(), m_a);
        QCOMPARE(o["b"].toObject()["file"].toString(), m_b);
        QCOMPARE(o["a"].toObject()["steps"].toInt(), comparepair::stepsOf(m_spec, false));
        QCOMPARE(o["b"].toObject()["steps"].toInt(), comparepair::stepsOf(m_spec, true));
        const int opsA = int(comparepair::opsOf(m_spec, false).size());
        QCOMPARE(o["a"].toObject()["events"].toInt(), opsA * comparepair::stepsOf(m_spec, false));
        const QJsonObject latency = o["latency"].toObject();
        QCOMPARE(latency["unit"].toString(), QString("ProfilerStep"));
        QCOMPARE(latency["a"].toObject()["count"].toInt(), comparepair::stepsOf(m_spec, false));
        QCOMPARE(latency["b"].toObject()["count"].toInt(), comparepair::stepsOf(m_spec, true));

        const std::map<QString, Expected> expected = expectedRows(m_spec, perStep, threshold);
        const QJsonArray rows = o["rows"].toArray();
        QCOMPARE(size_t(rows.size()), expected.size());
        double lastDelta = INFINITY;
        for (const auto& v : rows) {
            const QJsonObject row = v.toObject();
            const QString name = row["name"].toString();
            QVERIFY2(expected.count(name), qPrintable(name));
            const Expected& e = expected.at(name);
            QCOMPARE(row["status"].toString(), e.status);
            QVERIFY2(near(row["a_count"].toDouble(), e.aCount), qPrintable(name));
            QVERIFY2(near(row["b_count"].toDouble(), e.bCount), qPrintable(name));
            QVERIFY2(near(row["a_total_ns"].toDouble(), e.aTotal), qPrintable(name));
            QVERIFY2(near(row["b_total_ns"].toDouble(), e.bTotal), qPrintable(name));
            QVERIFY2(near(row["delta_ns"].toDouble(), e.bTotal - e.aTotal), qPrintable(name));
            QCOMPARE(row["delta_pct"].isNull(), !e.deltaPct);
            if (e.deltaPct)
                QVERIFY2(near(row["delta_pct"].toDouble(), *e.deltaPct), qPrintable(name));
            const double delta = std::abs(row["delta_ns"].toDouble());
            QVERIFY2(delta <= lastDelta, qPrintable(name)); // sorted by |delta_ns|
            lastDelta = delta;
        }
        // What the spec says in words: the scaled operator took 1.5x as long per step.
        if (perStep && threshold < 50) {
            const Expected& mm = expected.at(QString::fromStdString(m_spec.scaledOp));
            QVERIFY(near(*mm.deltaPct, 50.0));
            QCOMPARE(expected.at("aten::conv2d").status, QString("unchanged"));
        }
    }

    // Every row with one raw name per side reads as `ops` on each file with the same options.
    void equalsOps_data()
    {
        QTest::addColumn<QString>("fileA");
        QTest::addColumn<QString>("fileB");
        QTest::addColumn<QString>("level");
        QTest::addColumn<QString>("scope");
        QTest::addColumn<QString>("rangeA");
        QTest::addColumn<QString>("rangeB");
        for (const char* level : { "framework", "op", "command", "name" })
            for (const char* scope : { "device", "host", "all" })
                QTest::addRow("pair %s %s", level, scope) << "a"
                                                          << "b" << level << scope << ""
                                                          << "";
        QTest::newRow("pair, ranges") << "a"
                                      << "b"
                                      << "op"
                                      << "device"
                                      << "0:10ms"
                                      << "5ms:";
        for (const char* level : { "framework", "layer", "hlo", "op", "name" })
            QTest::addRow("sample %s", level) << samplePath() << "b" << level << "all"
                                              << ""
                                              << "";
        QTest::newRow("sample, ranges") << samplePath() << samplePath() << "layer"
                                        << "device"
                                        << "1ms:3ms"
                                        << "2ms:";
    }

    void equalsOps()
    {
        QFETCH(QString, fileA);
        QFETCH(QString, fileB);
        QFETCH(QString, level);
        QFETCH(QString, scope);
        QFETCH(QString, rangeA);
        QFETCH(QString, rangeB);
        fileA = fileA == "a" ? m_a : fileA;
        fileB = fileB == "b" ? m_b : fileB;
        QStringList args { "diff", fileA, fileB, "--json", "--level", level, "--scope", scope };
        if (!rangeA.isEmpty())
            args << "--range-a" << rangeA;
        if (!rangeB.isEmpty())
            args << "--range-b" << rangeB;
        const Run d = runCli(args);
        QVERIFY2(d.exitCode == 0, d.err.constData());
        const QJsonArray rows = parse(d)["rows"].toArray();
        QVERIFY(!rows.isEmpty());
        for (const bool sideB : { false, true }) {
            QStringList opsArgs { "ops", sideB ? fileB : fileA, "--json", "--level", level, "--scope", scope };
            const QString range = sideB ? rangeB : rangeA;
            if (!range.isEmpty())
                opsArgs << "--range" << range;
            const Run o = runCli(opsArgs);
            QVERIFY2(o.exitCode == 0, o.err.constData());
            std::map<QString, QJsonObject> ops;
            qint64 opsCount = 0;
            for (const QJsonValue v : parse(o)["rows"].toArray()) {
                ops[v["name"].toString()] = v.toObject();
                opsCount += v["count"].toInteger();
            }
            const QString side = sideB ? "b" : "a";
            qint64 diffCount = 0;
            int checked = 0;
            for (const auto& v : rows) {
                const QJsonObject row = v.toObject();
                diffCount += row[side + "_count"].toInteger();
                const QJsonArray names = row[side + "_names"].toArray();
                if (names.size() != 1)
                    continue;
                const QString raw = names[0].toString();
                QVERIFY2(ops.count(raw), qPrintable(raw));
                QCOMPARE(row[side + "_count"].toInteger(), ops[raw]["count"].toInteger());
                QCOMPARE(row[side + "_total_ns"].toInteger(), ops[raw]["total_ns"].toInteger());
                ++checked;
            }
            QCOMPARE(diffCount, opsCount); // every slice of the table is in one row
            QVERIFY(checked > 0 || ops.empty());
        }
    }

    void csv()
    {
        const Run j = runCli({ "diff", m_a, m_b, "--json" });
        const Run c = runCli({ "diff", m_a, m_b, "--csv" });
        QVERIFY2(c.exitCode == 0, c.err.constData());
        const QStringList lines = QString::fromUtf8(c.out).split('\n', Qt::SkipEmptyParts);
        const QJsonArray rows = parse(j)["rows"].toArray();
        QCOMPARE(lines.size(), rows.size() + 1);
        const QStringList header { "name", "status", "a_count", "b_count", "a_total_ns", "b_total_ns", "delta_ns",
            "delta_pct", "a_avg_ns", "b_avg_ns", "delta_avg_ns", "normalised", "a_names", "b_names" };
        QCOMPARE(lines[0].split(','), header);
        for (const QString& key : header)
            QVERIFY2(rows[0].toObject().contains(key), qPrintable(key));
        for (int i = 0; i < rows.size(); ++i) {
            const QStringList cells = lines[i + 1].split(',');
            const QJsonObject row = rows[i].toObject();
            QCOMPARE(cells[0], row["name"].toString());
            QCOMPARE(cells[1], row["status"].toString());
            QCOMPARE(cells[6].toDouble(), row["delta_ns"].toDouble());
            QCOMPARE(cells[7].isEmpty(), row["delta_pct"].isNull());
        }
    }

    void text()
    {
        const Run r = runCli({ "diff", m_a, m_b });
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QStringList lines = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
        QVERIFY(lines.size() >= 4);
        QVERIFY2(lines[0].startsWith("A: " + m_a + ": busy "), qPrintable(lines[0]));
        QVERIFY2(
            lines[0].endsWith(QString(", %1 steps").arg(comparepair::stepsOf(m_spec, false))), qPrintable(lines[0]));
        QVERIFY2(lines[1].startsWith("B: " + m_b + ": busy "), qPrintable(lines[1]));
        QVERIFY(lines[3].startsWith("name"));
        for (const char* column :
            { "status", "A count", "B count", "A total", "B total", "Δ total", "Δ %", "A avg", "B avg", "Δ avg" })
            QVERIFY2(lines[3].contains(QString::fromUtf8(column)), column);
        QCOMPARE(lines.size(), 4 + int(expectedRows(m_spec, false, 2).size()));
        QVERIFY(lines[4].startsWith("aten::mm ")); // the largest change first
    }

    void failures_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mentions");
        const QString missing = QDir::temp().filePath("strata-no-such-file.json");
        QTest::newRow("A missing") << QStringList { "diff", missing, samplePath() } << missing;
        QTest::newRow("B missing") << QStringList { "diff", samplePath(), missing } << missing;
        QTest::newRow("B missing, json") << QStringList { "diff", samplePath(), missing, "--json" } << missing;
        QTest::newRow("one file") << QStringList { "diff", samplePath() } << "B is required";
        QTest::newRow("three files") << QStringList { "diff", samplePath(), samplePath(), samplePath() }
                                     << "not expected";
        QTest::newRow("bad level") << QStringList { "diff", samplePath(), samplePath(), "--level", "x" } << "level";
        QTest::newRow("bad scope") << QStringList { "diff", samplePath(), samplePath(), "--scope", "gpu" } << "scope";
        QTest::newRow("bad threshold") << QStringList { "diff", samplePath(), samplePath(), "--threshold", "-1" }
                                       << "threshold";
        QTest::newRow("threshold not a number")
            << QStringList { "diff", samplePath(), samplePath(), "--threshold", "2x" } << "threshold";
        QTest::newRow("bad range") << QStringList { "diff", samplePath(), samplePath(), "--range-a", "x:y" }
                                   << "range-a";
        QTest::newRow("plain --range") << QStringList { "diff", samplePath(), samplePath(), "--range", "0:1ms" }
                                       << "range";
        QTest::newRow("csv and json") << QStringList { "diff", samplePath(), samplePath(), "--csv", "--json" }
                                      << "exclude";
    }

    void failures()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, mentions);
        const Run r = runCli(args);
        QCOMPARE(r.status, QProcess::NormalExit);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.endsWith('\n') && err.count('\n') == 1, qPrintable(err));
        QVERIFY2(err.contains(mentions), qPrintable(err));
    }
};

QTEST_APPLESS_MAIN(tst_CliDiff)
#include "tst_clidiff.moc"
