#include <common/unitformat.h>

#include <QtTest>

#include <cmath>
#include <limits>

using namespace strata;
using store::TimeNs;
using widgets::UnitFormat;

class tst_UnitFormat : public QObject {
    Q_OBJECT

private slots:
    // A locale whose separators are the other way round ("1.234,5"): what UnitFormat writes
    // must not follow it.
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany)); }
    void time_data();
    void time();
    void duration_data();
    void duration();
    void number_data();
    void number();
    void axisUnit_data();
    void axisUnit();
    void count_data();
    void count();
    void decimal_data();
    void decimal();
    void value_data();
    void value();
};

namespace {
QString plain(QString s)
{
    return s.replace(QChar(0x2009), QLatin1Char(' '));
}
} // namespace

void tst_UnitFormat::time_data()
{
    QTest::addColumn<TimeNs>("ns");
    QTest::addColumn<TimeNs>("resolution");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << TimeNs(0) << TimeNs(200000) << "0 µs";
    QTest::newRow("ms to 50 us") << TimeNs(1250000) << TimeNs(50000) << "1.250 ms";
    QTest::newRow("whole ms") << TimeNs(3000000) << TimeNs(1000000) << "3 ms";
    QTest::newRow("ns precise") << TimeNs(1234567) << TimeNs(1) << "1.234 567 ms";
    QTest::newRow("seconds to us") << TimeNs(2000012000) << TimeNs(2000) << "2.000 012 s";
    QTest::newRow("small") << TimeNs(740) << TimeNs(20) << "740 ns";
    QTest::newRow("negative") << TimeNs(-1500) << TimeNs(100) << "-1.500 µs";
    QTest::newRow("rounds") << TimeNs(1999999) << TimeNs(1000) << "2.000 ms";
}

void tst_UnitFormat::time()
{
    QFETCH(TimeNs, ns);
    QFETCH(TimeNs, resolution);
    QFETCH(QString, text);
    QCOMPARE(plain(UnitFormat::time(ns, resolution)), text);
}

void tst_UnitFormat::duration_data()
{
    QTest::addColumn<TimeNs>("ns");
    QTest::addColumn<QString>("text");
    QTest::newRow("ns") << TimeNs(12) << "12 ns";
    QTest::newRow("us") << TimeNs(1500) << "1.500 µs";
    QTest::newRow("ms") << TimeNs(1250000) << "1.250 ms";
    QTest::newRow("s") << TimeNs(277530000000) << "277.530 s";
    QTest::newRow("zero") << TimeNs(0) << "0 ns";
}

void tst_UnitFormat::duration()
{
    QFETCH(TimeNs, ns);
    QFETCH(QString, text);
    QCOMPARE(plain(UnitFormat::duration(ns)), text);
}

void tst_UnitFormat::number_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("percent") << 95.3 << "95.3";
    QTest::newRow("thousands stay plain") << 4096.0 << "4096";
    QTest::newRow("kilo") << 12500.0 << "12.5 k";
    QTest::newRow("giga") << 12534747561.0 << "12.53 G";
    QTest::newRow("zero") << 0.0 << "0";
    QTest::newRow("negative mega") << -25000000.0 << "-25 M";
}

void tst_UnitFormat::number()
{
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(UnitFormat::number(value), text);
}

void tst_UnitFormat::axisUnit_data()
{
    QTest::addColumn<double>("ns");
    QTest::addColumn<double>("perUnit");
    QTest::addColumn<QString>("suffix");
    QTest::newRow("nanoseconds") << 999.0 << 1.0 << "ns";
    QTest::newRow("zero") << 0.0 << 1.0 << "ns";
    QTest::newRow("microseconds") << 1000.0 << 1e3 << "µs";
    QTest::newRow("milliseconds") << 2.5e6 << 1e6 << "ms";
    QTest::newRow("seconds") << 3e9 << 1e9 << "s";
}

void tst_UnitFormat::axisUnit()
{
    QFETCH(double, ns);
    const UnitFormat::AxisUnit u = UnitFormat::axisUnit(ns);
    QTEST(u.ns, "perUnit");
    QTEST(QString::fromUtf8(u.suffix), "suffix");
}

void tst_UnitFormat::count_data()
{
    QTest::addColumn<qint64>("n");
    QTest::addColumn<QString>("text");
    QTest::newRow("small") << qint64(7) << "7";
    QTest::newRow("thousands") << qint64(5394) << "5,394";
    QTest::newRow("millions") << qint64(1234568) << "1,234,568";
    QTest::newRow("huge") << qint64(9007199254740993) << "9,007,199,254,740,993";
    QTest::newRow("negative") << qint64(-1500000) << "-1,500,000";
}

void tst_UnitFormat::count()
{
    QFETCH(qint64, n);
    QTEST(UnitFormat::count(n), "text");
    if (n >= 0) {
        QTEST(UnitFormat::count(quint64(n)), "text");
        if (n <= std::numeric_limits<int>::max())
            QTEST(UnitFormat::count(int(n)), "text"); // the integer types of the interface: size_t, int...
    }
}

void tst_UnitFormat::decimal_data()
{
    QTest::addColumn<double>("v");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<bool>("drop");
    QTest::addColumn<QString>("text");
    QTest::newRow("ns to the ps") << 1234567.25 << 3 << false << "1,234,567.250";
    QTest::newRow("dropped zeros") << 1234567.25 << 3 << true << "1,234,567.25";
    QTest::newRow("whole, dropped") << 12.0 << 3 << true << "12";
    QTest::newRow("no decimals") << 5394.4 << 0 << false << "5,394";
    QTest::newRow("negative") << -1500.5 << 1 << false << "-1,500.5";
    QTest::newRow("nan") << std::nan("") << 3 << false << "NaN";
}

void tst_UnitFormat::decimal()
{
    QFETCH(double, v);
    QFETCH(int, decimals);
    QFETCH(bool, drop);
    QTEST(UnitFormat::decimal(v, decimals, drop ? UnitFormat::Zeros::Drop : UnitFormat::Zeros::Keep), "text");
}

namespace {
// The significant digits of a formatted number: its digits from the first non-zero one,
// the exponent's left out.
int significantDigits(const QString& text)
{
    QString mantissa = text.section(QLatin1Char('e'), 0, 0);
    int n = 0;
    bool started = false;
    for (QChar c : mantissa) {
        if (!c.isDigit())
            continue;
        started = started || c != QLatin1Char('0');
        n += started;
    }
    return n;
}
} // namespace

void tst_UnitFormat::value_data()
{
    QTest::addColumn<double>("v");
    QTest::addColumn<QString>("text");
    QTest::newRow("repeating fraction") << 21.845333333333333 << "21.8453";
    QTest::newRow("binary noise") << 0.00095999999999999999 << "0.00096";
    QTest::newRow("one third") << 1.0 / 3.0 << "0.333333";
    QTest::newRow("whole") << 42.0 << "42";
    QTest::newRow("huge count") << 1234567890123.0 << "1,234,567,890,123";
    QTest::newRow("big with fraction") << 12345678.9 << "12,345,679";
    QTest::newRow("thousands with fraction") << 1234.5678 << "1,234.57";
    QTest::newRow("rounds up to whole") << 9.9999999 << "10";
    QTest::newRow("tiny") << 1.5e-9 << "1.5e-09";
    QTest::newRow("tiny noisy") << 1.2345678901e-7 << "1.23457e-07";
    QTest::newRow("astronomic") << 6.02214076e23 << "6.02214e+23";
    QTest::newRow("negative") << -0.125 << "-0.125";
    QTest::newRow("zero") << 0.0 << "0";
    QTest::newRow("nan") << std::nan("") << "NaN";
    QTest::newRow("infinity") << std::numeric_limits<double>::infinity() << "∞";
}

void tst_UnitFormat::value()
{
    QFETCH(double, v);
    QFETCH(QString, text);
    const QString shown = UnitFormat::value(v);
    QCOMPARE(shown, text);
    // Never a raw float: at most kValueDigits significant digits, unless the integer part
    // alone has more (it is never cut).
    const QString integer = shown.section(QLatin1Char('.'), 0, 0).section(QLatin1Char('e'), 0, 0);
    QVERIFY2(
        significantDigits(shown) <= std::max(UnitFormat::kValueDigits, significantDigits(integer)), qPrintable(shown));
    if (std::isfinite(v))
        QCOMPARE(UnitFormat::exactValue(v).toDouble(), v); // what a tooltip shows reads back exactly
}

QTEST_MAIN(tst_UnitFormat)
#include "tst_unitformat.moc"
