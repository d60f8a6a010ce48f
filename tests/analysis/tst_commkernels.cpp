// CommKernels on hand-made Kineto stores: which slices are communication kernels, how they
// are grouped (name and stream, or the process group the kernel's args name), their order,
// the overflow lanes of a device track, and a rank limited to some of its tracks.
#include <analysis/collectives/commkernels.h>
#include <support/storetestutil.h>

#include <store/storefinalizer.h>

#include <QtTest>

using namespace strata::analysis;
using strata::store::TimeNs;
using strata::store::TrackId;

class tst_CommKernels : public QObject {
    Q_OBJECT

private slots:
    void groupsByNameAndStream()
    {
        storetest::Builder s;
        const uint32_t host = s.thread(100, "python", 100, "main");
        const uint32_t s7 = s.thread(0, "python", 7, "stream 7");
        const uint32_t s24 = s.thread(0, "python", 24, "stream 24");
        const uint32_t s25 = s.thread(0, "python", 25, "stream 25");
        s.X(host, "ncclKernel_AllReduce", "cpu_op", 0, 5); // host work: never a collective
        s.X(s7, "gemm", "kernel", 0, 10);
        s.X(s24, "ncclKernel_AllReduce", "kernel", 50, 10);
        s.X(s24, "ncclKernel_AllReduce", "kernel", 20, 10);
        s.X(s24, "ncclDevKernel_Broadcast", "kernel", 70, 5);
        s.X(s25, "ncclKernel_AllReduce", "kernel", 30, 10);
        const auto store = strata::store::StoreFinalizer::finalize(s.b);
        CollectiveRank rank;
        rank.store = store.get();
        const std::vector<CommSeries> series = CommKernels::of(rank);
        QCOMPARE(series.size(), size_t(3));
        QCOMPARE(series[0].name, std::string("ncclDevKernel_Broadcast"));
        QCOMPARE(series[1].name, std::string("ncclKernel_AllReduce"));
        QCOMPARE(series[1].channel, std::string("24"));
        QCOMPARE(series[1].kernels.size(), size_t(2));
        QCOMPARE(series[1].kernels[0].start, TimeNs(20)); // start order
        QCOMPARE(series[1].kernels[1].end, TimeNs(60));
        QCOMPARE(series[2].channel, std::string("25"));
    }

    void processGroupFromArgs()
    {
        // Newer Kineto names the process group on the kernel: the group, not the stream, matches.
        storetest::Builder s;
        const uint32_t s24 = s.thread(0, "python", 24, "stream 24");
        const uint32_t s40 = s.thread(0, "python", 40, "stream 40");
        s.X(s24, "ncclKernel_AllReduce", "kernel", 0, 10, s.args({ { "Process Group Name", "0" } }));
        s.X(s40, "ncclKernel_AllReduce", "kernel", 20, 10, s.args({ { "Process Group Name", "0" } }));
        s.X(s40, "ncclKernel_AllReduce", "kernel", 40, 10, s.args({ { "pg_id", 3 } }));
        const auto store = strata::store::StoreFinalizer::finalize(s.b);
        CollectiveRank rank;
        rank.store = store.get();
        const std::vector<CommSeries> series = CommKernels::of(rank);
        QCOMPARE(series.size(), size_t(2));
        QCOMPARE(series[0].channel, std::string("pg 0"));
        QCOMPARE(series[0].kernels.size(), size_t(2));
        QCOMPARE(series[1].channel, std::string("pg 3"));
    }

    void overflowLanesAndTrackLimit()
    {
        storetest::Builder s;
        const uint32_t s24 = s.thread(0, "python", 24, "stream 24");
        const uint32_t s7 = s.thread(0, "python", 7, "stream 7");
        s.X(s24, "ncclKernel_AllReduce", "kernel", 0, 10);
        s.X(s24, "ncclKernel_AllReduce", "kernel", 5, 10); // overlaps partly: an overflow lane
        s.X(s7, "ncclKernel_AllGather", "kernel", 0, 10);
        const auto store = strata::store::StoreFinalizer::finalize(s.b);
        CollectiveRank rank;
        rank.store = store.get();
        QCOMPARE(CommKernels::of(rank).size(), size_t(2));
        for (uint32_t t = 0; t < store->trackCount(); ++t)
            if (store->trackLabel(TrackId(t)) == "stream 24")
                rank.tracks.push_back(TrackId(t));
        QCOMPARE(rank.tracks.size(), size_t(1));
        const std::vector<CommSeries> series = CommKernels::of(rank);
        QCOMPARE(series.size(), size_t(1));
        QCOMPARE(series[0].kernels.size(), size_t(2)); // the lane's kernel counts with its stream
        QCOMPARE(series[0].kernels[1].start, TimeNs(5));
    }
};

QTEST_APPLESS_MAIN(tst_CommKernels)
#include "tst_commkernels.moc"
