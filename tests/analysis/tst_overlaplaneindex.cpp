// OverlapLaneIndex on the time breakdown's hand-worked Kineto store (tests/support/
// breakdownstore.h): the state of each pixel at several widths (the most-time rule, ties, the
// parts outside a device's span, pixels narrower than a nanosecond), the time per state in
// windows against the breakdown's own numbers, and a profile without device work.
#include <support/breakdownstore.h>
#include <support/storetestutil.h>

#include <analysis/breakdown/breakdownindex.h>
#include <analysis/breakdown/overlaplaneindex.h>
#include <store/storefinalizer.h>

#include <QtTest>

using namespace strata;
using namespace strata::store;
using analysis::BreakdownIndex;
using analysis::OverlapLaneIndex;
using State = analysis::OverlapLaneIndex::State;

Q_DECLARE_METATYPE(State)

namespace {

// The lane of the device whose pid is `pid`.
int laneOfPid(const EventStore& s, const OverlapLaneIndex& index, int64_t pid)
{
    for (uint32_t p = 0; p < s.processCount(); ++p)
        if (!s.process(ProcessId(p)).pid.isString && s.process(ProcessId(p)).pid.num == pid)
            return index.laneOf(ProcessId(p));
    return -1;
}

} // namespace

class tst_OverlapLaneIndex : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_store = breakdowntest::kinetoStore();
        m_breakdown = std::make_unique<BreakdownIndex>(*m_store);
        m_index = std::make_unique<OverlapLaneIndex>(*m_breakdown);
    }

    void lanes()
    {
        QCOMPARE(m_index->laneCount(), size_t(2));
        QVERIFY(m_index->hasCommunication());
        QVERIFY(laneOfPid(*m_store, *m_index, 0) >= 0);
        QVERIFY(laneOfPid(*m_store, *m_index, 1) >= 0);
        QCOMPARE(laneOfPid(*m_store, *m_index, 100), -1); // the host has no device work
        // Device 0 changes state at 10 40 50 55 80 110 120 150 200 250 260 280 300 320.
        QCOMPARE(m_index->boundaryCount(), size_t(14 + 2));
        QVERIFY(m_index->residentBytes() > 0);
    }

    // Device 0 (see breakdownstore.h): compute [10,50) [55,80) [110,150) [200,250),
    // communication [40,120) [300,320), memory [260,280).
    void pixels_data()
    {
        QTest::addColumn<TimeNs>("t0");
        QTest::addColumn<TimeNs>("t1");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("pixel");
        QTest::addColumn<State>("state");
        // 10 ns a pixel.
        QTest::newRow("before the first work") << TimeNs(0) << TimeNs(400) << 40 << 0 << State::None;
        QTest::newRow("compute only") << TimeNs(0) << TimeNs(400) << 40 << 1 << State::Compute;
        QTest::newRow("overlapped") << TimeNs(0) << TimeNs(400) << 40 << 4 << State::Overlapped;
        QTest::newRow("tie exposed/overlapped: overlapped") << TimeNs(0) << TimeNs(400) << 40 << 5 << State::Overlapped;
        QTest::newRow("exposed") << TimeNs(0) << TimeNs(400) << 40 << 8 << State::Exposed;
        QTest::newRow("compute after communication") << TimeNs(0) << TimeNs(400) << 40 << 12 << State::Compute;
        QTest::newRow("idle") << TimeNs(0) << TimeNs(400) << 40 << 15 << State::Idle;
        QTest::newRow("memory only") << TimeNs(0) << TimeNs(400) << 40 << 26 << State::Memory;
        QTest::newRow("idle before the last") << TimeNs(0) << TimeNs(400) << 40 << 29 << State::Idle;
        QTest::newRow("exposed at the end") << TimeNs(0) << TimeNs(400) << 40 << 31 << State::Exposed;
        QTest::newRow("after the last work") << TimeNs(0) << TimeNs(400) << 40 << 32 << State::None;
        // 100 ns a pixel: the state with the most time wins, idle included.
        QTest::newRow("coarse: overlapped 35 > compute 30 > exposed 25")
            << TimeNs(0) << TimeNs(400) << 4 << 0 << State::Overlapped;
        QTest::newRow("coarse: idle 50 > compute 30") << TimeNs(0) << TimeNs(400) << 4 << 1 << State::Idle;
        QTest::newRow("coarse: compute 50 > idle 30 > memory 20")
            << TimeNs(0) << TimeNs(400) << 4 << 2 << State::Compute;
        QTest::newRow("coarse: outside the span does not compete")
            << TimeNs(0) << TimeNs(400) << 4 << 3 << State::Exposed;
        // A quarter of a nanosecond a pixel.
        QTest::newRow("sub-nanosecond, first") << TimeNs(45) << TimeNs(46) << 4 << 0 << State::Overlapped;
        QTest::newRow("sub-nanosecond, last") << TimeNs(45) << TimeNs(46) << 4 << 3 << State::Overlapped;
        QTest::newRow("sub-nanosecond, outside") << TimeNs(340) << TimeNs(341) << 4 << 2 << State::None;
    }
    void pixels()
    {
        QFETCH(TimeNs, t0);
        QFETCH(TimeNs, t1);
        QFETCH(int, width);
        QFETCH(int, pixel);
        QFETCH(State, state);
        const int lane = laneOfPid(*m_store, *m_index, 0);
        const std::vector<State> states = m_index->pixels(size_t(lane), { t0, t1 }, width);
        QCOMPARE(int(states.size()), width);
        QCOMPARE(int(states[size_t(pixel)]), int(state));
    }

    void otherDevice()
    {
        const int lane = laneOfPid(*m_store, *m_index, 1); // compute [400,420)
        const std::vector<State> states = m_index->pixels(size_t(lane), { 390, 430 }, 4);
        const std::vector<State> expected = { State::None, State::Compute, State::Compute, State::None };
        QCOMPARE(states, expected);
    }

    void times_data()
    {
        QTest::addColumn<TimeNs>("t0");
        QTest::addColumn<TimeNs>("t1");
        QTest::newRow("whole trace") << TimeNs(0) << TimeNs(500);
        QTest::newRow("inside one segment") << TimeNs(42) << TimeNs(48);
        QTest::newRow("across blocks") << TimeNs(45) << TimeNs(305);
        QTest::newRow("from the span's start") << TimeNs(10) << TimeNs(150);
        QTest::newRow("outside") << TimeNs(330) << TimeNs(390);
    }
    // The time per state equals the breakdown's figures over the same window.
    void times()
    {
        QFETCH(TimeNs, t0);
        QFETCH(TimeNs, t1);
        const int lane = laneOfPid(*m_store, *m_index, 0);
        const OverlapLaneIndex::StateTimes t = m_index->times(size_t(lane), { t0, t1 });
        uint32_t device = 0;
        while (m_breakdown->devices()[device].process != m_index->process(size_t(lane)))
            ++device;
        const analysis::BreakdownTimes b = m_breakdown->device(device, { t0, t1 });
        QCOMPARE(t[State::Compute], b.computeNs - b.commOverlapNs);
        QCOMPARE(t[State::Overlapped], b.commOverlapNs);
        QCOMPARE(t[State::Exposed], b.commExposedNs);
        QCOMPARE(t[State::Memory] + t[State::Other], b.nonComputeNs - b.commExposedNs);
        QCOMPARE(t[State::Idle], b.idleNs);
        TimeNs sum = 0;
        for (TimeNs ns : t)
            sum += ns;
        QCOMPARE(sum, t1 - t0);
    }

    void noDeviceWork()
    {
        storetest::Builder b;
        const uint32_t host = b.thread(1, "python", 1, "main");
        b.X(host, "aten::mm", "cpu_op", 0, 10);
        const auto s = StoreFinalizer::finalize(b.b);
        const OverlapLaneIndex index { BreakdownIndex(*s) };
        QCOMPARE(index.laneCount(), size_t(0));
        QVERIFY(!index.hasCommunication());
        QCOMPARE(index.laneOf(ProcessId(0)), -1);
    }

private:
    std::shared_ptr<const EventStore> m_store;
    std::unique_ptr<BreakdownIndex> m_breakdown;
    std::unique_ptr<OverlapLaneIndex> m_index;
};

QTEST_GUILESS_MAIN(tst_OverlapLaneIndex)
#include "tst_overlaplaneindex.moc"
