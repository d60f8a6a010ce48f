// EventGap: the time from the end of the earlier of two events to the start of the later,
// whichever is given first; overlaps are negative; instants are events of no length.
#include <analysis/time/eventgap.h>

#include <QtTest>

using strata::analysis::EventGap;
using strata::store::TimeNs;
using strata::store::TimeRange;

class tst_EventGap : public QObject {
    Q_OBJECT
private slots:
    void between_data()
    {
        QTest::addColumn<qlonglong>("aStart");
        QTest::addColumn<qlonglong>("aEnd");
        QTest::addColumn<qlonglong>("bStart");
        QTest::addColumn<qlonglong>("bEnd");
        QTest::addColumn<qlonglong>("from");
        QTest::addColumn<qlonglong>("to");
        QTest::addColumn<bool>("secondFirst");
        // The Kineto memcpy → kernel pair (µs in the JSON, ns here): a 487 µs gap.
        const qlonglong mc = 1610366391687779000LL, k = 1610366391688267000LL;
        QTest::newRow("memcpy then kernel") << mc << mc + 1000 << k << k + 6000 << mc + 1000 << k << false;
        QTest::newRow("kernel then memcpy") << k << k + 6000 << mc << mc + 1000 << mc + 1000 << k << true;
        QTest::newRow("touching") << 0LL << 10LL << 10LL << 20LL << 10LL << 10LL << false;
        QTest::newRow("overlap") << 0LL << 30LL << 10LL << 40LL << 30LL << 10LL << false;
        QTest::newRow("nested") << 0LL << 100LL << 10LL << 20LL << 100LL << 10LL << false;
        QTest::newRow("instant then slice") << 5LL << 5LL << 8LL << 9LL << 5LL << 8LL << false;
        QTest::newRow("same start: the first given is earlier") << 0LL << 10LL << 0LL << 5LL << 10LL << 0LL << false;
    }
    void between()
    {
        QFETCH(qlonglong, aStart);
        QFETCH(qlonglong, aEnd);
        QFETCH(qlonglong, bStart);
        QFETCH(qlonglong, bEnd);
        QFETCH(qlonglong, from);
        QFETCH(qlonglong, to);
        QFETCH(bool, secondFirst);
        const EventGap g = EventGap::between(TimeRange { aStart, aEnd }, TimeRange { bStart, bEnd });
        QCOMPARE(g.from, TimeNs(from));
        QCOMPARE(g.to, TimeNs(to));
        QCOMPARE(g.delta(), TimeNs(to - from));
        QCOMPARE(g.overlap(), to < from);
        QCOMPARE(g.secondFirst, secondFirst);
    }
};

QTEST_GUILESS_MAIN(tst_EventGap)
#include "tst_eventgap.moc"
