// SearchReport: strata-cli search's output of a result: events by start time, then track,
// then depth; times from the trace start; the limit (count and total still cover every
// match); JSON with one event a line, CSV quoting, and the text table.
#include <support/analysistestutil.h>

#include <analysis/search/searchengine.h>
#include <report/searchreport.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <sstream>

using namespace strata;
using strata::report::SearchReport;

namespace {

// Two threads from 1000; "conv, 1" on thread 2 starts first, a child nests in thread 1's.
std::shared_ptr<const store::EventStore> scripted()
{
    analysistest::Script script;
    return script.run("T 1 main; X 1 conv_a 1010 100; X 1 conv_b 1020 10; X 1 other 1000 5;"
                      "T 2 worker; X 2 conv_c 1005 30");
}

struct Printed {
    std::string json, csv, text;
};

Printed print(const store::EventStore& s, size_t limit)
{
    analysis::SearchQuery q;
    q.name = "conv";
    const analysis::SearchResult res = analysis::SearchEngine::run(s, q);
    Printed p;
    std::ostringstream json, csv, text;
    SearchReport report(s, "t.json", q, res, limit);
    report.json(json);
    report.csv(csv);
    report.text(text);
    return { json.str(), csv.str(), text.str() };
}

} // namespace

class tst_SearchReport : public QObject {
    Q_OBJECT
private slots:
    void json_data()
    {
        QTest::addColumn<int>("limit");
        QTest::addColumn<int>("shown");
        QTest::newRow("all") << 0 << 3;
        QTest::newRow("limit") << 2 << 2;
        QTest::newRow("limit above the count") << 10 << 3;
    }

    void json()
    {
        QFETCH(int, limit);
        QFETCH(int, shown);
        const auto s = scripted();
        const std::string text = print(*s, size_t(limit)).json;
        QJsonParseError error;
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(text), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(o.keys().size(), 9);
        QCOMPARE(o["count"].toInt(), 3);
        QCOMPARE(o["total_ns"].toInt(), 140);
        QCOMPARE(o["trace_start_ns"].toInt(), 1000);
        QCOMPARE(o["shown"].toInt(), shown);
        const QJsonArray events = o["events"].toArray();
        QCOMPARE(events.size(), shown);
        QCOMPARE(events[0].toObject()["name"].toString(), QString("conv_c"));
        QCOMPARE(events[0].toObject()["start_ns"].toInt(), 5);
        QCOMPARE(events[1].toObject()["name"].toString(), QString("conv_a"));
        // One event a line, so a million matches stream without a document in memory.
        QCOMPARE(int(std::count(text.begin(), text.end(), '\n')), 12 + shown);
    }

    void csvAndText()
    {
        const auto s = scripted();
        const Printed p = print(*s, 1);
        QCOMPARE(QString::fromStdString(p.csv),
            QString("kind,track,process,name,category,start_ns,dur_ns\nslice,worker,Process 1,conv_c,cat,5,30\n"));
        const QStringList lines = QString::fromStdString(p.text).split('\n');
        QCOMPARE(lines.value(0), QString("file      t.json"));
        QCOMPARE(lines.value(2), QString("matches   3 (slices 3, instants 0)"));
        QCOMPARE(lines.value(3), QString("total     140 ns"));
        QCOMPARE(lines.value(5), QString("start_ns  dur_ns  process    track   name"));
        QCOMPARE(lines.value(6), QString("       5      30  Process 1  worker  conv_c"));
        QCOMPARE(lines.value(7), QString("... 2 more (--limit 0 prints all)"));
    }
};

QTEST_APPLESS_MAIN(tst_SearchReport)
#include "tst_searchreport.moc"
