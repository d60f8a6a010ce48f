#pragma once
#include "timelinelayout.h"

#include <common/qstr.h>
#include <store/eventstore.h>

#include <QFont>
#include <QImage>
#include <QPalette>

#include <algorithm>
#include <cmath>
#include <vector>

namespace strata::analysis {
class LodIndex;
}
namespace strata::widgets {

class OperatorColors;

// Slice names as QStrings, converted once per store; read-only while tracks render.
struct SliceLabelCache {
    std::vector<QString> names; // per TypeId
    void reset(const store::EventStore* store)
    {
        names.clear();
        if (!store)
            return;
        names.reserve(store->types().size());
        for (uint32_t i = 0; i < store->types().size(); ++i) {
            const std::string_view v = store->str(store->types().get(store::TypeId(i)).name);
            names.push_back(qstr(v));
        }
    }
};

// Renders the geometry of one track for one (visible range, width) into an opaque image
// that paints replay with one copy: the canvas's background and its grid lines are part of
// the image (blending ~30 track images over a filled canvas was a quarter of a zoomed-out
// paint on the GUI thread, which waits for it). Reads only immutable data, so several tracks may render
// at once on different threads. Never visits more than a few rows per device pixel column:
// each level walks the visible rows with galloping searches, folds everything starting
// inside one pixel column into a single column coloured by its longest slice (LodIndex),
// and draws slices of a pixel or more one by one, labelled when wide.
class TrackRenderer {
public:
    struct Context {
        const store::EventStore* store = nullptr;
        const analysis::LodIndex* lod = nullptr;
        const OperatorColors* colors = nullptr;
        const SliceLabelCache* labels = nullptr;
        store::TimeNs t0 = 0, t1 = 1;
        int widthPx = 0;
        qreal dpr = 1;
        QFont font;
        QPalette palette;
        // Major grid lines: px from the canvas's left, one logical px wide (TimeRuler's ticks).
        std::vector<double> gridX;
        // Global instants' dashed lines over everything: px columns from the canvas's left
        // (TimelineOverlay::globalInstantColumns). Dashes are kInstantDashOn of every
        // kInstantDashPeriod logical px down the content, so they line up across rows.
        std::vector<int> instantLineX;
    };
    static constexpr int kInstantDashOn = 4, kInstantDashPeriod = 6;
    explicit TrackRenderer(const Context& ctx);

    // Renders into `img`, reusing its buffer when the size already matches.
    void render(const LayoutRow& row, QImage& img) const;
    // A rough measure of render()'s work for `row`, in pixel columns visited: each drawn
    // level costs a pass over the width plus its visible rows up to a few per column (the
    // fold never visits more); a counter track a few passes. Binary searches only, so the
    // image cache can order the tracks before rendering them, longest first.
    double cost(const LayoutRow& row) const;

    // Pixel columns for slice labels: a slice narrower than this has none.
    static constexpr int kMinLabelPx = 24;
    // A slice with a height fraction (EventStore::sliceHeight) is a bar of this many logical
    // px, bottom-aligned in its depth row; never thinner than kMinBarPx, so it stays visible
    // and clickable.
    static constexpr int kMinBarPx = 2;
    static double barHeight(float fraction)
    {
        return std::max<double>(kMinBarPx, std::round(double(fraction) * TimelineLayout::kSliceHeight));
    }

private:
    struct Label {
        float x0, x1; // device px, clipped to the image
        int top; // logical px
        uint32_t row;
        int bar = TimelineLayout::kSliceHeight; // logical px of the slice's bar
    };
    void renderSlices(QImage& img, const LayoutRow& row) const;
    void renderSummary(QImage& img, const LayoutRow& header) const;
    void renderCounter(QImage& img, const LayoutRow& row) const;
    void renderInstants(QImage& img, store::TrackId track, int top, int height, bool triangles) const;
    void drawLabels(QImage& img, const std::vector<Label>& labels) const;
    // Writes the background line onto scanlines [y0, y1).
    void fillBackground(QImage& img, int y0, int y1) const;
    // What every image ends with: the separator under the row, then the instant lines.
    void finish(QImage& img, const LayoutRow& row) const;
    void drawInstantLines(QImage& img, const LayoutRow& row) const;

    Context m_ctx;
    // A scanline of a track's background: the canvas colour with the grid lines; the
    // columns the lines cover; and the colours of process headers.
    std::vector<QRgb> m_background;
    std::vector<int> m_gridColumns;
    QRgb m_base = 0, m_grid = 0, m_header = 0, m_instantLine = 0, m_separator = 0;
    int m_w = 0; // device px
    double m_nsPerDev = 1;
};

} // namespace strata::widgets
