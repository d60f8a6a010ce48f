// ElidedLabel: one line that ends in "…" when narrower than its text, with the whole text
// in the tooltip then, and never asks for its text's width.
#include <common/elidedlabel.h>

#include <QtTest>

using strata::widgets::ElidedLabel;

class tst_ElidedLabel : public QObject {
    Q_OBJECT
private slots:
    void elides_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<bool>("elided");
        QTest::newRow("narrow: elided, whole text in the tooltip") << 80 << true;
        QTest::newRow("wide: all of it, no tooltip") << 2000 << false;
    }

    void elides()
    {
        QFETCH(int, width);
        QFETCH(bool, elided);
        const QString text = QStringLiteral("Optimizer.step#SGD.step (default unit)  ·  6 instances  ·  whole trace");
        ElidedLabel label;
        label.setFullText(text);
        label.resize(width, label.sizeHint().height());
        label.show(); // a hidden widget hears of its size when shown
        QVERIFY(QTest::qWaitForWindowExposed(&label));
        QCOMPARE(label.fullText(), text);
        QCOMPARE(label.isElided(), elided);
        QCOMPARE(label.toolTip(), elided ? text : QString());
        if (elided) {
            QVERIFY(label.text().endsWith(QChar(0x2026)));
            QVERIFY(label.fontMetrics().horizontalAdvance(label.text()) <= width);
        } else {
            QCOMPARE(label.text(), text);
        }
        QVERIFY(label.minimumSizeHint().width() < label.fontMetrics().horizontalAdvance(text) / 4);
    }

    void newTextElidesAtOnce()
    {
        ElidedLabel label;
        label.resize(60, 20);
        label.setFullText(QStringLiteral("short"));
        label.setFullText(QStringLiteral("a much longer text than sixty pixels can hold"));
        QVERIFY(label.isElided());
    }
};

QTEST_MAIN(tst_ElidedLabel)
#include "tst_elidedlabel.moc"
