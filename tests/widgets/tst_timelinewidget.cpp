#include "timelineprofile.h"
#include <support/collectivejob.h>
#include <support/widgettestutil.h>

#include <common/operatorcolors.h>
#include <common/theme.h>
#include <common/themepalette.h>
#include <common/timelinestyle.h>
#include <state/selection.h>
#include <state/trackfilter.h>
#include <state/viewport.h>
#include <store/storebuilder.h>
#include <timeline/timelinewidget.h>

#include <QContextMenuEvent>
#include <QMenu>
#include <QSignalSpy>
#include <state/session.h>

#include <QtTest>

#include <memory>

using namespace strata;
using model::EventRef;
using store::TimeNs;
using store::TimeRange;
using widgets::TimelineWidget;

Q_DECLARE_METATYPE(strata::widgets::Theme::Mode)

// On timelineprofile::make(): two processes, slices nested and in a flow, instants and a
// counter.
class tst_TimelineWidget : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void paintsAndSignals();
    void hover_data();
    void hover();
    void hoverInstantAndCounter();
    void hoverDoesNotRebuildGeometry();
    void hoverHidesWhenAMenuOpens_data();
    void hoverHidesWhenAMenuOpens();
    void click_data();
    void click();
    void ctrlWheelZoomsAtCursor_data();
    void ctrlWheelZoomsAtCursor();
    void shiftWheelPans_data();
    void shiftWheelPans();
    void plainWheelScrolls();
    void rulerDragPans();
    void canvasDragSelects_data();
    void canvasDragSelects();
    void headerClickCollapses();
    void revealKeepsZoomWhenItFits();
    void revealZoomsWhenTooLong();
    void colours_data();
    void colours();
    void flowsOfSelection();
    void deepZoomInsideAHugeSlice();
    void themeSwitchRepaints_data();
    void themeSwitchRepaints();
    void globalInstantLine();
    void revealTrack_data();
    void revealTrack();

private:
    store::SliceRow row(const char* name) const;
    QPoint centreOf(const char* name) const;
    void wheel(QPoint pos, int delta, Qt::KeyboardModifiers mods);

    std::shared_ptr<const store::EventStore> m_store;
    std::unique_ptr<model::Session> m_session;
    model::Viewport* m_viewport = nullptr;
    model::Selection* m_selection = nullptr;
    model::TrackFilter* m_filter = nullptr;
    std::unique_ptr<TimelineWidget> m_w;
};

void tst_TimelineWidget::initTestCase()
{
    m_store = timelineprofile::make();
    QVERIFY(m_store);
    QCOMPARE(m_store->extent().start, TimeNs(0));
    QCOMPARE(m_store->extent().end, TimeNs(10000));
}

void tst_TimelineWidget::init()
{
    m_session = std::make_unique<model::Session>();
    m_viewport = m_session->viewport();
    m_selection = m_session->selection();
    m_filter = m_session->trackFilter();
    m_w = std::make_unique<TimelineWidget>(m_session.get());
    m_w->resize(1000, 600);
    widgettest::open(*m_session, m_store);
    m_w->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_w.get()));
}

void tst_TimelineWidget::cleanup()
{
    m_w.reset();
    m_session.reset();
}

store::SliceRow tst_TimelineWidget::row(const char* name) const
{
    for (uint32_t r = 0; r < m_store->sliceCount(); ++r) {
        if (m_store->str(m_store->sliceName(store::SliceRow(r))) == name)
            return store::SliceRow(r);
    }
    return store::SliceRow();
}

QPoint tst_TimelineWidget::centreOf(const char* name) const
{
    return m_w->eventRect(EventRef::slice(row(name))).center().toPoint();
}

void tst_TimelineWidget::wheel(QPoint pos, int delta, Qt::KeyboardModifiers mods)
{
    QWheelEvent e(pos, m_w->mapToGlobal(pos), QPoint(), QPoint(0, delta), Qt::NoButton, mods, Qt::NoScrollPhase, false);
    QApplication::sendEvent(m_w.get(), &e);
}

void tst_TimelineWidget::paintsAndSignals()
{
    QCOMPARE(m_w->objectName(), QStringLiteral("timeline"));
    QSignalSpy painted(m_w.get(), &TimelineWidget::painted);
    QImage image(m_w->size(), QImage::Format_ARGB32_Premultiplied);
    m_w->render(&image);
    QCOMPARE(painted.count(), 1);
    QVERIFY(m_w->lastFrameMs() > 0);
    // A slice is painted in its operator colour.
    const QPoint c = centreOf("0_fused(layer1.2+layer1.2.bn2)_3") + QPoint(0, 5);
    QCOMPARE(QColor(image.pixel(c)).rgb(), m_w->sliceColor(row("0_fused(layer1.2+layer1.2.bn2)_3")).rgb());

    widgettest::open(*m_session, nullptr);
    m_w->render(&image);
    QCOMPARE(painted.count(), 2);
}

void tst_TimelineWidget::hover_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("expect"); // in the tooltip text besides the name
    QTest::newRow("top level with args") << "aten::conv2d"
                                         << "flops: 42";
    QTest::newRow("child shows its parent") << "aten::convolution"
                                            << "Parents: aten::conv2d";
    QTest::newRow("device command") << "0_fused(layer1.2+layer1.2.bn2)_3"
                                    << "Track: NPU 0 (2) › Compute";
    QTest::newRow("duration") << "0_fused(layer1+conv)_3"
                              << "Duration: 1.000 µs";
}

void tst_TimelineWidget::hover()
{
    QFETCH(QString, name);
    QFETCH(QString, expect);
    const QByteArray n = name.toUtf8();
    QTest::mouseMove(m_w.get(), centreOf(n.constData()));
    QCOMPARE(m_selection->hovered(), EventRef::slice(row(n.constData())));
    QVERIFY2(m_w->hoverText().contains(name), qPrintable(m_w->hoverText()));
    QVERIFY2(m_w->hoverText().contains(expect), qPrintable(m_w->hoverText()));
    QVERIFY(m_w->hoverText().contains(QStringLiteral("Start: ")));

    // Off every slice: nothing hovered, no tooltip.
    QTest::mouseMove(m_w.get(), m_w->frame().canvas.bottomRight() - QPoint(20, 5));
    QCOMPARE(m_selection->hovered(), EventRef());
    QVERIFY(m_w->hoverText().isEmpty());
}

void tst_TimelineWidget::hoverHidesWhenAMenuOpens_data()
{
    QTest::addColumn<bool>("ownContextMenu"); // else a menu of some other widget
    QTest::newRow("the timeline's context menu") << true;
    QTest::newRow("any other menu") << false;
}

void tst_TimelineWidget::hoverHidesWhenAMenuOpens()
{
    QFETCH(bool, ownContextMenu);
    const QPoint pos = centreOf("aten::conv2d");
    QTest::mouseMove(m_w.get(), m_w->frame().canvas.bottomRight() - QPoint(20, 5));
    QTest::mouseMove(m_w.get(), pos);
    QVERIFY(!m_w->hoverText().isEmpty());
    QSignalSpy painted(m_w.get(), &TimelineWidget::painted);
    QMenu other;
    other.addAction(QStringLiteral("Something"));
    if (ownContextMenu) {
        QContextMenuEvent e(QContextMenuEvent::Mouse, pos, m_w->mapToGlobal(pos));
        QApplication::sendEvent(m_w.get(), &e);
    } else {
        other.popup(m_w->mapToGlobal(pos));
    }
    QMenu* menu = nullptr;
    for (QWidget* w : QApplication::topLevelWidgets())
        if (auto* m = qobject_cast<QMenu*>(w); m && m->isVisible())
            menu = m;
    QVERIFY(menu); // a menu is open...
    QVERIFY2(m_w->hoverText().isEmpty(), qPrintable(m_w->hoverText())); // ...and the card is gone
    QCOMPARE(m_selection->hovered(), EventRef());
    QTRY_VERIFY(painted.count() > 0); // and repainted without it
    menu->close();
}

void tst_TimelineWidget::hoverInstantAndCounter()
{
    // The thread instant sits in the strip above the thread's slices.
    store::InstantRow instant;
    for (uint32_t i = 0; i < m_store->instantCount(); ++i) {
        if (m_store->str(m_store->types().get(m_store->instantType(store::InstantRow(i))).name) == "step_begin")
            instant = store::InstantRow(i);
    }
    QVERIFY(instant.valid());
    const QRectF r = m_w->eventRect(EventRef::instant(instant));
    QVERIFY(!r.isEmpty());
    QTest::mouseMove(m_w.get(), r.center().toPoint());
    QCOMPARE(m_selection->hovered(), EventRef::instant(instant));
    QVERIFY2(m_w->hoverText().contains(QStringLiteral("step_begin")), qPrintable(m_w->hoverText()));
    QTest::mouseClick(m_w.get(), Qt::LeftButton, {}, r.center().toPoint());
    QCOMPARE(m_selection->current(), EventRef::instant(instant));

    // A counter shows its value under the cursor: "util" is 50 from 5000 ns on.
    const widgets::TimelineFrame f = m_w->frame();
    QImage image(m_w->size(), QImage::Format_ARGB32_Premultiplied);
    m_w->render(&image);
    bool found = false;
    for (int y = f.canvas.top(); y < f.canvas.bottom() && !found; y += 4) {
        QTest::mouseMove(m_w.get(), QPoint(int(f.xOf(7000)), y));
        found = m_w->hoverText().startsWith(QStringLiteral("util"));
    }
    QVERIFY(found);
    QVERIFY2(m_w->hoverText().contains(QStringLiteral("Value: 50")), qPrintable(m_w->hoverText()));
    QCOMPARE(m_selection->hovered(), EventRef());
}

void tst_TimelineWidget::hoverDoesNotRebuildGeometry()
{
    QImage image(m_w->size(), QImage::Format_ARGB32_Premultiplied);
    m_w->render(&image);
    const int builds = m_w->geometryBuilds();
    QVERIFY(builds > 0);
    m_selection->setHovered(EventRef::slice(row("aten::conv2d")));
    m_selection->setCurrent(EventRef::slice(row("0_fused(layer1+conv)_3")));
    m_selection->setTimeSelection({ 100, 900 });
    m_w->render(&image);
    QCOMPARE(m_w->geometryBuilds(), builds);
    m_viewport->setVisible({ 0, 5000 });
    m_w->render(&image);
    QVERIFY(m_w->geometryBuilds() > builds);
}

void tst_TimelineWidget::click_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("host slice") << "aten::conv2d";
    QTest::newRow("nested slice") << "aten::convolution";
    QTest::newRow("dma") << "0_fused(layer1.2+layer1.2.bn2)_4";
}

void tst_TimelineWidget::click()
{
    QFETCH(QString, name);
    const QByteArray n = name.toUtf8();
    QSignalSpy changed(m_selection, &model::Selection::currentChanged);
    QTest::mouseClick(m_w.get(), Qt::LeftButton, {}, centreOf(n.constData()));
    QCOMPARE(m_selection->current(), EventRef::slice(row(n.constData())));
    QCOMPARE(changed.count(), 1);
    QTest::mouseClick(m_w.get(), Qt::LeftButton, {}, m_w->frame().canvas.bottomRight() - QPoint(20, 5));
    QCOMPARE(m_selection->current(), EventRef());
}

void tst_TimelineWidget::ctrlWheelZoomsAtCursor_data()
{
    QTest::addColumn<double>("fraction"); // of the canvas width
    QTest::addColumn<int>("delta");
    QTest::newRow("in at left third") << 0.33 << 120;
    QTest::newRow("in at right edge") << 0.95 << 120;
    QTest::newRow("out at centre") << 0.5 << -120;
    QTest::newRow("two notches in") << 0.2 << 240;
}

void tst_TimelineWidget::ctrlWheelZoomsAtCursor()
{
    QFETCH(double, fraction);
    QFETCH(int, delta);
    m_viewport->setVisible({ 2000, 6000 });
    const QRect canvas = m_w->frame().canvas;
    const QPoint pos(canvas.left() + int(canvas.width() * fraction), canvas.center().y());
    const TimeNs before = m_w->frame().timeAt(pos.x());
    wheel(pos, delta, Qt::ControlModifier);
    const TimeRange v = m_viewport->visible();
    QCOMPARE(double(v.duration()), std::round(4000 * std::pow(TimelineWidget::kZoomStep, delta / 120.0)));
    QVERIFY(std::abs(m_w->frame().timeAt(pos.x()) - before) <= 2);
}

void tst_TimelineWidget::shiftWheelPans_data()
{
    QTest::addColumn<int>("delta");
    QTest::addColumn<TimeNs>("shift");
    QTest::newRow("wheel up pans earlier") << 120 << TimeNs(-400);
    QTest::newRow("wheel down pans later") << -120 << TimeNs(400);
}

void tst_TimelineWidget::shiftWheelPans()
{
    QFETCH(int, delta);
    QFETCH(TimeNs, shift);
    m_viewport->setVisible({ 2000, 6000 });
    wheel(m_w->frame().canvas.center(), delta, Qt::ShiftModifier);
    QCOMPARE(m_viewport->visible().start, 2000 + shift);
    QCOMPARE(m_viewport->visible().duration(), TimeNs(4000));
}

void tst_TimelineWidget::plainWheelScrolls()
{
    m_w->resize(1000, 200); // the tracks no longer fit
    const TimeRange before = m_viewport->visible();
    QCOMPARE(m_w->scrollY(), 0);
    wheel(m_w->frame().canvas.center(), -120, Qt::NoModifier);
    QVERIFY(m_w->scrollY() > 0);
    QCOMPARE(m_viewport->visible().start, before.start);
    QCOMPARE(m_viewport->visible().end, before.end);
    wheel(m_w->frame().canvas.center(), 120 * 50, Qt::NoModifier);
    QCOMPARE(m_w->scrollY(), 0);
}

void tst_TimelineWidget::rulerDragPans()
{
    m_viewport->setVisible({ 2000, 6000 });
    const QRect ruler = m_w->frame().ruler;
    const double nsPerPx = m_w->frame().nsPerPx;
    const QPoint a = ruler.center(), b = a - QPoint(100, 0);
    QTest::mousePress(m_w.get(), Qt::LeftButton, {}, a);
    QTest::mouseMove(m_w.get(), b);
    QTest::mouseRelease(m_w.get(), Qt::LeftButton, {}, b);
    QVERIFY(std::abs(double(m_viewport->visible().start - 2000) - 100 * nsPerPx) <= 1);
    QCOMPARE(m_viewport->visible().duration(), TimeNs(4000));
    QVERIFY(!m_selection->hasTimeSelection());
}

void tst_TimelineWidget::canvasDragSelects_data()
{
    QTest::addColumn<double>("from");
    QTest::addColumn<double>("to");
    QTest::newRow("left to right") << 0.2 << 0.6;
    QTest::newRow("right to left") << 0.7 << 0.3;
}

void tst_TimelineWidget::canvasDragSelects()
{
    QFETCH(double, from);
    QFETCH(double, to);
    const widgets::TimelineFrame f = m_w->frame();
    const int y = f.canvas.bottom() - 10;
    const QPoint a(f.canvas.left() + int(f.canvas.width() * from), y),
        b(f.canvas.left() + int(f.canvas.width() * to), y);
    const TimeRange visible = m_viewport->visible();
    QTest::mousePress(m_w.get(), Qt::LeftButton, {}, a);
    QTest::mouseMove(m_w.get(), (a + b) / 2);
    QTest::mouseMove(m_w.get(), b);
    QTest::mouseRelease(m_w.get(), Qt::LeftButton, {}, b);
    QVERIFY(m_selection->hasTimeSelection());
    const TimeRange sel = m_selection->timeSelection();
    QCOMPARE(sel.start, std::min(f.timeAt(a.x()), f.timeAt(b.x())));
    QCOMPARE(sel.end, std::max(f.timeAt(a.x()), f.timeAt(b.x())));
    QCOMPARE(m_viewport->visible().start, visible.start); // selecting does not move the view
    QCOMPARE(m_selection->current(), EventRef());
}

void tst_TimelineWidget::headerClickCollapses()
{
    const store::ProcessId npu = m_store->track(m_store->sliceTrack(row("0_fused(layer1.2+layer1.2.bn2)_3"))).process;
    QVERIFY(m_w->eventRect(EventRef::slice(row("0_fused(layer1.2+layer1.2.bn2)_3"))).height() > 10);
    // The header is the row just above the process's first track.
    const QRectF first = m_w->eventRect(EventRef::slice(row("0_fused(layer1.2+layer1.2.bn2)_3")));
    const QPoint header(m_w->frame().labels.left() + 40, int(first.top()) - 12);
    QTest::mouseClick(m_w.get(), Qt::LeftButton, {}, header);
    QVERIFY(m_filter->isCollapsed(npu));
    // Collapsed: its slices map onto the header row.
    QVERIFY(m_w->eventRect(EventRef::slice(row("0_fused(layer1.2+layer1.2.bn2)_3"))).bottom() < first.top());
    QTest::mouseClick(m_w.get(), Qt::LeftButton, {}, header);
    QVERIFY(!m_filter->isCollapsed(npu));
}

void tst_TimelineWidget::revealKeepsZoomWhenItFits()
{
    m_viewport->setVisible({ 0, 3000 });
    m_selection->setCurrent(EventRef::slice(row("0_fused(layer1+conv)_7")), true); // [6000, 7000]
    const TimeRange v = m_viewport->visible();
    QCOMPARE(v.duration(), TimeNs(3000));
    QVERIFY(v.start <= 6000 && v.end >= 7000);
    // Already visible: nothing moves.
    m_selection->setCurrent(EventRef::slice(row("0_fused(layer1+conv)_3")), false);
    m_selection->setCurrent(EventRef::slice(row("0_fused(layer1+conv)_7")), true);
    QCOMPARE(m_viewport->visible().start, v.start);
}

void tst_TimelineWidget::revealZoomsWhenTooLong()
{
    m_viewport->setVisible({ 0, 500 });
    m_selection->setCurrent(EventRef::slice(row("aten::conv2d")), true); // [1000, 3000]
    const TimeRange v = m_viewport->visible();
    QVERIFY(v.start <= 1000 && v.end >= 3000);
    QVERIFY(v.duration() < 3000);
}

void tst_TimelineWidget::colours_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<bool>("same");
    QTest::newRow("commands of one layer") << "0_fused(layer1+conv)_3"
                                           << "0_fused(layer1+conv)_7" << true;
    QTest::newRow("other sequence index") << "0_fused(layer1.2+layer1.2.bn2)_3"
                                          << "1_fused(layer1.2+layer1.2.bn2)_9" << true;
    QTest::newRow("different operators") << "aten::conv2d"
                                         << "aten::convolution" << false;
}

void tst_TimelineWidget::colours()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(bool, same);
    const QColor ca = m_w->sliceColor(row(a.toUtf8().constData())), cb = m_w->sliceColor(row(b.toUtf8().constData()));
    QVERIFY(ca.isValid() && cb.isValid());
    if (same)
        QCOMPARE(ca, cb);
    else
        QVERIFY(ca != cb);
    QVERIFY(!widgets::OperatorColors::isTransferColor(ca));
    // The DMA command of the same layer is in the transfer family.
    const QColor dma = m_w->sliceColor(row("0_fused(layer1.2+layer1.2.bn2)_4"));
    QVERIFY(widgets::OperatorColors::isTransferColor(dma));
}

void tst_TimelineWidget::flowsOfSelection()
{
    const store::SliceRow from = row("0_fused(layer1+conv)_3");
    QCOMPARE(m_store->flowsOut(from).size(), size_t(1));
    m_selection->setCurrent(EventRef::slice(from));
    QImage image(m_w->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    m_w->render(&image);
    // The arrow runs from the end of the source to the start of the destination: a pixel
    // half way between them, on the curve's midpoint, is no longer the background.
    const QRectF a = m_w->eventRect(EventRef::slice(from));
    const QRectF b = m_w->eventRect(EventRef::slice(row("1_fused(layer1.2+layer1.2.bn2)_9")));
    const QPoint mid = ((QPointF(a.right(), a.center().y()) + QPointF(b.left(), b.center().y())) / 2).toPoint();
    bool inked = false;
    for (int dy = -2; dy <= 2 && !inked; ++dy)
        inked = QColor(image.pixel(mid + QPoint(0, dy))) != m_w->palette().color(QPalette::Base);
    QVERIFY(inked);
}

void tst_TimelineWidget::deepZoomInsideAHugeSlice()
{
    // 1 ns per 10 px in the middle of a 1000 s slice: x of its ends is ~1e13 px away.
    store::StoreBuilder b;
    const store::ProcessId p = b.process(store::IdValue::number(1));
    const uint32_t t = b.thread(p, store::IdValue::number(1));
    const TimeNs huge = 1000LL * 1000 * 1000 * 1000;
    b.completeSlice(t, 0, huge, b.type(b.intern("forever"), b.intern("c")), {});
    const auto s = store::StoreFinalizer::finalize(b);
    widgettest::open(*m_session, s);
    m_viewport->setVisible({ huge / 2, huge / 2 + 100 });
    QTest::keyClick(m_w.get(), Qt::Key_W);
    QImage image(m_w->size(), QImage::Format_ARGB32_Premultiplied);
    m_w->render(&image);
    const QRectF r = m_w->eventRect(EventRef::slice(store::SliceRow(0)));
    QVERIFY(r.left() < m_w->frame().canvas.left() && r.right() > m_w->frame().canvas.right());
    const QPoint mid(m_w->frame().canvas.left() + 10, int(r.center().y())); // clear of the centred label
    QCOMPARE(QColor(image.pixel(mid)).rgb(), m_w->sliceColor(store::SliceRow(0)).rgb());
    m_selection->setCurrent(EventRef::slice(store::SliceRow(0)));
    m_w->render(&image); // the selection outline of a slice wider than the screen
}

void tst_TimelineWidget::themeSwitchRepaints_data()
{
    QTest::addColumn<widgets::Theme::Mode>("from");
    QTest::addColumn<widgets::Theme::Mode>("to");
    QTest::newRow("light to dark") << widgets::Theme::Mode::Light << widgets::Theme::Mode::Dark;
    QTest::newRow("dark to light") << widgets::Theme::Mode::Dark << widgets::Theme::Mode::Light;
}

// A theme switch reaches the timeline's cached track images: the canvas takes the new base
// (mean luminance flips), and slices keep their operator colours with readable labels.
void tst_TimelineWidget::themeSwitchRepaints()
{
    QFETCH(widgets::Theme::Mode, from);
    QFETCH(widgets::Theme::Mode, to);
    using widgets::ThemePalette;
    const auto canvasLuminance = [this] {
        QImage image(m_w->size(), QImage::Format_ARGB32_Premultiplied);
        m_w->render(&image);
        const QRect canvas = m_w->frame().canvas.intersected(image.rect());
        double sum = 0;
        int n = 0;
        for (int y = canvas.top(); y <= canvas.bottom(); y += 3)
            for (int x = canvas.left(); x <= canvas.right(); x += 3, ++n)
                sum += ThemePalette::luminance(QColor(image.pixel(x, y)));
        return std::pair { n ? sum / n : -1.0, image };
    };
    // The new palette reaches the widget through the event loop.
    const bool toDark = to == widgets::Theme::Mode::Dark;
    widgets::Theme::apply(from);
    QTRY_COMPARE(ThemePalette::isDark(m_w->palette()), !toDark);
    const auto [before, imageBefore] = canvasLuminance();
    widgets::Theme::apply(to);
    QTRY_COMPARE(ThemePalette::isDark(m_w->palette()), toDark);
    const auto [after, imageAfter] = canvasLuminance();
    widgets::Theme::apply(widgets::Theme::Mode::System);
    QVERIFY2(toDark ? after < before - 0.3 : after > before + 0.3,
        qPrintable(QStringLiteral("mean canvas luminance %1 -> %2").arg(before).arg(after)));
    const QPoint c = centreOf("0_fused(layer1.2+layer1.2.bn2)_3") + QPoint(0, 5);
    QCOMPARE(QColor(imageAfter.pixel(c)).rgb(), QColor(imageBefore.pixel(c)).rgb());
    // Nothing cached from the old theme survives (the counter's scale text is drawn into its
    // track image): the switched widget paints what a widget made in the new theme paints.
    widgets::Theme::apply(to);
    TimelineWidget fresh(m_session.get());
    fresh.resize(m_w->size());
    fresh.show();
    QVERIFY(QTest::qWaitForWindowExposed(&fresh));
    QTRY_COMPARE(ThemePalette::isDark(m_w->palette()), toDark);
    QImage switched(m_w->size(), QImage::Format_ARGB32_Premultiplied), made(fresh.size(), switched.format());
    m_w->render(&switched);
    fresh.render(&made);
    widgets::Theme::apply(widgets::Theme::Mode::System);
    QVERIFY(switched == made);
}

// A global instant is a dashed line down the whole canvas (4 px on, 2 off from the canvas
// top) in its own column and nowhere else: the profile's checkpoint at 8 µs.
void tst_TimelineWidget::globalInstantLine()
{
    QImage image(m_w->size(), QImage::Format_ARGB32_Premultiplied);
    m_w->render(&image);
    const widgets::TimelineFrame f = m_w->frame();
    const int x = int(std::floor(f.xOf(8000)));
    QVERIFY(x > f.canvas.left() && x < f.canvas.right());
    const QRgb line
        = widgets::TimelineStyle::mix(m_w->palette().color(QPalette::Base), m_w->palette().color(QPalette::Text), 0.22)
              .rgb();
    int on = 0, off = 0;
    for (int y = f.canvas.top(); y <= f.canvas.bottom(); ++y) {
        const bool dash = (y - f.canvas.top()) % 6 < 4;
        const QRgb px = QColor(image.pixel(x, y)).rgb();
        if (dash) {
            QCOMPARE(px, line);
            ++on;
        } else if (px != line) {
            ++off;
        }
        // The columns beside it are not the line.
        QVERIFY(QColor(image.pixel(x + 2, y)).rgb() != line || QColor(image.pixel(x - 2, y)).rgb() != line);
    }
    QVERIFY(on > 100);
    QVERIFY(off > 50); // the gaps show what is under the line
}

// Session::revealTrack on 64 ranks: the track's process header at the top, expanded first; the time stays.
void tst_TimelineWidget::revealTrack_data()
{
    QTest::addColumn<uint>("process");
    QTest::addColumn<bool>("collapsed");
    QTest::newRow("rank 5's device") << 11u << false;
    QTest::newRow("rank 5's device, collapsed") << 11u << true;
    QTest::newRow("rank 40's host") << 80u << false;
}

void tst_TimelineWidget::revealTrack()
{
    QFETCH(uint, process);
    QFETCH(bool, collapsed);
    const auto job = collectivejob::make(64, 2).store;
    widgettest::open(*m_session, job);
    m_filter->setCollapsed(store::ProcessId(process), collapsed);
    m_viewport->setVisible({ 1000, 2000 }, model::Viewport::Nav::Jump);
    const store::TrackId t(process); // one track per process, no global instants
    QCOMPARE(job->track(t).process.v, process);
    m_session->revealTrack(t);
    QVERIFY(!m_filter->isCollapsed(store::ProcessId(process)) && m_w->scrollY() > 0);
    QVERIFY(m_viewport->visible().start == 1000 && m_viewport->visible().end == 2000);
    const QRectF r = m_w->eventRect(EventRef::slice(store::SliceRow(job->level(t, 0).begin)));
    const int top = m_w->frame().canvas.top() + widgets::TimelineLayout::kHeaderHeight;
    QVERIFY2(r.top() >= top && r.top() < top + widgets::TimelineLayout::kLaneHeight + 8,
        qPrintable(QString::number(r.top() - top)));
}

QTEST_MAIN(tst_TimelineWidget)
#include "tst_timelinewidget.moc"
