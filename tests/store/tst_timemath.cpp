// TimeMath: checked conversions of times read from files. Each either gives the exact
// result within ±kTimeLimit or nothing; sums of durations saturate. Run under the asan
// preset, an overflow in these functions themselves would be reported by UBSan.
#include <store/timemath.h>

#include <QtTest>

#include <cmath>
#include <limits>

using namespace strata::store;

namespace {
constexpr qint64 kMax = std::numeric_limits<qint64>::max();
constexpr qint64 kMin = std::numeric_limits<qint64>::min();
constexpr qint64 kLim = kTimeLimit;
constexpr qint64 kNone = kMin; // "no result" in the tables below
} // namespace

class tst_TimeMath : public QObject {
    Q_OBJECT

private slots:
    void arithmetic_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<qint64>("a");
        QTest::addColumn<qint64>("b");
        QTest::addColumn<qint64>("expected");
        QTest::newRow("add") << "add" << qint64(5) << qint64(-7) << qint64(-2);
        QTest::newRow("add to the limit") << "add" << kLim - 1 << qint64(1) << kLim;
        QTest::newRow("add past the limit") << "add" << kLim << qint64(1) << kNone;
        QTest::newRow("add past INT64_MAX") << "add" << kMax << kMax << kNone;
        QTest::newRow("add below minus the limit") << "add" << -kLim << qint64(-1) << kNone;
        QTest::newRow("add past INT64_MIN") << "add" << kMin << qint64(-1) << kNone;
        QTest::newRow("sub") << "sub" << qint64(10) << qint64(25) << qint64(-15);
        QTest::newRow("sub of INT64_MIN") << "sub" << qint64(0) << kMin << kNone;
        QTest::newRow("sub across the range") << "sub" << kLim << -kLim << kNone;
        QTest::newRow("mul us to ns") << "mul" << qint64(1700000000000000) << qint64(1000)
                                      << qint64(1700000000000000000);
        QTest::newRow("mul past the limit") << "mul" << qint64(9223372036854775) << qint64(1000) << kNone;
        QTest::newRow("mul past INT64_MAX") << "mul" << qint64(2599162187071095575) << qint64(1000) << kNone;
        QTest::newRow("mul negative") << "mul" << qint64(-5) << qint64(1000) << qint64(-5000);
        QTest::newRow("mul INT64_MIN by -1") << "mul" << kMin << qint64(-1) << kNone;
        QTest::newRow("saturating add") << "sat" << qint64(3) << qint64(4) << qint64(7);
        QTest::newRow("saturating add, high") << "sat" << kMax << qint64(1) << kMax;
        QTest::newRow("saturating add, low") << "sat" << kMin << qint64(-1) << kMin;
    }

    void arithmetic()
    {
        QFETCH(QString, op);
        QFETCH(qint64, a);
        QFETCH(qint64, b);
        QFETCH(qint64, expected);
        if (op == QLatin1String("sat")) {
            QCOMPARE(TimeMath::saturatingAdd(a, b), expected);
            return;
        }
        const std::optional<TimeNs> r = op == QLatin1String("add") ? TimeMath::add(a, b)
            : op == QLatin1String("sub")                           ? TimeMath::sub(a, b)
                                                                   : TimeMath::mul(a, b);
        QCOMPARE(r.value_or(kNone), expected);
    }

    void fromDouble_data()
    {
        QTest::addColumn<double>("ns");
        QTest::addColumn<qint64>("expected");
        QTest::newRow("rounds to nearest") << 1.5 << qint64(2);
        QTest::newRow("negative") << -2.4 << qint64(-2);
        QTest::newRow("epoch ns") << 1.7e18 << qint64(1700000000000000000);
        QTest::newRow("1e300") << 1e300 << kNone;
        QTest::newRow("-1e300") << -1e300 << kNone;
        QTest::newRow("infinity") << std::numeric_limits<double>::infinity() << kNone;
        QTest::newRow("NaN") << std::numeric_limits<double>::quiet_NaN() << kNone;
        QTest::newRow("just past the limit") << 4.7e18 << kNone;
    }

    void fromDouble()
    {
        QFETCH(double, ns);
        QFETCH(qint64, expected);
        const std::optional<TimeNs> r = TimeMath::fromDouble(ns);
        QCOMPARE(r.value_or(kNone), expected);
    }

    void fromUnsigned_data()
    {
        QTest::addColumn<quint64>("v");
        QTest::addColumn<qint64>("expected");
        QTest::newRow("zero") << quint64(0) << qint64(0);
        QTest::newRow("the limit") << quint64(kLim) << kLim;
        QTest::newRow("past the limit") << quint64(kLim) + 1 << kNone;
        QTest::newRow("UINT64_MAX") << std::numeric_limits<quint64>::max() << kNone;
    }

    void fromUnsigned()
    {
        QFETCH(quint64, v);
        QFETCH(qint64, expected);
        const std::optional<TimeNs> r = TimeMath::fromUnsigned(v);
        QCOMPARE(r.value_or(kNone), expected);
    }

    void rangeIsSymmetricAndDifferencesFit()
    {
        QVERIFY(TimeMath::inRange(kLim));
        QVERIFY(TimeMath::inRange(-kLim));
        QVERIFY(!TimeMath::inRange(kLim + 1));
        QVERIFY(!TimeMath::inRange(-kLim - 1));
        // The widest difference of two stored times, computed without overflow.
        qint64 diff = 0;
        QVERIFY(!__builtin_sub_overflow(kLim, -kLim, &diff));
        QVERIFY(diff < kMax);
    }
};

QTEST_APPLESS_MAIN(tst_TimeMath)
#include "tst_timemath.moc"
