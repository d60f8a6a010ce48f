// TrackRenderer drawing slices with a height fraction (EventStore::sliceHeight) as
// bottom-aligned bars, checked on the pixels of a rendered track image.
#include <analysis/timeline/lodindex.h>
#include <common/operatorcolors.h>
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

// Top and bottom (inclusive) of the opaque pixels in column x of a depth row, -1 when none.
std::pair<int, int> opaqueSpan(const QImage& img, int x, int y0, int y1)
{
    int top = -1, bottom = -1;
    for (int y = y0; y < y1; ++y) {
        if (qAlpha(img.pixel(x, y)) == 255) {
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

    QImage render(const store::EventStore& s, const widgets::LayoutRow& row)
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
        ctx.t0 = 0;
        ctx.t1 = 800;
        ctx.widthPx = 800; // 1 ns per px
        ctx.font = QApplication::font();
        ctx.palette = QApplication::palette();
        QImage img;
        TrackRenderer(ctx).render(row, img);
        return img;
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
                    if (qAlpha(img.pixel(x, y)) != 0)
                        seen.insert(img.pixel(x, y));
            return seen.size();
        };
        QVERIFY(colours(5, 95) > 2); // bar, darker edge column and text
        QVERIFY(colours(205, 295) <= 2); // bar and its edge column only
    }
};

QTEST_MAIN(tst_TrackRenderer)
#include "tst_trackrenderer.moc"
