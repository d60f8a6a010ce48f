#include <common/unitformat.h>

#include <QtTest>

using namespace strata;
using store::TimeNs;
using widgets::UnitFormat;

class tst_UnitFormat : public QObject {
    Q_OBJECT

private slots:
    void time_data();
    void time();
    void duration_data();
    void duration();
    void number_data();
    void number();
    void axisUnit_data();
    void axisUnit();
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

QTEST_MAIN(tst_UnitFormat)
#include "tst_unitformat.moc"
