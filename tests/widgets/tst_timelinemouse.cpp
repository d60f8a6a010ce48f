// TimelineMouse: the pointer gestures of the timeline, driven through the widget as a user
// would. Clicks, ruler and canvas drags and the wheel are also in tst_timelinewidget.
#include <state/selection.h>
#include <state/trackfilter.h>
#include <state/viewport.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>
#include <support/widgettestutil.h>
#include <timeline/measureoverlay.h>
#include <timeline/overviewbar.h>
#include <timeline/timelinewidget.h>

#include <QSignalSpy>
#include <state/session.h>

#include <QtTest>

#include <memory>

using namespace strata;
using model::EventRef;
using store::TimeNs;
using store::TimeRange;
using widgets::OverviewBar;
using widgets::TimelineFrame;
using widgets::TimelineWidget;

// Trace [0, 100000] ns: one process with kThreads threads (taller than the widget, so it
// scrolls), each with "op<i>" at [10000 + 1000 i, 12000 + 1000 i].
class tst_TimelineMouse : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void clickOrSelect_data();
    void clickOrSelect();
    void ctrlClickRequestsSource();
    void shiftClickMeasures_data();
    void shiftClickMeasures();
    void plainClickOrEscEndsTheMeasure();
    void doubleClickFocuses();
    void overviewClickCentresTheWindow();
    void overviewDragMovesTheWindow();
    void scrollThumbDrags();
    void middleDragPansAndScrolls();
    void labelEdgeResizes();
    void pressClosesKeyHelp();

private:
    static constexpr int kThreads = 40;
    QPoint centreOf(int thread) const;
    void drag(Qt::MouseButton button, QPoint from, QPoint to, Qt::KeyboardModifiers mods = {});

    std::shared_ptr<const store::EventStore> m_store;
    std::unique_ptr<model::Session> m_session;
    model::Viewport* m_viewport = nullptr;
    model::Selection* m_selection = nullptr;
    model::TrackFilter* m_filter = nullptr;
    std::unique_ptr<TimelineWidget> m_w;
};

void tst_TimelineMouse::initTestCase()
{
    store::StoreBuilder b;
    const store::ProcessId p = b.process(store::IdValue::number(1));
    b.setProcessName(p, b.intern("Device"));
    for (int i = 0; i < kThreads; ++i) {
        const uint32_t t = b.thread(p, store::IdValue::number(i + 1));
        const std::string name = "op" + std::to_string(i);
        b.completeSlice(t, 10000 + 1000 * i, 2000, b.type(b.intern(name), b.intern("op")), {});
    }
    b.globalInstant(0, b.type(b.intern("begin"), b.intern("mark")), {});
    b.globalInstant(100000, b.type(b.intern("end"), b.intern("mark")), {});
    m_store = store::StoreFinalizer::finalize(b);
    QVERIFY(m_store);
    QCOMPARE(m_store->extent().start, TimeNs(0));
    QCOMPARE(m_store->extent().end, TimeNs(100000));
}

void tst_TimelineMouse::init()
{
    m_session = std::make_unique<model::Session>();
    m_viewport = m_session->viewport();
    m_selection = m_session->selection();
    m_filter = m_session->trackFilter();
    m_w = std::make_unique<TimelineWidget>(m_session.get());
    m_w->resize(800, 400);
    widgettest::open(*m_session, m_store);
    m_w->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_w.get()));
}

void tst_TimelineMouse::cleanup()
{
    m_w.reset();
    m_session.reset();
}

QPoint tst_TimelineMouse::centreOf(int thread) const
{
    for (uint32_t r = 0; r < m_store->sliceCount(); ++r) {
        if (m_store->str(m_store->sliceName(store::SliceRow(r))) == "op" + std::to_string(thread))
            return m_w->eventRect(EventRef::slice(store::SliceRow(r))).center().toPoint();
    }
    return {};
}

void tst_TimelineMouse::drag(Qt::MouseButton button, QPoint from, QPoint to, Qt::KeyboardModifiers mods)
{
    QTest::mousePress(m_w.get(), button, mods, from);
    QTest::mouseMove(m_w.get(), (from + to) / 2);
    QTest::mouseMove(m_w.get(), to);
    QTest::mouseRelease(m_w.get(), button, mods, to);
}

void tst_TimelineMouse::clickOrSelect_data()
{
    QTest::addColumn<int>("dx");
    QTest::addColumn<bool>("selects"); // a time range; else the click selects the slice
    QTest::newRow("still") << 0 << false;
    QTest::newRow("a jitter of 3 px is a click") << 3 << false;
    QTest::newRow("4 px is a drag") << 4 << true;
    QTest::newRow("a long drag") << 60 << true;
}

// Click one event, Shift+click another: the pair measures from the end of the earlier to the
// start of the later, in store nanoseconds, whichever was clicked first.
void tst_TimelineMouse::shiftClickMeasures_data()
{
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("second");
    QTest::addColumn<qlonglong>("from"); // the end of the earlier op
    QTest::addColumn<qlonglong>("to"); // the start of the later op
    QTest::addColumn<bool>("secondFirst");
    QTest::newRow("later second") << 1 << 4 << 13000LL << 14000LL << false;
    QTest::newRow("earlier second") << 4 << 1 << 13000LL << 14000LL << true;
    QTest::newRow("overlapping") << 1 << 2 << 13000LL << 12000LL << false;
}

void tst_TimelineMouse::shiftClickMeasures()
{
    QFETCH(int, first);
    QFETCH(int, second);
    QFETCH(qlonglong, from);
    QFETCH(qlonglong, to);
    QFETCH(bool, secondFirst);
    m_viewport->setVisible({ 9000, 17000 });
    QTest::mouseClick(m_w.get(), Qt::LeftButton, {}, centreOf(first));
    const EventRef current = m_selection->current();
    QVERIFY(current.valid());
    QSignalSpy measured(m_selection, &model::Selection::measureChanged);
    QTest::mouseClick(m_w.get(), Qt::LeftButton, Qt::ShiftModifier, centreOf(second));
    QCOMPARE(measured.count(), 1);
    QCOMPARE(m_selection->current(), current); // the first event stays selected
    QVERIFY(m_selection->measure().valid() && m_selection->measure() != current);
    const std::optional<analysis::EventGap> gap = widgets::MeasureOverlay::gapOf(*m_store, *m_selection);
    QVERIFY(gap);
    QCOMPARE(gap->from, TimeNs(from));
    QCOMPARE(gap->to, TimeNs(to));
    QCOMPARE(gap->delta(), TimeNs(to - from));
    QCOMPARE(gap->secondFirst, secondFirst);
    QCOMPARE(widgets::MeasureOverlay::label(*gap),
        to >= from ? QStringLiteral("Δ %1.000 µs").arg((to - from) / 1000)
                   : QStringLiteral("overlap %1.000 µs").arg((from - to) / 1000));
}

void tst_TimelineMouse::plainClickOrEscEndsTheMeasure()
{
    m_viewport->setVisible({ 9000, 17000 });
    QTest::mouseClick(m_w.get(), Qt::LeftButton, {}, centreOf(1));
    QTest::mouseClick(m_w.get(), Qt::LeftButton, Qt::ShiftModifier, centreOf(4));
    QVERIFY(m_selection->measure().valid());
    QTest::mouseClick(m_w.get(), Qt::LeftButton, {}, centreOf(1)); // the same event, plainly
    QVERIFY(!m_selection->measure().valid());
    QTest::mouseClick(m_w.get(), Qt::LeftButton, Qt::ShiftModifier, centreOf(4));
    QVERIFY(m_selection->measure().valid());
    QTest::keyClick(m_w.get(), Qt::Key_Escape);
    QVERIFY(!m_selection->measure().valid());
    QVERIFY(!m_selection->current().valid());
    // Without a selected event, Shift+click just selects.
    QTest::mouseClick(m_w.get(), Qt::LeftButton, Qt::ShiftModifier, centreOf(4));
    QVERIFY(m_selection->current().valid());
    QVERIFY(!m_selection->measure().valid());
}

void tst_TimelineMouse::clickOrSelect()
{
    QFETCH(int, dx);
    QFETCH(bool, selects);
    m_viewport->setVisible({ 9000, 14000 });
    const QPoint a = centreOf(1), b = a + QPoint(dx, 0);
    drag(Qt::LeftButton, a, b);
    QCOMPARE(m_selection->hasTimeSelection(), selects);
    if (selects) {
        const TimelineFrame f = m_w->frame();
        QCOMPARE(m_selection->timeSelection().start, f.timeAt(a.x()));
        QCOMPARE(m_selection->timeSelection().end, f.timeAt(b.x()));
        QCOMPARE(m_selection->current(), EventRef());
    } else {
        QVERIFY(m_selection->current().valid());
        QCOMPARE(m_store->str(m_store->sliceName(store::SliceRow(m_selection->current().row))), std::string("op1"));
    }
}

void tst_TimelineMouse::ctrlClickRequestsSource()
{
    QSignalSpy requested(m_selection, &model::Selection::sourceRequested);
    QTest::mouseClick(m_w.get(), Qt::LeftButton, {}, centreOf(0));
    QCOMPARE(requested.count(), 0);
    QTest::mouseClick(m_w.get(), Qt::LeftButton, Qt::ControlModifier, centreOf(2));
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(0).value<EventRef>(), m_selection->current());
}

void tst_TimelineMouse::doubleClickFocuses()
{
    const QPoint c = centreOf(3); // op3: [13000, 15000]
    QTest::mouseDClick(m_w.get(), Qt::LeftButton, {}, c);
    const TimeRange v = m_viewport->visible();
    QVERIFY2(v.start < 13000 && v.start >= 12800 && v.end > 15000 && v.end <= 15200,
        qPrintable(QStringLiteral("%1..%2").arg(v.start).arg(v.end)));
    QVERIFY(m_selection->current().valid());
}

void tst_TimelineMouse::overviewClickCentresTheWindow()
{
    m_viewport->setVisible({ 1000, 11000 });
    const TimelineFrame f = m_w->frame();
    const QPoint at(f.overview.left() + f.overview.width() * 3 / 4, f.overview.center().y());
    const TimeNs centre = OverviewBar::timeAt(f.overview, m_viewport->traceRange(), at.x());
    QTest::mouseClick(m_w.get(), Qt::LeftButton, {}, at);
    QCOMPARE(m_viewport->visible().duration(), TimeNs(10000));
    QCOMPARE(m_viewport->visible().start, centre - 5000);
    QVERIFY(!m_selection->hasTimeSelection());
}

void tst_TimelineMouse::overviewDragMovesTheWindow()
{
    m_viewport->setVisible({ 20000, 40000 });
    const TimelineFrame f = m_w->frame();
    const TimeRange trace = m_viewport->traceRange();
    const QRectF win = OverviewBar::windowRect(f.overview, trace, m_viewport->visible());
    const QPoint a(int(win.left()) + 3, f.overview.center().y()), b = a + QPoint(80, 0);
    drag(Qt::LeftButton, a, b);
    // The window keeps where it was grabbed: its left edge moves with the pointer.
    const TimeNs expect = OverviewBar::timeAt(f.overview, trace, b.x() - (a.x() - win.left()));
    QCOMPARE(m_viewport->visible().start, expect);
    QCOMPARE(m_viewport->visible().duration(), TimeNs(20000));
}

void tst_TimelineMouse::scrollThumbDrags()
{
    const TimelineFrame f = m_w->frame();
    QCOMPARE(m_w->scrollY(), 0);
    const QPoint thumb(f.canvas.right() - 3, f.canvas.top() + 5);
    drag(Qt::LeftButton, thumb, thumb + QPoint(0, f.canvas.height())); // past the end: clamped
    const int bottom = m_w->scrollY();
    QVERIFY(bottom > 0);
    m_w->setScrollY(bottom + 100);
    QCOMPARE(m_w->scrollY(), bottom);
    QVERIFY(!m_selection->hasTimeSelection());

    const QPoint low(thumb.x(), f.canvas.bottom() - 5);
    drag(Qt::LeftButton, low, low - QPoint(0, f.canvas.height()));
    QCOMPARE(m_w->scrollY(), 0);
}

void tst_TimelineMouse::middleDragPansAndScrolls()
{
    m_viewport->setVisible({ 20000, 40000 });
    const TimelineFrame f = m_w->frame();
    const QPoint a = f.canvas.center(), b = a + QPoint(-100, -30);
    drag(Qt::MiddleButton, a, b);
    QVERIFY(std::abs(double(m_viewport->visible().start - 20000) - 100 * f.nsPerPx) <= 1);
    QCOMPARE(m_viewport->visible().duration(), TimeNs(20000));
    QCOMPARE(m_w->scrollY(), 30); // dragging up shows the rows below
    QVERIFY(!m_selection->hasTimeSelection());
}

void tst_TimelineMouse::labelEdgeResizes()
{
    const TimelineFrame f = m_w->frame();
    const QPoint edge(f.labels.right(), f.canvas.center().y());
    drag(Qt::LeftButton, edge, QPoint(300, edge.y()));
    QCOMPARE(m_w->labelWidth(), 300);
    QCOMPARE(m_w->frame().canvas.left(), 300);
    QVERIFY(!m_selection->hasTimeSelection());
}

void tst_TimelineMouse::pressClosesKeyHelp()
{
    m_w->setKeyHelpVisible(true);
    QTest::mouseClick(m_w.get(), Qt::LeftButton, {}, centreOf(0));
    QVERIFY(!m_w->keyHelpVisible());
    QCOMPARE(m_selection->current(), EventRef()); // the click only closed the help
}

QTEST_MAIN(tst_TimelineMouse)
#include "tst_timelinemouse.moc"
