// CollectiveSpans on four hand-made collectives (times in ns):
//   c0 arrivals 100, 150, 400; ends 1010, 1000, 900: skew 300 of 300 + 500: High
//   c1 arrivals 2000, 2010; ends 2510, 2520: skew 10 of 10 + 500: Low
//   c2 arrivals 3000, 3000; ends 3100, 3100: no skew
//   c3 arrivals 5000, 5100; ends 5500, 5500: skew 100 of 100 + 400: Medium
// what each pixel column shows at 100 ns a pixel, what folds into one pixel, which collective a
// window is over, and that the order the analysis lists them in does not matter.
#include <support/matchedcollective.h>

#include <analysis/collectives/collectivespans.h>

#include <QtTest>

using namespace strata::analysis;
using strata::store::TimeNs;
using strata::store::TimeRange;
using Severity = CollectiveSpans::Severity;
using Line = CollectiveSpans::Pixel::Line;

Q_DECLARE_METATYPE(Severity)
Q_DECLARE_METATYPE(Line)

namespace {

CollectiveAnalysis fourCollectives()
{
    CollectiveAnalysis a;
    a.collectives.push_back(collectivetest::make("AllReduce", { 100, 150, 400 }, { 1010, 1000, 900 }));
    a.collectives.push_back(collectivetest::make("AllGather", { 2000, 2010 }, { 2510, 2520 }));
    a.collectives.push_back(collectivetest::make("AllReduce", { 3000, 3000 }, { 3100, 3100 }));
    a.collectives.push_back(collectivetest::make("Broadcast", { 5000, 5100 }, { 5500, 5500 }));
    return a;
}

} // namespace

class tst_CollectiveSpans : public QObject {
    Q_OBJECT
private slots:
    void severity_data()
    {
        QTest::addColumn<int>("collective");
        QTest::addColumn<Severity>("severity");
        QTest::newRow("a third of the first arrival's kernel waits") << 0 << Severity::High;
        QTest::newRow("2 % waits") << 1 << Severity::Low;
        QTest::newRow("all arrive together") << 2 << Severity::None;
        QTest::newRow("a fifth waits") << 3 << Severity::Medium;
    }
    void severity()
    {
        QFETCH(int, collective);
        QFETCH(Severity, severity);
        const CollectiveSpans s(fourCollectives());
        QCOMPARE(CollectiveSpans::severityOf(s.span(size_t(collective)).share), severity);
    }

    void pixels_data()
    {
        QTest::addColumn<int>("x");
        QTest::addColumn<Severity>("bar");
        QTest::addColumn<Line>("line");
        QTest::newRow("before every collective") << 0 << Severity::None << Line::None;
        QTest::newRow("c0's first arrival") << 1 << Severity::High << Line::Work;
        QTest::newRow("c0's bar, no arrival in the pixel") << 3 << Severity::High << Line::Work;
        QTest::newRow("c0's last arrival: its work") << 4 << Severity::None << Line::Work;
        QTest::newRow("c0 ends") << 10 << Severity::None << Line::End;
        QTest::newRow("between collectives") << 11 << Severity::None << Line::None;
        QTest::newRow("c1, a bar thinner than the pixel") << 20 << Severity::Low << Line::Work;
        QTest::newRow("c1 ends") << 25 << Severity::None << Line::End;
        QTest::newRow("c2: no skew, work ending on the pixel's edge") << 30 << Severity::None << Line::End;
        QTest::newRow("after c2's end") << 31 << Severity::None << Line::None;
        QTest::newRow("c3") << 50 << Severity::Medium << Line::Work;
        QTest::newRow("c3's last arrival") << 51 << Severity::None << Line::Work;
        QTest::newRow("after the last end") << 59 << Severity::None << Line::None;
    }
    void pixels()
    {
        QFETCH(int, x);
        QFETCH(Severity, bar);
        QFETCH(Line, line);
        const CollectiveSpans s(fourCollectives());
        const std::vector<CollectiveSpans::Pixel> px = s.pixels({ 0, 6000 }, 60);
        QCOMPARE(px.size(), size_t(60));
        QCOMPARE(px[size_t(x)].bar, bar);
        QCOMPARE(px[size_t(x)].line, line);
    }

    // Thousands of collectives in a pixel fold into its worst bar; a pixel narrower than a
    // nanosecond still reads one.
    void folding()
    {
        CollectiveAnalysis a;
        for (TimeNs i = 0; i < 10000; ++i) {
            const TimeNs t = i * 1000;
            const TimeNs skew = i == 7777 ? 800 : 10; // one High among Low ones
            a.collectives.push_back(collectivetest::make("AllReduce", { t, t + skew }, { t + 900, t + 900 }));
        }
        const CollectiveSpans s(a);
        const std::vector<CollectiveSpans::Pixel> px = s.pixels({ 0, 10000000 }, 10);
        for (size_t x = 0; x < px.size(); ++x)
            QCOMPARE(px[x].bar, x == 7 ? Severity::High : Severity::Low);
        QCOMPARE(s.pixels({ 0, 10000000 }, 1)[0].bar, Severity::High);
        const std::vector<CollectiveSpans::Pixel> fine = s.pixels({ 7777000, 7777004 }, 8);
        QCOMPARE(fine.front().bar, Severity::High);
        QCOMPARE(fine.back().bar, Severity::High);
        const CollectiveSpans::Hit h = s.at({ 0, 10000000 });
        QCOMPARE(h.count, 10000u);
        QCOMPARE(s.span(size_t(h.span)).collective, 7777u);
    }

    void at_data()
    {
        QTest::addColumn<TimeNs>("start");
        QTest::addColumn<TimeNs>("end");
        QTest::addColumn<int>("collective"); // -1: none
        QTest::addColumn<uint>("count");
        QTest::newRow("inside c0's bar") << TimeNs(350) << TimeNs(360) << 0 << 1u;
        QTest::newRow("on c0's work") << TimeNs(900) << TimeNs(905) << 0 << 1u;
        QTest::newRow("between collectives") << TimeNs(1100) << TimeNs(1900) << -1 << 0u;
        QTest::newRow("c2 and c3: the worse") << TimeNs(2900) << TimeNs(5050) << 3 << 2u;
        QTest::newRow("everything") << TimeNs(0) << TimeNs(6000) << 0 << 4u;
    }
    void at()
    {
        QFETCH(TimeNs, start);
        QFETCH(TimeNs, end);
        QFETCH(int, collective);
        QFETCH(uint, count);
        const CollectiveSpans s(fourCollectives());
        const CollectiveSpans::Hit h = s.at({ start, end });
        QCOMPARE(h.count, count);
        QCOMPARE(h.span < 0 ? -1 : int(s.span(size_t(h.span)).collective), collective);
    }

    void sortedByFirstArrival()
    {
        CollectiveAnalysis a = fourCollectives();
        std::reverse(a.collectives.begin(), a.collectives.end());
        const CollectiveSpans s(a);
        QCOMPARE(s.size(), size_t(4));
        for (size_t i = 0; i + 1 < s.size(); ++i)
            QVERIFY(s.span(i).firstStart < s.span(i + 1).firstStart);
        QCOMPARE(s.span(0).collective, 3u); // c0, listed last
        QCOMPARE(s.span(0).lastStart, TimeNs(400));
        QCOMPARE(s.span(0).end, TimeNs(1010));
    }

    void empty()
    {
        const CollectiveSpans s { CollectiveAnalysis() };
        QVERIFY(s.empty());
        QCOMPARE(s.at({ 0, 100 }).span, -1);
        const std::vector<CollectiveSpans::Pixel> px = s.pixels({ 0, 100 }, 4);
        QCOMPARE(px.size(), size_t(4));
        QCOMPARE(px[0].bar, Severity::None);
    }
};

QTEST_APPLESS_MAIN(tst_CollectiveSpans)
#include "tst_collectivespans.moc"
