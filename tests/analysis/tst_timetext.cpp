// TimeText: the times typed into the Search dock and on both command lines, exact to the
// nanosecond.
#include <analysis/time/timetext.h>

#include <QtTest>

using strata::analysis::RelativeRange;
using strata::analysis::TimeText;
using strata::store::TimeRange;

class tst_TimeText : public QObject {
    Q_OBJECT
private slots:
    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qlonglong>("ns");
        QTest::newRow("plain ns") << "1500" << true << 1500LL;
        QTest::newRow("zero") << "0" << true << 0LL;
        QTest::newRow("ns unit") << "1500ns" << true << 1500LL;
        QTest::newRow("us") << "1.5us" << true << 1500LL;
        QTest::newRow("micro sign") << "2µs" << true << 2000LL;
        QTest::newRow("greek mu") << "2μs" << true << 2000LL;
        QTest::newRow("µs with space") << "1.5 µs" << true << 1500LL;
        QTest::newRow("ms") << "2ms" << true << 2000000LL;
        QTest::newRow("ms fraction") << "1.5ms" << true << 1500000LL;
        QTest::newRow("fraction of ms") << "0.000001ms" << true << 1LL;
        QTest::newRow("s") << "0.25s" << true << 250000000LL;
        QTest::newRow("s with space") << "0.25 s" << true << 250000000LL;
        QTest::newRow("upper case unit") << "3MS" << true << 3000000LL;
        QTest::newRow("leading dot") << ".5us" << true << 500LL;
        QTest::newRow("trailing dot") << "5.ms" << true << 5000000LL;
        QTest::newRow("leading zeros") << "0000000000000000000000042" << true << 42LL;
        QTest::newRow("rounds half up past ns") << "1.0005us" << true << 1001LL;
        QTest::newRow("rounds down past ns") << "1.0004us" << true << 1000LL;
        QTest::newRow("sub-ns fraction of ns") << ".5" << true << 1LL;
        QTest::newRow("spaces around") << "  7 ms " << true << 7000000LL;
        QTest::newRow("exact large s") << "1700000000.123456789s" << true << 1700000000123456789LL;
        QTest::newRow("largest") << "9223372036854775807" << true << 9223372036854775807LL;
        QTest::newRow("empty") << "" << false << 0LL;
        QTest::newRow("dot only") << "." << false << 0LL;
        QTest::newRow("no digits") << "ms" << false << 0LL;
        QTest::newRow("words") << "soon" << false << 0LL;
        QTest::newRow("negative") << "-5ms" << false << 0LL;
        QTest::newRow("exponent") << "1e3" << false << 0LL;
        QTest::newRow("unknown unit") << "5min" << false << 0LL;
        QTest::newRow("space inside the number") << "1 .5us" << false << 0LL;
        QTest::newRow("too large ns") << "99999999999999999999" << false << 0LL;
        QTest::newRow("too large s") << "99999999999999999999s" << false << 0LL;
        QTest::newRow("one past the largest") << "9223372036854775808" << false << 0LL;
        QTest::newRow("rounds past the largest") << "9223372036854775807.5" << false << 0LL;
    }

    void parse()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        std::string error;
        const auto v = TimeText::parse(text.toStdString(), &error);
        QCOMPARE(v.has_value(), ok);
        if (ok) {
            QTEST(qlonglong(*v), "ns");
            QVERIFY(error.empty());
        } else {
            QVERIFY(!error.empty());
        }
    }

    void errorNamesTheText()
    {
        std::string error;
        QVERIFY(!TimeText::parse(" 5min ", &error));
        QVERIFY2(error.find("\"5min\"") != std::string::npos, error.c_str());
        QVERIFY(!TimeText::parse("5min")); // no error wanted: no crash
    }

    void parseRange_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qlonglong>("start");
        QTest::addColumn<qlonglong>("end"); // -1: open
        QTest::newRow("units") << "1.5ms:2ms" << true << 1500000LL << 2000000LL;
        QTest::newRow("ns") << "0:500" << true << 0LL << 500LL;
        QTest::newRow("mixed units") << "500us:1s" << true << 500000LL << 1000000000LL;
        QTest::newRow("spaces") << " 1ms : 2ms " << true << 1000000LL << 2000000LL;
        QTest::newRow("open end") << "2ms:" << true << 2000000LL << -1LL;
        QTest::newRow("open start") << ":2ms" << true << 0LL << 2000000LL;
        QTest::newRow("whole") << ":" << true << 0LL << -1LL;
        QTest::newRow("end before start") << "2ms:1ms" << false << 0LL << 0LL;
        QTest::newRow("empty span") << "1ms:1ms" << false << 0LL << 0LL;
        QTest::newRow("open start, end zero") << ":0" << false << 0LL << 0LL;
        QTest::newRow("no colon") << "1ms" << false << 0LL << 0LL;
        QTest::newRow("two colons") << "1:2:3" << false << 0LL << 0LL;
        QTest::newRow("bad start") << "a:2ms" << false << 0LL << 0LL;
        QTest::newRow("bad end") << "1ms:b" << false << 0LL << 0LL;
        QTest::newRow("negative start") << "-1ms:2ms" << false << 0LL << 0LL;
    }

    void parseRange()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        std::string error;
        const auto r = TimeText::parseRange(text.toStdString(), &error);
        QCOMPARE(r.has_value(), ok);
        if (!ok) {
            QVERIFY(!error.empty());
            return;
        }
        QTEST(qlonglong(r->start), "start");
        QTEST(qlonglong(r->end ? *r->end : -1), "end");
    }

    void resolveAgainstTrace()
    {
        const RelativeRange r { 1000, 5000 };
        const TimeRange abs = r.resolve({ 1'000'000'000, 2'000'000'000 });
        QCOMPARE(abs.start, 1'000'001'000LL);
        QCOMPARE(abs.end, 1'000'005'000LL);
        const RelativeRange open { 1000, std::nullopt };
        QCOMPARE(open.resolve({ 10, 99999 }).start, 1010LL);
        QCOMPARE(open.resolve({ 10, 99999 }).end, 99999LL);
    }
};

QTEST_GUILESS_MAIN(tst_TimeText)
#include "tst_timetext.moc"
