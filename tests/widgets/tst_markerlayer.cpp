#include "markerprofile.h"
#include <support/widgettestutil.h>

#include <state/annotationsmodel.h>
#include <state/selection.h>
#include <state/trackfilter.h>
#include <state/viewport.h>
#include <timeline/markerlayer.h>
#include <timeline/timelinewidget.h>
#include <timeline/timeruler.h>

#include <QContextMenuEvent>
#include <QMenu>
#include <QSignalSpy>
#include <state/session.h>

#include <QtTest>

using namespace strata;
using model::AnnotationsModel;
using model::MarkerId;
using store::TimeNs;
using widgets::TimelineWidget;

// The markers on the timeline, driven as a user would: right-click menu, M, drag, Del.
class tst_MarkerLayer : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<const store::EventStore> m_store;
    std::unique_ptr<model::Session> m_session;
    model::Viewport* m_viewport = nullptr;
    model::Selection* m_selection = nullptr;
    model::TrackFilter* m_filter = nullptr;
    model::AnnotationsModel* m_annotations = nullptr;
    std::unique_ptr<TimelineWidget> m_w;

    // A canvas point at time t, on the Host/main track row.
    QPoint at(TimeNs t) const
    {
        const QRectF r = m_w->eventRect(model::EventRef::slice(markerprofile::row(*m_store, "fused_3")));
        return QPoint(int(std::lround(m_w->frame().xOf(t))), int(r.center().y()));
    }
    QAction* action(QMenu* menu, const char* name) const
    {
        return menu->findChild<QAction*>(QString::fromLatin1(name));
    }
    void drag(QPoint from, QPoint to, Qt::KeyboardModifiers mods = {})
    {
        QTest::mousePress(m_w.get(), Qt::LeftButton, mods, from);
        QTest::mouseMove(m_w.get(), (from + to) / 2); // mouseMove sends no modifiers: send events
        QMouseEvent move(QEvent::MouseMove, to, m_w->mapToGlobal(to), Qt::NoButton, Qt::LeftButton, mods);
        QApplication::sendEvent(m_w.get(), &move);
        QTest::mouseRelease(m_w.get(), Qt::LeftButton, mods, to);
    }

private slots:
    void initTestCase() { m_store = markerprofile::make(); }

    void init()
    {
        m_session = std::make_unique<model::Session>();
        m_viewport = m_session->viewport();
        m_selection = m_session->selection();
        m_filter = m_session->trackFilter();
        m_annotations = m_session->annotations();
        m_w = std::make_unique<TimelineWidget>(m_session.get());
        m_w->resize(1000, 600);
        widgettest::open(*m_session, m_store);
        m_w->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_w.get()));
    }

    void cleanup()
    {
        m_w.reset();
        m_session.reset();
    }

    void rightClickAddsMarker()
    {
        const QPoint pos = at(8500);
        QContextMenuEvent e(QContextMenuEvent::Mouse, pos, m_w->mapToGlobal(pos));
        QApplication::sendEvent(m_w.get(), &e);
        QMenu* menu = nullptr;
        QTRY_VERIFY((menu = qobject_cast<QMenu*>(QApplication::activePopupWidget())));
        QCOMPARE(menu->objectName(), QStringLiteral("timelineContextMenu"));
        QVERIFY(!action(menu, "markersFromSelectionAction")); // no time selection
        QVERIFY(!action(menu, "removeMarkerAction")); // no marker there
        action(menu, "addMarkerAction")->trigger();
        menu->close();
        QCOMPARE(m_annotations->count(), 1);
        const model::Marker& m = m_annotations->markers().front();
        QCOMPARE(m.time, m_w->frame().timeAt(pos.x())); // nothing to snap to near 8500
        QVERIFY(!m.anchor);
        QCOMPARE(m_annotations->selected(), m.id);
    }

    void menuAddsAFreeMarkerToo()
    {
        const QPoint pos = at(4040); // near fused_3's start
        std::unique_ptr<QMenu> menu(m_w->createContextMenu(pos));
        QAction* free = action(menu.get(), "addMarkerFreeAction");
        QVERIFY(free);
        free->trigger();
        QCOMPARE(m_annotations->count(), 1);
        QCOMPARE(m_annotations->markers().front().time, m_w->frame().timeAt(pos.x()));
        QVERIFY(!m_annotations->markers().front().anchor);
    }

    void menuOverMarkerRemovesIt()
    {
        const MarkerId id = m_annotations->add(8500);
        std::unique_ptr<QMenu> menu(m_w->createContextMenu(at(8500) + QPoint(2, 0)));
        QVERIFY(menu);
        QAction* remove = action(menu.get(), "removeMarkerAction");
        QVERIFY(remove);
        QVERIFY(remove->text().contains(m_annotations->find(id)->name));
        remove->trigger();
        QCOMPARE(m_annotations->count(), 0);
        QVERIFY(!m_w->createContextMenu(QPoint(5, 5))); // the label column has no menu
    }

    void timeSelectionBecomesAPair()
    {
        m_selection->setTimeSelection({ 2500, 7500 });
        std::unique_ptr<QMenu> menu(m_w->createContextMenu(at(8000)));
        QAction* pair = action(menu.get(), "markersFromSelectionAction");
        QVERIFY(pair);
        pair->trigger();
        QCOMPARE(m_annotations->count(), 2);
        const model::Marker& a = m_annotations->markers()[0];
        const model::Marker& b = m_annotations->markers()[1];
        QCOMPARE(a.time, TimeNs(2500));
        QCOMPARE(b.time, TimeNs(7500));
        QCOMPARE(b.diffVs, a.id);
        QCOMPARE(m_annotations->diffVsDelta(b.id), std::optional<TimeNs>(5000));
    }

    void mKeyAddsAtCursor_data()
    {
        QTest::addColumn<qlonglong>("time");
        QTest::addColumn<qlonglong>("expected"); // -1: the time under the cursor
        QTest::newRow("free") << 8500LL << -1LL;
        QTest::newRow("near an edge snaps") << 4040LL << 4000LL;
    }
    void mKeyAddsAtCursor()
    {
        QFETCH(qlonglong, time);
        QFETCH(qlonglong, expected);
        const QPoint pos = at(time);
        QTest::mouseMove(m_w.get(), pos);
        QTest::keyClick(m_w.get(), Qt::Key_M);
        QCOMPARE(m_annotations->count(), 1);
        QCOMPARE(m_annotations->markers().front().time, expected < 0 ? m_w->frame().timeAt(pos.x()) : TimeNs(expected));
    }

    void dragSnapsToEventEdge_data()
    {
        QTest::addColumn<int>("pxFromEdge");
        QTest::addColumn<bool>("alt");
        QTest::addColumn<bool>("snapped");
        QTest::newRow("5 px after fused_3's start") << 5 << false << true;
        QTest::newRow("5 px before it") << -5 << false << true;
        QTest::newRow("Alt: no snapping") << 5 << true << false;
        QTest::newRow("beyond 8 px") << 12 << false << false;
    }
    void dragSnapsToEventEdge()
    {
        QFETCH(int, pxFromEdge);
        QFETCH(bool, alt);
        QFETCH(bool, snapped);
        const MarkerId id = m_annotations->add(8500);
        const QPoint to(int(std::lround(m_w->frame().xOf(4000))) + pxFromEdge, at(4000).y());
        drag(at(8500), to, alt ? Qt::AltModifier : Qt::NoModifier);
        const model::Marker* m = m_annotations->find(id);
        QCOMPARE(m_annotations->selected(), id); // pressing a marker selects it
        if (snapped) {
            QCOMPARE(m->time, TimeNs(4000));
            QVERIFY(m->anchor);
            QCOMPARE(m->anchor->event, QStringLiteral("fused_3"));
            QCOMPARE(m->anchor->track, QStringLiteral("main"));
            QCOMPARE(m->anchor->edge, model::MarkerAnchor::Edge::Start);
        } else {
            QCOMPARE(m->time, m_w->frame().timeAt(to.x()));
            QVERIFY(m->time != 4000);
            QVERIFY(!m->anchor);
        }
        QCOMPARE(m_selection->hasTimeSelection(), false); // the drag moved the marker, not a selection
    }

    // M, right-click and a drag all snap on the row under the pointer (two rows whose edges
    // are under 1 px apart), fall back to any row, and do not snap with Alt.
    void snapsOnTheRowUnderThePointer_data()
    {
        QTest::addColumn<QString>("gesture"); // "M", "menu" or "drag"
        QTest::addColumn<QString>("row"); // the slice whose row the pointer is over
        QTest::addColumn<qlonglong>("time"); // where the pointer is
        QTest::addColumn<bool>("alt");
        QTest::addColumn<qlonglong>("expected"); // -1: the time under the pointer
        const QStringList gestures = { QStringLiteral("M"), QStringLiteral("menu"), QStringLiteral("drag") };
        for (const QString& g : gestures) {
            const QByteArray n = g.toUtf8();
            QTest::addRow("%s on A at B's edge", n.constData()) << g << "copy" << 4010LL << false << 4000LL;
            QTest::addRow("%s on B at A's edge", n.constData()) << g << "kernel" << 4000LL << false << 4010LL;
            QTest::addRow("%s on A, only B near", n.constData()) << g << "copy" << 7040LL << false << 7000LL;
            QTest::addRow("%s with Alt", n.constData()) << g << "copy" << 4040LL << true << -1LL;
        }
    }
    void snapsOnTheRowUnderThePointer()
    {
        QFETCH(QString, gesture);
        QFETCH(QString, row);
        QFETCH(qlonglong, time);
        QFETCH(bool, alt);
        QFETCH(qlonglong, expected);
        const auto s = markerprofile::twoRows();
        widgettest::open(*m_session, s);
        QTest::keyRelease(m_w.get(), Qt::Key_Alt, Qt::NoModifier); // no Alt held from an earlier row
        // A marker shown adds the flag strip above the ruler and moves the rows down: the one a
        // drag moves is there before the pointer's place is taken.
        const MarkerId dragged = gesture == QLatin1String("drag") ? m_annotations->add(5800) : MarkerId();
        const QRectF r = m_w->eventRect(model::EventRef::slice(markerprofile::row(*s, row.toUtf8().constData())));
        const QPoint pos(int(std::lround(m_w->frame().xOf(time))), int(r.center().y()));
        const Qt::KeyboardModifiers mods = alt ? Qt::AltModifier : Qt::NoModifier;
        const TimeNs under = m_w->frame().timeAt(pos.x());
        MarkerId id;
        if (gesture == QLatin1String("M")) {
            QTest::mouseMove(m_w.get(), pos);
            QTest::keyClick(m_w.get(), Qt::Key_M, mods);
            QCOMPARE(m_annotations->count(), 1);
            id = m_annotations->markers().front().id;
        } else if (gesture == QLatin1String("menu")) {
            QTest::mouseMove(m_w.get(), pos);
            // The menu reads the modifiers held when it opens.
            if (alt)
                QTest::keyPress(m_w.get(), Qt::Key_Alt, Qt::AltModifier);
            std::unique_ptr<QMenu> menu(m_w->createContextMenu(pos));
            if (alt)
                QTest::keyRelease(m_w.get(), Qt::Key_Alt, Qt::NoModifier);
            // Snapped, the menu also offers the free placement (for desktops that keep Alt+right-click).
            QCOMPARE(action(menu.get(), "addMarkerFreeAction") != nullptr, expected >= 0);
            action(menu.get(), "addMarkerAction")->trigger();
            QCOMPARE(m_annotations->count(), 1);
            id = m_annotations->markers().front().id;
        } else {
            id = dragged;
            const QPoint from(int(std::lround(m_w->frame().xOf(5800))), pos.y());
            QTest::mousePress(m_w.get(), Qt::LeftButton, {}, from);
            QMouseEvent move(QEvent::MouseMove, pos, m_w->mapToGlobal(pos), Qt::NoButton, Qt::LeftButton, mods);
            QApplication::sendEvent(m_w.get(), &move);
            // While dragging, the edge it snapped to is the one the timeline highlights.
            const widgets::MarkerSnapper::Result& snap = m_w->markers().snappedEdge();
            QCOMPARE(snap.snapped(), expected >= 0);
            if (snap.snapped())
                QCOMPARE(snap.time, TimeNs(expected));
            QTest::mouseRelease(m_w.get(), Qt::LeftButton, mods, pos);
            QVERIFY(!m_w->markers().snappedEdge().snapped()); // the highlight ends with the drag
        }
        QCOMPARE(m_annotations->find(id)->time, expected < 0 ? under : TimeNs(expected));
    }

    void dragByFlag()
    {
        const MarkerId id = m_annotations->add(5500);
        const QRectF flag = m_w->markers().flagRect(m_w->frame(), *m_annotations->find(id), m_w->font());
        QVERIFY(m_w->frame().ruler.contains(flag.center().toPoint()));
        const QPoint grab = flag.center().toPoint();
        const int dx = int(std::lround(m_w->frame().xOf(7000) - m_w->frame().xOf(5500)));
        drag(grab, grab + QPoint(dx + 3, 0)); // lands 3 px past fused_7's end
        QCOMPARE(m_annotations->find(id)->time, TimeNs(7000));
        QCOMPARE(m_annotations->find(id)->anchor->edge, model::MarkerAnchor::Edge::End);
    }

    void clickSelectsAndDeleteRemoves()
    {
        const MarkerId a = m_annotations->add(8500), b = m_annotations->add(9000);
        QTest::mouseClick(m_w.get(), Qt::LeftButton, {}, at(8500) + QPoint(3, 0));
        QCOMPARE(m_annotations->selected(), a);
        QCOMPARE(m_annotations->find(a)->time, TimeNs(8500)); // a click does not move it
        QTest::keyClick(m_w.get(), Qt::Key_Delete);
        QVERIFY(!m_annotations->find(a));
        QVERIFY(m_annotations->find(b));
        QTest::keyClick(m_w.get(), Qt::Key_Delete); // nothing selected: nothing removed
        QCOMPARE(m_annotations->count(), 1);
    }

    void paintsLineAndFlagInItsColour()
    {
        const MarkerId id = m_annotations->add(8500);
        m_annotations->setColor(id, 0x00ff00);
        QImage image(m_w->size(), QImage::Format_ARGB32_Premultiplied);
        m_w->render(&image);
        const widgets::TimelineFrame f = m_w->frame();
        const int x = int(std::floor(f.xOf(8500)));
        QCOMPARE(QColor(image.pixel(x, f.canvas.bottom() - 3)).rgb(), QColor(0x00ff00).rgb());
        const QRectF flag = m_w->markers().flagRect(f, *m_annotations->find(id), m_w->font());
        QCOMPARE(QColor(image.pixel(int(flag.left()) + 2, int(flag.top()) + 2)).rgb(), QColor(0x00ff00).rgb());
        // Off screen: neither line nor flag.
        m_viewport->setVisible({ 0, 5000 });
        QVERIFY(!m_w->markers().hitTest(m_w->frame(), QPoint(x, f.canvas.center().y()), m_w->font()).valid());
    }

    void flagsSitAboveTickLabels_data()
    {
        QTest::addColumn<TimeNs>("time");
        QTest::addColumn<QString>("name");
        QTest::newRow("on the first tick") << TimeNs(0) << "Start of the step";
        QTest::newRow("mid trace") << TimeNs(5000) << "M";
        QTest::newRow("at the end, hanging left") << TimeNs(10000) << "End of the decoder's last block";
    }

    void flagsSitAboveTickLabels()
    {
        QFETCH(TimeNs, time);
        QFETCH(QString, name);
        const widgets::TimelineFrame before = m_w->frame();
        QVERIFY(before.flags.isEmpty()); // no markers: no strip for flags
        const MarkerId id = m_annotations->add(time);
        m_annotations->rename(id, name);
        const widgets::TimelineFrame f = m_w->frame();
        QVERIFY(!f.flags.isEmpty());
        QVERIFY(f.ruler.contains(f.flags));
        QCOMPARE(f.rulerTicks().height(), before.ruler.height()); // the ticks keep their room
        const QRectF flag = m_w->markers().flagRect(f, *m_annotations->find(id), m_w->font());
        QVERIFY(flag.top() >= f.flags.top() && flag.bottom() <= f.flags.bottom() + 1); // in the strip
        const auto ticks = widgets::TimeRuler::compute(f.t0, f.t1, m_store->extent().start, f.canvas.width());
        const QFontMetrics fm(m_w->font());
        int labels = 0;
        for (const widgets::RulerTick& t : ticks.ticks) {
            if (t.label.isEmpty())
                continue;
            ++labels;
            const QRectF label = widgets::TimeRuler::labelRect(f.rulerTicks(), t, fm);
            QVERIFY2(!label.intersects(flag), qPrintable(t.label));
            QVERIFY(label.top() >= f.flags.bottom() + 1 && label.bottom() <= f.ruler.bottom() + 1); // under it
        }
        QVERIFY(labels > 1);
    }

    void modelChangesRepaint()
    {
        QSignalSpy painted(m_w.get(), &TimelineWidget::painted);
        m_annotations->add(3333);
        QTRY_VERIFY(painted.count() > 0);
    }
};

QTEST_MAIN(tst_MarkerLayer)
#include "tst_markerlayer.moc"
