// The Time Breakdown dock on hand-built stores: its numbers are BreakdownCalculator's (what
// strata-cli breakdown prints) for the whole trace and for a visible range, in its bars and
// its table; a profile without device work says so; a click on a device's bar selects its
// work on the timeline.
#include <support/breakdownstore.h>
#include <support/storetestutil.h>
#include <support/widgettestutil.h>

#include "breakdown/breakdownbars.h"
#include "breakdown/breakdowntable.h"
#include "breakdown/breakdownwidget.h"
#include <common/timescope.h>
#include <common/unitformat.h>

#include <analysis/breakdown/breakdowncalculator.h>
#include <state/selection.h>
#include <state/session.h>
#include <state/viewport.h>
#include <store/storefinalizer.h>

#include <QSignalSpy>
#include <QTest>

using namespace strata;
using store::TimeNs;
using store::TimeRange;
using widgets::BreakdownTable;
using widgets::BreakdownWidget;
using widgets::TimeScope;

namespace {

std::shared_ptr<const store::EventStore> hostOnlyStore()
{
    storetest::Builder b;
    const uint32_t main = b.thread(1, "python", 1, "main");
    b.X(main, "aten::conv2d", "cpu_op", 0, 100);
    b.X(main, "train_step", "", 100, 100);
    return store::StoreFinalizer::finalize(b.b);
}

bool same(TimeRange a, TimeRange b)
{
    return a.start == b.start && a.end == b.end;
}

void compareTimes(const analysis::BreakdownTimes& got, const analysis::BreakdownTimes& want)
{
    QCOMPARE(got.spanNs, want.spanNs);
    QCOMPARE(got.idleNs, want.idleNs);
    QCOMPARE(got.computeNs, want.computeNs);
    QCOMPARE(got.nonComputeNs, want.nonComputeNs);
    QCOMPARE(got.communicationNs, want.communicationNs);
    QCOMPARE(got.memoryNs, want.memoryNs);
    QCOMPARE(got.otherNs, want.otherNs);
    QCOMPARE(got.commOverlapNs, want.commOverlapNs);
    QCOMPARE(got.commExposedNs, want.commExposedNs);
    QCOMPARE(got.idleCauses.hostWaitNs, want.idleCauses.hostWaitNs);
    QCOMPARE(got.idleCauses.kernelWaitNs, want.idleCauses.kernelWaitNs);
    QCOMPARE(got.idleCauses.otherNs, want.idleCauses.otherNs);
}

} // namespace

class tst_BreakdownWidget : public QObject {
    Q_OBJECT

private slots:
    void cleanup() { m_f.reset(); }

    void matchesCalculator_data()
    {
        QTest::addColumn<bool>("whole");
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::newRow("whole trace") << true << 0LL << 0LL;
        QTest::newRow("visible range cutting slices") << false << 45LL << 305LL;
        QTest::newRow("visible range, device 0 only") << false << 0LL << 260LL;
    }

    // The dock's breakdown, bars and table carry the calculator's numbers for its window.
    void matchesCalculator()
    {
        QFETCH(bool, whole);
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        const auto store = breakdowntest::kinetoStore();
        QVERIFY(m_f.show(store->extent(), 350, 250));
        QSignalSpy spy(m_f.widget.get(), &BreakdownWidget::breakdownUpdated);
        m_f.open(store);
        QCOMPARE(m_f.widget->placeholderText(), QStringLiteral("Building the time breakdown…"));
        QVERIFY(spy.wait(widgettest::kWaitMs));
        TimeRange window = store->extent();
        if (!whole) {
            window = { start, end };
            m_f.widget->scope()->setMode(TimeScope::Mode::VisibleRange);
            m_f.viewport->setVisible(window);
            QTRY_VERIFY_WITH_TIMEOUT(
                !m_f.widget->isBusy() && same(m_f.widget->breakdown()->window, window), widgettest::kWaitMs);
        }
        const auto index = m_f.session->analyses()->get<analysis::BreakdownIndex>();
        QVERIFY(index);
        const analysis::RankBreakdown want = analysis::BreakdownCalculator::compute(*store, *index, window);
        const auto got = m_f.widget->breakdown();
        QVERIFY(got);
        QVERIFY(same(got->window, want.window));
        compareTimes(got->times, want.times);
        QCOMPARE(got->devices.size(), want.devices.size());
        for (size_t d = 0; d < want.devices.size(); ++d) {
            compareTimes(got->devices[d].times, want.devices[d].times);
            QCOMPARE(got->devices[d].engines.size(), want.devices[d].engines.size());
            for (size_t e = 0; e < want.devices[d].engines.size(); ++e)
                compareTimes(got->devices[d].engines[e].times, want.devices[d].engines[e].times);
        }
        // Table: "All devices" first (two devices), then each device.
        BreakdownTable* table = m_f.widget->table();
        QCOMPARE(table->topLevelItemCount(), int(want.devices.size()) + 1);
        for (size_t d = 0; d < want.devices.size(); ++d) {
            const analysis::BreakdownTimes& t = want.devices[d].times;
            const int row = int(d) + 1;
            QCOMPARE(table->cell(row, "compute", BreakdownTable::Time), widgets::UnitFormat::duration(t.computeNs));
            QCOMPARE(table->cell(row, "communication", BreakdownTable::Time),
                widgets::UnitFormat::duration(t.communicationNs));
            QCOMPARE(
                table->cell(row, "overlapped", BreakdownTable::Time), widgets::UnitFormat::duration(t.commOverlapNs));
            QCOMPARE(table->cell(row, "memory", BreakdownTable::Time), widgets::UnitFormat::duration(t.memoryNs));
            QCOMPARE(table->cell(row, "idle", BreakdownTable::Time), widgets::UnitFormat::duration(t.idleNs));
            QCOMPARE(table->cell(row, "host wait", BreakdownTable::Time),
                widgets::UnitFormat::duration(t.idleCauses.hostWaitNs));
            QCOMPARE(table->cell(row, "kernel wait", BreakdownTable::Time),
                widgets::UnitFormat::duration(t.idleCauses.kernelWaitNs));
            // The bar's segments add up to the span.
            TimeNs sum = 0;
            for (const auto& s : widgets::BreakdownBars::segments(t))
                sum += s.ns;
            QCOMPARE(sum, t.spanNs);
        }
        QCOMPARE(m_f.widget->bars()->rowCount(), int(want.devices.size()));
        m_f.widget->bars()->setShowEngines(true);
        QCOMPARE(m_f.widget->bars()->rowCount(),
            int(want.devices.size() + want.devices[0].engines.size() + want.devices[1].engines.size()));
    }

    void wholeTraceByHand()
    {
        // Device 0 worked out by hand (tst_BreakdownIndex): span 310, idle 80, compute 155,
        // communication 100, memory 20, overlap 45.
        const auto store = breakdowntest::kinetoStore();
        QVERIFY(m_f.show(store->extent(), 350, 250));
        QSignalSpy spy(m_f.widget.get(), &BreakdownWidget::breakdownUpdated);
        m_f.open(store);
        QVERIFY(spy.wait(widgettest::kWaitMs));
        const analysis::BreakdownTimes& t = m_f.widget->breakdown()->devices.at(0).times;
        QCOMPARE(t.spanNs, TimeNs(310));
        QCOMPARE(t.idleNs, TimeNs(80));
        QCOMPARE(t.computeNs, TimeNs(155));
        QCOMPARE(t.communicationNs, TimeNs(100));
        QCOMPARE(t.memoryNs, TimeNs(20));
        QCOMPARE(t.commOverlapNs, TimeNs(45));
        QCOMPARE(m_f.widget->table()->cell(1, "compute", BreakdownTable::Share), QStringLiteral("50.0 %"));
    }

    void noDeviceWork()
    {
        const auto store = hostOnlyStore();
        QVERIFY(m_f.show(store->extent(), 350, 250));
        m_f.open(store);
        QTRY_COMPARE_WITH_TIMEOUT(
            m_f.widget->placeholderText(), QStringLiteral("No device work in this profile"), widgettest::kWaitMs);
        QVERIFY(!m_f.widget->breakdown());
    }

    // A click on device 0's bar selects its work: [10, 320] over the whole trace.
    void clickSelectsDeviceSpan()
    {
        const auto store = breakdowntest::kinetoStore();
        QVERIFY(m_f.show(store->extent(), 350, 250));
        QSignalSpy spy(m_f.widget.get(), &BreakdownWidget::breakdownUpdated);
        m_f.open(store);
        QVERIFY(spy.wait(widgettest::kWaitMs));
        widgets::BreakdownBars* bars = m_f.widget->bars();
        QVERIFY(bars->isVisible());
        QTest::mouseClick(bars, Qt::LeftButton, {}, bars->barRect(0).center());
        QVERIFY(m_f.selection->hasTimeSelection());
        QVERIFY(same(m_f.selection->timeSelection(), { 10, 320 }));
        QTest::mouseClick(bars, Qt::LeftButton, {}, bars->barRect(1).center());
        QVERIFY(same(m_f.selection->timeSelection(), { 400, 420 }));
    }

private:
    widgettest::DockFixture<BreakdownWidget> m_f;
};

QTEST_MAIN(tst_BreakdownWidget)
#include "tst_breakdownwidget.moc"
