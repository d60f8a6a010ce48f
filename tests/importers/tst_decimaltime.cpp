// parseMicrosToNs: decimal µs text → integer ns without a lossy double round trip
// (keeps ns precision on epoch-µs values). Rounding is half away from zero, as llround.
#include <decimaltime.h>

#include <QtTest>

#include <string>

using strata::importers::parseMicrosToNs;
using strata::store::TimeNs;

class tst_DecimalTime : public QObject {
    Q_OBJECT

private slots:
    void parse_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qint64>("ns");

        // Integers.
        QTest::newRow("zero") << QByteArray("0") << true << qint64(0);
        QTest::newRow("integer") << QByteArray("829") << true << qint64(829000);
        QTest::newRow("plus sign") << QByteArray("+3") << true << qint64(3000);
        QTest::newRow("negative") << QByteArray("-2") << true << qint64(-2000);
        QTest::newRow("leading zeros") << QByteArray("0007") << true << qint64(7000);
        QTest::newRow("epoch us") << QByteArray("1700000000000000") << true << qint64(1700000000000000000);

        // Fractions of 1..9 digits; digits past the third round the ns half up.
        QTest::newRow("1 digit") << QByteArray("0.1") << true << qint64(100);
        QTest::newRow("2 digits") << QByteArray("0.12") << true << qint64(120);
        QTest::newRow("3 digits") << QByteArray("0.123") << true << qint64(123);
        QTest::newRow("4 digits down") << QByteArray("0.1234") << true << qint64(123);
        QTest::newRow("4 digits half up") << QByteArray("0.1235") << true << qint64(124);
        QTest::newRow("5 digits") << QByteArray("0.12345") << true << qint64(123);
        QTest::newRow("5 digits up") << QByteArray("0.12355") << true << qint64(124);
        QTest::newRow("6 digits") << QByteArray("0.123456") << true << qint64(123);
        QTest::newRow("7 digits") << QByteArray("0.1234999") << true << qint64(123);
        QTest::newRow("8 digits up") << QByteArray("0.12399999") << true << qint64(124);
        QTest::newRow("9 digits") << QByteArray("0.123456789") << true << qint64(123);
        QTest::newRow("9 digits carry") << QByteArray("1.999999999") << true << qint64(2000);
        QTest::newRow("carry into whole") << QByteArray("0.9995") << true << qint64(1000);
        QTest::newRow("half ns") << QByteArray("0.0005") << true << qint64(1);
        QTest::newRow("below half ns") << QByteArray("0.0004999") << true << qint64(0);
        QTest::newRow("one ps") << QByteArray("0.000001") << true << qint64(0);
        QTest::newRow("kineto 3 decimals") << QByteArray("4619295550.123") << true << qint64(4619295550123);
        QTest::newRow("epoch us + ns") << QByteArray("1700000000000000.001") << true << qint64(1700000000000000001);
        QTest::newRow("epoch us rounding")
            << QByteArray("1700000000000000.0015") << true << qint64(1700000000000000002);
        QTest::newRow("trailing dot") << QByteArray("5.") << true << qint64(5000);
        QTest::newRow("leading dot") << QByteArray(".5") << true << qint64(500);
        QTest::newRow("negative fraction") << QByteArray("-1.5") << true << qint64(-1500);
        QTest::newRow("negative half away") << QByteArray("-1.2345") << true << qint64(-1235);
        QTest::newRow("negative half ns") << QByteArray("-0.0005") << true << qint64(-1);

        // Exponents.
        QTest::newRow("e3") << QByteArray("1e3") << true << qint64(1000000);
        QTest::newRow("1.5e3") << QByteArray("1.5e3") << true << qint64(1500000);
        QTest::newRow("E+2") << QByteArray("2.5E+2") << true << qint64(250000);
        QTest::newRow("E-3") << QByteArray("1E-3") << true << qint64(1);
        QTest::newRow("e-4 rounds to 0") << QByteArray("2.5e-4") << true << qint64(0);
        QTest::newRow("negative exponent value") << QByteArray("-1e3") << true << qint64(-1000000);
        QTest::newRow("epoch in exponent form") << QByteArray("1.7e15") << true << qint64(1700000000000000000);
        QTest::newRow("exponent 0") << QByteArray("42e0") << true << qint64(42000);

        // Not numbers.
        QTest::newRow("empty") << QByteArray("") << false << qint64(0);
        QTest::newRow("dot") << QByteArray(".") << false << qint64(0);
        QTest::newRow("sign only") << QByteArray("-") << false << qint64(0);
        QTest::newRow("two dots") << QByteArray("1.2.3") << false << qint64(0);
        QTest::newRow("trailing junk") << QByteArray("12abc") << false << qint64(0);
        QTest::newRow("letters") << QByteArray("abc") << false << qint64(0);
        QTest::newRow("dangling exponent") << QByteArray("1.5e") << false << qint64(0);
        QTest::newRow("exponent sign only") << QByteArray("1e+") << false << qint64(0);
        QTest::newRow("exponent without mantissa") << QByteArray("e3") << false << qint64(0);
        QTest::newRow("hex") << QByteArray("0x10") << false << qint64(0);
        QTest::newRow("NaN") << QByteArray("NaN") << false << qint64(0);
        QTest::newRow("inf") << QByteArray("inf") << false << qint64(0);
        QTest::newRow("Infinity") << QByteArray("-Infinity") << false << qint64(0);
        QTest::newRow("trailing space") << QByteArray("12 ") << false << qint64(0);
        QTest::newRow("inner space") << QByteArray("1 2") << false << qint64(0);
        QTest::newRow("double sign") << QByteArray("--1") << false << qint64(0);

        // Huge values: int64 ns holds up to 9223372036854775.807 µs.
        QTest::newRow("largest whole us") << QByteArray("9223372036854775") << true << qint64(9223372036854775000);
        QTest::newRow("largest us with ns")
            << QByteArray("9223372036854775.807") << true << qint64(9223372036854775807);
        QTest::newRow("one ns too many") << QByteArray("9223372036854775.808") << false << qint64(0);
        QTest::newRow("just below the limit")
            << QByteArray("9223372036854774.999") << true << qint64(9223372036854774999);
        QTest::newRow("too large") << QByteArray("9223372036854776") << false << qint64(0);
        QTest::newRow("uint64 max") << QByteArray("18446744073709551615") << false << qint64(0);
        QTest::newRow("40 digits") << QByteArray("1234567890123456789012345678901234567890") << false << qint64(0);
        QTest::newRow("huge exponent") << QByteArray("1e30") << false << qint64(0);
        QTest::newRow("exponent overflow") << QByteArray("1e99999") << false << qint64(0);
        QTest::newRow("huge negative exponent") << QByteArray("-1e30") << false << qint64(0);
        QTest::newRow("tiny exponent") << QByteArray("1e-99999") << true << qint64(0);
        QTest::newRow("long fraction") << QByteArray("1." + QByteArray(500, '9')) << true << qint64(2000);
    }

    void parse()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, ok);
        QFETCH(qint64, ns);
        const TimeNs sentinel = 0x5eed;
        TimeNs out = sentinel;
        const bool got = parseMicrosToNs(std::string_view(text.constData(), size_t(text.size())), &out);
        QCOMPARE(got, ok);
        if (ok)
            QCOMPARE(qint64(out), ns);
    }

    // The view need not be NUL-terminated: only its own bytes count.
    void viewIntoLargerBuffer()
    {
        const std::string buf = "12.5e1,\"ts\":99";
        TimeNs out = 0;
        QVERIFY(parseMicrosToNs(std::string_view(buf).substr(0, 4), &out));
        QCOMPARE(out, TimeNs(12500));
        QVERIFY(parseMicrosToNs(std::string_view(buf).substr(0, 6), &out));
        QCOMPARE(out, TimeNs(125000));
        QVERIFY(!parseMicrosToNs(std::string_view(buf).substr(0, 7), &out));
    }
};

QTEST_APPLESS_MAIN(tst_DecimalTime)
#include "tst_decimaltime.moc"
