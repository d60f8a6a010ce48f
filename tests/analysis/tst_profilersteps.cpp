// ProfilerSteps: the step number HTA's pattern reads from a name, and the steps of a store
// (host spans only, in start order).
#include <analysis/collectives/profilersteps.h>
#include <support/storetestutil.h>

#include <store/storefinalizer.h>

#include <QtTest>

using namespace strata::analysis;
using strata::store::TimeNs;

class tst_ProfilerSteps : public QObject {
    Q_OBJECT

private slots:
    void numberOf_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<qint64>("number");
        QTest::newRow("plain") << "ProfilerStep#12" << qint64(12);
        QTest::newRow("spaces around #") << "ProfilerStep # 7" << qint64(7);
        QTest::newRow("digits then text") << "ProfilerStep#3_fwd" << qint64(3);
        QTest::newRow("no number") << "ProfilerStep#" << qint64(-1);
        QTest::newRow("no #") << "ProfilerStep 4" << qint64(-1);
        QTest::newRow("another name") << "Step#4" << qint64(-1);
    }
    void numberOf()
    {
        QFETCH(QString, name);
        QTEST(qint64(ProfilerSteps::numberOf(name.toStdString())), "number");
    }

    void hostSpansInStartOrder()
    {
        storetest::Builder s;
        const uint32_t host = s.thread(100, "python", 100, "main");
        const uint32_t stream = s.thread(0, "python", 7, "stream 7");
        s.X(host, "ProfilerStep#5", "user_annotation", 500, 100);
        s.X(host, "ProfilerStep#4", "user_annotation", 100, 300);
        s.X(host, "aten::mm", "cpu_op", 120, 10);
        s.X(stream, "gemm", "kernel", 130, 10);
        s.X(stream, "ProfilerStep#4", "gpu_user_annotation", 125, 20); // the device's copy
        const auto store = strata::store::StoreFinalizer::finalize(s.b);
        const std::vector<ProfilerStep> steps = ProfilerSteps::of(*store);
        QCOMPARE(steps.size(), size_t(2));
        QCOMPARE(steps[0].name, std::string("ProfilerStep#4"));
        QCOMPARE(steps[0].number, int64_t(4));
        QCOMPARE(steps[0].start, TimeNs(100));
        QCOMPARE(steps[0].dur, TimeNs(300));
        QCOMPARE(steps[1].number, int64_t(5));
    }
};

QTEST_APPLESS_MAIN(tst_ProfilerSteps)
#include "tst_profilersteps.moc"
