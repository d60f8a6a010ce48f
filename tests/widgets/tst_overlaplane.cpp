// OverlapLane in the timeline on the time breakdown's hand-worked Kineto store (tests/
// support/breakdownstore.h): the colour of the lane at given pixels of a grabbed timeline,
// the lane rows (only devices with device work, shown by default because the profile
// communicates, hidden and shown again by the preference), the hover card, and that a hover
// rebuilds no lane image.
#include <support/breakdownstore.h>
#include <support/timelinetestutil.h>

#include <common/breakdowncolors.h>
#include <common/themepalette.h>
#include <state/viewport.h>
#include <timeline/overlaplane.h>
#include <timeline/timelinetogglepreference.h>
#include <timeline/timelinewidget.h>

#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using namespace strata;
using store::ProcessId;
using store::TimeNs;
using widgets::OverlapLane;
using widgets::TimelineTogglePreference;
using widgets::TimelineWidget;
using State = analysis::OverlapLaneIndex::State;

namespace {

ProcessId processOfPid(const store::EventStore& s, int64_t pid)
{
    for (uint32_t p = 0; p < s.processCount(); ++p)
        if (!s.process(ProcessId(p)).pid.isString && s.process(ProcessId(p)).pid.num == pid)
            return ProcessId(p);
    return ProcessId();
}

} // namespace

class tst_OverlapLane : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        widgettest::clearSettings();
        m_store = breakdowntest::kinetoStore();
    }

    void init()
    {
        QSettings().clear();
        QVERIFY(widgettest::showTimeline(m_session, m_w, m_store));
        QTRY_VERIFY(m_w->overlapLaneShown());
        m_session->viewport()->setVisible({ 0, 500 }, model::Viewport::Nav::Jump);
    }

    void cleanup()
    {
        m_w.reset();
        m_session.reset();
    }

    void lanes()
    {
        QVERIFY(!m_w->overlapLaneRect(processOfPid(*m_store, 0)).isEmpty());
        QVERIFY(!m_w->overlapLaneRect(processOfPid(*m_store, 1)).isEmpty());
        QVERIFY(m_w->overlapLaneRect(processOfPid(*m_store, 100)).isEmpty()); // the host: no device work
        // Under its header, above its tracks.
        const QRect lane = m_w->overlapLaneRect(processOfPid(*m_store, 0));
        for (uint32_t r = 0; r < m_store->sliceCount(); ++r)
            if (m_store->track(m_store->sliceTrack(store::SliceRow(r))).process == processOfPid(*m_store, 0))
                QVERIFY(lane.bottom() < m_w->eventRect(model::EventRef::slice(store::SliceRow(r))).top());
    }

    // Device 0: compute [10,50) [55,80) [110,150) [200,250), communication [40,120)
    // [300,320), memory [260,280); device 1: compute [400,420). Visible: 0 to 500 ns.
    void colours_data()
    {
        QTest::addColumn<int>("pid");
        QTest::addColumn<TimeNs>("at");
        QTest::addColumn<State>("state");
        QTest::newRow("compute only") << 0 << TimeNs(25) << State::Compute;
        QTest::newRow("compute + communication") << 0 << TimeNs(45) << State::Overlapped;
        QTest::newRow("communication exposed") << 0 << TimeNs(100) << State::Exposed;
        QTest::newRow("idle") << 0 << TimeNs(175) << State::Idle;
        QTest::newRow("memory only") << 0 << TimeNs(270) << State::Memory;
        QTest::newRow("exposed again") << 0 << TimeNs(310) << State::Exposed;
        QTest::newRow("after the device's work") << 0 << TimeNs(360) << State::None;
        QTest::newRow("before the device's work") << 1 << TimeNs(200) << State::None;
        QTest::newRow("the other device computes") << 1 << TimeNs(410) << State::Compute;
    }
    void colours()
    {
        QFETCH(int, pid);
        QFETCH(TimeNs, at);
        QFETCH(State, state);
        const QRect lane = m_w->overlapLaneRect(processOfPid(*m_store, pid));
        QVERIFY(!lane.isEmpty());
        const QImage img = m_w->grab().toImage();
        const int x = int(m_w->frame().xOf(at));
        const QColor expected = OverlapLane::colorOf(state, m_w->palette());
        for (int y : { lane.top(), lane.center().y(), lane.bottom() })
            QCOMPARE(img.pixelColor(x, y).rgb(), expected.rgb());
    }

    void coloursAreTheBreakdowns()
    {
        const QPalette pal = m_w->palette();
        QCOMPARE(OverlapLane::colorOf(State::Compute, pal), widgets::BreakdownColors::compute());
        QCOMPARE(OverlapLane::colorOf(State::Overlapped, pal), widgets::BreakdownColors::overlapped());
        QCOMPARE(OverlapLane::colorOf(State::Exposed, pal), widgets::BreakdownColors::exposed());
        QCOMPARE(OverlapLane::colorOf(State::Memory, pal), widgets::BreakdownColors::memory());
        QCOMPARE(OverlapLane::colorOf(State::Idle, pal), widgets::BreakdownColors::idle());
    }

    void hover()
    {
        const QRect lane = m_w->overlapLaneRect(processOfPid(*m_store, 0));
        m_w->grab(); // painted once: the hover must not rebuild the lane
        const int builds = m_w->laneBuilds();
        QTest::mouseMove(m_w.get(), QPoint(int(m_w->frame().xOf(45)), lane.center().y()));
        QTRY_VERIFY2(
            m_w->hoverText().startsWith(QStringLiteral("compute + communication · ")), qPrintable(m_w->hoverText()));
        QVERIFY(m_w->hoverText().contains(QStringLiteral("Device")));
        m_w->grab();
        QCOMPARE(m_w->laneBuilds(), builds);
    }

    void preference()
    {
        const ProcessId device = processOfPid(*m_store, 0);
        TimelineTogglePreference::overlapLane()->setShown(false);
        QVERIFY(!m_w->overlapLaneShown());
        QVERIFY(m_w->overlapLaneRect(device).isEmpty());
        QCOMPARE(QSettings().value(QStringLiteral("timeline/overlapLane")).toBool(), false);
        TimelineTogglePreference::overlapLane()->setShown(true);
        QVERIFY(m_w->overlapLaneShown());
        QVERIFY(!m_w->overlapLaneRect(device).isEmpty());
    }

private:
    std::shared_ptr<const store::EventStore> m_store;
    std::unique_ptr<model::Session> m_session;
    std::unique_ptr<TimelineWidget> m_w;
};

QTEST_MAIN(tst_OverlapLane)
#include "tst_overlaplane.moc"
