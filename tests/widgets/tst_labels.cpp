// Labels: the placeholder and heading labels the docks share, and breakable text, which
// gives a name without spaces places to wrap.
#include <common/labels.h>

#include <QLabel>
#include <QtTest>

using strata::widgets::Labels;

class tst_Labels : public QObject {
    Q_OBJECT
private slots:
    void breakable_data()
    {
        const QString z(QChar(0x200B));
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("short words stay") << "aten::mm on stream 7"
                                          << "aten::" + z + "mm on stream 7";
        QTest::newRow("around separators") << "a<b,c>(d)"
                                           << "a" + z + "<b," + z + "c>" + z + "(d)";
        QTest::newRow("a bracket after a space") << "Memcpy HtoD (Pageable)"
                                                 << "Memcpy HtoD (Pageable)";
        QTest::newRow("nested") << "f<g<int>>"
                                << "f" + z + "<g" + z + "<int>" + z + ">";
        QTest::newRow("not inside ::") << "at::native"
                                       << "at::" + z + "native";
        QTest::newRow("a long run is cut")
            << QString(30, QLatin1Char('x')) << QString(24, QLatin1Char('x')) + z + QString(6, QLatin1Char('x'));
        QTest::newRow("nothing before a space") << "a. b"
                                                << "a. b";
        QTest::newRow("empty") << ""
                               << "";
    }
    void breakable()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QCOMPARE(Labels::breakable(text), expected);
        QCOMPARE(Labels::breakable(text).remove(QChar(0x200B)), text); // only break points are added
    }

    void wrapsANameWithoutSpaces()
    {
        const QString name = QStringLiteral("void cudnn::ops::scalePackedTensor_kernel<float,float>(cudnnTensorStruct,"
                                            "float*,float)_with_a_very_long_suffix_that_never_ends");
        QLabel plain(name), wrapped(Labels::breakable(name));
        plain.setWordWrap(true);
        wrapped.setWordWrap(true);
        QVERIFY(wrapped.minimumSizeHint().width() < plain.minimumSizeHint().width() / 2);
    }

    void placeholderAndHeading()
    {
        QWidget parent;
        QLabel* p = Labels::placeholder(&parent, 16);
        QVERIFY(p->wordWrap());
        QCOMPARE(p->margin(), 16);
        QLabel* h = Labels::heading(&parent, 1.5);
        QVERIFY(h->font().bold());
    }
};

QTEST_MAIN(tst_Labels)
#include "tst_labels.moc"
