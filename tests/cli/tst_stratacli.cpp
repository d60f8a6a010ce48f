// strata-cli as a user runs it: exit status 0 for a readable profile (even with
// diagnostics), 2 for anything that is not one, with one stderr line naming the file.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "clirun.h"

#include <limits>

class tst_StrataCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFile::exists(QString::fromUtf8(strata::test::cliPath())), strata::test::cliPath());
    }

    void sampleInfo_data()
    {
        QTest::addColumn<bool>("json");
        QTest::newRow("text") << false;
        QTest::newRow("json") << true;
    }

    void sampleInfo()
    {
        QFETCH(bool, json);
        QStringList args { QStringLiteral("info"), samplePath() };
        if (json)
            args << QStringLiteral("--json");
        const Run r = runCli(args);
        QCOMPARE(r.status, QProcess::NormalExit);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.err.isEmpty());
        if (!json) {
            QVERIFY(r.out.contains("chrome-json-object"));
            return;
        }
        QJsonParseError perr;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &perr);
        QVERIFY2(perr.error == QJsonParseError::NoError, qPrintable(perr.errorString()));
        QVERIFY(doc.isObject());
        const QJsonObject o = doc.object();
        QStringList keys = o.keys();
        keys.sort();
        QStringList expected { "format", "compression", "bytes", "phases", "slices", "instants", "counter_samples",
            "flows", "tracks", "processes", "time_range_ns", "diagnostics", "not_shown", "load_seconds", "loaded_from",
            "resident_bytes" };
        expected.sort();
        QCOMPARE(keys, expected);
        QCOMPARE(o.value("format").toString(), QStringLiteral("chrome-json-object"));
        QCOMPARE(o.value("compression").toString(), QStringLiteral("none"));
        QCOMPARE(o.value("bytes").toInteger(), QFileInfo(samplePath()).size());
        QVERIFY(o.value("phases").isObject());
        QVERIFY(o.value("diagnostics").isObject());
        // The sample draws every kind it holds: nothing to say, and the kinds it read but
        // does not draw (its metadata) listed as kept.
        const QJsonObject notShown = o.value("not_shown").toObject();
        QCOMPARE(notShown.value("text").toString(), QString());
        QVERIFY(notShown.value("drawable").toBool());
        for (const auto& k : notShown.value("kinds").toArray())
            QVERIFY(!k.toObject().value("skipped").toBool());
        QVERIFY(o.value("slices").toInteger() > 0);
        QVERIFY(o.value("tracks").toInteger() > 0);
        QVERIFY(o.value("processes").toInteger() >= 2);
        QVERIFY(o.value("time_range_ns").isArray());
        QCOMPARE(o.value("time_range_ns").toArray().size(), 2);
        QVERIFY(o.value("time_range_ns")[0].toInteger() <= o.value("time_range_ns")[1].toInteger());
    }

    // latency --json carries the Latency dock's Steps table: one row per instance the
    // statistics count, idle = duration - busy, busy within the step; the text form is as
    // it was (no steps).
    void latencySteps()
    {
        const Run r = runCli({ QStringLiteral("latency"), samplePath(), QStringLiteral("--json") });
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonArray steps = o.value("steps").toArray();
        QCOMPARE(steps.size(), o.value("count").toInt());
        QVERIFY(steps.size() > 1);
        qint64 lo = std::numeric_limits<qint64>::max(), hi = 0, previous = -1;
        for (int i = 0; i < steps.size(); ++i) {
            const QJsonObject s = steps[i].toObject();
            QCOMPARE(s.value("index").toInt(), i + 1);
            QVERIFY(s.value("name").toString().startsWith(o.value("unit").toString()));
            const qint64 dur = s.value("dur_ns").toInteger(), busy = s.value("device_busy_ns").toInteger();
            QVERIFY(busy >= 0 && busy <= dur);
            QCOMPARE(s.value("idle_ns").toInteger(), dur - busy);
            QVERIFY(s.value("start_ns").toInteger() > previous); // in start order, from the trace start
            previous = s.value("start_ns").toInteger();
            QVERIFY(!s.value("top_operator").toString().isEmpty());
            QVERIFY(s.value("outlier").isBool());
            lo = std::min(lo, dur);
            hi = std::max(hi, dur);
        }
        QCOMPARE(lo, o.value("min_ns").toInteger());
        QCOMPARE(hi, o.value("max_ns").toInteger());
        const QJsonObject spread = o.value("steps_spread").toObject();
        QCOMPARE(spread.value("dur_ns").toObject().value("mean").toDouble(), o.value("mean_ns").toDouble());
        QCOMPARE(spread.value("median_dur_ns").toDouble(), o.value("median_ns").toDouble());
        const Run text = runCli({ QStringLiteral("latency"), samplePath() });
        QVERIFY(!text.out.contains("steps"));
    }

    void failures_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<bool>("byteOffset"); // the message gives a byte offset into the file
        QTest::newRow("garbage file") << "garbage" << true;
        QTest::newRow("not a trace: JSON without traceEvents") << "json" << true;
        QTest::newRow("directory") << "dir" << false;
        QTest::newRow("missing file") << "missing" << false;
    }

    void failures()
    {
        QFETCH(QString, kind);
        QFETCH(bool, byteOffset);
        QString path = m_dir.filePath(QStringLiteral("input-%1").arg(kind));
        if (kind == QLatin1String("garbage")) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QByteArray bytes(2048, '\0');
            for (int i = 0; i < bytes.size(); ++i)
                bytes[i] = char((i * 131 + 7) & 0xff);
            bytes[0] = 'G';
            f.write(bytes);
        } else if (kind == QLatin1String("json")) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"schema\":1,\"nodes\":[]}");
        } else if (kind == QLatin1String("dir")) {
            QVERIFY(QDir().mkpath(path));
        }
        for (const bool json : { false, true }) {
            QStringList args { QStringLiteral("info"), path };
            if (json)
                args << QStringLiteral("--json");
            const Run r = runCli(args);
            QCOMPARE(r.status, QProcess::NormalExit);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.out.isEmpty(), r.out.constData());
            const QString err = QString::fromUtf8(r.err);
            QVERIFY2(err.endsWith(QLatin1Char('\n')) && err.count(QLatin1Char('\n')) == 1, qPrintable(err));
            QVERIFY2(err.contains(path), qPrintable(err));
            if (byteOffset) {
                static const QRegularExpression re(QStringLiteral("\\bbyte \\d+"));
                QVERIFY2(re.match(err).hasMatch(), qPrintable(QStringLiteral("no byte offset: ") + err));
            }
        }
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("no arguments") << QStringList {} << 2;
        QTest::newRow("unknown command") << QStringList { "frobnicate" } << 2;
        QTest::newRow("info without a file") << QStringList { "info" } << 2;
        QTest::newRow("unknown option") << QStringList { "info", "x.json", "--bogus" } << 2;
        QTest::newRow("help") << QStringList { "--help" } << 0;
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        const Run r = runCli(args);
        QCOMPARE(r.status, QProcess::NormalExit);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY(!(exitCode == 0 ? r.out : r.err).isEmpty());
    }
};

QTEST_APPLESS_MAIN(tst_StrataCli)
#include "tst_stratacli.moc"
