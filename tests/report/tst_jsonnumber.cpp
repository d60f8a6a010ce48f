// JsonNumber: how every report writes its numbers (3 and 6 decimals, whole sums as integers).
#include <report/jsonnumber.h>

#include <QtTest>

using strata::report::JsonNumber;

class tst_JsonNumber : public QObject {
    Q_OBJECT
private slots:
    void numbers_data()
    {
        QTest::addColumn<QString>("how");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("json");
        QTest::newRow("round3") << "round3" << 1234.56789 << "1234.568";
        QTest::newRow("round3 drops binary noise") << "round3" << 97829.25000000001 << "97829.25";
        QTest::newRow("round6") << "round6" << 12.3456789 << "12.345679";
        QTest::newRow("whole count is an integer") << "count" << 4096.0 << "4096";
        QTest::newRow("fractional count kept") << "count" << 0.5 << "0.5";
        QTest::newRow("huge count stays a double") << "count" << 1.0e16 << "1e+16";
        QTest::newRow("whole ns is an integer") << "nanoseconds" << 724000.0 << "724000";
        QTest::newRow("per-step ns to 3 decimals") << "nanoseconds" << 1000.0 / 3 << "333.333";
    }

    void numbers()
    {
        QFETCH(QString, how);
        QFETCH(double, value);
        strata::report::Json j;
        if (how == "round3")
            j = JsonNumber::round3(value);
        else if (how == "round6")
            j = JsonNumber::round6(value);
        else if (how == "count")
            j = JsonNumber::count(value);
        else
            j = JsonNumber::nanoseconds(value);
        QTEST(QString::fromStdString(j.dump()), "json");
    }
};

QTEST_APPLESS_MAIN(tst_JsonNumber)
#include "tst_jsonnumber.moc"
