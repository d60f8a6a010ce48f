// Timeline keys reach the timeline under the mouse from any focused widget, except a text
// field being edited; Esc gives the focus back to the timeline.
#include <timeline/timelinekeyrouter.h>

#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <QVBoxLayout>

using strata::widgets::TimelineKeyRouter;

namespace {

// Stands in for the timeline: counts the keys it is given.
class KeySink : public QWidget {
public:
    KeySink()
    {
        setFocusPolicy(Qt::StrongFocus);
        setMinimumSize(200, 120);
    }
    QList<int> keys;

protected:
    void keyPressEvent(QKeyEvent* e) override { keys << e->key(); }
};

} // namespace

class tst_TimelineKeyRouter : public QObject {
    Q_OBJECT
private slots:
    void timelineKeys_data()
    {
        QTest::addColumn<int>("key");
        QTest::addColumn<int>("modifiers");
        QTest::addColumn<bool>("timeline");
        QTest::newRow("W") << int(Qt::Key_W) << int(Qt::NoModifier) << true;
        QTest::newRow("Shift+D") << int(Qt::Key_D) << int(Qt::ShiftModifier) << true;
        QTest::newRow("left arrow") << int(Qt::Key_Left) << int(Qt::NoModifier) << true;
        QTest::newRow("]") << int(Qt::Key_BracketRight) << int(Qt::NoModifier) << true;
        QTest::newRow("Ctrl+W") << int(Qt::Key_W) << int(Qt::ControlModifier) << false;
        QTest::newRow("Q") << int(Qt::Key_Q) << int(Qt::NoModifier) << false;
    }

    void timelineKeys()
    {
        QFETCH(int, key);
        QFETCH(int, modifiers);
        QFETCH(bool, timeline);
        const QKeyEvent e(QEvent::KeyPress, key, Qt::KeyboardModifiers(modifiers));
        QCOMPARE(TimelineKeyRouter::isTimelineKey(e), timeline);
    }

    void editingText()
    {
        QLineEdit line;
        QCOMPARE(TimelineKeyRouter::isEditingText(&line), true);
        line.setReadOnly(true);
        QCOMPARE(TimelineKeyRouter::isEditingText(&line), false);
        QPlainTextEdit text;
        QCOMPARE(TimelineKeyRouter::isEditingText(&text), true);
        text.setReadOnly(true); // the Code dock's source view
        QCOMPARE(TimelineKeyRouter::isEditingText(&text), false);
        QSpinBox spin;
        QCOMPARE(TimelineKeyRouter::isEditingText(&spin), true);
        QTableWidget table;
        QCOMPARE(TimelineKeyRouter::isEditingText(&table), false);
        QCOMPARE(TimelineKeyRouter::isEditingText(nullptr), false);
    }

    // W typed while another widget has the focus: it reaches the timeline only when the
    // mouse is over the timeline and the focus is not in a text field.
    void routes_data()
    {
        QTest::addColumn<QString>("focus");
        QTest::addColumn<bool>("mouseOverTimeline");
        QTest::addColumn<bool>("reachesTimeline");
        QTest::newRow("table, mouse over the timeline") << "table" << true << true;
        QTest::newRow("combo box, mouse over the timeline") << "combo" << true << true;
        QTest::newRow("table, mouse elsewhere") << "table" << false << false;
        QTest::newRow("line edit, mouse over the timeline") << "line" << true << false;
    }

    void routes()
    {
        QFETCH(QString, focus);
        QFETCH(bool, mouseOverTimeline);
        QFETCH(bool, reachesTimeline);
        QWidget window;
        auto* sink = new KeySink;
        auto* table = new QTableWidget(3, 3);
        table->setObjectName(QStringLiteral("table"));
        auto* combo = new QComboBox;
        combo->setObjectName(QStringLiteral("combo"));
        combo->addItems({ QStringLiteral("a"), QStringLiteral("w") });
        auto* line = new QLineEdit;
        line->setObjectName(QStringLiteral("line"));
        auto* col = new QVBoxLayout(&window);
        for (QWidget* w : { static_cast<QWidget*>(sink), static_cast<QWidget*>(table), static_cast<QWidget*>(combo),
                 static_cast<QWidget*>(line) })
            col->addWidget(w);
        auto* router = new TimelineKeyRouter(sink);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* focused = window.findChild<QWidget*>(focus);
        focused->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), focused);
        QTest::mouseMove(sink, QPoint(20, 20));
        QVERIFY(router->mouseInside());
        if (!mouseOverTimeline) { // the pointer leaves for the table
            QEvent leave(QEvent::Leave);
            QApplication::sendEvent(sink, &leave);
            QTest::mouseMove(table, QPoint(20, 20));
        }
        QCOMPARE(router->mouseInside(), mouseOverTimeline);
        QTest::keyClick(focused, Qt::Key_W);
        QCOMPARE(sink->keys.contains(Qt::Key_W), reachesTimeline);
        if (focus == QLatin1String("line"))
            QCOMPARE(line->text(), QStringLiteral("w")); // the field kept its letter
        if (reachesTimeline)
            QCOMPARE(QApplication::focusWidget(), focused); // routing a key does not steal focus
        QTest::keyClick(focused, Qt::Key_Escape);
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(sink));
    }
};

QTEST_MAIN(tst_TimelineKeyRouter)
#include "tst_timelinekeyrouter.moc"
