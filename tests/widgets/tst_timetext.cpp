// TimeText: the times typed into the Search dock, exact to the nanosecond.
#include <search/timetext.h>

#include <QtTest>

using strata::widgets::TimeText;

class TestTimeText : public QObject {
    Q_OBJECT
private slots:
    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qlonglong>("ns");
        QTest::newRow("plain ns") << "1500" << true << 1500LL;
        QTest::newRow("ns unit") << "1500ns" << true << 1500LL;
        QTest::newRow("us") << "1.5us" << true << 1500LL;
        QTest::newRow("µs with space") << "1.5 µs" << true << 1500LL;
        QTest::newRow("ms") << "2ms" << true << 2000000LL;
        QTest::newRow("fraction of ms") << "0.000001ms" << true << 1LL;
        QTest::newRow("s") << "0.25s" << true << 250000000LL;
        QTest::newRow("upper case unit") << "3MS" << true << 3000000LL;
        QTest::newRow("leading dot") << ".5us" << true << 500LL;
        QTest::newRow("rounds past ns") << "1.0005us" << true << 1001LL;
        QTest::newRow("spaces around") << "  7 ms " << true << 7000000LL;
        QTest::newRow("no digits") << "ms" << false << 0LL;
        QTest::newRow("words") << "soon" << false << 0LL;
        QTest::newRow("negative") << "-5ms" << false << 0LL;
        QTest::newRow("unknown unit") << "5min" << false << 0LL;
        QTest::newRow("too large") << "99999999999999999999s" << false << 0LL;
    }

    void parse()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(qlonglong, ns);
        QString error;
        const auto v = TimeText::parse(text, &error);
        QCOMPARE(v.has_value(), ok);
        if (ok)
            QCOMPARE(qlonglong(*v), ns);
        else
            QVERIFY(!error.isEmpty());
    }
};

QTEST_MAIN(TestTimeText)
#include "tst_timetext.moc"
