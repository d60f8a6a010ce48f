// The breakdown's figures where other commands show them, against `strata-cli breakdown
// --json` on the corpus Kineto traces:
//  - `strata-cli summary` prints under each device its line of shares, which must be the
//    line written here from breakdown --json's device figures: "compute C %" then, with
//    communication, "communication M % (O % overlapped)", with memory "memory Y %", then
//    "idle I %", each of span_ns (overlapped: comm_overlap_pct), whole percents with
//    "<1 %" and ">99 %" for shares that would read 0 or 100 without being so;
//  - `strata-cli latency --json`'s steps carry compute_ns, communication_ns and
//    comm_exposed_ns equal to breakdown --json --range over each step, and idle_ns equal to
//    the step's duration less the device's work there (span_ns - idle_ns).
#include "clirun.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <support/sourcedir.h>

namespace {

QJsonObject runJson(const QStringList& args)
{
    return QJsonDocument::fromJson(runCli(args).out).object();
}

QString percent(double pct)
{
    if (pct > 0 && pct < 0.5)
        return QStringLiteral("<1 %");
    if (pct < 100 && pct >= 99.5)
        return QStringLiteral(">99 %");
    return QString::number(std::lround(pct)) + QStringLiteral(" %");
}

QString expectedLine(const QJsonObject& d)
{
    const double span = d["span_ns"].toDouble();
    if (span <= 0)
        return QStringLiteral("no device work in the window");
    const auto share = [&](const char* key) { return percent(100.0 * d[key].toDouble() / span); };
    QStringList parts { QStringLiteral("compute ") + share("compute_ns") };
    if (d["communication_ns"].toDouble() > 0)
        parts << QStringLiteral("communication %1 (%2 overlapped)")
                     .arg(share("communication_ns"), percent(d["comm_overlap_pct"].toDouble()));
    if (d["memory_ns"].toDouble() > 0)
        parts << QStringLiteral("memory ") + share("memory_ns");
    parts << QStringLiteral("idle ") + share("idle_ns");
    return parts.join(QStringLiteral(" · "));
}

} // namespace

class tst_CliBreakdownShares : public QObject {
    Q_OBJECT

private slots:
    void summaryLine_data() { corpus(); }
    void summaryLine()
    {
        QFETCH(QString, path);
        const QJsonObject rank = runJson({ "breakdown", path, "--json" })["ranks"].toArray().first().toObject();
        const QStringList lines = QString::fromUtf8(runCli({ "summary", path }).out).split(QLatin1Char('\n'));
        const QJsonArray devices = rank["devices"].toArray();
        int shown = 0;
        for (int i = 0; i + 1 < lines.size(); ++i) {
            if (!lines[i].startsWith(QStringLiteral("device      ")) || !lines[i].contains(QStringLiteral(": busy ")))
                continue;
            QVERIFY2(shown < devices.size(), qPrintable(lines[i]));
            const QJsonObject d = devices[shown++].toObject();
            QVERIFY2(lines[i].startsWith(QStringLiteral("device      ") + d["device"].toString() + ": busy"),
                qPrintable(lines[i]));
            QCOMPARE(lines[i + 1], QStringLiteral("            ") + expectedLine(d));
        }
        QCOMPARE(shown, devices.size());
    }

    void stepShares_data() { corpus(); }
    void stepShares()
    {
        QFETCH(QString, path);
        const QJsonArray steps = runJson({ "latency", path, "--json" })["steps"].toArray();
        const bool deviceWork = runJson({ "breakdown", path, "--json" })["ranks"][0]["device_work"].toBool();
        // The first three steps: each is one more run of the command.
        for (int i = 0; i < std::min<int>(3, int(steps.size())); ++i) {
            const QJsonObject step = steps[i].toObject();
            if (!deviceWork) {
                QVERIFY(step["compute_ns"].isNull());
                continue;
            }
            const qint64 start = qint64(step["start_ns"].toDouble());
            const qint64 dur = qint64(step["dur_ns"].toDouble());
            const QJsonObject rank = runJson({ "breakdown", path, "--json", "--range",
                QStringLiteral("%1:%2").arg(start).arg(start + dur) })["ranks"][0]
                                         .toObject();
            for (const char* key : { "compute_ns", "communication_ns", "comm_exposed_ns" })
                QCOMPARE(step[key].toDouble(), rank[key].toDouble());
            QCOMPARE(
                step["idle_ns"].toDouble(), double(dur) - (rank["span_ns"].toDouble() - rank["idle_ns"].toDouble()));
        }
    }

private:
    static void corpus()
    {
        QTest::addColumn<QString>("path");
        const QDir shared(strata::test::sourcePath("/../shared/corpus"));
        if (!shared.exists())
            QSKIP("the shared corpus is not beside the repository");
        for (const char* dir :
            { "real/facebookresearch__HolisticTraceAnalysis", "real/pytorch__kineto", "multirank/hta_sampled" })
            for (const QFileInfo& f : QDir(shared.filePath(dir)).entryInfoList(QDir::Files, QDir::Name))
                if (f.fileName().contains(".json") && !f.fileName().contains("execution_trace"))
                    QTest::newRow(qPrintable(f.fileName())) << f.absoluteFilePath();
    }
};

QTEST_GUILESS_MAIN(tst_CliBreakdownShares)
#include "tst_clibreakdownshares.moc"
