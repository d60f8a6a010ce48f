// WorkClassifier: the one rule for the kind of work (compute, communication, memory, sync,
// host) of every event type, track and slice, checked on the names each format writes.
#include <store/storebuilder.h>
#include <store/storefinalizer.h>
#include <store/workclassifier.h>

#include <QtTest>

#include <set>
#include <string>

using namespace strata::store;

Q_DECLARE_METATYPE(strata::store::WorkKind)

class tst_WorkClassifier : public QObject {
    Q_OBJECT

private slots:
    void names();
    void text_data();
    void text();
    void type_data();
    void type();
    void trackAndSlice_data();
    void trackAndSlice();
    void overflowLaneFollowsItsThread();
};

namespace {
const WorkKind Compute = WorkKind::Compute, Communication = WorkKind::Communication, Memory = WorkKind::Memory,
               Sync = WorkKind::Sync, Host = WorkKind::Host;
} // namespace

void tst_WorkClassifier::names()
{
    std::set<std::string> seen;
    for (int k = 0; k < kWorkKindCount; ++k)
        seen.insert(workKindName(WorkKind(k)));
    QCOMPARE(seen, (std::set<std::string> { "compute", "communication", "memory", "sync", "host" }));
}

// What one text says by itself (a row name, a name, a category).
void tst_WorkClassifier::text_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<WorkKind>("kind");
    QTest::newRow("empty") << "" << Compute;
    QTest::newRow("rbln task dma") << "Task DMA" << Memory;
    QTest::newRow("rbln external hdma") << "External HDMA" << Memory;
    QTest::newRow("rbln device sync") << "Device Sync" << Sync;
    QTest::newRow("rbln ccl group") << "CCL Workload" << Communication;
    QTest::newRow("neuron dma queue") << "qSyncIO0 (DMA)" << Memory;
    QTest::newRow("neuron queue, bare") << "qSyncIO0" << Sync;
    QTest::newRow("neuron timeline transfer row") << "HLO Ops (data transfer)" << Memory;
    QTest::newRow("dma call") << "dma(layer1.weight)" << Memory;
    QTest::newRow("hdma call") << "hdma_h2d(input_0)" << Memory;
    QTest::newRow("kineto memcpy") << "Memcpy HtoD (Pageable -> Device)" << Memory;
    QTest::newRow("memcpy category") << "gpu_memcpy" << Memory;
    QTest::newRow("memset") << "cudaMemsetAsync" << Memory;
    QTest::newRow("neuron tensor write") << "nrt_tensor_write" << Memory;
    QTest::newRow("sophgo gdma engine") << "GDMA" << Memory;
    QTest::newRow("sophgo gdma, lower case") << "tpu_gdma" << Memory;
    QTest::newRow("sophgo cdma: chip to chip") << "CDMA" << Communication;
    QTest::newRow("sdma engine") << "SDMA0" << Memory;
    QTest::newRow("sophgo tiu engine") << "TIU" << Compute;
    QTest::newRow("sophgo tiu function") << "CONV" << Compute;
    QTest::newRow("nccl kernel") << "ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)" << Communication;
    QTest::newRow("nccl annotation") << "nccl:all_reduce" << Communication;
    QTest::newRow("kineto collective category") << "collective_comm" << Communication;
    QTest::newRow("dma inside a word") << "admac" << Compute;
    QTest::newRow("gdma inside a word") << "xgdmax" << Compute;
    QTest::newRow("async is not sync") << "AsyncTask" << Compute;
    QTest::newRow("await is not a wait") << "await_result" << Compute;
    QTest::newRow("compute op") << "aten::conv2d" << Compute;
}

void tst_WorkClassifier::text()
{
    QFETCH(QString, text);
    QFETCH(WorkKind, kind);
    QCOMPARE(WorkClassifier::ofText(text.toStdString()), kind);
}

// Event types as each format names them: name and category.
void tst_WorkClassifier::type_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("category");
    QTest::addColumn<WorkKind>("kind");
    auto row = [](const char* tag, const char* name, const char* category, WorkKind kind) {
        QTest::newRow(tag) << name << category << kind;
    };
    // Kineto (PyTorch profiler): Holistic Trace Analysis's kernel rule, and the host side.
    row("nccl kernel", "ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)", "kernel", Communication);
    row("nccl dev kernel", "ncclDevKernel_AllReduce_Sum_f32_RING_LL", "kernel", Communication);
    row("nccl send/recv", "ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<4096ul>)", "kernel", Communication);
    row("rccl kernel", "rcclKernel_AllGather", "kernel", Communication);
    row("hccl kernel", "hcclAllReduce_f32", "kernel", Communication);
    row("hip kernel", "hipDeviceAllReduce", "kernel", Communication);
    row("hip runtime call", "hipLaunchKernel", "cuda_runtime", Host);
    row("nccl annotation", "nccl:all_reduce", "cpu_op", Communication);
    row("c10d collective", "c10d::allreduce_", "cpu_op", Communication);
    row("memcpy htod", "Memcpy HtoD (Pageable -> Device)", "gpu_memcpy", Memory);
    row("memcpy dtoh", "Memcpy DtoH (Device -> Pinned)", "gpu_memcpy", Memory);
    row("memcpy dtod", "Memcpy DtoD (Device -> Device)", "gpu_memcpy", Memory);
    row("memcpy peer", "Memcpy PtoP (Device -> Device)", "gpu_memcpy", Memory);
    row("memset", "Memset (Device)", "gpu_memset", Memory);
    row("gemm kernel", "volta_sgemm_128x64_nn", "kernel", Compute);
    row("elementwise kernel", "void at::native::vectorized_elementwise_kernel<4>(int)", "kernel", Compute);
    row("mtia device work", "aten::mm", "mtia_ccp_events", Compute);
    // HTA counts copy and transfer kernels as compute: they run on the cores, not a copy engine.
    row("copy kernel", "void at::native::copy_device_to_device(at::TensorIterator&, bool)", "kernel", Compute);
    row("transfer kernel", "fused_transfer_kernel", "kernel", Compute);
    // HTA's OTHER (what its compute pattern excludes) is "other" (Sync) here too.
    row("dma word inside a kernel", "gemm_dma_pipelined", "kernel", Sync);
    row("mtia pe execution", "pe_exe", "mtia_ccp_events", Sync);
    row("mtia event wait", "event_wait", "mtia_ccp_events", Compute); // HTA: compute
    row("launch marker", "cudaLaunchKernel", "kernel", Sync);
    row("lower-case memcpy kernel", "memcpy_kernel", "kernel", Compute);
    row("mtia dma", "dma_in_0", "mtia_ccp_events", Memory);
    row("hip memcpy", "hipMemcpyDtoH", "kernel", Communication); // HTA tests ^hip before ^Memcpy
    row("memcpy named like a kernel", "Memcpy DtoD (Device -> Device)", "kernel", Memory);
    row("memcpy whatever its name", "copy", "gpu_memcpy", Memory);
    row("stream wait event", "Stream Wait Event", "kernel", Sync);
    row("custom all-reduce kernel", "void vllm::cross_device_reduce_1stage<float>", "kernel", Compute);
    row("custom allreduce by name", "void vllm::custom_allreduce_kernel<float>", "kernel", Communication);
    row("stream sync", "cudaStreamSynchronize", "cuda_runtime", Sync);
    row("event sync", "Event Sync", "cuda_sync", Sync);
    row("launch", "cudaLaunchKernel", "cuda_runtime", Host);
    row("cpu op", "aten::conv2d", "cpu_op", Host);
    row("python", "torch/nn/modules/module.py(1501): _call_impl", "python_function", Host);
    row("host memcpy call", "cudaMemcpyAsync", "cuda_runtime", Memory);
    // Neuron: engine categories (NeuronEngines::category) and runtime calls.
    row("neuron tensor", "MATMUL", "tensor", Compute);
    row("neuron dma", "DMA_STORE", "dma", Memory);
    row("neuron collective", "all-reduce.12", "collective", Communication);
    row("neuron sync engine", "SEM_WAIT", "sync", Sync);
    row("neuron runtime write", "nrt_tensor_write", "", Memory);
    // RBLN command categories (Perfetto, or Chrome JSON through Kineto).
    row("rbln nec", "0_fused(bn1+conv1+relu)_5", "Neural Engine Clusters", Compute);
    row("rbln neural dma", "0_fused(bn1+conv1+relu)_4", "Neural DMA", Memory);
    row("rbln task dma", "0_fused(bn1+conv1+relu)_3", "Task DMA", Memory);
    row("rbln external hdma", "0_fused(bn1+conv1+relu)_0", "External HDMA", Memory);
    row("rbln device hdma", "0_x_0", "Device HDMA", Memory);
    row("rbln device sync", "0_fused(bn1+conv1+relu)_1", "Device Sync", Sync);
    row("rbln host", "0_model_0", "Host", Host);
    row("rbln collective", "0_all-reduce(grad.layer4.2)_12", "", Communication);
    row("rbln ccl workload", "CCL Workload", "", Communication);
    row("rbln kineto runtime", "rblnRun", "privateuse1_runtime", Host);
    // FuriosaAI: NPU spans on the device, Nux on the host.
    row("furiosa npu op", "LowLevelConv2d(41,40,42,44)", "NPU", Compute);
    row("furiosa load", "dma(layer1.weight)", "NPU", Memory);
    row("furiosa host", "Quantize", "Nux", Host);
    // Sophgo: GDMA commands by their category, TIU commands compute, MCU firmware records.
    row("sophgo gdma command", "TENSOR S2L", "dma", Memory);
    row("sophgo tiu command", "CONV", "tiu", Compute);
    row("sophgo cdma record", "CDMA", "mcu", Communication);
    row("sophgo wait record", "wait", "mcu", Sync);
    row("sophgo set gdma", "set GDMA", "mcu", Memory);
    // XLA (XProf), and plain Chrome JSON that names nothing.
    row("hlo all-reduce", "all-reduce.1", "hlo", Communication);
    row("hlo fusion", "fusion.11", "hlo", Compute);
    row("sync call", "device_sync(step)", "", Sync);
    row("chrome task", "ThreadControllerImpl::RunTask", "toplevel", Compute);
    row("chrome async", "AsyncTask", "", Compute);
}

void tst_WorkClassifier::type()
{
    QFETCH(QString, name);
    QFETCH(QString, category);
    QFETCH(WorkKind, kind);
    QCOMPARE(WorkClassifier::ofType(name.toStdString(), category.toStdString()), kind);
}

// One thread with one slice: a track's kind is what its name says (else host for a host
// track); a slice's is its track's when the track names memory or communication, else its
// type's, with a sync row making compute sync and a host track making it host.
void tst_WorkClassifier::trackAndSlice_data()
{
    QTest::addColumn<QString>("track");
    QTest::addColumn<bool>("device");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("category");
    QTest::addColumn<WorkKind>("trackKind");
    QTest::addColumn<WorkKind>("sliceKind");
    auto row = [](const char* tag, const char* track, bool device, const char* name, const char* category,
                   WorkKind trackKind, WorkKind sliceKind) {
        QTest::newRow(tag) << track << device << name << category << trackKind << sliceKind;
    };
    row("sophgo gdma row", "GDMA", true, "TENSOR S2L", "dma", Memory, Memory);
    row("sophgo tiu row", "TIU", true, "CONV", "tiu", Compute, Compute);
    row("sophgo mcu cdma", "MCU (NODE_OP)", false, "CDMA", "mcu", Host, Communication);
    row("dma slice on a compute row", "Neural Engine Clusters", true, "dma(layer1.weight)", "", Compute, Memory);
    row("dma category on a stream", "stream 7", true, "volta_kernel", "gpu_memcpy", Compute, Memory);
    row("nccl kernel on a stream", "stream 84", true, "ncclDevKernel_AllReduce_Sum_f32_RING_LL", "kernel", Compute,
        Communication);
    row("compute slice on a dma row", "Task DMA", true, "0_layer1.0.conv1_3", "", Memory, Memory);
    row("neuron dma queue", "qSyncIO0 (DMA)", true, "DMA_STORE", "dma", Memory, Memory);
    row("neuron cc row", "CC-core0", true, "all-reduce.3", "collective", Communication, Communication);
    row("neuron cc row decides", "cc_1", true, "DMA_LOAD", "dma", Communication, Communication);
    row("neuron sync row", "Sync", true, "NOP", "", Sync, Sync);
    row("dma on a sync row", "Sync", true, "DMA_TRIGGER", "dma", Sync, Memory);
    row("rbln device sync row", "Device Sync", true, "0_x_1", "Device Sync", Sync, Sync);
    row("host op", "MainThread", false, "aten::conv2d", "cpu_op", Host, Host);
    row("host span", "MainThread", false, "Inference", "", Host, Host);
    row("host memcpy call", "MainThread", false, "cudaMemcpyAsync", "cuda_runtime", Host, Memory);
}

void tst_WorkClassifier::trackAndSlice()
{
    QFETCH(QString, track);
    QFETCH(bool, device);
    QFETCH(QString, name);
    QFETCH(QString, category);
    QFETCH(WorkKind, trackKind);
    QFETCH(WorkKind, sliceKind);
    StoreBuilder b;
    const uint32_t t = b.thread(b.process(IdValue::number(1)), IdValue::number(1));
    b.setThreadName(t, b.intern(track.toStdString()));
    b.setThreadRole(t, device ? TrackRole::Device : TrackRole::Host);
    b.completeSlice(t, 0, 10, b.type(b.intern(name.toStdString()), b.intern(category.toStdString())), ArgSetId());
    const auto store = StoreFinalizer::finalize(b);
    QCOMPARE(store->sliceCount(), size_t(1));
    const SliceRow row(0);
    QCOMPARE(WorkClassifier::ofTrack(*store, store->sliceTrack(row)), trackKind);
    QCOMPARE(WorkClassifier::ofSlice(*store, row), sliceKind);
}

void tst_WorkClassifier::overflowLaneFollowsItsThread()
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
        QCOMPARE(WorkClassifier::ofTrackName(*store, track), Memory);
        QCOMPARE(WorkClassifier::ofSlice(*store, SliceRow(store->track(track).slices.begin)), Memory);
    }
    QCOMPARE(overflow, 1);
}

QTEST_GUILESS_MAIN(tst_WorkClassifier)
#include "tst_workclassifier.moc"
