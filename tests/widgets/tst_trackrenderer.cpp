// TrackRenderer: slices with a height fraction (EventStore::sliceHeight) as bottom-aligned
// bars, labels, images reused across ranges and the cost estimate, checked on the pixels of
// rendered track images.
#include <analysis/timeline/lodindex.h>
#include <common/operatorcolors.h>
#include <common/themepalette.h>
#include <state/trackfilter.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>
#include <timeline/timelinelayout.h>
#include <timeline/trackrenderer.h>

#include <QApplication>
#include <QtTest>

using namespace strata;
using store::TimeNs;
using widgets::TimelineLayout;
using widgets::TrackRenderer;

namespace {

// The canvas colour the renderer lays under everything (images are opaque).
QRgb background()
{
    return widgets::ThemePalette::from(QApplication::palette()).base.rgb();
}

// Top and bottom (inclusive) of the drawn (not background) pixels in column x of a depth
// row, -1 when none.
std::pair<int, int> opaqueSpan(const QImage& img, int x, int y0, int y1)
{
    int top = -1, bottom = -1;
    for (int y = y0; y < y1; ++y) {
        if (img.pixel(x, y) != background()) {
            if (top < 0)
                top = y;
            bottom = y;
        }
    }
    return { top, bottom };
}

} // namespace

class tst_TrackRenderer : public QObject {
    Q_OBJECT
private:
    // One thread, four 100 ns slices 100 ns apart; heights as given (negative: not set).
    std::shared_ptr<const store::EventStore> makeStore(const std::vector<float>& heights)
    {
        store::StoreBuilder b;
        const uint32_t t = b.thread(b.process(store::IdValue::number(1)), store::IdValue::number(1));
        for (size_t i = 0; i < heights.size(); ++i) {
            const store::SliceHandle h = b.completeSlice(t, TimeNs(i) * 200, 100,
                b.type(b.intern("long enough to hold a label " + std::to_string(i)), b.intern("c")), {});
            if (heights[i] >= 0)
                b.setSliceHeight(h, heights[i]);
        }
        return store::StoreFinalizer::finalize(b);
    }

    // One thread with two levels (a parent over [0, 300) and [400, 1600), children only under
    // the first) and thread instants; a counter on the same process.
    std::shared_ptr<const store::EventStore> makeMixedStore()
    {
        store::StoreBuilder b;
        const store::ProcessId p = b.process(store::IdValue::number(1));
        const uint32_t t = b.thread(p, store::IdValue::number(1));
        auto type = [&](const char* name) { return b.type(b.intern(name), b.intern("c")); };
        b.completeSlice(t, 0, 300, type("parent with a label long enough"), {});
        b.completeSlice(t, 10, 100, type("child"), {});
        b.completeSlice(t, 150, 100, type("child"), {});
        b.completeSlice(t, 400, 1200, type("late parent"), {});
        b.threadInstant(t, 50, type("mark"), {});
        b.threadInstant(t, 500, type("mark"), {});
        for (int i = 0; i < 4000; ++i)
            b.counter(p, b.intern("util"), TimeNs(i) / 4, double((i * 37) % 100));
        return store::StoreFinalizer::finalize(b);
    }

    static QImage render(const store::EventStore& s, const widgets::LayoutRow& row, TimeNs t0 = 0, TimeNs t1 = 800,
        QImage img = QImage(), const std::vector<double>& gridX = {}, const std::vector<int>& instantLineX = {})
    {
        analysis::LodIndex lod(s);
        widgets::OperatorColors colors;
        colors.reset(&s);
        widgets::SliceLabelCache labels;
        labels.reset(&s);
        TrackRenderer::Context ctx;
        ctx.store = &s;
        ctx.lod = &lod;
        ctx.colors = &colors;
        ctx.labels = &labels;
        ctx.t0 = t0;
        ctx.t1 = t1;
        ctx.widthPx = 800; // 1 ns per px at [0, 800)
        ctx.font = QApplication::font();
        ctx.palette = QApplication::palette();
        ctx.gridX = gridX;
        ctx.instantLineX = instantLineX;
        TrackRenderer(ctx).render(row, img);
        return img;
    }

    // The store's (last) counter track; track 0 when it has none.
    static store::TrackId counterTrack(const store::EventStore& s)
    {
        store::TrackId id(0);
        for (uint32_t t = 0; t < s.trackCount(); ++t)
            if (s.track(store::TrackId(t)).kind == store::TrackKind::Counter)
                id = store::TrackId(t);
        return id;
    }

    static double cost(const store::EventStore& s, const widgets::LayoutRow& row, TimeNs t0, TimeNs t1)
    {
        analysis::LodIndex lod(s);
        TrackRenderer::Context ctx;
        ctx.store = &s;
        ctx.lod = &lod;
        ctx.t0 = t0;
        ctx.t1 = t1;
        ctx.widthPx = 800;
        return TrackRenderer(ctx).cost(row);
    }

private slots:
    void barsAreBottomAligned_data()
    {
        QTest::addColumn<float>("height");
        QTest::addColumn<int>("expectedPx"); // logical px of the bar
        QTest::newRow("full") << 1.0f << TimelineLayout::kSliceHeight;
        QTest::newRow("half") << 0.5f << int(TrackRenderer::barHeight(0.5f));
        QTest::newRow("a quarter") << 0.25f << int(TrackRenderer::barHeight(0.25f));
        QTest::newRow("zero keeps a sliver") << 0.0f << TrackRenderer::kMinBarPx;
    }
    void barsAreBottomAligned()
    {
        QFETCH(float, height);
        QFETCH(int, expectedPx);
        const auto s = makeStore({ 1.0f, height, -1.0f });
        QVERIFY(s->hasSliceHeights());
        model::TrackFilter filter;
        TimelineLayout layout;
        layout.build(s.get(), &filter);
        const int rowIndex = layout.rowOfTrack(store::TrackId(0));
        QVERIFY(rowIndex >= 0);
        const widgets::LayoutRow& row = layout.rows()[size_t(rowIndex)];
        const QImage img = render(*s, row);
        const int top = TimelineLayout::sliceTop(row, 0) - row.y;
        const int bottom = top + TimelineLayout::kSliceHeight - 1;
        // Slice 0 (full), slice 1 (the height under test), slice 2 (never set: full).
        QCOMPARE(opaqueSpan(img, 50, top, top + TimelineLayout::kSliceHeight), std::make_pair(top, bottom));
        QCOMPARE(opaqueSpan(img, 250, top, top + TimelineLayout::kSliceHeight),
            std::make_pair(bottom - expectedPx + 1, bottom));
        QCOMPARE(opaqueSpan(img, 450, top, top + TimelineLayout::kSliceHeight), std::make_pair(top, bottom));
        // Between slices nothing is drawn.
        QCOMPARE(opaqueSpan(img, 150, top, top + TimelineLayout::kSliceHeight).first, -1);
    }

    void withoutHeightsEverySliceIsFull()
    {
        const auto s = makeStore({ -1.0f, -1.0f });
        QVERIFY(!s->hasSliceHeights());
        model::TrackFilter filter;
        TimelineLayout layout;
        layout.build(s.get(), &filter);
        const widgets::LayoutRow& row = layout.rows()[size_t(layout.rowOfTrack(store::TrackId(0)))];
        const QImage img = render(*s, row);
        const int top = TimelineLayout::sliceTop(row, 0) - row.y;
        QCOMPARE(opaqueSpan(img, 250, top, top + TimelineLayout::kSliceHeight),
            std::make_pair(top, top + TimelineLayout::kSliceHeight - 1));
    }

    void labelsOnlyInTallBars()
    {
        // A label draws pixels that differ from the bar's colour; a short bar has none.
        const auto s = makeStore({ 1.0f, 0.3f });
        model::TrackFilter filter;
        TimelineLayout layout;
        layout.build(s.get(), &filter);
        const widgets::LayoutRow& row = layout.rows()[size_t(layout.rowOfTrack(store::TrackId(0)))];
        const QImage img = render(*s, row);
        const int top = TimelineLayout::sliceTop(row, 0) - row.y;
        auto colours = [&](int x0, int x1) {
            QSet<QRgb> seen;
            for (int x = x0; x < x1; ++x)
                for (int y = top; y < top + TimelineLayout::kSliceHeight; ++y)
                    if (img.pixel(x, y) != background())
                        seen.insert(img.pixel(x, y));
            return seen.size();
        };
        QVERIFY(colours(5, 95) > 2); // bar, darker edge column and text
        QVERIFY(colours(205, 295) <= 2); // bar and its edge column only
    }

    // The renderer writes every pixel of a reused image without clearing it first: what a
    // previous range left in the buffer must not show through, on any kind of track.
    void reusedImageMatchesFresh_data()
    {
        QTest::addColumn<int>("track"); // TrackId
        QTest::addColumn<qint64>("t0");
        QTest::addColumn<qint64>("t1");
        QTest::addColumn<bool>("bars");
        QTest::newRow("slices, both levels") << 0 << qint64(0) << qint64(800) << false;
        QTest::newRow("slices, the child level empty") << 0 << qint64(350) << qint64(1150) << false;
        QTest::newRow("slices, nothing in range") << 0 << qint64(5000) << qint64(5800) << false;
        QTest::newRow("slices with bars") << 0 << qint64(0) << qint64(800) << true;
        QTest::newRow("counter") << -1 << qint64(0) << qint64(800) << false;
        QTest::newRow("counter, nothing in range") << -1 << qint64(5000) << qint64(5800) << false;
    }
    void reusedImageMatchesFresh()
    {
        QFETCH(int, track);
        QFETCH(qint64, t0);
        QFETCH(qint64, t1);
        QFETCH(bool, bars);
        const auto s = bars ? makeStore({ 1.0f, 0.5f, 0.25f }) : makeMixedStore();
        model::TrackFilter filter;
        TimelineLayout layout;
        layout.build(s.get(), &filter);
        const store::TrackId id = track < 0 ? counterTrack(*s) : store::TrackId(0);
        QCOMPARE(s->track(id).kind == store::TrackKind::Counter, track < 0);
        const int rowIndex = layout.rowOfTrack(id);
        QVERIFY(rowIndex >= 0);
        const widgets::LayoutRow& row = layout.rows()[size_t(rowIndex)];
        const QImage fresh = render(*s, row, t0, t1);
        QImage stale = fresh.copy();
        stale.fill(qRgba(200, 10, 120, 255));
        const QImage reused = render(*s, row, t0, t1, stale);
        QCOMPARE(reused.size(), fresh.size());
        QVERIFY(reused == fresh);
    }

    // Images are opaque, so paints copy them: where nothing is drawn they hold the canvas
    // colour, and the grid's line in its column, down to the separator on the last row; a
    // global instant's dashed line runs over all of it in the content's dash phase.
    // Checked past the end of the data, where nothing is drawn.
    void backgroundAndGrid_data()
    {
        QTest::addColumn<bool>("counter");
        QTest::newRow("slices and their instant strip") << false;
        QTest::newRow("counter") << true;
    }
    void backgroundAndGrid()
    {
        QFETCH(bool, counter);
        const auto s = makeMixedStore();
        model::TrackFilter filter;
        TimelineLayout layout;
        layout.build(s.get(), &filter);
        const store::TrackId id = counter ? counterTrack(*s) : store::TrackId(0);
        const int rowIndex = layout.rowOfTrack(id);
        QVERIFY(rowIndex >= 0);
        const widgets::LayoutRow& row = layout.rows()[size_t(rowIndex)];
        const QImage img = render(*s, row, 5000, 5800, QImage(), { 700.4 }, { 500 });
        QCOMPARE(img.format(), QImage::Format_RGB32);
        const widgets::ThemePalette style = widgets::ThemePalette::from(QApplication::palette());
        const QRgb grid = style.grid.rgb(), separator = style.separator.rgb(), line = style.instantLine.rgb();
        QVERIFY(grid != background() && separator != background() && line != background());
        const int last = img.height() - 1;
        int dashes = 0;
        for (int y = 0; y < img.height(); ++y) {
            QCOMPARE(img.pixel(350, y), y < last ? background() : separator);
            QCOMPARE(img.pixel(700, y), y < last ? grid : separator);
            QCOMPARE(img.pixel(701, y), y < last ? background() : separator);
            const bool dash = (row.y + y) % TrackRenderer::kInstantDashPeriod < TrackRenderer::kInstantDashOn;
            QCOMPARE(img.pixel(500, y) == line, dash);
            dashes += dash;
        }
        QVERIFY(dashes > 0);
    }

    void counterAreaShowsTheGrid()
    {
        const auto s = makeMixedStore();
        model::TrackFilter filter;
        TimelineLayout layout;
        layout.build(s.get(), &filter);
        const widgets::LayoutRow& row = layout.rows()[size_t(layout.rowOfTrack(counterTrack(*s)))];
        // Samples every 0.25 ns over [0, 1000): every column is crowded, its area filled.
        const QImage plain = render(*s, row, 0, 800);
        const QImage gridded = render(*s, row, 0, 800, QImage(), { 400 });
        const int y = plain.height() - 3; // the bottom row of the chart: inside the area
        QVERIFY(plain.pixel(400, y) != background());
        QVERIFY(gridded.pixel(400, y) != plain.pixel(400, y));
        QCOMPARE(gridded.pixel(399, y), plain.pixel(399, y));
    }

    // The image cache renders the costliest tracks first; the estimate grows with the rows
    // in view and is nothing for a track with nothing in range.
    void costFollowsVisibleRows()
    {
        const auto s = makeMixedStore();
        model::TrackFilter filter;
        TimelineLayout layout;
        layout.build(s.get(), &filter);
        const widgets::LayoutRow& row = layout.rows()[size_t(layout.rowOfTrack(store::TrackId(0)))];
        const double both = cost(*s, row, 0, 800);
        const double top = cost(*s, row, 350, 1150);
        QVERIFY(both > top);
        QVERIFY(top > 0);
        QCOMPARE(cost(*s, row, 5000, 5800), 0.0);
    }
};

QTEST_MAIN(tst_TrackRenderer)
#include "tst_trackrenderer.moc"
