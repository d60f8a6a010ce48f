// FindingBands in the timeline, on timelineprofile::make() (trace [0, 10000] ns; NPU 0's
// Compute track holds conv [2000, 3000] and a slice at [5000, 6000]; Host's main track has
// an instant strip) with findings published on the session's FindingsBoard by hand: a band's
// colour where its range is and none beside it, on every row kind (track, collapsed process,
// hidden track), hover naming the finding, the picked finding standing out, ranges on no
// track, the View menu's preference; and on FindingBands alone, sub-pixel ranges folded,
// the per-track cap and touching ranges kept apart.
#include "timelineprofile.h"
#include <support/storetestutil.h>
#include <support/timelinetestutil.h>

#include <common/themepalette.h>
#include <state/findingsboard.h>
#include <state/session.h>
#include <state/trackfilter.h>
#include <state/viewport.h>
#include <timeline/findingbands.h>
#include <timeline/timelinetogglepreference.h>
#include <timeline/timelinewidget.h>

#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

#include <memory>

using namespace strata;
using analysis::Finding;
using analysis::FindingSeverity;
using analysis::FindingsResult;
using store::TimeNs;
using widgets::FindingBands;
using widgets::TimelineWidget;

Q_DECLARE_METATYPE(strata::analysis::FindingSeverity)

namespace {

Finding finding(const char* id, FindingSeverity severity, std::vector<analysis::FindingRange> ranges)
{
    Finding f;
    f.id = id;
    f.title = std::string(id) + " title";
    f.severity = severity;
    f.value = 42.125;
    f.threshold = 20;
    f.unit = "%";
    f.atStakeNs = 1500;
    f.ranges = std::move(ranges);
    return f;
}

std::shared_ptr<const FindingsResult> result(std::vector<Finding> findings)
{
    auto r = std::make_shared<FindingsResult>();
    r->findings = std::move(findings);
    return r;
}

} // namespace

class tst_FindingBands : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        widgettest::clearSettings();
        m_store = timelineprofile::make();
        m_compute = storetest::findTrack(*m_store, "thread 2/1");
        m_dma = storetest::findTrack(*m_store, "thread 2/2");
        m_main = storetest::findTrack(*m_store, "thread 1/10");
        QVERIFY(m_compute.valid() && m_dma.valid() && m_main.valid());
    }

    void init() { QVERIFY(widgettest::showTimeline(m_session, m_w, m_store)); }

    void cleanup()
    {
        m_w.reset();
        m_session.reset();
        widgets::TimelineTogglePreference::findingBands()->setShown(true);
    }

    // A band along the top of the range's track, in its severity's colour, and nothing beside it.
    void drawnWhereTheRangesAre_data()
    {
        QTest::addColumn<FindingSeverity>("severity");
        QTest::addColumn<QString>("track");
        QTest::newRow("warning on Compute") << FindingSeverity::Warning << "thread 2/1";
        QTest::newRow("critical on Compute") << FindingSeverity::Critical << "thread 2/1";
        QTest::newRow("info on Compute") << FindingSeverity::Info << "thread 2/1";
        QTest::newRow("warning on main, over its instant strip") << FindingSeverity::Warning << "thread 1/10";
    }
    void drawnWhereTheRangesAre()
    {
        QFETCH(FindingSeverity, severity);
        QFETCH(QString, track);
        const store::TrackId t = storetest::findTrack(*m_store, track);
        publish({ finding("device-idle", severity, { { t, 3000, 5000, -1 } }) });
        QVERIFY(m_w->findingBandsShown());
        const int top = rowTop(t);
        const QImage img = grab();
        const QRgb band = FindingBands::colorOf(severity, m_w->palette()).rgb();
        const widgets::TimelineFrame f = m_w->frame();
        for (TimeNs at : { 3100, 4000, 4900 }) {
            for (int dy = 0; dy < FindingBands::kHeight; ++dy)
                QCOMPARE(img.pixel(int(f.xOf(at)), top + dy), band);
        }
        QVERIFY(img.pixel(int(f.xOf(4000)), top + FindingBands::kHeight) != band); // a thin band
        for (TimeNs outside : { 2500, 5500, 8000 })
            QVERIFY(img.pixel(int(f.xOf(outside)), top) != band);
        // The other tracks have none.
        const store::TrackId other = t == m_compute ? m_main : m_compute;
        QVERIFY(img.pixel(int(f.xOf(4000)), rowTop(other)) != band);
    }

    void colours_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }
    // Blue, amber and red from the theme, apart from each other and from the base.
    void colours()
    {
        QFETCH(bool, dark);
        QPalette pal;
        pal.setColor(QPalette::Base, dark ? QColor(0x1e, 0x1e, 0x22) : QColor(Qt::white));
        pal.setColor(QPalette::Text, dark ? QColor(0xe8, 0xe8, 0xe8) : QColor(0x20, 0x20, 0x20));
        const widgets::ThemePalette st = widgets::ThemePalette::from(pal);
        QCOMPARE(FindingBands::colorOf(FindingSeverity::Warning, pal), st.warning);
        QCOMPARE(FindingBands::colorOf(FindingSeverity::Critical, pal), st.critical);
        // Info in the theme's blue, as the Findings dock's icon (one colour, ThemePalette's).
        QCOMPARE(FindingBands::colorOf(FindingSeverity::Info, pal), st.info);
        QCOMPARE(FindingBands::colorOf(FindingSeverity::Info, pal), st.severity(FindingSeverity::Info));
        QVERIFY(st.warning != st.critical && st.info != st.warning && st.info != st.critical);
    }

    void hoverNamesTheFinding()
    {
        publish({ finding("device-idle", FindingSeverity::Warning, { { m_compute, 3000, 5000, -1 } }),
            finding("straggler", FindingSeverity::Critical, { { m_dma, 6000, 7000, 3 } }) });
        const widgets::TimelineFrame f = m_w->frame();
        hover(QPoint(int(f.xOf(4000)), rowTop(m_compute) + 1));
        QTRY_VERIFY2(m_w->hoverText().startsWith(QStringLiteral("device-idle title")), qPrintable(m_w->hoverText()));
        const QString text = m_w->hoverText();
        QVERIFY2(text.contains(QStringLiteral("Finding: Warning · device-idle")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Value: 42.1 % (threshold 20.0 %)")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("At stake: 1.500 µs")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Range: 3.000 µs + 2.000 µs")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Track: Compute")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("Not shown")), qPrintable(text));

        hover(QPoint(int(f.xOf(6500)), rowTop(m_dma)));
        QTRY_VERIFY2(m_w->hoverText().startsWith(QStringLiteral("straggler title")), qPrintable(m_w->hoverText()));
        QVERIFY2(m_w->hoverText().contains(QStringLiteral("Rank: 3")), qPrintable(m_w->hoverText()));

        // Below the band the slice under the pointer has the card again.
        hover(QPoint(int(f.xOf(2500)), rowTop(m_compute) + 10));
        QTRY_VERIFY2(!m_w->hoverText().contains(QStringLiteral("title")), qPrintable(m_w->hoverText()));
    }

    // The picked finding's bands at full strength, taller and underlined; the others dimmed.
    void pickedStandsOut()
    {
        publish({ finding("device-idle", FindingSeverity::Warning, { { m_compute, 3000, 5000, -1 } }),
            finding("hot-operator", FindingSeverity::Warning, { { m_dma, 3000, 5000, -1 } }) });
        const QRgb amber = FindingBands::colorOf(FindingSeverity::Warning, m_w->palette()).rgb();
        const int x = int(m_w->frame().xOf(4000));
        QImage img = grab();
        QCOMPARE(img.pixel(x, rowTop(m_compute)), amber); // nothing picked: both at full strength
        QCOMPARE(img.pixel(x, rowTop(m_dma)), amber);

        m_session->findings()->setCurrent(1);
        img = grab();
        QCOMPARE(img.pixel(x, rowTop(m_dma)), amber);
        QCOMPARE(img.pixel(x, rowTop(m_dma) + FindingBands::kPickedHeight - 1), amber);
        QCOMPARE(img.pixel(x, rowTop(m_dma) + FindingBands::kPickedHeight), m_w->palette().color(QPalette::Text).rgb());
        const QRgb dimmed = img.pixel(x, rowTop(m_compute));
        QVERIFY(dimmed != amber);
        QVERIFY(dimmed != m_w->palette().color(QPalette::Base).rgb());
        QVERIFY(widgets::ThemePalette::contrast(QColor(dimmed), m_w->palette().color(QPalette::Base))
            < widgets::ThemePalette::contrast(QColor(amber), m_w->palette().color(QPalette::Base)));
        QVERIFY(img.pixel(x, rowTop(m_compute) + FindingBands::kHeight) != dimmed);

        // Where two findings' bands meet on one row, the picked one shows.
        publish({ finding("device-idle", FindingSeverity::Critical, { { m_compute, 3000, 5000, -1 } }),
            finding("hot-operator", FindingSeverity::Warning, { { m_compute, 3500, 4500, -1 } }) });
        QCOMPARE(
            grab().pixel(x, rowTop(m_compute)), FindingBands::colorOf(FindingSeverity::Critical, m_w->palette()).rgb());
        m_session->findings()->setCurrent(1);
        QCOMPARE(grab().pixel(x, rowTop(m_compute)), amber);
        hover(QPoint(x, rowTop(m_compute) + 1));
        QTRY_VERIFY2(m_w->hoverText().startsWith(QStringLiteral("hot-operator title")), qPrintable(m_w->hoverText()));
        QVERIFY2(m_w->hoverText().contains(QStringLiteral("Here: 2 findings")), qPrintable(m_w->hoverText()));
    }

    // A hidden track draws nothing, and its finding's other bands say a range is not shown.
    void hiddenTrackDrawsNothing()
    {
        publish({ finding(
            "device-idle", FindingSeverity::Critical, { { m_compute, 3000, 5000, -1 }, { m_dma, 3000, 5000, -1 } }) });
        const int dmaTop = rowTop(m_dma);
        m_session->trackFilter()->setHidden(m_dma, true);
        const QImage img = grab();
        const QRgb red = FindingBands::colorOf(FindingSeverity::Critical, m_w->palette()).rgb();
        const int x = int(m_w->frame().xOf(4000));
        int rows = 0;
        for (int y = m_w->frame().canvas.top(); y < m_w->frame().canvas.bottom(); ++y)
            rows += img.pixel(x, y) == red;
        QCOMPARE(rows, FindingBands::kHeight); // Compute's band only
        QVERIFY(rowTop(m_compute) < dmaTop);
        hover(QPoint(x, rowTop(m_compute) + 1));
        QTRY_VERIFY2(
            m_w->hoverText().contains(QStringLiteral("Not shown: 1 of its 2 ranges")), qPrintable(m_w->hoverText()));
    }

    // A collapsed process carries its tracks' bands on its header.
    void collapsedProcessDrawsOnItsHeader()
    {
        publish({ finding("device-idle", FindingSeverity::Warning, { { m_dma, 3000, 5000, -1 } }) });
        const store::ProcessId npu = m_store->track(m_dma).process;
        m_session->trackFilter()->setCollapsed(npu, true);
        const QRectF header = m_w->eventRect(model::EventRef::slice(sliceOn(m_compute))); // a slice maps onto it
        const int top = int(header.top()) - 4;
        const int x = int(m_w->frame().xOf(4000));
        const QImage img = grab();
        QCOMPARE(img.pixel(x, top), FindingBands::colorOf(FindingSeverity::Warning, m_w->palette()).rgb());
        hover(QPoint(x, top + 1));
        QTRY_VERIFY2(m_w->hoverText().startsWith(QStringLiteral("device-idle title")), qPrintable(m_w->hoverText()));
        QVERIFY2(m_w->hoverText().contains(QStringLiteral("Track: Task DMA")), qPrintable(m_w->hoverText()));
        // Hidden inside the collapsed process: nothing there either.
        m_session->trackFilter()->setHidden(m_dma, true);
        QVERIFY(grab().pixel(x, top) != FindingBands::colorOf(FindingSeverity::Warning, m_w->palette()).rgb());
    }

    // Ranges on no track or on a track the store does not have are counted, never drawn.
    void rangesOnNoTrack()
    {
        publish({ finding("step-variance", FindingSeverity::Warning,
            { { store::TrackId(), 0, 100, -1 }, { store::TrackId(9999), 0, 100, -1 },
                { m_compute, 3000, 5000, -1 } }) });
        const int x = int(m_w->frame().xOf(4000));
        hover(QPoint(x, rowTop(m_compute) + 1));
        QTRY_VERIFY2(
            m_w->hoverText().contains(QStringLiteral("Not shown: 2 of its 3 ranges")), qPrintable(m_w->hoverText()));
        publish({ finding("step-variance", FindingSeverity::Warning, { { store::TrackId(), 0, 100, -1 } }) });
        QVERIFY(!m_w->findingBandsShown()); // nothing to draw
        grab();
    }

    void clearedBoardAndPreference()
    {
        publish({ finding("device-idle", FindingSeverity::Warning, { { m_compute, 3000, 5000, -1 } }) });
        const QRgb amber = FindingBands::colorOf(FindingSeverity::Warning, m_w->palette()).rgb();
        const QPoint at(int(m_w->frame().xOf(4000)), rowTop(m_compute));
        QCOMPARE(grab().pixel(at), amber);
        auto* pref = widgets::TimelineTogglePreference::findingBands();
        QVERIFY(pref->shows()); // on until the user turns it off
        QSignalSpy changed(pref, &widgets::TimelineTogglePreference::changed);
        pref->setShown(false);
        QCOMPARE(QSettings().value(QStringLiteral("timeline/findingBands")).toBool(), false);
        QVERIFY(!m_w->findingBandsShown());
        QVERIFY(grab().pixel(at) != amber);
        pref->setShown(true);
        QCOMPARE(changed.count(), 2);
        QCOMPARE(grab().pixel(at), amber);
        m_session->findings()->clear();
        QVERIFY(!m_w->findingBandsShown());
        QVERIFY(grab().pixel(at) != amber);
        // A new profile clears the board, and the bands with it.
        publish({ finding("device-idle", FindingSeverity::Warning, { { m_compute, 3000, 5000, -1 } }) });
        widgettest::open(*m_session, timelineprofile::make());
        QVERIFY(!m_w->findingBandsShown());
    }

    // Thousands of ranges under a few pixels fold into one band per run of columns; a track
    // keeps at most kMaxPerTrack ranges, the best-ranked findings' first.
    void foldsAndCaps()
    {
        std::vector<analysis::FindingRange> many;
        for (TimeNs t = 0; t < 3000; ++t)
            many.push_back({ m_compute, 4000 + t / 10, 4000 + t / 10 + 1, -1 });
        FindingBands bands;
        bands.setResult(m_store,
            result({ finding("launch-bound", FindingSeverity::Warning, many),
                finding("device-idle", FindingSeverity::Critical, { { m_compute, 1000, 1500, -1 } }) }),
            -1);
        widgets::TimelineLayout layout;
        layout.build(m_store.get(), nullptr);
        const widgets::TimelineFrame f = frame();
        const std::vector<FindingBands::Band> drawn = bands.bands(layout, nullptr, f);
        // kMaxPerTrack of the first finding fill [4000, 4026]: one run of columns; the second
        // finding's range is past the cap.
        QCOMPARE(drawn.size(), size_t(1));
        QCOMPARE(drawn[0].severity, FindingSeverity::Warning);
        QVERIFY(drawn[0].rect.width() <= 5);
        QCOMPARE(drawn[0].rect.left(), int(std::floor(f.xOf(4000))));
    }

    // Ranges that touch stay apart by a pixel, unless the second is thinner than kSplitPx (a run
    // of sub-pixel ranges would break into 1 px pieces).
    void touchingRangesKeepAGap_data()
    {
        QTest::addColumn<TimeNs>("firstEnd");
        QTest::addColumn<int>("bands");
        QTest::newRow("two wide ranges") << TimeNs(4000) << 2;
        QTest::newRow("a 3 px range before a wide one") << TimeNs(3030) << 2;
        QTest::newRow("a wide range before a 3 px one: one band") << TimeNs(4970) << 1;
    }
    void touchingRangesKeepAGap()
    {
        QFETCH(TimeNs, firstEnd);
        QFETCH(int, bands);
        FindingBands fb;
        fb.setResult(m_store,
            result({ finding("device-idle", FindingSeverity::Warning,
                { { m_compute, 3000, firstEnd, -1 }, { m_compute, firstEnd, 5000, -1 } }) }),
            -1);
        widgets::TimelineLayout layout;
        layout.build(m_store.get(), nullptr);
        const widgets::TimelineFrame f = frame();
        const std::vector<FindingBands::Band> drawn = fb.bands(layout, nullptr, f);
        QCOMPARE(int(drawn.size()), bands);
        QCOMPARE(drawn.front().rect.left(), int(std::floor(f.xOf(3000))));
        QCOMPARE(drawn.back().rect.right() + 1, int(std::ceil(f.xOf(5000))));
        if (bands == 2)
            QCOMPARE(drawn[1].rect.left(), drawn[0].rect.right() + 2);
    }

private:
    // 1000 px of canvas over the whole trace: 10 ns a pixel.
    static widgets::TimelineFrame frame()
    {
        widgets::TimelineFrame::Parts parts;
        parts.size = QSize(1200, 600);
        parts.labelWidth = 200;
        parts.visible = { 0, 10000 };
        return widgets::TimelineFrame::of(parts);
    }
    void publish(std::vector<Finding> findings) { m_session->findings()->publish(result(std::move(findings))); }
    QImage grab() { return m_w->grab().toImage(); }
    // The pointer to `pos`, from beside it: a new widget under a pointer that has not moved gets no move.
    void hover(QPoint pos)
    {
        QTest::mouseMove(m_w.get(), pos + QPoint(7, 40));
        QTest::mouseMove(m_w.get(), pos);
    }
    store::SliceRow sliceOn(store::TrackId t) const { return store::SliceRow(m_store->track(t).slices.begin); }
    // Widget y of a track row's top: its first slice's top less the pad and instant strip above it.
    int rowTop(store::TrackId t) const
    {
        const int strip = m_store->track(t).instants.empty() ? 0 : widgets::TimelineLayout::kInstantStrip;
        const QRectF r = m_w->eventRect(model::EventRef::slice(sliceOn(t)));
        return int(r.top()) - widgets::TimelineLayout::kTrackPad - strip
            - (widgets::TimelineLayout::kSliceHeight - int(r.height()));
    }

    std::shared_ptr<const store::EventStore> m_store;
    store::TrackId m_compute, m_dma, m_main;
    std::unique_ptr<model::Session> m_session;
    std::unique_ptr<TimelineWidget> m_w;
};

QTEST_MAIN(tst_FindingBands)
#include "tst_findingbands.moc"
