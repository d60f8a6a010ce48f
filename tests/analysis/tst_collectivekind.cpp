// CollectiveKind: the short name the Ranks dock and the skew strip give a collective. The
// kind wherever the name spells it (NCCL's kernels of every version, PyTorch's record
// functions, c10d's calls), longer kinds before the kinds they contain; otherwise the name up
// to its argument list.
#include <analysis/collectives/collectivekind.h>

#include <QtTest>

using strata::analysis::CollectiveKind;

class tst_CollectiveKind : public QObject {
    Q_OBJECT

private slots:
    void kind_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("kind");
        QTest::newRow("NCCL device kernel") << "ncclDevKernel_AllReduce_Sum_f32_RING_LL"
                                            << "AllReduce";
        QTest::newRow("NCCL kernel") << "ncclKernel_AllGather_RING_LL_Sum_int8_t"
                                     << "AllGather";
        QTest::newRow("NCCL kernel with arguments") << "ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)"
                                                    << "AllReduce";
        QTest::newRow("NCCL 2.19") << "ncclDevKernel_AllGather_RING_LL(ncclDevComm*)"
                                   << "AllGather";
        QTest::newRow("reduce-scatter, not reduce") << "ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL"
                                                    << "ReduceScatter";
        QTest::newRow("send/recv, not send") << "ncclDevKernel_SendRecv"
                                             << "SendRecv";
        QTest::newRow("record function") << "nccl:all_reduce"
                                         << "AllReduce";
        QTest::newRow("c10d call") << "c10d::allreduce_(at::Tensor)"
                                   << "AllReduce";
        QTest::newRow("a kind only in the arguments is not read") << "custom_comm(AllReduceOptions)"
                                                                  << "custom_comm";
        QTest::newRow("unknown: up to its arguments") << "custom_comm(float)"
                                                      << "custom_comm";
        QTest::newRow("unknown, no arguments") << "my_collective"
                                               << "my_collective";
    }
    void kind()
    {
        QFETCH(QString, kernel);
        QFETCH(QString, kind);
        QCOMPARE(QString::fromStdString(CollectiveKind::of(kernel.toStdString())), kind);
    }
};

QTEST_APPLESS_MAIN(tst_CollectiveKind)
#include "tst_collectivekind.moc"
