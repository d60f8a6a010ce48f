#include <timeline/timeruler.h>

#include <QtTest>

using namespace strata;
using store::TimeNs;
using widgets::RulerTick;
using widgets::TimeRuler;

class tst_TimeRuler : public QObject {
    Q_OBJECT

private slots:
    void majorStep_data();
    void majorStep();
    void labels_data();
    void labels();
    void ticksAreOrderedAndInside_data();
    void ticksAreOrderedAndInside();
    void offsetMode();
};

void tst_TimeRuler::majorStep_data()
{
    QTest::addColumn<TimeNs>("span");
    QTest::addColumn<double>("width");
    QTest::addColumn<TimeNs>("step");
    // step >= span * 110 / width, from the 1-2-5 series
    QTest::newRow("1 s over 1100 px") << TimeNs(1000000000) << 1100.0 << TimeNs(100000000);
    QTest::newRow("1 s over 1000 px") << TimeNs(1000000000) << 1000.0 << TimeNs(200000000);
    QTest::newRow("28 ms over 1700 px") << TimeNs(28000000) << 1700.0 << TimeNs(2000000);
    QTest::newRow("20 us over 1700 px") << TimeNs(20000) << 1700.0 << TimeNs(2000);
    QTest::newRow("170 ns over 1700 px") << TimeNs(170) << 1700.0 << TimeNs(20);
    QTest::newRow("never below 1 ns") << TimeNs(10) << 1700.0 << TimeNs(1);
    QTest::newRow("5-step") << TimeNs(40000) << 1100.0 << TimeNs(5000);
}

void tst_TimeRuler::majorStep()
{
    QFETCH(TimeNs, span);
    QFETCH(double, width);
    QFETCH(TimeNs, step);
    QCOMPARE(TimeRuler::majorStep(span, width, 110), step);
}

void tst_TimeRuler::labels_data()
{
    QTest::addColumn<TimeNs>("start"); // relative to the trace start
    QTest::addColumn<TimeNs>("end");
    QTest::addColumn<QStringList>("firstLabels");
    QTest::newRow("seconds") << TimeNs(0) << TimeNs(10000000000) << QStringList { "0 s", "1 s", "2 s" };
    QTest::newRow("milliseconds from zero")
        << TimeNs(0) << TimeNs(2000000) << QStringList { "0 µs", "200 µs", "400 µs" };
    QTest::newRow("ms with three decimals")
        << TimeNs(1200000) << TimeNs(1700000) << QStringList { "1.200 ms", "1.250 ms", "1.300 ms" };
    QTest::newRow("whole microseconds") << TimeNs(3000) << TimeNs(10000) << QStringList { "3 µs", "4 µs", "5 µs" };
    QTest::newRow("fractional microseconds")
        << TimeNs(3000) << TimeNs(5000) << QStringList { "3.000 µs", "3.200 µs", "3.400 µs" };
    QTest::newRow("nanoseconds") << TimeNs(0) << TimeNs(500) << QStringList { "0 ns", "50 ns", "100 ns" };
}

void tst_TimeRuler::labels()
{
    QFETCH(TimeNs, start);
    QFETCH(TimeNs, end);
    QFETCH(QStringList, firstLabels);
    const TimeNs origin = 1000000; // ticks are labelled from the trace start
    const TimeRuler::Ticks t = TimeRuler::compute(origin + start, origin + end, origin, 1100);
    QVERIFY(t.origin.isEmpty());
    QStringList labels;
    for (const RulerTick& tick : t.ticks) {
        if (tick.major)
            labels << QString(tick.label).replace(QChar(0x2009), QLatin1Char(' '));
    }
    QVERIFY2(labels.size() >= firstLabels.size(), qPrintable(labels.join(" | ")));
    QCOMPARE(labels.mid(0, firstLabels.size()), firstLabels);
}

void tst_TimeRuler::ticksAreOrderedAndInside_data()
{
    QTest::addColumn<TimeNs>("start");
    QTest::addColumn<TimeNs>("end");
    QTest::addColumn<double>("width");
    QTest::newRow("whole 277 s trace") << TimeNs(0) << TimeNs(277530000000) << 1700.0;
    QTest::newRow("odd window") << TimeNs(123457) << TimeNs(987651) << 777.0;
    QTest::newRow("deepest zoom") << TimeNs(100000000123) << TimeNs(100000000293) << 1700.0;
}

void tst_TimeRuler::ticksAreOrderedAndInside()
{
    QFETCH(TimeNs, start);
    QFETCH(TimeNs, end);
    QFETCH(double, width);
    const TimeRuler::Ticks t = TimeRuler::compute(start, end, 0, width);
    QVERIFY(t.ticks.size() >= 3);
    int majors = 0;
    double lastMajorX = -1e9;
    for (size_t i = 0; i < t.ticks.size(); ++i) {
        const RulerTick& tick = t.ticks[i];
        QVERIFY(tick.t >= start && tick.t <= end);
        QVERIFY(tick.x >= 0 && tick.x <= width + 0.5);
        if (i > 0)
            QVERIFY(tick.t > t.ticks[i - 1].t);
        if (tick.major) {
            ++majors;
            QVERIFY(!tick.label.isEmpty());
            QVERIFY(tick.x - lastMajorX >= 109); // labels never crowd
            lastMajorX = tick.x;
        }
    }
    QVERIFY(majors >= 2);
}

void tst_TimeRuler::offsetMode()
{
    // 20 µs deep in a 100 s trace: one origin, short offsets.
    const TimeNs s = 100000012340, e = s + 20000;
    const TimeRuler::Ticks t = TimeRuler::compute(s, e, 0, 1700);
    QVERIFY(!t.origin.isEmpty());
    QVERIFY(t.origin.startsWith(QStringLiteral("100.000")));
    for (const RulerTick& tick : t.ticks) {
        if (tick.major)
            QVERIFY2(tick.label.startsWith(QLatin1Char('+')) && tick.label.size() <= 10, qPrintable(tick.label));
    }
}

QTEST_MAIN(tst_TimeRuler)
#include "tst_timeruler.moc"
