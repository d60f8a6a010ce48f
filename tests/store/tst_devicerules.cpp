// DeviceRules: what makes a track device time, by what its slices are, by its importer's
// word, or by a process that names a device; annotation lanes beside their stream.
#include <support/storetestutil.h>

#include <store/devicerules.h>
#include <store/storefinalizer.h>

#include <QtTest>

using namespace strata::store;
using storetest::Builder;

class tst_DeviceRules : public QObject {
    Q_OBJECT

private slots:
    void categoryWork_data();
    void categoryWork();
    void processDeclaresDevice_data();
    void processDeclaresDevice();
    void trackRole_data();
    void trackRole();
    void declaredRoleWins();
    void overflowTakesThreadRole();
    void annotationLaneBesideItsStream();
};

void tst_DeviceRules::categoryWork_data()
{
    QTest::addColumn<QString>("category");
    QTest::addColumn<int>("work");
    for (const char* d : { "kernel", "gpu_memcpy", "gpu_memset", "Kernel", "Memcpy", "Memset", "mtia_ccp_events", "NPU",
             "Neural Engine Clusters", "Task DMA" })
        QTest::newRow(d) << d << int(DeviceRules::DeviceWork);
    for (const char* h : { "cpu_op", "cuda_runtime", "cuda_driver", "python_function", "user_annotation", "Operator",
             "Runtime", "mtia_runtime", "hip_runtime", "Nux" })
        QTest::newRow(h) << h << int(DeviceRules::HostWork);
    for (const char* a : { "gpu_user_annotation", "cuda_sync", "cuda_profiler_range" })
        QTest::newRow(a) << a << int(DeviceRules::Annotation);
    for (const char* u : { "", "toplevel", "disabled-by-default-devtools.timeline", "KERNEL", "gpu" })
        QTest::newRow(qPrintable(QString("unknown '%1'").arg(u))) << u << int(DeviceRules::Unknown);
}

void tst_DeviceRules::categoryWork()
{
    QFETCH(QString, category);
    QFETCH(int, work);
    QCOMPARE(int(DeviceRules::categoryWork(category.toStdString())), work);
}

void tst_DeviceRules::processDeclaresDevice_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("labels");
    QTest::addColumn<bool>("device");
    QTest::newRow("kineto gpu labels") << "python3.10"
                                       << "GPU 0" << true;
    QTest::newRow("kineto cpu labels") << "python3.10"
                                       << "CPU" << false;
    QTest::newRow("mtia process") << "MTIA 17"
                                  << "" << true;
    QTest::newRow("rbln sample") << "NPU 0 (RBLN-CA12)"
                                 << "npu:0,ATOM" << true;
    QTest::newRow("xprof tpu") << "/device:TPU:0"
                               << "" << true;
    QTest::newRow("xprof gpu") << "/device:GPU:1"
                               << "" << true;
    QTest::newRow("xprof host") << "/host:CPU"
                                << "" << false;
    QTest::newRow("neuroncore") << "NeuronCore 3"
                                << "" << true;
    QTest::newRow("a word inside a name") << "launcher_test_mtia#3"
                                          << "" << false;
    QTest::newRow("chrome gpu process") << "GPU Process"
                                        << "" << false;
    QTest::newRow("a device without a number") << "Device"
                                               << "" << false;
    QTest::newRow("host") << "python3 model.py"
                          << "host,CPU" << false;
}

void tst_DeviceRules::processDeclaresDevice()
{
    QFETCH(QString, name);
    QFETCH(QString, labels);
    QFETCH(bool, device);
    QCOMPARE(DeviceRules::processDeclaresDevice(name.toStdString(), labels.toStdString()), device);
}

// One thread in a process named `process`, holding slices of the given categories.
void tst_DeviceRules::trackRole_data()
{
    QTest::addColumn<QString>("process");
    QTest::addColumn<QStringList>("categories");
    QTest::addColumn<QString>("role");
    QTest::newRow("kernels in a host-named process")
        << "python3.10" << QStringList { "kernel", "gpu_memcpy" } << "device";
    QTest::newRow("runtime calls in MTIA 17") << "MTIA 17" << QStringList { "mtia_runtime" } << "host";
    QTest::newRow("cpu ops in a 'GPU 0' process") << "GPU 0" << QStringList { "cpu_op", "user_annotation" } << "host";
    QTest::newRow("unknown categories, device process") << "NPU 0" << QStringList { "", "exec" } << "device";
    QTest::newRow("unknown categories, host process") << "GPU Process" << QStringList { "toplevel" } << "host";
    QTest::newRow("syncs alone") << "GPU 0" << QStringList { "cuda_sync" } << "annotation";
    QTest::newRow("kernels beside host work") << "python" << QStringList { "Kernel", "Operator" } << "device";
}

void tst_DeviceRules::trackRole()
{
    QFETCH(QString, process);
    QFETCH(QStringList, categories);
    QFETCH(QString, role);
    Builder s;
    const uint32_t t = s.thread(1, qPrintable(process), 7, "t");
    TimeNs ts = 0;
    for (const QString& c : categories) {
        s.X(t, "e", qPrintable(c), ts, 10);
        ts += 20;
    }
    const auto store = StoreFinalizer::finalize(s.b);
    QCOMPARE(store->trackCount(), size_t(1));
    QCOMPARE(QString(trackRoleName(store->track(TrackId(0)).role)), role);
}

void tst_DeviceRules::declaredRoleWins()
{
    Builder s;
    const uint32_t engine = s.thread(1, "bmprofile on BM1684X", 5, "TIU");
    const uint32_t mcu = s.thread(1, "bmprofile on BM1684X", 3, "MCU");
    s.b.setThreadRole(engine, TrackRole::Device);
    s.b.setThreadRole(mcu, TrackRole::Host);
    s.X(engine, "conv", 0, 10);
    s.X(mcu, "kernel-looking", "kernel", 0, 10);
    const auto store = StoreFinalizer::finalize(s.b);
    QCOMPARE(store->track(storetest::findTrack(*store, "thread 1/5")).role, TrackRole::Device);
    QCOMPARE(store->track(storetest::findTrack(*store, "thread 1/3")).role, TrackRole::Host);
}

void tst_DeviceRules::overflowTakesThreadRole()
{
    Builder s;
    const uint32_t t = s.thread(0, "python", 7, "stream 7");
    s.X(t, "a", "kernel", 0, 100);
    s.X(t, "b", "kernel", 50, 100); // overlaps a partially: goes to an overflow lane
    const auto store = StoreFinalizer::finalize(s.b);
    QCOMPARE(store->trackCount(), size_t(2));
    QCOMPARE(store->track(TrackId(1)).kind, TrackKind::Overflow);
    QCOMPARE(store->track(TrackId(0)).role, TrackRole::Device);
    QCOMPARE(store->track(TrackId(1)).role, TrackRole::Device);
}

void tst_DeviceRules::annotationLaneBesideItsStream()
{
    Builder s;
    const uint32_t s7 = s.thread(0, "python", 7, "stream 7 ");
    const uint32_t s9 = s.thread(0, "python", 9, "stream 9 ");
    s.X(s7, "gemm", "kernel", 10, 10);
    s.X(s9, "copy", "gpu_memcpy", 10, 10);
    s.X(s.b.annotationLane(s7), "ProfilerStep#1", "gpu_user_annotation", 0, 100);
    s.X(s.b.annotationLane(s9), "wait", "cuda_sync", 0, 5);
    const auto store = StoreFinalizer::finalize(s.b);
    QStringList seen;
    for (uint32_t t = 0; t < store->trackCount(); ++t)
        seen << QString("%1:%2").arg(
            storetest::qs(store->trackLabel(TrackId(t))), trackRoleName(store->track(TrackId(t)).role));
    QCOMPARE(seen.join(" | "),
        QString("stream 7 (annotations):annotation | stream 7 :device | stream 9 (annotations):annotation | "
                "stream 9 :device"));
}

QTEST_GUILESS_MAIN(tst_DeviceRules)
#include "tst_devicerules.moc"
