#pragma once
#include <store/eventstore.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace strata::analysis {

// Level-of-detail structures of one store, built once (off the GUI thread) and read by
// every paint, so no paint loops over all slices of a track: a zoomed-out paint draws one
// pixel column for thousands of slices by reading a few block summaries, never the slices
// themselves.
//
// Invariant: level k of the slice block pyramid holds one Block per kBlock · kFan^k
// consecutive rows of the store's global slice row space (64, 512, 4096, ... rows). Tracks
// and depth levels are contiguous row ranges, so a block lying inside one level's range
// summarises slices of that level only (blocks straddling two levels hold meaningless gaps
// and are never used). The fan-out is 8, not 64: a zoom-out whose blocks of one size are a
// little too wide to fold then reads 8 blocks of the next size down, not 64 (at 100M events
// the full view's fold read every 64-row block of the densest levels). Counter samples get
// their own pyramid, min/max per kCounterBlock samples and fan-out 8, and the first ts of
// each level-0 block: a zoomed-out column of a few hundred samples then reads at most 15
// raw samples at either end, not 63 (at 100M events those edge reads were most of a counter
// track's paint). Bytes: 40 · 8/7 per 64 slices (0.71 a slice); (16 + 8) per 16 counter
// samples plus 16 · 1/7 for the upper levels (1.64 a sample).
class LodIndex {
public:
    static constexpr uint32_t kBlock = 64;
    static constexpr uint32_t kFan = 8; // slice and counter pyramids: blocks grow 8× a level
    static constexpr uint32_t kCounterBlock = 16;
    static constexpr int kOverviewBins = 1024;

    // The longest slice's duration and type are copied in, so a folded span is drawn from
    // the block alone, without a cache miss into the slice columns.
    struct Block {
        store::TimeNs first = 0; // ts of the block's first slice
        store::TimeNs lastEnd = 0; // largest end
        store::TimeNs maxGap = 0; // widest idle stretch between consecutive slices inside
        store::TimeNs longestDur = 0;
        uint32_t longest = 0; // row of the longest slice
        store::TypeId longestType;
    };
    // One span to draw: a single slice at least a pixel wide, or a folded run shown as its
    // longest slice. x in device pixels from t0.
    struct Span {
        double x0, x1;
        uint32_t row;
        store::TypeId type;
        store::TimeNs dur;
        bool single;
    };

    explicit LodIndex(const store::EventStore& store);

    // The index as a snapshot attachment (IndexAttachments) and back, for the store it was
    // built from. restore() checks every size, row and type id, and each block's first ts,
    // longest row and duration, against `store`, so a crafted blob never makes a paint read
    // out of bounds; it returns null, with the reason in *why, for anything that differs.
    std::string serialize() const;
    static std::shared_ptr<const LodIndex> restore(
        const store::EventStore& store, std::string_view blob, std::string* why = nullptr);

    // The row with the largest duration among rows [begin, end); invalid when empty.
    store::SliceRow longest(uint32_t begin, uint32_t end) const;
    // Min and max of counter sample values in rows [begin, end); false when empty.
    bool counterMinMax(uint32_t begin, uint32_t end, double* min, double* max) const;
    // First counter sample row in [from, end) with ts >= t, or end; the rows are one series
    // (ts non-decreasing). Searches the cached first ts of each kCounterBlock-row block, then
    // reads the raw ts of one block only: a zoomed-out column end costs no walk over its
    // samples.
    uint32_t counterFirstAtOrAfter(uint32_t from, uint32_t end, store::TimeNs t) const;

    // Folds the rows [begin, end) of one track level (ts and end non-decreasing) for a
    // device pixel width of `nsPerPx`, calling out(const Span&) for each span to draw, left
    // to right. A folded run covers at most 3 px and hides no gap of a pixel. Cost:
    // O(spans · log): a block that fits becomes one span; the rows of one that does not
    // are walked a pixel column at a time. Consecutive folded spans over the same pixel
    // columns (equal floor(x0) and ceil(x1)) come out as one, their longest (the first of
    // equals): a column shows the longest span over it, so drawing both could show no other;
    // without this a zoom-out whose 4096-row blocks are just over 3 px wide emits every
    // 64-row block, ~20 per column on the 100M trace.
    template <typename Emit>
    void foldLevel(uint32_t begin, uint32_t end, store::TimeNs t0, double nsPerPx, Emit&& out) const;

    // Busy fraction (0..1) of the track's top level in kOverviewBins equal bins over the
    // trace extent; empty for tracks without slices.
    const std::vector<float>& busy(store::TrackId t) const { return m_busy[t.v]; }
    double buildMs() const { return m_buildMs; }
    const store::EventStore& store() const { return m_store; }
    size_t residentBytes() const;

private:
    struct Unbuilt { };
    LodIndex(const store::EventStore& store, Unbuilt)
        : m_store(store)
    {
    }
    // Entries per pyramid level for n rows, `first` rows a level-0 entry (what the build makes).
    static std::vector<size_t> pyramidSizes(size_t n, uint32_t first);
    void restoreFrom(std::string_view blob);
    void buildSlices();
    void buildCounters();
    void buildBusy();
    // First row in [from, end) starting at or after t (rows non-decreasing in ts).
    uint32_t firstAtOrAfter(uint32_t from, uint32_t end, store::TimeNs t) const;

    const store::EventStore& m_store;
    std::vector<std::vector<Block>> m_blocks; // [k][i]
    std::vector<std::vector<double>> m_min, m_max;
    std::vector<store::TimeNs> m_counterFirst; // ts of counter sample row b * kCounterBlock, per b
    std::vector<std::vector<float>> m_busy; // per track
    double m_buildMs = 0;
};

template <typename Emit>
void LodIndex::foldLevel(uint32_t begin, uint32_t end, store::TimeNs t0, double nsPerPx, Emit&& out) const
{
    const store::EventStore& s = m_store;
    const double spanLimit = 3 * nsPerPx;
    // The span not yet passed on: a folded one may still absorb the next (see above).
    Span pending {};
    bool havePending = false;
    double pendingCol0 = 0, pendingCol1 = 0; // floor(pending.x0), ceil(pending.x1)
    auto take = [&](const Span& span) {
        const double col0 = std::floor(span.x0), col1 = std::ceil(span.x1);
        if (havePending && !span.single && !pending.single && col0 == pendingCol0 && col1 == pendingCol1) {
            if (span.dur > pending.dur)
                pending = span;
            return;
        }
        if (havePending)
            out(static_cast<const Span&>(pending));
        pending = span;
        pendingCol0 = col0;
        pendingCol1 = col1;
        havePending = true;
    };
    uint32_t i = begin;
    while (i < end) {
        // The largest aligned block starting at i that lies inside the range and fits.
        const Block* fit = nullptr;
        uint32_t fitRows = 0;
        uint64_t rows = kBlock;
        for (size_t k = 0; k < m_blocks.size() && i % rows == 0 && i + rows <= end; ++k, rows *= kFan) {
            const Block& b = m_blocks[k][i / rows];
            if (double(b.lastEnd - b.first) > spanLimit || double(b.maxGap) >= nsPerPx)
                break;
            fit = &b;
            fitRows = uint32_t(rows);
        }
        if (fit) {
            take(Span { double(fit->first - t0) / nsPerPx, double(fit->lastEnd - t0) / nsPerPx, fit->longest,
                fit->longestType, fit->longestDur, false });
            i += fitRows;
            continue;
        }
        // Walk the rows up to the next block boundary one pixel column at a time.
        const uint32_t stop = std::min<uint64_t>(end, (uint64_t(i) / kBlock + 1) * kBlock);
        while (i < stop) {
            const store::SliceRow r(i);
            const double x0 = double(s.sliceTs(r) - t0) / nsPerPx;
            const double x1 = double(s.sliceEnd(r) - t0) / nsPerPx;
            if (x1 - x0 >= 1.0) {
                take(Span { x0, x1, i, s.sliceType(r), s.sliceDur(r), true });
                ++i;
                continue;
            }
            const double col = std::floor(x0);
            const store::TimeNs colEnd = t0 + store::TimeNs(std::ceil((col + 1) * nsPerPx));
            uint32_t j = firstAtOrAfter(i + 1, stop, colEnd);
            // Only the run's last slice can reach past the column; a wide one stands alone.
            if (j - i > 1 && double(s.sliceDur(store::SliceRow(j - 1))) >= nsPerPx)
                --j;
            const store::SliceRow pick = j - i > 1 ? longest(i, j) : r;
            take(Span { x0, std::max(x0 + 1, double(s.sliceEnd(store::SliceRow(j - 1)) - t0) / nsPerPx), pick.v,
                s.sliceType(pick), s.sliceDur(pick), false });
            i = j;
        }
    }
    if (havePending)
        out(static_cast<const Span&>(pending));
}

} // namespace strata::analysis
