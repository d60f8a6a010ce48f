// NoticeBar: hidden until a notice is set, the sentence wrapping to the width it is given,
// the button shown only with an action and reporting its click, and hidden again when cleared.
#include <common/noticebar.h>

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QVBoxLayout>

using strata::widgets::NoticeBar;

class tst_NoticeBar : public QObject {
    Q_OBJECT

private slots:
    void showsAndClears_data()
    {
        QTest::addColumn<QString>("action");
        QTest::newRow("with an action") << "Align by collective ends";
        QTest::newRow("a note alone") << QString();
    }
    void showsAndClears()
    {
        QFETCH(QString, action);
        QWidget host;
        auto* layout = new QVBoxLayout(&host);
        auto* bar = new NoticeBar(&host);
        layout->addWidget(bar);
        layout->addStretch(1);
        host.resize(300, 300);
        host.show();
        QVERIFY(QTest::qWaitForWindowExposed(&host));
        QVERIFY(!bar->isVisible());
        const QString text = QStringLiteral("Clocks look offset: ranks 4–7 end every collective 1.500 ms after rank "
                                            "0's. The waits read 203.195 ms in all; aligned by collective ends, "
                                            "11.164 ms.");
        bar->setNotice(text, action);
        QVERIFY(bar->isVisible());
        QCOMPARE(bar->text(), text);
        QCOMPARE(bar->button()->isVisible(), !action.isEmpty());
        // Wrapped, never wider than the host: the whole sentence reads in several lines.
        QTRY_VERIFY(bar->label()->height() >= 3 * bar->label()->fontMetrics().height());
        QVERIFY(bar->width() <= host.width());
        if (!action.isEmpty()) {
            QSignalSpy clicked(bar, &NoticeBar::actionTriggered);
            QTest::mouseClick(bar->button(), Qt::LeftButton);
            QCOMPARE(clicked.count(), 1);
            bar->button()->setEnabled(false);
            bar->setNotice(text, action); // a new notice: its button works again
            QVERIFY(bar->button()->isEnabled());
        }
        bar->clearNotice();
        QVERIFY(!bar->isVisible());
        QVERIFY(bar->text().isEmpty());
    }
};

QTEST_MAIN(tst_NoticeBar)
#include "tst_noticebar.moc"
