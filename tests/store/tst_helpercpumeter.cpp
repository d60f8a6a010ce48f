// HelperCpuMeter: the CPU time of parts run on other threads goes to the meter of the thread
// that started them (a thread of our own standing in for a pool thread, so the test does not
// depend on which thread the pool picks), the starting thread's own parts do not, meters
// nest and end with their scope, and a Parallel job started under a meter is counted whole:
// its busy time and threads as the finalizer's flows stage reports them.
#include <store/helpercpumeter.h>
#include <store/parallel.h>
#include <store/stagetimes.h>

#include <QtTest>

#include <atomic>
#include <thread>

using namespace strata::store;

namespace {

// CPU work that the compiler cannot drop: about a millisecond or more of CPU.
uint64_t spin(uint64_t rounds)
{
    std::atomic<uint64_t> x { 1 };
    for (uint64_t i = 0; i < rounds; ++i)
        x.store(x.load(std::memory_order_relaxed) * 6364136223846793005ull + 1442695040888963407ull,
            std::memory_order_relaxed);
    return x.load();
}

constexpr uint64_t kRounds = 2000000;

} // namespace

class tst_HelperCpuMeter : public QObject {
    Q_OBJECT

private slots:
    void countsOtherThreadsOnly()
    {
        QVERIFY(!HelperCpuMeter::current());
        HelperCpuMeter meter;
        QCOMPARE(HelperCpuMeter::current(), &meter);
        const std::thread::id self = std::this_thread::get_id();
        {
            const HelperCpuMeter::Part own(&meter, self); // the starting thread's own share
            spin(kRounds);
        }
        QCOMPARE(meter.seconds(), 0.0);
        QCOMPARE(meter.threads(), 1u);
        double helperCpu = 0;
        HelperCpuMeter *during = nullptr, *after = &meter; // checked here: QTest's macros are the main thread's
        std::thread helper([&] {
            const double t0 = StageTimes::threadCpuSeconds();
            {
                const HelperCpuMeter::Part part(&meter, self);
                during = HelperCpuMeter::current(); // what this part starts is metered too
                spin(kRounds);
            }
            helperCpu = StageTimes::threadCpuSeconds() - t0;
            after = HelperCpuMeter::current();
        });
        helper.join();
        QCOMPARE(during, &meter);
        QVERIFY(!after);
        QVERIFY(meter.seconds() > 0);
        QVERIFY(meter.seconds() <= helperCpu + 1e-6);
        QCOMPARE(meter.threads(), 2u);
    }

    void nestsAndEnds()
    {
        {
            HelperCpuMeter outer;
            {
                HelperCpuMeter inner;
                QCOMPARE(HelperCpuMeter::current(), &inner);
            }
            QCOMPARE(HelperCpuMeter::current(), &outer);
        }
        QVERIFY(!HelperCpuMeter::current());
        // No meter: a part counts nowhere.
        bool none = false;
        std::thread([&] {
            const HelperCpuMeter::Part part(nullptr, std::thread::id());
            none = !HelperCpuMeter::current();
        }).join();
        QVERIFY(none);
    }

    void parallelJobUnderAMeter_data()
    {
        QTest::addColumn<bool>("forEach");
        QTest::newRow("parts") << false;
        QTest::newRow("forEach") << true;
    }
    void parallelJobUnderAMeter()
    {
        QFETCH(bool, forEach);
        HelperCpuMeter meter;
        std::atomic<uint64_t> sink { 0 };
        const double t0 = StageTimes::threadCpuSeconds();
        if (forEach)
            Parallel::forEach(8, Parallel::kMaxThreads, [&](size_t, unsigned) { sink += spin(kRounds); });
        else
            Parallel::parts(4, [&](unsigned) { sink += spin(kRounds); });
        const double own = StageTimes::threadCpuSeconds() - t0;
        QVERIFY(sink.load() != 0);
        // Whichever threads ran the parts, the caller's CPU and the helpers' add up to all the
        // work, and the helpers are told only when some part ran elsewhere.
        QVERIFY(own > 0);
        QCOMPARE(meter.threads() > 1, meter.seconds() > 0);
    }
};

QTEST_APPLESS_MAIN(tst_HelperCpuMeter)
#include "tst_helpercpumeter.moc"
