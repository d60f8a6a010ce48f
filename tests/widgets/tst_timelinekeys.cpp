#include "timelineprofile.h"
#include <support/widgettestutil.h>

#include <state/selection.h>
#include <state/session.h>
#include <state/viewport.h>
#include <timeline/timelinekeys.h>
#include <timeline/timelinewidget.h>

#include <QKeyEvent>
#include <QSignalSpy>
#include <QtTest>

#include <cmath>
#include <memory>

using namespace strata;
using model::EventRef;
using store::TimeNs;
using store::TimeRange;
using widgets::TimelineKeys;
using widgets::TimelineWidget;

// The timeline's keys, sent to a TimelineWidget on timelineprofile::make() (two processes,
// slices nested and in a flow), and which keys it claims over application shortcuts.
class tst_TimelineKeys : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void claimsShortcut_data();
    void claimsShortcut();
    void keys_data();
    void keys();
    void zoomLimit();
    void focusZoomsToSelection();
    void focusZoomsToEvent();
    void zeroResets();
    void altArrowsWalkHistory();
    void escapeClears();
    void keyHelpToggles();
    void flowJumps_data();
    void flowJumps();

private:
    store::SliceRow row(const char* name) const;

    std::shared_ptr<const store::EventStore> m_store;
    std::unique_ptr<model::Session> m_session;
    model::Viewport* m_viewport = nullptr;
    model::Selection* m_selection = nullptr;
    std::unique_ptr<TimelineWidget> m_w;
};

void tst_TimelineKeys::initTestCase()
{
    m_store = timelineprofile::make();
    QVERIFY(m_store);
    QCOMPARE(m_store->extent().start, TimeNs(0));
    QCOMPARE(m_store->extent().end, TimeNs(10000));
}

void tst_TimelineKeys::init()
{
    m_session = std::make_unique<model::Session>();
    m_viewport = m_session->viewport();
    m_selection = m_session->selection();
    m_w = std::make_unique<TimelineWidget>(m_session.get());
    m_w->resize(1000, 600);
    widgettest::open(*m_session, m_store);
    m_w->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_w.get()));
}

void tst_TimelineKeys::cleanup()
{
    m_w.reset();
    m_session.reset();
}

store::SliceRow tst_TimelineKeys::row(const char* name) const
{
    for (uint32_t r = 0; r < m_store->sliceCount(); ++r) {
        if (m_store->str(m_store->sliceName(store::SliceRow(r))) == name)
            return store::SliceRow(r);
    }
    return store::SliceRow();
}

void tst_TimelineKeys::claimsShortcut_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("modifiers");
    QTest::addColumn<bool>("claimed");
    QTest::newRow("W") << int(Qt::Key_W) << 0 << true;
    QTest::newRow("Shift+D") << int(Qt::Key_D) << int(Qt::ShiftModifier) << true;
    QTest::newRow("keypad 0") << int(Qt::Key_0) << int(Qt::KeypadModifier) << true;
    QTest::newRow("Delete") << int(Qt::Key_Delete) << 0 << true;
    QTest::newRow("Ctrl+W is the application's") << int(Qt::Key_W) << int(Qt::ControlModifier) << false;
    QTest::newRow("Alt+Left is the application's") << int(Qt::Key_Left) << int(Qt::AltModifier) << false;
    QTest::newRow("Q is not a timeline key") << int(Qt::Key_Q) << 0 << false;
}

void tst_TimelineKeys::claimsShortcut()
{
    QFETCH(int, key);
    QFETCH(int, modifiers);
    QFETCH(bool, claimed);
    const QKeyEvent e(QEvent::ShortcutOverride, key, Qt::KeyboardModifiers(modifiers));
    QCOMPARE(TimelineKeys::claimsShortcut(e), claimed);
}

void tst_TimelineKeys::keys_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("modifiers");
    QTest::addColumn<double>("spanFactor");
    QTest::addColumn<double>("shiftOfSpan"); // of the start, in spans; zooms keep the centre
    const double z = TimelineWidget::kZoomStep, zf = TimelineWidget::kZoomStepFast;
    const double p = TimelineWidget::kPanStep, pf = TimelineWidget::kPanStepFast;
    QTest::newRow("W zooms in") << int(Qt::Key_W) << 0 << z << (1 - z) / 2;
    QTest::newRow("S zooms out") << int(Qt::Key_S) << 0 << 1 / z << (1 - 1 / z) / 2;
    QTest::newRow("Shift+W zooms faster") << int(Qt::Key_W) << int(Qt::ShiftModifier) << zf << (1 - zf) / 2;
    QTest::newRow("A pans left") << int(Qt::Key_A) << 0 << 1.0 << -p;
    QTest::newRow("D pans right") << int(Qt::Key_D) << 0 << 1.0 << p;
    QTest::newRow("Left pans left") << int(Qt::Key_Left) << 0 << 1.0 << -p;
    QTest::newRow("Right pans right") << int(Qt::Key_Right) << 0 << 1.0 << p;
    QTest::newRow("Shift+A pans faster") << int(Qt::Key_A) << int(Qt::ShiftModifier) << 1.0 << -pf;
    QTest::newRow("Shift+Right pans faster") << int(Qt::Key_Right) << int(Qt::ShiftModifier) << 1.0 << pf;
}

void tst_TimelineKeys::keys()
{
    QFETCH(int, key);
    QFETCH(int, modifiers);
    QFETCH(double, spanFactor);
    QFETCH(double, shiftOfSpan);
    const TimeRange start { 3000, 7000 };
    m_viewport->setVisible(start);
    QTest::keyClick(m_w.get(), Qt::Key(key), Qt::KeyboardModifiers(modifiers));
    const TimeRange v = m_viewport->visible();
    QCOMPARE(double(v.duration()), std::round(start.duration() * spanFactor));
    QVERIFY2(std::abs(double(v.start - start.start) - shiftOfSpan * start.duration()) <= 1,
        qPrintable(QStringLiteral("start %1").arg(v.start)));
}

void tst_TimelineKeys::zoomLimit()
{
    for (int i = 0; i < 60; ++i)
        QTest::keyClick(m_w.get(), Qt::Key_W);
    const TimeNs minSpan = (m_w->frame().canvas.width() + 9) / 10; // 1 ns per 10 px
    QCOMPARE(m_viewport->visible().duration(), minSpan);
}

void tst_TimelineKeys::focusZoomsToSelection()
{
    m_selection->setTimeSelection({ 3000, 4500 });
    QTest::keyClick(m_w.get(), Qt::Key_F);
    QCOMPARE(m_viewport->visible().start, TimeNs(3000));
    QCOMPARE(m_viewport->visible().end, TimeNs(4500));
}

void tst_TimelineKeys::focusZoomsToEvent()
{
    const store::SliceRow r = row("0_fused(layer1+conv)_7"); // [6000, 7000]
    m_selection->setCurrent(EventRef::slice(r));
    QTest::keyClick(m_w.get(), Qt::Key_F);
    const TimeRange v = m_viewport->visible();
    QVERIFY(v.start < 6000 && v.start >= 5800);
    QVERIFY(v.end > 7000 && v.end <= 7200);
}

void tst_TimelineKeys::zeroResets()
{
    m_viewport->setVisible({ 3000, 3500 });
    QTest::keyClick(m_w.get(), Qt::Key_0);
    QCOMPARE(m_viewport->visible().start, TimeNs(0));
    QCOMPARE(m_viewport->visible().end, TimeNs(10000));
}

void tst_TimelineKeys::altArrowsWalkHistory()
{
    m_viewport->setVisible({ 1000, 2000 });
    m_viewport->setVisible({ 5000, 8000 });
    QTest::keyClick(m_w.get(), Qt::Key_Left, Qt::AltModifier);
    QCOMPARE(m_viewport->visible().start, TimeNs(1000));
    QCOMPARE(m_viewport->visible().end, TimeNs(2000));
    QTest::keyClick(m_w.get(), Qt::Key_Right, Qt::AltModifier);
    QCOMPARE(m_viewport->visible().start, TimeNs(5000));
    QCOMPARE(m_viewport->visible().end, TimeNs(8000));
}

void tst_TimelineKeys::escapeClears()
{
    m_selection->setCurrent(EventRef::slice(row("aten::conv2d")));
    m_selection->setTimeSelection({ 100, 200 });
    QTest::keyClick(m_w.get(), Qt::Key_Escape);
    QCOMPARE(m_selection->current(), EventRef());
    QVERIFY(!m_selection->hasTimeSelection());
}

void tst_TimelineKeys::keyHelpToggles()
{
    QVERIFY(!m_w->keyHelpVisible());
    QTest::keyClick(m_w.get(), Qt::Key_Question, Qt::ShiftModifier);
    QVERIFY(m_w->keyHelpVisible());
    QImage image(m_w->size(), QImage::Format_ARGB32_Premultiplied);
    m_w->render(&image);
    QTest::keyClick(m_w.get(), Qt::Key_Escape);
    QVERIFY(!m_w->keyHelpVisible());
}

void tst_TimelineKeys::flowJumps_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<int>("key");
    QTest::addColumn<QString>("to"); // "" = stays
    QTest::newRow("] follows the flow") << "0_fused(layer1+conv)_3" << int(Qt::Key_BracketRight)
                                        << "1_fused(layer1.2+layer1.2.bn2)_9";
    QTest::newRow("[ goes back along it")
        << "1_fused(layer1.2+layer1.2.bn2)_9" << int(Qt::Key_BracketLeft) << "0_fused(layer1+conv)_3";
    QTest::newRow("] at the end of the flow stays")
        << "1_fused(layer1.2+layer1.2.bn2)_9" << int(Qt::Key_BracketRight) << "";
    QTest::newRow("[ without incoming flows stays") << "aten::conv2d" << int(Qt::Key_BracketLeft) << "";
}

void tst_TimelineKeys::flowJumps()
{
    QFETCH(QString, from);
    QFETCH(int, key);
    QFETCH(QString, to);
    const EventRef start = EventRef::slice(row(qPrintable(from)));
    m_selection->setCurrent(start);
    QSignalSpy reveal(m_selection, &model::Selection::revealRequested);
    m_w->setFocus();
    QTest::keyClick(m_w.get(), Qt::Key(key));
    const EventRef expected = to.isEmpty() ? start : EventRef::slice(row(qPrintable(to)));
    QCOMPARE(m_selection->current(), expected);
    QCOMPARE(reveal.count(), to.isEmpty() ? 0 : 1); // a jump brings the other end into view
}

QTEST_MAIN(tst_TimelineKeys)
#include "tst_timelinekeys.moc"
