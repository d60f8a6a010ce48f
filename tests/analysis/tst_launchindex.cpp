// LaunchIndex: device work tied to its launch by correlation id, ac2g flow or External id,
// and the CPU ops around the launch as its framework op and op, in the catalog's keys too.
#include <support/jobteststore.h>
#include <support/storetestutil.h>

#include <analysis/operators/launchindex.h>
#include <analysis/operators/operatorcatalog.h>
#include <store/storefinalizer.h>

#include <QtTest>

using namespace strata;
using namespace strata::store;
using analysis::LaunchIndex;
using analysis::OperatorCatalog;
using analysis::OperatorLevel;
using storetest::Builder;

namespace {

// Times in ns.
//  host 100/100: ProfilerStep#1 [0,1000)
//                  > aten::linear [100,500) > aten::addmm [150,450) > cudaLaunchKernel [200,210) corr 1
//                  > aten::relu [600,700) ext 42 > cudaLaunchKernel [610,620) corr 2
//                  > cudaLaunchKernel [720,730) → flow 5
//                  > cudaMemcpyAsync [800,810) corr 3
//  device 0/7:   gemm [300,400) corr 1 · relu_kernel [700,750) ext 42 · flowed [760,780) ← flow 5
//                · memcpy [820,900) corr 3 · orphan [950,990) corr 99
//  device 0/8:   "conv" of category "" (not launched: keeps its name's keys)
std::shared_ptr<const EventStore> kinetoStore()
{
    Builder s;
    const uint32_t host = s.thread(100, "python", 100, "main");
    const uint32_t stream = s.thread(0, "python", 7, "stream 7");
    const uint32_t other = s.thread(0, "python", 8, "stream 8");
    s.X(host, "ProfilerStep#1", "user_annotation", 0, 1000);
    s.X(host, "aten::linear", "cpu_op", 100, 400);
    s.X(host, "aten::addmm", "cpu_op", 150, 300);
    s.X(host, "cudaLaunchKernel", "cuda_runtime", 200, 10, s.args({ { "correlation", int64_t(1) } }));
    s.X(host, "aten::relu", "cpu_op", 600, 100, s.args({ { "External id", int64_t(42) } }));
    s.X(host, "cudaLaunchKernel", "cuda_runtime", 610, 10, s.args({ { "correlation", int64_t(2) } }));
    const SliceHandle out = s.X(host, "cudaLaunchKernel", "cuda_runtime", 720, 10);
    s.b.flowV2(out, 5, false, true, s.b.intern("ac2g"), s.b.intern("ac2g"));
    s.X(host, "cudaMemcpyAsync", "cuda_runtime", 800, 10, s.args({ { "correlation id", "3" } }));
    s.X(stream, "gemm", "kernel", 300, 100, s.args({ { "correlation", int64_t(1) } }));
    s.X(stream, "relu_kernel", "kernel", 700, 50, s.args({ { "External id", int64_t(42) } }));
    const SliceHandle in = s.X(stream, "flowed", "kernel", 760, 20);
    s.b.flowV2(in, 5, true, false, s.b.intern("ac2g"), s.b.intern("ac2g"));
    s.X(stream, "memcpy", "gpu_memcpy", 820, 80, s.args({ { "correlation", int64_t(3) } }));
    s.X(stream, "orphan", "kernel", 950, 40, s.args({ { "correlation", int64_t(99) } }));
    s.X(other, "aten::conv2d", "", 0, 10);
    return StoreFinalizer::finalize(s.b);
}

SliceRow findSlice(const EventStore& s, const char* name, TimeNs ts)
{
    for (uint32_t r = 0; r < s.sliceCount(); ++r)
        if (s.str(s.sliceName(SliceRow(r))) == name && s.sliceTs(SliceRow(r)) == ts)
            return SliceRow(r);
    return SliceRow();
}

QString nameOf(const EventStore& s, uint32_t row)
{
    return row == LaunchIndex::kNone ? QString("-") : storetest::qs(s.str(s.sliceName(SliceRow(row))));
}

} // namespace

class tst_LaunchIndex : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void links_data();
    void links();
    void catalogKeys_data();
    void catalogKeys();
    void launchedBy_data();
    void launchedBy();
    void nothingToLinkWithoutKineto();
    void idsAreEachRanksOwnInAJob();

private:
    std::shared_ptr<const EventStore> m_store;
};

void tst_LaunchIndex::initTestCase()
{
    m_store = kinetoStore();
}

void tst_LaunchIndex::links_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<qint64>("ts");
    QTest::addColumn<QString>("expected"); // "launch | outer op | inner op | stack", or "unlinked"
    QTest::newRow("by correlation") << "gemm" << qint64(300)
                                    << "cudaLaunchKernel | aten::linear | aten::addmm | aten::linear > aten::addmm";
    QTest::newRow("by External id") << "relu_kernel" << qint64(700) << "- | aten::relu | aten::relu | aten::relu";
    QTest::newRow("by ac2g flow") << "flowed" << qint64(760) << "cudaLaunchKernel | - | - | ";
    QTest::newRow("correlation id as a string") << "memcpy" << qint64(820) << "cudaMemcpyAsync | - | - | ";
    QTest::newRow("no launch") << "orphan" << qint64(950) << "unlinked";
    QTest::newRow("not a launched category") << "aten::conv2d" << qint64(0) << "unlinked";
}

void tst_LaunchIndex::links()
{
    QFETCH(QString, device);
    QFETCH(qint64, ts);
    QFETCH(QString, expected);
    const LaunchIndex index(*m_store);
    const SliceRow row = findSlice(*m_store, qPrintable(device), ts);
    QVERIFY(row.valid());
    const LaunchIndex::Link* link = index.find(row);
    if (expected == "unlinked") {
        QVERIFY(!link);
        return;
    }
    QVERIFY(link);
    QStringList stack;
    for (SliceRow op : index.opStack(*m_store, *link))
        stack << storetest::qs(m_store->str(m_store->sliceName(op)));
    QCOMPARE(QString("%1 | %2 | %3 | %4")
                 .arg(nameOf(*m_store, link->launch), nameOf(*m_store, link->outerOp), nameOf(*m_store, link->innerOp),
                     stack.join(" > ")),
        expected);
    QCOMPARE(index.unlinked(), size_t(1)); // the orphan
}

void tst_LaunchIndex::catalogKeys_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<qint64>("ts");
    QTest::addColumn<QString>("framework");
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("command");
    QTest::newRow("gemm") << "gemm" << qint64(300) << "aten::linear"
                          << "aten::addmm"
                          << "gemm";
    QTest::newRow("relu") << "relu_kernel" << qint64(700) << "aten::relu"
                          << "aten::relu"
                          << "relu_kernel";
    // Launched device work without a launching op is unknown at those levels, whatever its
    // name looks like.
    QTest::newRow("memcpy") << "memcpy" << qint64(820) << ""
                            << ""
                            << "memcpy";
    QTest::newRow("orphan") << "orphan" << qint64(950) << ""
                            << ""
                            << "orphan";
    // Other slices keep their names' keys.
    QTest::newRow("not launched") << "aten::conv2d" << qint64(0) << "aten::conv2d"
                                  << "aten::conv2d"
                                  << "aten::conv2d";
}

void tst_LaunchIndex::catalogKeys()
{
    QFETCH(QString, device);
    QFETCH(qint64, ts);
    QFETCH(QString, framework);
    QFETCH(QString, op);
    QFETCH(QString, command);
    const OperatorCatalog catalog(*m_store);
    const SliceRow row = findSlice(*m_store, qPrintable(device), ts);
    auto key = [&](OperatorLevel l) {
        return storetest::qs(catalog.keyText(catalog.key(l, row, m_store->sliceType(row), m_store->sliceArgs(row))));
    };
    QCOMPARE(key(OperatorLevel::Framework), framework);
    QCOMPARE(key(OperatorLevel::Op), op);
    QCOMPARE(key(OperatorLevel::Command), command);
}

void tst_LaunchIndex::launchedBy_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<qint64>("ts");
    QTest::addColumn<QString>("kernels");
    QTest::newRow("framework op") << "aten::linear" << qint64(100) << "gemm";
    QTest::newRow("inner op") << "aten::addmm" << qint64(150) << "gemm";
    QTest::newRow("op linked by External id") << "aten::relu" << qint64(600) << "relu_kernel";
    QTest::newRow("launch call") << "cudaLaunchKernel" << qint64(720) << "flowed";
    QTest::newRow("the step") << "ProfilerStep#1" << qint64(0) << "gemm relu_kernel flowed memcpy";
}

void tst_LaunchIndex::launchedBy()
{
    QFETCH(QString, host);
    QFETCH(qint64, ts);
    QFETCH(QString, kernels);
    const LaunchIndex index(*m_store);
    const SliceRow row = findSlice(*m_store, qPrintable(host), ts);
    QVERIFY(row.valid());
    size_t total = 0;
    QStringList seen;
    for (SliceRow k : index.launchedBy(*m_store, row, 100, &total))
        seen << storetest::qs(m_store->str(m_store->sliceName(k)));
    QCOMPARE(seen.join(' '), kernels);
    QCOMPARE(total, size_t(seen.size()));
    QCOMPARE(index.launchedBy(*m_store, row, 1, &total).size(), size_t(1));
    QCOMPARE(total, size_t(seen.size()));
}

void tst_LaunchIndex::nothingToLinkWithoutKineto()
{
    Builder s;
    const uint32_t t = s.thread(1, "NPU 0", 1, "Neural Engine Clusters");
    s.X(t, "conv", "Neural Engine Clusters", 0, 10, s.args({ { "correlation", int64_t(1) } }));
    const auto store = StoreFinalizer::finalize(s.b);
    const LaunchIndex index(*store);
    QVERIFY(index.links().empty());
    QCOMPARE(index.unlinked(), size_t(0));
}

void tst_LaunchIndex::idsAreEachRanksOwnInAJob()
{
    // Each rank's file numbers its own ids: in a job's merged store, rank 1's kernel of
    // correlation 1 is its own launch's, not rank 0's; the same for External ids.
    const jobtest::RankFill fill = [](storetest::Builder& s, int r) {
        const uint32_t host = s.thread(jobtest::pid(r, 0), "python", 1, "main");
        const uint32_t stream = s.thread(jobtest::pid(r, 1), "python", 7, "stream 7");
        s.X(host, "aten::mm", "cpu_op", 10 * r, 100, s.args({ { "External id", int64_t(5) } }));
        s.X(host, "cudaLaunchKernel", "cuda_runtime", 10 * r + 1, 5, s.args({ { "correlation", int64_t(1) } }));
        s.X(stream, "gemm", "kernel", 200 + 10 * r, 10, s.args({ { "correlation", int64_t(1) } }));
        s.X(stream, "relu", "kernel", 300 + 10 * r, 10, s.args({ { "External id", int64_t(5) } }));
    };
    const auto store = jobtest::merged(fill, 3);
    const JobLayout layout = JobLayout::of(*store);
    const LaunchIndex index(*store);
    QCOMPARE(index.links().size(), size_t(6));
    for (const LaunchIndex::Link& link : index.links()) {
        const int rank = layout.rankIndexOfTrack(store->sliceTrack(SliceRow(link.device)));
        const uint32_t host = link.launch != LaunchIndex::kNone ? link.launch : link.innerOp;
        QCOMPARE(layout.rankIndexOfTrack(store->sliceTrack(SliceRow(host))), rank);
    }
}

QTEST_GUILESS_MAIN(tst_LaunchIndex)
#include "tst_launchindex.moc"
