// SkewStrip on hand-made jobs (tests/support/collectivejob.h): per step one AllReduce on every
// rank, rank r arriving 10r ns after rank 0, the straggler later by a given time. The colours
// of the strip's pixels (bar, work line, end tick) for a step, the image replayed for an
// unchanged key, the hover card (title, each rank's wait, a big job's longest waits only), the
// collective under a pixel with its slack, a click's highlight and time selection, the
// collective's kind read from kernel names, and the View menu's preference; then in the
// timeline, whose session builds the job's index: the band under the ruler, its pixels, hover
// and click through the widget, the preference hiding it, and no band for a store that is not
// a job.
#include <support/collectivejob.h>
#include <support/widgettestutil.h>

#include <common/themepalette.h>
#include <state/selection.h>
#include <state/session.h>
#include <state/viewport.h>
#include <timeline/skewstrip.h>
#include <timeline/timelinetogglepreference.h>
#include <timeline/timelinewidget.h>

#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using namespace strata;
using store::TimeNs;
using widgets::ImageKey;
using widgets::SkewStrip;
using Severity = SkewStrip::Severity;

class tst_SkewStrip : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    // Step 1 of 8 ranks, rank 5 late by 2250 ns: arrivals 105000 to 107300, end 109320 (10 ns a pixel).
    void pixels_data()
    {
        QTest::addColumn<int>("x");
        QTest::addColumn<QString>("what");
        QTest::newRow("gemm: nothing") << 200 << "none";
        QTest::newRow("first arrival: the bar") << 501 << "bar";
        QTest::newRow("inside the skew") << 600 << "bar";
        QTest::newRow("the work after the last arrival") << 800 << "line";
        QTest::newRow("the end") << 931 << "tick";
        QTest::newRow("after the end") << 960 << "none";
    }
    void pixels()
    {
        QFETCH(int, x);
        QFETCH(QString, what);
        SkewStrip strip;
        strip.setIndex(collectivejob::make(8, 3, 5, 2250).index);
        const QPalette pal;
        const QImage img = strip.image({ 100000, 110000, 1000, 1.0, 1 }, pal);
        QCOMPARE(img.size(), QSize(1000, SkewStrip::kHeight));
        const QRgb base = widgets::ThemePalette::from(pal).base.rgb();
        const QRgb high = SkewStrip::colorOf(Severity::High, pal).rgb();
        const int mid = (SkewStrip::kHeight - 1) / 2, barTop = SkewStrip::kBarPad, tickTop = SkewStrip::kBarPad - 2;
        const QRgb atMid = img.pixel(x, mid), atBarTop = img.pixel(x, barTop), atTickTop = img.pixel(x, tickTop);
        if (what == "bar") {
            QCOMPARE(atMid, high);
            QCOMPARE(atBarTop, high);
        } else if (what == "line") {
            QVERIFY(atMid != base && atMid != high);
            QCOMPARE(atBarTop, base);
        } else if (what == "tick") {
            QVERIFY(atTickTop != base);
            QCOMPARE(atTickTop, atMid);
        } else {
            QCOMPARE(atMid, base);
            QCOMPARE(atTickTop, base);
        }
    }

    void imageReplayedForAnUnchangedKey()
    {
        SkewStrip strip;
        strip.setIndex(collectivejob::make(4, 50, 1, 500).index);
        const QPalette pal;
        strip.image({ 0, 500000, 800, 1.0, 1 }, pal);
        strip.image({ 0, 500000, 800, 1.0, 1 }, pal);
        QCOMPARE(strip.builds(), 1);
        strip.image({ 0, 400000, 800, 1.0, 1 }, pal); // panned or zoomed
        strip.image({ 0, 400000, 800, 2.0, 1 }, pal); // another screen
        strip.image({ 0, 400000, 800, 2.0, 2 }, pal); // another theme
        QCOMPARE(strip.builds(), 4);
        QCOMPARE(strip.image({ 0, 400000, 800, 2.0, 2 }, pal).size(), QSize(1600, 2 * SkewStrip::kHeight));
    }

    void tooltip()
    {
        const collectivejob::Job job = collectivejob::make(8, 3, 5, 52250); // skew 52250 + 50 ns
        SkewStrip strip;
        strip.setIndex(job.index);
        const TimeNs at = collectivejob::arrival(0, 1, 5, 52250) + 100;
        const widgets::TooltipContent c = strip.tooltip(*job.store, { at, at + 10 }, QPalette());
        QCOMPARE(c.title, QStringLiteral("AllReduce #1 · skew 52.300 µs · last: rank 5 · 8 ranks"));
        const QString text = c.text();
        QVERIFY2(text.contains(QStringLiteral("rank 5: arrived last")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("rank 0: waited 52.300 µs")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("rank 7: waited 52.230 µs")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Kernel: ncclDevKernel_AllReduce_Sum_f32_RING_LL")), qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("Here:"))); // one collective under the pointer
        QCOMPARE(c.swatches.size(), c.fields.size());
        QVERIFY(strip.tooltip(*job.store, { 101000, 101010 }, QPalette()).empty()); // over the gemm
    }

    // 64 ranks: the card lists the last arrival, the 14 longest waits and how many more there are.
    void tooltipOfABigJob()
    {
        const collectivejob::Job job = collectivejob::make(64, 2, 63, 1000);
        SkewStrip strip;
        strip.setIndex(job.index);
        const TimeNs at = collectivejob::arrival(0, 0, 63, 1000) + 100;
        const QString text = strip.tooltip(*job.store, { at, at + 10 }, QPalette()).text();
        QVERIFY2(text.contains(QStringLiteral("rank 0: waited")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("rank 13: waited")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("rank 14: waited")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("rank 63: arrived last")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("49 more ranks")), qPrintable(text));
        QVERIFY(text.count(QLatin1Char('\n')) < 30);
    }

    // Thousands of collectives under one pixel: the worst is named, with their count.
    void collectiveAtFolds()
    {
        const collectivejob::Job job = collectivejob::make(2, 2000, 1, 5);
        SkewStrip strip;
        strip.setIndex(job.index);
        uint32_t count = 0;
        QVERIFY(strip.collectiveAt(job.store->extent(), &count) >= 0);
        QCOMPARE(count, 2000u);
        QVERIFY(strip.tooltip(*job.store, job.store->extent(), QPalette()).text().contains("Here: 2000 collectives"));
    }

    // A pointer a pixel or two beside a one-pixel bar still finds it.
    void windowHasSlack()
    {
        widgets::TimelineFrame f;
        f.canvas = QRect(100, 50, 1000, 300);
        f.t0 = 0;
        f.t1 = 1000000;
        f.nsPerPx = 1000;
        const store::TimeRange w = SkewStrip::window(f, 600);
        QVERIFY(w.start <= 498000 && w.end >= 503000);
        QVERIFY(w.start >= 497000 && w.end <= 504000);
    }

    void select()
    {
        const collectivejob::Job job = collectivejob::make(8, 3, 5, 2250);
        SkewStrip strip;
        strip.setIndex(job.index);
        model::Selection sel;
        strip.select(2, sel);
        const analysis::MatchedCollective& c = job.index->analysis().collectives[2];
        QVERIFY(sel.highlighted());
        QCOMPARE(sel.highlighted()->size(), size_t(8));
        QVERIFY(std::is_sorted(sel.highlighted()->begin(), sel.highlighted()->end()));
        for (store::SliceRow r : c.rows)
            QVERIFY(std::binary_search(sel.highlighted()->begin(), sel.highlighted()->end(), r));
        QCOMPARE(sel.highlightLabel(), QStringLiteral("AllReduce #2 on 8 ranks"));
        QVERIFY(sel.hasTimeSelection());
        QCOMPARE(sel.timeSelection().start, collectivejob::arrival(0, 2, 5, 2250));
        QCOMPARE(sel.timeSelection().end, *std::max_element(c.ends.begin(), c.ends.end()));
        strip.select(-1, sel); // off every collective: nothing changes
        QCOMPARE(sel.highlightLabel(), QStringLiteral("AllReduce #2 on 8 ranks"));
    }

    void noJobNoStrip()
    {
        SkewStrip strip;
        QVERIFY(!strip.hasCollectives());
        strip.setIndex(collectivejob::make(2, 1).index);
        QVERIFY(strip.hasCollectives());
        strip.setIndex(nullptr);
        QVERIFY(!strip.hasCollectives());
        QCOMPARE(strip.collectiveAt({ 0, 100000 }), -1);
    }

    void inTheTimeline()
    {
        const collectivejob::Job job = collectivejob::make(8, 3, 5, 2250);
        model::Session session;
        widgets::TimelineWidget w(&session);
        w.resize(1200, 600);
        widgettest::open(session, job.store);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(widgettest::waitForAnalyses(session));
        QTRY_VERIFY(w.skewStripShown());
        session.viewport()->setVisible({ 100000, 110000 }, model::Viewport::Nav::Jump);
        const widgets::TimelineFrame f = w.frame();
        QCOMPARE(f.skew.height(), SkewStrip::kHeight);
        QCOMPARE(f.skew.left(), f.canvas.left());
        QCOMPARE(f.canvas.top(), f.skew.bottom() + 1);
        QCOMPARE(f.skewLabel.right() + 1, f.skew.left());
        const QPoint onBar(int(f.xOf(106000)), f.skew.center().y());
        const QImage img = w.grab().toImage();
        QCOMPARE(img.pixel(onBar), SkewStrip::colorOf(Severity::High, w.palette()).rgb());
        const int builds = w.skewBuilds();

        QTest::mouseMove(&w, onBar);
        QTRY_VERIFY2(w.hoverText().startsWith(QStringLiteral("AllReduce #1 · skew 2.300 µs · last: rank 5 · 8 ranks")),
            qPrintable(w.hoverText()));
        QTest::mouseClick(&w, Qt::LeftButton, {}, onBar);
        model::Selection* sel = session.selection();
        QCOMPARE(sel->highlightLabel(), QStringLiteral("AllReduce #1 on 8 ranks"));
        QCOMPARE(sel->timeSelection().start, collectivejob::arrival(0, 1, 5, 2250));
        w.grab();
        QCOMPARE(w.skewBuilds(), builds); // hover and click replay the strip

        QTest::mouseMove(&w, QPoint(f.skewLabel.center()));
        QTRY_VERIFY2(w.hoverText().startsWith(QStringLiteral("Collective skew")), qPrintable(w.hoverText()));

        widgets::TimelineTogglePreference::skewStrip()->setShown(false);
        QVERIFY(!w.skewStripShown());
        QVERIFY(w.frame().skew.isEmpty());
        QCOMPARE(w.frame().canvas.top(), f.canvas.top() - SkewStrip::kHeight);
        widgets::TimelineTogglePreference::skewStrip()->setShown(true);
        QCOMPARE(w.frame().canvas.top(), f.canvas.top());
    }

    void notAJobInTheTimeline()
    {
        model::Session session;
        widgets::TimelineWidget w(&session);
        w.resize(800, 400);
        widgettest::open(session, collectivejob::build(4, 3, 1, 500, nullptr)); // no JobLayout
        QVERIFY(widgettest::waitForAnalyses(session));
        QVERIFY(!w.skewStripShown());
        QVERIFY(w.frame().skew.isEmpty());
    }

    void preference()
    {
        auto* pref = widgets::TimelineTogglePreference::skewStrip();
        QVERIFY(pref->shows()); // on until the user turns it off
        QSignalSpy changed(pref, &widgets::TimelineTogglePreference::changed);
        pref->setShown(false);
        QVERIFY(!pref->shows());
        QCOMPARE(QSettings().value(QStringLiteral("timeline/skewStrip")).toBool(), false);
        pref->setShown(true);
        QVERIFY(pref->shows());
        QCOMPARE(changed.count(), 2);
    }
};

QTEST_MAIN(tst_SkewStrip)
#include "tst_skewstrip.moc"
