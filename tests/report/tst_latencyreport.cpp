// LatencyReport: the latency report as strata-cli latency --json writes it and the Latency
// dock exports it: the keys in the CLI's order, the rounding, the range, and the CSV views
// (statistics, histogram, per-operator averages) holding the JSON's values.
#include <report/latencyreport.h>

#include <QtTest>

using strata::report::Json;
using strata::report::LatencyReport;
using namespace strata;

namespace {

analysis::LatencyStats stats()
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
    return st;
}

QString text(const Json& j)
{
    return QString::fromStdString(j.dump());
}

} // namespace

class tst_LatencyReport : public QObject {
    Q_OBJECT
private slots:
    void json()
    {
        const analysis::LatencyStats st = stats();
        const std::vector<analysis::OperatorAverage> ops = { { "conv", 12.3456, 4 } };
        const Json j = LatencyReport(st, ops).toJson();
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
        QVERIFY(j.at("operators")[0] == LatencyReport::averageJson(ops[0]));
        QCOMPARE(text(LatencyReport(st, {}, store::TimeRange { 5, 9 }).toJson().at("range_ns")), QString("[5,9]"));
        const LatencyReport report(st, ops);
        QCOMPARE(report.json(), j.dump(2) + "\n");
    }

    void csvViews()
    {
        const analysis::LatencyStats st = stats();
        const std::vector<analysis::OperatorAverage> ops = { { "conv, fused", 12.3456, 4 } };
        const LatencyReport report(st, ops);
        QCOMPARE(QString::fromStdString(report.csv()),
            QString("statistic,value\nunit,step\ncount,3\nmin_ns,10\nmax_ns,30\nmean_ns,20.0\nmedian_ns,20.0\n"
                    "p90_ns,0.0\np95_ns,0.0\np97_ns,0.0\np99_ns,0.0\np99_9_ns,29.98\n"));
        QCOMPARE(QString::fromStdString(report.histogramCsv()),
            QString("start_ns,end_ns,count\n10.0,20.0,1\n20.0,30.0,2\n"));
        QCOMPARE(
            QString::fromStdString(report.averagesCsv()), QString("name,average_ns,count\n\"conv, fused\",12.346,4\n"));
        QCOMPARE(report.averagesJson(), report.toJson().at("operators").dump(2) + "\n");
    }
};

QTEST_APPLESS_MAIN(tst_LatencyReport)
#include "tst_latencyreport.moc"
