// BreakdownReport: the JSON keys scripts read (per rank, device and engine), the CSV rows and
// header, the text table, and the "no device work" answer.
#include <support/storetestutil.h>

#include <analysis/breakdown/breakdowncalculator.h>
#include <report/breakdownreport.h>
#include <store/storefinalizer.h>

#include <QtTest>

using namespace strata;
using namespace strata::store;
using analysis::BreakdownCalculator;
using analysis::BreakdownIndex;
using report::BreakdownReport;
using report::Json;
using storetest::Builder;

namespace {

// Device 0: a compute stream [0,100) and an NCCL stream [50,150); rank 3.
std::shared_ptr<const EventStore> profile(bool device)
{
    Builder s;
    const uint32_t host = s.thread(100, "python", 100, "main");
    s.X(host, "aten::mm", "cpu_op", 0, 10);
    if (device) {
        const uint32_t s7 = s.thread(0, "python", 7, "stream 7");
        const uint32_t s40 = s.thread(0, "python", 40, "stream 40");
        s.X(s7, "gemm", "kernel", 0, 100);
        s.X(s40, "ncclKernel_AllReduce", "kernel", 50, 100);
    }
    s.b.addMetadata("distributedInfo.rank", "3");
    return StoreFinalizer::finalize(s.b);
}

BreakdownReport reportOf(const std::shared_ptr<const EventStore>& s)
{
    const BreakdownIndex index(*s);
    return BreakdownReport({ { "r3.json", s.get(), BreakdownCalculator::compute(*s, index, s->extent()) } });
}

} // namespace

class tst_BreakdownReport : public QObject {
    Q_OBJECT

private slots:
    void json();
    void csv();
    void text();
    void noDeviceWork();
};

void tst_BreakdownReport::json()
{
    const auto s = profile(true);
    const Json j = reportOf(s).toJson();
    QCOMPARE(j["threshold_ns"].get<int64_t>(), int64_t(30));
    const Json& rank = j["ranks"].at(0);
    QCOMPARE(rank["rank"].get<int64_t>(), int64_t(3));
    QCOMPARE(rank["file"].get<std::string>(), std::string("r3.json"));
    QVERIFY(rank["device_work"].get<bool>());
    const char* const keys[] = { "span_ns", "idle_ns", "compute_ns", "non_compute_ns", "communication_ns", "memory_ns",
        "other_ns", "comm_overlap_ns", "comm_exposed_ns", "comm_overlap_pct", "idle_causes" };
    for (const char* k : keys)
        QVERIFY2(rank.contains(k), k);
    QCOMPARE(rank["span_ns"].get<int64_t>(), int64_t(150));
    QCOMPARE(rank["compute_ns"].get<int64_t>(), int64_t(100));
    QCOMPARE(rank["non_compute_ns"].get<int64_t>(), int64_t(50));
    QCOMPARE(rank["comm_overlap_ns"].get<int64_t>(), int64_t(50));
    QCOMPARE(rank["comm_exposed_ns"].get<int64_t>(), int64_t(50));
    QCOMPARE(rank["comm_overlap_pct"].get<double>(), 50.0);
    for (const char* k : { "host_wait_ns", "kernel_wait_ns", "other_ns" })
        QVERIFY2(rank["idle_causes"].contains(k), k);
    const Json& device = rank["devices"].at(0);
    QCOMPARE(device["pid"].get<int64_t>(), int64_t(0));
    for (const char* k : keys)
        QVERIFY2(device.contains(k), k);
    QCOMPARE(device["engines"].size(), size_t(2));
    const Json& nccl = device["engines"].at(1);
    QCOMPARE(nccl["track"].get<std::string>(), std::string("stream 40"));
    QCOMPARE(nccl["kind"].get<std::string>(), std::string("communication"));
    QVERIFY(nccl["comm_overlap_pct"].get<double>() == 0.0);
    QVERIFY(device["engines"].at(0)["comm_overlap_pct"].is_null()); // no communication
    QCOMPARE(QString::fromStdString(reportOf(s).json()).right(1), QString("\n"));
}

void tst_BreakdownReport::csv()
{
    const QStringList lines = QString::fromStdString(reportOf(profile(true)).csv()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 5); // header, rank, device, two engines
    QVERIFY(lines[0].startsWith("rank,file,level,pid,device,track,kind,span_ns,idle_ns,compute_ns,"));
    QVERIFY(lines[0].endsWith(",comm_overlap_pct,host_wait_ns,kernel_wait_ns,idle_other_ns"));
    QCOMPARE(lines[1], QString("3,r3.json,rank,,,,,150,0,100,50,100,0,0,50,50,50.000000,0,0,0"));
    QVERIFY(lines[3].startsWith("3,r3.json,engine,0,python (0),stream 7,compute,100,"));
    QCOMPARE(lines[0].count(','), lines[3].count(','));
}

void tst_BreakdownReport::text()
{
    const QString t = QString::fromStdString(reportOf(profile(true)).text());
    QVERIFY(t.contains("rank        3\n"));
    QVERIFY(t.contains("all devices"));
    QVERIFY(t.contains("    stream 40  communication"));
    QVERIFY(t.contains(" 0.150 ")); // the span, 150 ns, in µs
}

void tst_BreakdownReport::noDeviceWork()
{
    const auto s = profile(false);
    QVERIFY(QString::fromStdString(reportOf(s).text()).endsWith("no device work\n"));
    const Json j = reportOf(s).toJson();
    QVERIFY(!j["ranks"].at(0)["device_work"].get<bool>());
    QCOMPARE(j["ranks"].at(0)["span_ns"].get<int64_t>(), int64_t(0));
    QVERIFY(j["ranks"].at(0)["devices"].empty());
}

QTEST_APPLESS_MAIN(tst_BreakdownReport)
#include "tst_breakdownreport.moc"
