// IntervalSet: unions (overlapping, nested, unsorted, touching), intersections, differences, the part of
// a union inside a window (windows cutting intervals, empty windows, empty and one-interval
// sets), and random sets against a nanosecond-by-nanosecond count.
#include <analysis/breakdown/intervalset.h>

#include <QtTest>

#include <random>

using strata::analysis::IntervalSet;
using strata::store::TimeNs;
using strata::store::TimeRange;
using Intervals = std::vector<IntervalSet::Interval>;

Q_DECLARE_METATYPE(Intervals)

namespace {

QString text(const IntervalSet& s)
{
    QStringList out;
    for (const IntervalSet::Interval& i : s.intervals())
        out << QString("%1-%2").arg(i.start).arg(i.end);
    return out.join(' ');
}

} // namespace

class tst_IntervalSet : public QObject {
    Q_OBJECT

private slots:
    void unionOf_data();
    void unionOf();
    void intersect_data();
    void intersect();
    void subtract_data();
    void subtract();
    void measure_data();
    void measure();
    void uniteAllEqualsPairwise();
    void randomAgainstCount();
};

void tst_IntervalSet::unionOf_data()
{
    QTest::addColumn<Intervals>("in");
    QTest::addColumn<QString>("out");
    QTest::addColumn<qint64>("length");
    QTest::newRow("empty") << Intervals {} << "" << qint64(0);
    QTest::newRow("single") << Intervals { { 10, 20 } } << "10-20" << qint64(10);
    QTest::newRow("zero length dropped") << Intervals { { 10, 10 }, { 30, 40 } } << "30-40" << qint64(10);
    QTest::newRow("disjoint") << Intervals { { 0, 5 }, { 10, 20 } } << "0-5 10-20" << qint64(15);
    QTest::newRow("overlapping") << Intervals { { 0, 10 }, { 5, 15 } } << "0-15" << qint64(15);
    QTest::newRow("nested") << Intervals { { 0, 100 }, { 10, 20 }, { 30, 40 } } << "0-100" << qint64(100);
    QTest::newRow("touching merge") << Intervals { { 0, 10 }, { 10, 20 } } << "0-20" << qint64(20);
    QTest::newRow("unsorted") << Intervals { { 50, 60 }, { 0, 10 }, { 5, 20 } } << "0-20 50-60" << qint64(30);
}

void tst_IntervalSet::unionOf()
{
    QFETCH(Intervals, in);
    QFETCH(QString, out);
    QFETCH(qint64, length);
    const IntervalSet s = IntervalSet::unionOf(in);
    QCOMPARE(text(s), out);
    QCOMPARE(qint64(s.length()), length);
    QCOMPARE(qint64(s.measure({ -1000, 1000 })), length);
}

void tst_IntervalSet::intersect_data()
{
    QTest::addColumn<Intervals>("a");
    QTest::addColumn<Intervals>("b");
    QTest::addColumn<QString>("both");
    QTest::addColumn<QString>("either");
    QTest::newRow("empty side") << Intervals {} << Intervals { { 0, 10 } } << ""
                                << "0-10";
    QTest::newRow("disjoint") << Intervals { { 0, 10 } } << Intervals { { 20, 30 } } << ""
                              << "0-10 20-30";
    QTest::newRow("touching: no overlap") << Intervals { { 0, 10 } } << Intervals { { 10, 20 } } << ""
                                          << "0-20";
    QTest::newRow("partial") << Intervals { { 0, 10 } } << Intervals { { 5, 20 } } << "5-10"
                             << "0-20";
    QTest::newRow("one inside another") << Intervals { { 0, 100 } } << Intervals { { 10, 20 }, { 30, 40 } }
                                        << "10-20 30-40"
                                        << "0-100";
    QTest::newRow("interleaved") << Intervals { { 0, 10 }, { 20, 30 } } << Intervals { { 5, 25 } } << "5-10 20-25"
                                 << "0-30";
}

void tst_IntervalSet::intersect()
{
    QFETCH(Intervals, a);
    QFETCH(Intervals, b);
    QFETCH(QString, both);
    QFETCH(QString, either);
    const IntervalSet sa = IntervalSet::unionOf(a), sb = IntervalSet::unionOf(b);
    QCOMPARE(text(IntervalSet::intersect(sa, sb)), both);
    QCOMPARE(text(IntervalSet::intersect(sb, sa)), both);
    QCOMPARE(text(IntervalSet::unite(sa, sb)), either);
    QCOMPARE(text(IntervalSet::unite(sb, sa)), either);
}

void tst_IntervalSet::measure_data()
{
    QTest::addColumn<Intervals>("in");
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<qint64>("inside");
    QTest::addColumn<QString>("hull");
    const Intervals two { { 10, 20 }, { 30, 40 } };
    QTest::newRow("empty set") << Intervals {} << qint64(0) << qint64(100) << qint64(0) << "";
    QTest::newRow("whole") << two << qint64(0) << qint64(100) << qint64(20) << "10-40";
    QTest::newRow("cuts the first") << two << qint64(15) << qint64(100) << qint64(15) << "15-40";
    QTest::newRow("cuts the last") << two << qint64(0) << qint64(35) << qint64(15) << "10-35";
    QTest::newRow("inside one interval") << two << qint64(12) << qint64(18) << qint64(6) << "12-18";
    QTest::newRow("in a gap") << two << qint64(21) << qint64(29) << qint64(0) << "";
    QTest::newRow("ends where one starts") << two << qint64(0) << qint64(10) << qint64(0) << "";
    QTest::newRow("starts where one ends") << two << qint64(20) << qint64(30) << qint64(0) << "";
    QTest::newRow("empty window") << two << qint64(15) << qint64(15) << qint64(0) << "";
    QTest::newRow("reversed window") << two << qint64(35) << qint64(15) << qint64(0) << "";
    QTest::newRow("single interval cut both ends")
        << Intervals { { 0, 100 } } << qint64(40) << qint64(60) << qint64(20) << "40-60";
}

void tst_IntervalSet::measure()
{
    QFETCH(Intervals, in);
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(qint64, inside);
    QFETCH(QString, hull);
    const IntervalSet s = IntervalSet::unionOf(in);
    QCOMPARE(qint64(s.measure({ start, end })), inside);
    const TimeRange h = s.hull({ start, end });
    QCOMPARE(h.empty() ? QString() : QString("%1-%2").arg(h.start).arg(h.end), hull);
}

void tst_IntervalSet::subtract_data()
{
    QTest::addColumn<Intervals>("a");
    QTest::addColumn<Intervals>("b");
    QTest::addColumn<QString>("difference");
    QTest::newRow("empty a") << Intervals {} << Intervals { { 0, 10 } } << "";
    QTest::newRow("empty b") << Intervals { { 0, 10 } } << Intervals {} << "0-10";
    QTest::newRow("disjoint") << Intervals { { 0, 10 } } << Intervals { { 20, 30 } } << "0-10";
    QTest::newRow("touching keeps all") << Intervals { { 0, 10 } } << Intervals { { 10, 20 } } << "0-10";
    QTest::newRow("covered") << Intervals { { 5, 10 } } << Intervals { { 0, 20 } } << "";
    QTest::newRow("hole in the middle") << Intervals { { 0, 100 } } << Intervals { { 10, 20 }, { 30, 40 } }
                                        << "0-10 20-30 40-100";
    QTest::newRow("cut both ends") << Intervals { { 10, 50 } } << Intervals { { 0, 15 }, { 45, 60 } } << "15-45";
    QTest::newRow("one b across two a") << Intervals { { 0, 10 }, { 20, 30 } } << Intervals { { 5, 25 } }
                                        << "0-5 25-30";
    QTest::newRow("b wider than a gap") << Intervals { { 0, 10 }, { 12, 14 }, { 20, 30 } } << Intervals { { 8, 22 } }
                                        << "0-8 22-30";
}

void tst_IntervalSet::subtract()
{
    QFETCH(Intervals, a);
    QFETCH(Intervals, b);
    QFETCH(QString, difference);
    const IntervalSet sa = IntervalSet::unionOf(a), sb = IntervalSet::unionOf(b);
    const IntervalSet d = IntervalSet::subtract(sa, sb);
    QCOMPARE(text(d), difference);
    // |a − b| = |a| − |a ∩ b|.
    QCOMPARE(d.length(), sa.length() - IntervalSet::intersect(sa, sb).length());
}

void tst_IntervalSet::uniteAllEqualsPairwise()
{
    const IntervalSet a = IntervalSet::unionOf({ { 0, 10 }, { 50, 60 } });
    const IntervalSet b = IntervalSet::unionOf({ { 5, 20 } });
    const IntervalSet c = IntervalSet::unionOf({ { 20, 30 }, { 70, 80 } });
    QCOMPARE(text(IntervalSet::uniteAll({ &a, &b, &c })), QString("0-30 50-60 70-80"));
    QCOMPARE(text(IntervalSet::uniteAll({ &a })), text(a));
    QVERIFY(IntervalSet::uniteAll({}).empty());
}

// Random intervals on [0, 200): union, intersection, difference and windows against a per-ns count.
void tst_IntervalSet::randomAgainstCount()
{
    std::mt19937 rng(7);
    for (int round = 0; round < 200; ++round) {
        Intervals a, b;
        std::vector<int> inA(200, 0), inB(200, 0);
        for (Intervals* list : { &a, &b }) {
            const int n = int(rng() % 8);
            for (int i = 0; i < n; ++i) {
                const TimeNs s = TimeNs(rng() % 190), len = TimeNs(rng() % 30);
                const TimeNs e = std::min<TimeNs>(200, s + len);
                list->push_back({ s, e });
                for (TimeNs t = s; t < e; ++t)
                    (list == &a ? inA : inB)[size_t(t)] = 1;
            }
        }
        const IntervalSet sa = IntervalSet::unionOf(a), sb = IntervalSet::unionOf(b);
        const IntervalSet both = IntervalSet::intersect(sa, sb);
        const IntervalSet aOnly = IntervalSet::subtract(sa, sb);
        const TimeNs w0 = TimeNs(rng() % 200), w1 = w0 + TimeNs(rng() % 100);
        TimeNs countA = 0, countBoth = 0, countAOnly = 0;
        for (TimeNs t = w0; t < std::min<TimeNs>(w1, 200); ++t) {
            countA += inA[size_t(t)];
            countBoth += inA[size_t(t)] && inB[size_t(t)];
            countAOnly += inA[size_t(t)] && !inB[size_t(t)];
        }
        QCOMPARE(sa.measure({ w0, w1 }), countA);
        QCOMPARE(both.measure({ w0, w1 }), countBoth);
        QCOMPARE(aOnly.measure({ w0, w1 }), countAOnly);
    }
}

QTEST_GUILESS_MAIN(tst_IntervalSet)
#include "tst_intervalset.moc"
