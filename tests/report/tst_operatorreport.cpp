// OperatorReport: the operator table and latency report as strata-cli writes them and the
// operator docks export them.
#include <report/operatorreport.h>

#include <QtTest>

using strata::report::OperatorReport;
using Json = OperatorReport::Json;
using namespace strata;

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

} // namespace

class tst_OperatorReport : public QObject {
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
        QTEST(text(OperatorReport::rowJson(r).at(key.toStdString())), "json");
    }

    void rowKeysInCliOrder()
    {
        const Json j = OperatorReport::rowJson(row("op", 100));
        QStringList keys;
        for (auto it = j.begin(); it != j.end(); ++it)
            keys << QString::fromStdString(it.key());
        QCOMPARE(keys.join(','), QString::fromStdString(OperatorReport::csvHeader()));
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
        const Json j = OperatorReport::tableJson(table(), range, size_t(limit));
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
        const QStringList lines = QString::fromStdString(OperatorReport::tableCsv(table())).split('\n');
        QCOMPARE(lines.size(), 5); // header, 3 rows, the final newline
        QVERIFY(lines.last().isEmpty());
        QCOMPARE(lines[0], QString::fromStdString(OperatorReport::csvHeader()));
        QVERIFY2(lines[1].startsWith("\"fused(conv1,bn1)\",2,2000,1990,1000.0,1,1999,1000.0,50.0,1986,4,,,,,"),
            qPrintable(lines[1]));
        QVERIFY2(lines[1].endsWith(",NPU 0 › Compute;NPU 0 › DMA,conv1+bn1"), qPrintable(lines[1]));
        QVERIFY2(lines[2].startsWith("\"say \"\"hi\"\"\","), qPrintable(lines[2]));
        QCOMPARE(QString::fromStdString(OperatorReport::tableCsv(table(), 1)).count('\n'), 2);
    }

    void csvField_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("plain") << "plain"
                               << "plain";
        QTest::newRow("comma") << "a,b"
                               << "\"a,b\"";
        QTest::newRow("quotes") << "say \"hi\""
                                << "\"say \"\"hi\"\"\"";
        QTest::newRow("newline") << "two\nlines"
                                 << "\"two\nlines\"";
        QTest::newRow("carriage return") << "a\rb"
                                         << "\"a\rb\"";
        QTest::newRow("empty") << ""
                               << "";
    }

    void csvField()
    {
        QFETCH(QString, in);
        QTEST(QString::fromStdString(OperatorReport::csvField(in.toStdString())), "out");
    }

    void latencyJson()
    {
        analysis::LatencyStats st;
        st.unit = "step";
        st.defaultUnit = true;
        st.count = 3;
        st.minNs = 10;
        st.maxNs = 30;
        st.meanNs = 20.00049;
        st.medianNs = 20;
        st.p99_9Ns = 29.98;
        st.histogram = { { 10, 20.0004, 1 }, { 20.0004, 30, 2 } };
        const std::vector<analysis::OperatorAverage> ops = { { "conv", 12.3456, 4 } };
        const Json j = OperatorReport::latencyJson(st, ops, std::nullopt);
        QStringList keys;
        for (auto it = j.begin(); it != j.end(); ++it)
            keys << QString::fromStdString(it.key());
        QCOMPARE(keys.join(','),
            QString("unit,default_unit,range_ns,count,min_ns,max_ns,mean_ns,median_ns,p90_ns,p95_ns,p97_ns,p99_ns,"
                    "p99_9_ns,histogram,operators"));
        QCOMPARE(text(j.at("range_ns")), QString("null"));
        QCOMPARE(text(j.at("mean_ns")), QString("20.0"));
        QCOMPARE(text(j.at("histogram")),
            QString("[{\"start_ns\":10.0,\"end_ns\":20.0,\"count\":1},"
                    "{\"start_ns\":20.0,\"end_ns\":30.0,\"count\":2}]"));
        QCOMPARE(text(j.at("operators")), QString("[{\"name\":\"conv\",\"average_ns\":12.346,\"count\":4}]"));
        QVERIFY(j.at("operators")[0] == OperatorReport::averageJson(ops[0]));
        QCOMPARE(text(OperatorReport::latencyJson(st, {}, store::TimeRange { 5, 9 }).at("range_ns")), QString("[5,9]"));
    }
};

QTEST_GUILESS_MAIN(tst_OperatorReport)
#include "tst_operatorreport.moc"
