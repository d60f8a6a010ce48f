// InfoReport: strata-cli info's JSON (keys in the CLI's order; saved_from only for a .strata
// file; a refused snapshot counted in the diagnostics) and text (keys padded to 16 columns,
// phases, diagnostics and their messages).
#include <support/analysistestutil.h>

#include <report/inforeport.h>

#include <QtTest>

using namespace strata;
using strata::report::InfoReport;
using strata::report::Json;

namespace {

std::shared_ptr<const store::EventStore> scripted()
{
    analysistest::Script script;
    return script.run("T 1 main; X 1 a 100 50; X 1 b 200 50");
}

InfoReport::Load load()
{
    InfoReport::Load l;
    l.path = "t.json";
    l.format = "chrome-json";
    l.compression = "none";
    l.fileBytes = 1234;
    l.phases = { { "X", 2 }, { "M", 1 } };
    l.seconds = 0.25;
    return l;
}

QStringList keys(const Json& j)
{
    QStringList out;
    for (auto it = j.begin(); it != j.end(); ++it)
        out << QString::fromStdString(it.key());
    return out;
}

} // namespace

class tst_InfoReport : public QObject {
    Q_OBJECT
private slots:
    void json()
    {
        const auto s = scripted();
        const Json j = InfoReport(*s, load()).toJson();
        QCOMPARE(keys(j),
            QStringList({ "format", "compression", "bytes", "phases", "slices", "instants", "counter_samples", "flows",
                "tracks", "processes", "time_range_ns", "diagnostics", "not_shown", "load_seconds", "loaded_from",
                "resident_bytes" }));
        QCOMPARE(j.at("slices").get<uint64_t>(), uint64_t(2));
        QCOMPARE(QString::fromStdString(j.at("time_range_ns").dump()), QString("[100,250]"));
        QCOMPARE(QString::fromStdString(j.at("phases").dump()), QString(R"({"M":1,"X":2})"));
        QCOMPARE(j.at("loaded_from").get<std::string>(), std::string("source"));
        QCOMPARE(InfoReport(*s, load()).json(), j.dump(2) + "\n");
    }

    void portableAndRefused()
    {
        const auto s = scripted();
        InfoReport::Load l = load();
        l.fromSnapshot = true;
        l.portable = true;
        l.sourceName = "/data/run.json";
        l.snapshotNotes = { "snapshot stale: deleted" };
        const InfoReport report(*s, l);
        const Json j = report.toJson();
        QCOMPARE(j.at("loaded_from").get<std::string>(), std::string("snapshot"));
        QCOMPARE(j.at("saved_from").get<std::string>(), std::string("/data/run.json"));
        QCOMPARE(j.at("diagnostics").at("snapshot_refused").get<int>(), 1);
        const QString text = QString::fromStdString(report.text());
        QVERIFY2(text.contains("\nsaved_from      /data/run.json\n"), qPrintable(text));
        QVERIFY2(text.contains("\n  snapshot_refused: 1\n  - snapshot stale: deleted\n"), qPrintable(text));
    }

    void text()
    {
        const auto s = scripted();
        const QStringList lines = QString::fromStdString(InfoReport(*s, load()).text()).split('\n');
        QCOMPARE(lines.value(0), QString("file            t.json"));
        QCOMPARE(lines.value(1), QString("format          chrome-json"));
        QCOMPARE(lines.value(3), QString("bytes           1234"));
        QVERIFY2(lines.contains("phases          M:1 X:2"), qPrintable(lines.join('\n')));
        QVERIFY2(lines.contains("diagnostics     none"), qPrintable(lines.join('\n')));
    }
};

QTEST_APPLESS_MAIN(tst_InfoReport)
#include "tst_inforeport.moc"
