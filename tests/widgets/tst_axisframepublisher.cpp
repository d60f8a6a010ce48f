// AxisFramePublisher: the Viewport's time axis frame follows the watched widget's data area
// in global pixels as the widget, an ancestor or the window moves or resizes, empties while
// the widget is hidden, and is not re-emitted when nothing changed.
#include <state/viewport.h>
#include <timeline/axisframepublisher.h>

#include <QHBoxLayout>
#include <QSignalSpy>
#include <QWidget>
#include <QtTest>

using namespace strata;
using widgets::AxisFramePublisher;

namespace {

// A window holding a side panel and a container around the watched widget, whose data area
// starts `kLabels` px in and ends 5 px before its right edge.
struct Fixture {
    static constexpr int kLabels = 100;
    model::Viewport viewport;
    QWidget window;
    QWidget* side = new QWidget(&window);
    QWidget* container = new QWidget(&window);
    QWidget* chart = new QWidget(container);
    AxisFramePublisher* publisher = new AxisFramePublisher(
        chart, &viewport, [this] { return QRect(kLabels, 0, chart->width() - kLabels - 5, chart->height()); });
    Fixture()
    {
        auto* row = new QHBoxLayout(&window);
        row->setContentsMargins(0, 0, 0, 0);
        row->setSpacing(0);
        side->setFixedWidth(50);
        row->addWidget(side);
        row->addWidget(container, 1);
        auto* inner = new QHBoxLayout(container);
        inner->setContentsMargins(7, 0, 0, 0);
        inner->addWidget(chart);
        window.resize(800, 300);
        window.move(30, 40);
        window.show();
    }
    model::Viewport::AxisFrame expected() const
    {
        return { chart->mapToGlobal(QPoint(kLabels, 0)).x(), chart->width() - kLabels - 5 };
    }
};

} // namespace

class tst_AxisFramePublisher : public QObject {
    Q_OBJECT
private slots:
    void followsTheWidget()
    {
        Fixture f;
        QVERIFY(QTest::qWaitForWindowExposed(&f.window));
        QVERIFY(f.viewport.timeAxisFrame().valid());
        QCOMPARE(f.viewport.timeAxisFrame(), f.expected());
        QCOMPARE(f.viewport.timeAxisFrame().x, f.window.mapToGlobal(QPoint(0, 0)).x() + 50 + 7 + Fixture::kLabels);

        // An ancestor's layout moves the widget without resizing the window's content.
        f.side->setFixedWidth(120);
        QTRY_COMPARE(f.viewport.timeAxisFrame().x, f.window.mapToGlobal(QPoint(0, 0)).x() + 120 + 7 + Fixture::kLabels);
        QCOMPARE(f.viewport.timeAxisFrame(), f.expected());

        // The window resizes: the area widens.
        const int before = f.viewport.timeAxisFrame().width;
        f.window.resize(1000, 300);
        QTRY_COMPARE(f.viewport.timeAxisFrame().width, before + 200);
        QCOMPARE(f.viewport.timeAxisFrame(), f.expected());
    }

    void emptyWhileHidden()
    {
        Fixture f;
        QVERIFY(QTest::qWaitForWindowExposed(&f.window));
        QSignalSpy changed(&f.viewport, &model::Viewport::timeAxisFrameChanged);
        f.container->hide();
        QVERIFY(!f.viewport.timeAxisFrame().valid());
        QCOMPARE(changed.count(), 1);
        f.container->show();
        QTRY_COMPARE(f.viewport.timeAxisFrame(), f.expected());
        QVERIFY(f.viewport.timeAxisFrame().valid());
    }

    void reparented()
    {
        Fixture f;
        QVERIFY(QTest::qWaitForWindowExposed(&f.window));
        // Floated out into a window of its own (as a dock can be): the new chain is watched.
        QWidget floating;
        f.container->setParent(&floating);
        f.container->move(0, 0);
        f.container->show();
        floating.resize(600, 200);
        floating.move(200, 300);
        floating.show();
        QVERIFY(QTest::qWaitForWindowExposed(&floating));
        QTRY_COMPARE(f.viewport.timeAxisFrame(), f.expected());
        const int before = f.viewport.timeAxisFrame().x;
        floating.move(260, 300);
        QTRY_COMPARE(f.viewport.timeAxisFrame().x, before + 60);
        QCOMPARE(f.viewport.timeAxisFrame(), f.expected());
        f.container->setParent(&f.window); // back before `floating` goes, as the fixture owns it
    }

    void quietWhenUnchanged()
    {
        Fixture f;
        QVERIFY(QTest::qWaitForWindowExposed(&f.window));
        QSignalSpy changed(&f.viewport, &model::Viewport::timeAxisFrameChanged);
        f.publisher->publish();
        f.publisher->publish();
        QCOMPARE(changed.count(), 0);
    }

    void clearedWhenTheWidgetGoes()
    {
        Fixture f;
        QVERIFY(QTest::qWaitForWindowExposed(&f.window));
        QVERIFY(f.viewport.timeAxisFrame().valid());
        delete f.container;
        QVERIFY(!f.viewport.timeAxisFrame().valid());
    }
};

QTEST_MAIN(tst_AxisFramePublisher)
#include "tst_axisframepublisher.moc"
