// TransferClassifier: which names, categories and tracks read as data movement. The timeline's
// colours, the summaries' bandwidth and the operators' execution vs transfer split all ask it.
#include <store/storebuilder.h>
#include <store/storefinalizer.h>
#include <store/transferclassifier.h>

#include <QtTest>

using namespace strata::store;

class tst_TransferClassifier : public QObject {
    Q_OBJECT

private slots:
    void text_data();
    void text();
    void trackAndSlice_data();
    void trackAndSlice();
    void overflowLaneFollowsItsThread();
};

void tst_TransferClassifier::text_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("transfer");
    QTest::newRow("empty") << "" << false;
    QTest::newRow("rbln task dma") << "Task DMA" << true;
    QTest::newRow("rbln external hdma") << "External HDMA" << true;
    QTest::newRow("neuron dma queue") << "qSyncIO0 (DMA)" << true;
    QTest::newRow("dma call") << "dma(layer1.weight)" << true;
    QTest::newRow("hdma call") << "hdma_h2d(input_0)" << true;
    QTest::newRow("kineto memcpy") << "Memcpy HtoD (Pageable -> Device)" << true;
    QTest::newRow("memcpy category") << "gpu_memcpy" << true;
    QTest::newRow("memset") << "cudaMemsetAsync" << true;
    QTest::newRow("neuron tensor write") << "nrt_tensor_write" << true;
    QTest::newRow("sophgo gdma engine") << "GDMA" << true;
    QTest::newRow("sophgo gdma, lower case") << "tpu_gdma" << true;
    QTest::newRow("sophgo cdma record") << "CDMA" << true;
    QTest::newRow("sdma engine") << "SDMA0" << true;
    QTest::newRow("sophgo tiu engine") << "TIU" << false;
    QTest::newRow("sophgo tiu function") << "CONV" << false;
    QTest::newRow("dma inside a word") << "admac" << false;
    QTest::newRow("gdma inside a word") << "xgdmax" << false;
    QTest::newRow("compute op") << "aten::conv2d" << false;
}

void tst_TransferClassifier::text()
{
    QFETCH(QString, text);
    QFETCH(bool, transfer);
    QCOMPARE(TransferClassifier::isTransferText(text.toStdString()), transfer);
}

// One thread with one slice: the track is a transfer engine by its own name; a slice is one
// when its track, name or category says so.
void tst_TransferClassifier::trackAndSlice_data()
{
    QTest::addColumn<QString>("track");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("category");
    QTest::addColumn<bool>("trackTransfer");
    QTest::addColumn<bool>("sliceTransfer");
    QTest::newRow("sophgo gdma row") << "GDMA"
                                     << "TENSOR S2L"
                                     << "dma" << true << true;
    QTest::newRow("sophgo tiu row") << "TIU"
                                    << "CONV"
                                    << "tiu" << false << false;
    QTest::newRow("dma slice on a compute row") << "Neural Engine Clusters"
                                                << "dma(layer1.weight)"
                                                << "" << false << true;
    QTest::newRow("dma category on a compute row") << "stream 7"
                                                   << "volta_kernel"
                                                   << "gpu_memcpy" << false << true;
    QTest::newRow("compute slice on a dma row") << "Task DMA"
                                                << "0_layer1.0.conv1_3"
                                                << "" << true << true;
}

void tst_TransferClassifier::trackAndSlice()
{
    QFETCH(QString, track);
    QFETCH(QString, name);
    QFETCH(QString, category);
    QFETCH(bool, trackTransfer);
    QFETCH(bool, sliceTransfer);
    StoreBuilder b;
    const uint32_t t = b.thread(b.process(IdValue::number(1)), IdValue::number(1));
    b.setThreadName(t, b.intern(track.toStdString()));
    b.completeSlice(t, 0, 10, b.type(b.intern(name.toStdString()), b.intern(category.toStdString())), ArgSetId());
    const auto store = StoreFinalizer::finalize(b);
    QCOMPARE(store->sliceCount(), size_t(1));
    const SliceRow row(0);
    QCOMPARE(TransferClassifier::isTransferTrack(*store, store->sliceTrack(row)), trackTransfer);
    QCOMPARE(TransferClassifier::isTransferSlice(*store, row), sliceTransfer);
}

void tst_TransferClassifier::overflowLaneFollowsItsThread()
{
    StoreBuilder b;
    const uint32_t t = b.thread(b.process(IdValue::number(1)), IdValue::number(1));
    b.setThreadName(t, b.intern("GDMA"));
    const TypeId type = b.type(b.intern("TENSOR L2S"), b.intern(""));
    b.completeSlice(t, 0, 10, type, ArgSetId());
    b.completeSlice(t, 5, 10, type, ArgSetId()); // overlaps the first partly: an overflow lane
    const auto store = StoreFinalizer::finalize(b);
    int overflow = 0;
    for (uint32_t i = 0; i < store->trackCount(); ++i) {
        const TrackId track(i);
        if (store->track(track).kind != TrackKind::Overflow)
            continue;
        ++overflow;
        QVERIFY(TransferClassifier::isTransferTrack(*store, track));
    }
    QCOMPARE(overflow, 1);
}

QTEST_GUILESS_MAIN(tst_TransferClassifier)
#include "tst_transferclassifier.moc"
