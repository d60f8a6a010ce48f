// OperatorTableReport: the operator table as strata-cli ops writes it and the operator docks
// export it: the numbers of a row, the keys in the CLI's order, the limit, and the CSV and
// JSON of an aggregated table, cell by cell against the aggregator's numbers.
#include <support/operatortreetestutil.h>

#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatortree.h>
#include <report/operatortablereport.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using strata::report::Json;
using strata::report::OperatorTableReport;
using namespace strata;
using namespace operatortest;
using storetest::qs;

namespace {

analysis::OperatorRow row(const std::string& name, store::TimeNs total)
{
    analysis::OperatorRow r;
    r.name = name;
    r.count = 2;
    r.totalNs = total;
    r.selfNs = total - 10;
    r.transferNs = 4;
    r.minNs = 1;
    r.maxNs = total - 1;
    r.avgNs = double(total) / 2;
    r.medianNs = double(total) / 2;
    r.percent = 50;
    r.engines = { "NPU 0 › Compute", "NPU 0 › DMA" };
    r.fusedMembers = { "conv1", "bn1" };
    return r;
}

analysis::OperatorTable table()
{
    analysis::OperatorTable t;
    t.level = analysis::OperatorLevel::Layer;
    t.scope = analysis::OperatorScope::Device;
    t.events = 6;
    t.busyNs = 2980;
    t.executionNs = 2968;
    t.transferNs = 12;
    t.rows = { row("fused(conv1,bn1)", 2000), row("say \"hi\"", 600), row("relu", 400) };
    return t;
}

QString text(const Json& j)
{
    return QString::fromStdString(j.dump());
}

// Splits one CSV line (the CLI's quoting: fields with , " or newline quoted, "" inside).
QStringList csvCells(const QString& line)
{
    QStringList out;
    QString cur;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar ch = line[i];
        if (quoted) {
            if (ch == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cur += '"';
                ++i;
            } else if (ch == '"') {
                quoted = false;
            } else {
                cur += ch;
            }
        } else if (ch == '"') {
            quoted = true;
        } else if (ch == ',') {
            out << cur;
            cur.clear();
        } else {
            cur += ch;
        }
    }
    out << cur;
    return out;
}

} // namespace

class tst_OperatorTableReport : public QObject {
    Q_OBJECT
private slots:
    void rowNumbers_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("json");
        QTest::newRow("avg to 3 decimals") << "avg_ns" << 1234.56789 << "1234.568";
        QTest::newRow("median drops binary noise") << "median_ns" << 97829.25000000001 << "97829.25";
        QTest::newRow("percent to 6 decimals") << "percent" << 12.3456789 << "12.345679";
        QTest::newRow("whole bytes are an integer") << "bytes" << 4096.0 << "4096";
        QTest::newRow("fractional bytes stay a number") << "bytes" << 0.5 << "0.5";
        QTest::newRow("whole flops are an integer") << "flops" << 2.0e12 << "2000000000000";
        QTest::newRow("mfu") << "mfu" << 41.1234567 << "41.123457";
        QTest::newRow("no mfu") << "mfu" << -1.0 << "null";
    }

    void rowNumbers()
    {
        QFETCH(QString, key);
        QFETCH(double, value);
        analysis::OperatorRow r = row("op", 100);
        if (key == "avg_ns")
            r.avgNs = value;
        else if (key == "median_ns")
            r.medianNs = value;
        else if (key == "percent")
            r.percent = value;
        else if (key == "bytes")
            r.bytes = value, r.hasBytes = true;
        else if (key == "flops")
            r.flops = value, r.hasFlops = true;
        else if (key == "mfu")
            r.mfu = value;
        QTEST(text(OperatorTableReport::rowJson(r).at(key.toStdString())), "json");
    }

    void rowKeysInCliOrder()
    {
        const Json j = OperatorTableReport::rowJson(row("op", 100));
        QStringList keys;
        for (auto it = j.begin(); it != j.end(); ++it)
            keys << QString::fromStdString(it.key());
        QCOMPARE(keys.join(','), QString::fromStdString(OperatorTableReport::csvHeader()));
        QCOMPARE(j.at("execution_ns").get<int64_t>(), 86); // self 90 minus transfer 4
        QVERIFY(j.at("bytes").is_null()); // no "bytes" arg: null, not 0
        QVERIFY(j.at("flops").is_null());
    }

    void tableJson_data()
    {
        QTest::addColumn<bool>("ranged");
        QTest::addColumn<int>("limit");
        QTest::addColumn<int>("rows");
        QTest::newRow("whole trace") << false << 0 << 3;
        QTest::newRow("range") << true << 0 << 3;
        QTest::newRow("limit") << false << 2 << 2;
        QTest::newRow("limit above the rows") << true << 10 << 3;
    }

    void tableJson()
    {
        QFETCH(bool, ranged);
        QFETCH(int, limit);
        QFETCH(int, rows);
        const std::optional<store::TimeRange> range
            = ranged ? std::optional<store::TimeRange>(store::TimeRange { 1000, 5000 }) : std::nullopt;
        const analysis::OperatorTable t = table();
        const Json j = OperatorTableReport(t, range, size_t(limit)).toJson();
        QCOMPARE(text(j.at("level")), QString("\"layer\""));
        QCOMPARE(text(j.at("scope")), QString("\"device\""));
        QCOMPARE(text(j.at("range_ns")), ranged ? QString("[1000,5000]") : QString("null"));
        QCOMPARE(j.at("busy_ns").get<int64_t>(), 2980);
        QCOMPARE(int(j.at("rows").size()), rows);
        QCOMPARE(j.at("rows")[0].at("name").get<std::string>(), std::string("fused(conv1,bn1)"));
        // The header's keys come first, "rows" last, as the CLI has always printed them.
        QCOMPARE(QString::fromStdString(std::prev(j.end()).key()), QString("rows"));
    }

    void tableCsv()
    {
        const QStringList lines = QString::fromStdString(OperatorTableReport(table()).csv()).split('\n');
        QCOMPARE(lines.size(), 5); // header, 3 rows, the final newline
        QVERIFY(lines.last().isEmpty());
        QCOMPARE(lines[0], QString::fromStdString(OperatorTableReport::csvHeader()));
        QVERIFY2(lines[1].startsWith("\"fused(conv1,bn1)\",2,2000,1990,1000.0,1,1999,1000.0,50.0,1986,4,,,,,"),
            qPrintable(lines[1]));
        QVERIFY2(lines[1].endsWith(",NPU 0 › Compute;NPU 0 › DMA,conv1+bn1"), qPrintable(lines[1]));
        QVERIFY2(lines[2].startsWith("\"say \"\"hi\"\"\","), qPrintable(lines[2]));
        QCOMPARE(QString::fromStdString(OperatorTableReport(table(), std::nullopt, 1).csv()).count('\n'), 2);
    }

    void exportCsvMatchesAggregator_data();
    void exportCsvMatchesAggregator();
    void exportJsonMatchesAggregator();

private:
    const HandCatalog m_hand {};
};

void tst_OperatorTableReport::exportCsvMatchesAggregator_data()
{
    QTest::addColumn<QString>("level");
    QTest::addColumn<QString>("scope");
    for (const char* l : { "module", "framework", "layer", "hlo", "op", "command", "name" })
        for (const char* s : { "device", "host", "all" })
            QTest::addRow("%s %s", l, s) << l << s;
}

// The CSV is the CLI's: its header, and per row the aggregator's numbers, rounded as the
// CLI rounds them.
void tst_OperatorTableReport::exportCsvMatchesAggregator()
{
    QFETCH(QString, level);
    QFETCH(QString, scope);
    const OperatorLevel l = operatortest::level(level);
    const auto t = OperatorTreeBuilder::build(
        *m_hand.store, m_hand.catalog, { l }, OperatorAggregator::wholeTrace(), scopeOf(scope));
    const OperatorTable agg = OperatorAggregator::aggregate(
        *m_hand.store, m_hand.catalog, l, OperatorAggregator::wholeTrace(), scopeOf(scope));
    const QStringList lines = qs(report::OperatorTableReport(t->table).csv()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.value(0),
        QString("name,count,total_ns,self_ns,avg_ns,min_ns,max_ns,median_ns,percent,execution_ns,"
                "transfer_ns,bytes,flops,mfu,hfu,engines,fused"));
    QCOMPARE(lines.size(), int(agg.rows.size()) + 1);
    for (size_t i = 0; i < agg.rows.size(); ++i) {
        const OperatorRow& r = agg.rows[i];
        const QStringList c = csvCells(lines[int(i) + 1]);
        QCOMPARE(c.size(), 17);
        QCOMPARE(c[0], qs(r.name));
        QCOMPARE(c[1].toULongLong(), r.count);
        QCOMPARE(c[2].toLongLong(), r.totalNs);
        QCOMPARE(c[3].toLongLong(), r.selfNs);
        QCOMPARE(c[4].toDouble(), std::round(r.avgNs * 1e3) / 1e3);
        QCOMPARE(c[5].toLongLong(), r.minNs);
        QCOMPARE(c[6].toLongLong(), r.maxNs);
        QCOMPARE(c[7].toDouble(), std::round(r.medianNs * 1e3) / 1e3);
        QCOMPARE(c[8].toDouble(), std::round(r.percent * 1e6) / 1e6);
        QCOMPARE(c[9].toLongLong(), r.executionNs());
        QCOMPARE(c[10].toLongLong(), r.transferNs);
        QCOMPARE(c[11], r.hasBytes ? QString::number(qint64(r.bytes)) : QString());
        QCOMPARE(c[12], r.hasFlops ? QString::number(qint64(r.flops)) : QString());
        QCOMPARE(c[13].isEmpty(), r.mfu < 0);
        if (r.mfu >= 0)
            QCOMPARE(c[13].toDouble(), std::round(r.mfu * 1e6) / 1e6);
        QStringList engines;
        for (const std::string& e : r.engines)
            engines << qs(e);
        QCOMPARE(c[15], engines.join(';'));
        QStringList fused;
        for (const std::string& f : r.fusedMembers)
            fused << qs(f);
        QCOMPARE(c[16], fused.join('+'));
    }
}

void tst_OperatorTableReport::exportJsonMatchesAggregator()
{
    const TimeRange w { 400, 820 };
    const auto t
        = OperatorTreeBuilder::build(*m_hand.store, m_hand.catalog, { OperatorLevel::Op }, w, OperatorScope::Device);
    const OperatorTable agg
        = OperatorAggregator::aggregate(*m_hand.store, m_hand.catalog, OperatorLevel::Op, w, OperatorScope::Device);
    const std::string text = report::OperatorTableReport(t->table, store::TimeRange { 400, 820 }).json();
    QVERIFY(text.back() == '\n');
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
    QCOMPARE(o.keys().size(), 8);
    QCOMPARE(o["level"].toString(), QString("op"));
    QCOMPARE(o["scope"].toString(), QString("device"));
    QCOMPARE(o["range_ns"].toArray(), QJsonArray({ 400, 820 }));
    QCOMPARE(o["events"].toInteger(), qint64(agg.events));
    QCOMPARE(o["busy_ns"].toInteger(), agg.busyNs);
    QCOMPARE(o["execution_ns"].toInteger(), agg.executionNs);
    QCOMPARE(o["transfer_ns"].toInteger(), agg.transferNs);
    const QJsonArray rows = o["rows"].toArray();
    QCOMPARE(rows.size(), qsizetype(agg.rows.size()));
    for (size_t i = 0; i < agg.rows.size(); ++i) {
        const QJsonObject r = rows[qsizetype(i)].toObject();
        QCOMPARE(r["name"].toString(), qs(agg.rows[i].name));
        QCOMPARE(r["count"].toInteger(), qint64(agg.rows[i].count));
        QCOMPARE(r["total_ns"].toInteger(), agg.rows[i].totalNs);
        QCOMPARE(r["percent"].toDouble(), std::round(agg.rows[i].percent * 1e6) / 1e6);
        QVERIFY(r["hfu"].isNull());
    }
    // The whole trace writes "range_ns": null, as the CLI without --range.
    const QJsonObject whole
        = QJsonDocument::fromJson(QByteArray::fromStdString(report::OperatorTableReport(t->table).json())).object();
    QVERIFY(whole["range_ns"].isNull());
}

QTEST_GUILESS_MAIN(tst_OperatorTableReport)
#include "tst_operatortablereport.moc"
