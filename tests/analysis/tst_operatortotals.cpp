// OperatorTotals: the running totals an operator-table row and a tree node share (the
// aggregation itself is tst_operatoraggregator's).
#include <analysis/operators/operatortotals.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

using namespace strata::store;
using namespace strata::analysis;

namespace {

OperatorCatalog::Metrics metrics(uint8_t has, double bytes = 0, double flops = 0, double mfu = 0, double hfu = 0)
{
    OperatorCatalog::Metrics m;
    m.has = has;
    m.bytes = bytes;
    m.flops = flops;
    m.mfu = mfu;
    m.hfu = hfu;
    return m;
}

} // namespace

class tst_OperatorTotals : public QObject {
    Q_OBJECT
private slots:
    void add_data()
    {
        QTest::addColumn<QList<qlonglong>>("durs");
        QTest::addColumn<QList<int>>("kinds"); // store::WorkKind per slice
        QTest::addColumn<qlonglong>("transfer");
        QTest::addColumn<qlonglong>("communication");
        QTest::addColumn<qlonglong>("min");
        QTest::addColumn<qlonglong>("max");
        const int compute = int(WorkKind::Compute), memory = int(WorkKind::Memory), comm = int(WorkKind::Communication),
                  sync = int(WorkKind::Sync);
        QTest::newRow("one") << QList<qlonglong> { 50 } << QList<int> { compute } << 0LL << 0LL << 50LL << 50LL;
        QTest::newRow("several") << QList<qlonglong> { 30, 10, 20 } << QList<int> { compute, memory, memory } << 30LL
                                 << 0LL << 10LL << 30LL;
        QTest::newRow("zero length") << QList<qlonglong> { 0, 7 } << QList<int> { memory, compute } << 0LL << 0LL << 0LL
                                     << 7LL;
        QTest::newRow("three ways") << QList<qlonglong> { 40, 25, 15, 5 } << QList<int> { compute, comm, memory, sync }
                                    << 15LL << 25LL << 5LL << 40LL;
    }

    void add()
    {
        QFETCH(QList<qlonglong>, durs);
        QFETCH(QList<int>, kinds);
        OperatorTotals t;
        qlonglong sum = 0;
        for (int i = 0; i < durs.size(); ++i) {
            t.add(durs[i], 0, WorkKind(kinds[i]), metrics(0));
            sum += durs[i];
        }
        QCOMPARE(t.count, uint64_t(durs.size()));
        QCOMPARE(qlonglong(t.total), sum);
        QCOMPARE(qlonglong(t.self), sum);
        QTEST(qlonglong(t.transfer), "transfer");
        QTEST(qlonglong(t.communication), "communication");
        QTEST(qlonglong(t.min), "min");
        QTEST(qlonglong(t.max), "max");
        QCOMPARE(t.durations.size(), size_t(durs.size()));
        QCOMPARE(t.has, uint8_t(0));
    }

    void childTimeIsNotSelfTime()
    {
        OperatorTotals t;
        t.add(100, 0, WorkKind::Memory, metrics(0));
        t.subtractChild(30, WorkKind::Compute);
        t.subtractChild(20, WorkKind::Memory);
        QCOMPARE(t.total, TimeNs(100));
        QCOMPARE(t.self, TimeNs(50));
        QCOMPARE(t.transfer, TimeNs(80));
        QCOMPARE(t.count, uint64_t(1));
        OperatorTotals c;
        c.add(100, 0, WorkKind::Communication, metrics(0));
        c.subtractChild(30, WorkKind::Communication);
        QCOMPARE(c.self, TimeNs(70));
        QCOMPARE(c.communication, TimeNs(70));
        QCOMPARE(c.transfer, TimeNs(0));
    }

    void metricsAreSummedAndWeighted()
    {
        OperatorTotals t;
        using M = OperatorCatalog::Metrics;
        t.add(100, 0, WorkKind::Compute, metrics(M::kBytes | M::kMfu, 4096, 0, 40));
        t.add(300, 0, WorkKind::Compute, metrics(M::kFlops | M::kMfu | M::kHfu, 0, 1e9, 80, 90));
        t.add(50, 0, WorkKind::Compute, metrics(0));
        QCOMPARE(t.has, uint8_t(M::kBytes | M::kFlops | M::kMfu | M::kHfu));
        QCOMPARE(t.bytes, 4096.0);
        QCOMPARE(t.flops, 1e9);
        QCOMPARE(t.mfuWeighted / t.mfuDur, 70.0); // (40·100 + 80·300) / 400: slices without MFU do not count
        QCOMPARE(t.hfuWeighted / t.hfuDur, 90.0);
    }

    void enginesOnceEach()
    {
        OperatorTotals t;
        for (uint16_t e : { 3, 3, 1, 3, 1, 2 })
            t.add(1, e, WorkKind::Compute, metrics(0));
        QCOMPARE(t.engines, (std::vector<uint16_t> { 3, 1, 2 }));
    }

    void merge()
    {
        using M = OperatorCatalog::Metrics;
        OperatorTotals a, b, empty;
        a.add(10, 1, WorkKind::Compute, metrics(M::kBytes, 8));
        b.add(40, 2, WorkKind::Memory, metrics(M::kFlops, 0, 5));
        b.add(12, 2, WorkKind::Communication, metrics(0));
        b.add(5, 1, WorkKind::Compute, metrics(0));
        b.subtractChild(5, WorkKind::Compute);
        a.merge(b);
        a.merge(empty);
        QCOMPARE(a.count, uint64_t(4));
        QCOMPARE(a.total, TimeNs(67));
        QCOMPARE(a.self, TimeNs(62));
        QCOMPARE(a.transfer, TimeNs(40));
        QCOMPARE(a.communication, TimeNs(12));
        QCOMPARE(a.min, TimeNs(5));
        QCOMPARE(a.max, TimeNs(40));
        QCOMPARE(a.has, uint8_t(M::kBytes | M::kFlops));
        QCOMPARE(a.engines, (std::vector<uint16_t> { 1, 2 }));
        QCOMPARE(a.durations.size(), size_t(1)); // another core's durations stay on that core
    }

    void row()
    {
        StoreBuilder b;
        const ProcessId p = b.process(IdValue::number(1));
        b.setProcessName(p, b.intern("NPU 0"));
        const uint32_t t = b.thread(p, IdValue::number(1));
        b.setThreadName(t, b.intern("Compute"));
        const TypeId conv = b.type(b.intern("conv2d"), b.intern("op"));
        b.completeSlice(t, 0, 10, conv, {});
        const auto store = StoreFinalizer::finalize(b);
        const OperatorCatalog catalog(*store);
        const uint32_t key = catalog.key(OperatorLevel::Name, conv, ArgSetId());
        QVERIFY(key != OperatorCatalog::kNoKey);
        const uint16_t engine = catalog.engineGroup(TrackId(0));

        OperatorTotals totals;
        totals.add(10, engine, WorkKind::Compute, metrics(OperatorCatalog::Metrics::kMfu, 0, 0, 25));
        totals.add(30, engine, WorkKind::Memory, metrics(0));
        totals.add(20, engine, WorkKind::Communication, metrics(0));
        const OperatorRow r = totals.row(key, catalog);
        QCOMPARE(r.key, key);
        QCOMPARE(r.name, std::string("conv2d"));
        QCOMPARE(r.count, uint64_t(3));
        QCOMPARE(r.totalNs, TimeNs(60));
        QCOMPARE(r.selfNs, TimeNs(60));
        QCOMPARE(r.transferNs, TimeNs(30));
        QCOMPARE(r.communicationNs, TimeNs(20));
        QCOMPARE(r.executionNs(), TimeNs(30)); // compute and communication: what strata-cli ops prints
        QCOMPARE(r.avgNs, 20.0);
        QCOMPARE(r.minNs, TimeNs(10));
        QCOMPARE(r.maxNs, TimeNs(30));
        QCOMPARE(r.mfu, 25.0);
        QCOMPARE(r.hfu, -1.0);
        QVERIFY(!r.hasBytes);
        QCOMPARE(r.engines, std::vector<std::string> { catalog.engineGroupName(engine) });
        QCOMPARE(r.medianNs, 0.0); // left to the caller, which has every core's durations
        QCOMPARE(r.percent, 0.0);
        QCOMPARE(totals.row(OperatorCatalog::kNoKey, catalog).name, std::string("(none)"));
    }
};

QTEST_GUILESS_MAIN(tst_OperatorTotals)
#include "tst_operatortotals.moc"
