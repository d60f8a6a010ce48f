// CompareReport: the Compare table as strata-cli diff writes it (JSON and CSV): the keys,
// whole numbers as integers, per-step figures rounded, Δ % null without a baseline, the
// latency of both sides, and CSV cells quoted like the operator table's.
#include <report/comparereport.h>

#include <QtTest>

using strata::report::CompareReport;
using strata::report::Json;
using namespace strata;

namespace {

analysis::CompareRow slower()
{
    analysis::CompareRow r;
    r.name = "aten::mm";
    r.status = analysis::CompareStatus::Slower;
    r.aCount = 4;
    r.bCount = 6;
    r.aTotalNs = 724000;
    r.bTotalNs = 1629000;
    r.deltaNs = 905000;
    r.deltaPct = 125.0;
    r.aAvgNs = 181000;
    r.bAvgNs = 271500;
    r.deltaAvgNs = 90500;
    r.aNames = { "aten::mm" };
    r.bNames = { "aten::mm" };
    return r;
}

analysis::CompareRow added()
{
    analysis::CompareRow r;
    r.name = "conv, fused";
    r.status = analysis::CompareStatus::Added;
    r.bCount = 2.0 / 3.0; // per step
    r.bTotalNs = 1000.0 / 3.0;
    r.deltaNs = 1000.0 / 3.0;
    r.bAvgNs = 500;
    r.deltaAvgNs = 500;
    r.bNames = { "1_conv, fused_0", "2_conv, fused_0" };
    r.normalisedMatch = false;
    return r;
}

analysis::CompareResult result()
{
    analysis::CompareResult r;
    r.level = analysis::OperatorLevel::Op;
    r.a.busyNs = 2060000;
    r.a.events = 20;
    r.a.steps = 4;
    r.b.busyNs = 3753000;
    r.b.events = 30;
    r.b.steps = 6;
    r.rows = { slower(), added() };
    return r;
}

analysis::LatencyStats stats(uint64_t count)
{
    analysis::LatencyStats s;
    s.unit = count ? "ProfilerStep" : "";
    s.count = count;
    s.minNs = 10;
    s.maxNs = 30;
    s.meanNs = 20.0004;
    s.medianNs = 19.5;
    s.p90Ns = 28;
    s.p99Ns = 29.8;
    return s;
}

QStringList keys(const Json& j)
{
    QStringList out;
    for (auto it = j.begin(); it != j.end(); ++it)
        out << QString::fromStdString(it.key());
    return out;
}

} // namespace

class tst_CompareReport : public QObject {
    Q_OBJECT

private slots:
    void keysInOrder();
    void wholeNumbers();
    void perStepRounded();
    void latency_data();
    void latency();
    void csv();
};

void tst_CompareReport::keysInOrder()
{
    const Json j = CompareReport(result(), "a.json", "b.json", stats(4), stats(6)).toJson();
    QCOMPARE(keys(j), QStringList({ "level", "a", "b", "rows", "latency" }));
    QCOMPARE(j["level"].get<std::string>(), std::string("op"));
    QCOMPARE(keys(j["a"]), QStringList({ "file", "busy_ns", "events", "steps" }));
    QCOMPARE(j["a"].dump(), std::string(R"({"file":"a.json","busy_ns":2060000,"events":20,"steps":4})"));
    QCOMPARE(j["b"]["file"].get<std::string>(), std::string("b.json"));
    QCOMPARE(keys(j["rows"][0]),
        QStringList({ "name", "status", "a_count", "b_count", "a_total_ns", "b_total_ns", "delta_ns", "delta_pct",
            "a_avg_ns", "b_avg_ns", "delta_avg_ns", "normalised", "a_names", "b_names" }));
    QCOMPARE(keys(j["latency"]), QStringList({ "unit", "a", "b" }));
}

void tst_CompareReport::wholeNumbers()
{
    const Json j = CompareReport::rowJson(slower());
    QCOMPARE(j.dump(),
        std::string(R"({"name":"aten::mm","status":"slower","a_count":4,"b_count":6,"a_total_ns":724000,)"
                    R"("b_total_ns":1629000,"delta_ns":905000,"delta_pct":125.0,"a_avg_ns":181000.0,)"
                    R"("b_avg_ns":271500.0,"delta_avg_ns":90500.0,"normalised":false,"a_names":["aten::mm"],)"
                    R"("b_names":["aten::mm"]})"));
}

void tst_CompareReport::perStepRounded()
{
    const Json j = CompareReport::rowJson(added());
    QCOMPARE(j["status"].get<std::string>(), std::string("added"));
    QCOMPARE(j["a_count"].dump(), std::string("0"));
    QCOMPARE(j["b_count"].dump(), std::string("0.667"));
    QCOMPARE(j["b_total_ns"].dump(), std::string("333.333"));
    QVERIFY(j["delta_pct"].is_null());
}

void tst_CompareReport::latency_data()
{
    QTest::addColumn<int>("countA");
    QTest::addColumn<int>("countB");
    QTest::addColumn<QString>("expected");
    QTest::newRow("both") << 4 << 6
                          << R"({"unit":"ProfilerStep","a":{"count":4,"p50_ns":19.5,"p90_ns":28.0,"p99_ns":29.8,)"
                             R"("min_ns":10,"max_ns":30,"mean_ns":20.0},"b":{"count":6,"p50_ns":19.5,"p90_ns":28.0,)"
                             R"("p99_ns":29.8,"min_ns":10,"max_ns":30,"mean_ns":20.0}})";
    QTest::newRow("only B") << 0 << 6
                            << R"({"unit":"ProfilerStep","a":{"count":0,"p50_ns":null,"p90_ns":null,"p99_ns":null,)"
                               R"("min_ns":null,"max_ns":null,"mean_ns":null},"b":{"count":6,"p50_ns":19.5,)"
                               R"("p90_ns":28.0,"p99_ns":29.8,"min_ns":10,"max_ns":30,"mean_ns":20.0}})";
    QTest::newRow("neither") << 0 << 0
                             << R"({"unit":null,"a":{"count":0,"p50_ns":null,"p90_ns":null,"p99_ns":null,)"
                                R"("min_ns":null,"max_ns":null,"mean_ns":null},"b":{"count":0,"p50_ns":null,)"
                                R"("p90_ns":null,"p99_ns":null,"min_ns":null,"max_ns":null,"mean_ns":null}})";
}

void tst_CompareReport::latency()
{
    QFETCH(int, countA);
    QFETCH(int, countB);
    QFETCH(QString, expected);
    const analysis::CompareResult r = result();
    const Json j = CompareReport(r, "a", "b", stats(uint64_t(countA)), stats(uint64_t(countB))).toJson();
    QCOMPARE(QString::fromStdString(j["latency"].dump()), expected);
}

void tst_CompareReport::csv()
{
    const QStringList lines = QString::fromStdString(CompareReport(result()).csv()).split('\n');
    QCOMPARE(lines.size(), 4); // header, two rows, the final newline
    QCOMPARE(lines[0],
        QString("name,status,a_count,b_count,a_total_ns,b_total_ns,delta_ns,delta_pct,a_avg_ns,b_avg_ns,delta_avg_ns,"
                "normalised,a_names,b_names"));
    QCOMPARE(lines[1],
        QString("aten::mm,slower,4,6,724000,1629000,905000,125.0,181000.0,271500.0,90500.0,false,aten::mm,aten::mm"));
    QCOMPARE(lines[2],
        QString(
            R"("conv, fused",added,0,0.667,0,333.333,333.333,,0.0,500.0,500.0,false,,"1_conv, fused_0;2_conv, fused_0")"));
    QCOMPARE(lines[3], QString());
}

QTEST_APPLESS_MAIN(tst_CompareReport)
#include "tst_comparereport.moc"
