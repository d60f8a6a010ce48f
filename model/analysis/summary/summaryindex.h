#pragma once
#include "summaryminmaxtree.h"
#include <analysis/metrics/metrickeys.h>
#include <analysis/time/windowrule.h>
#include <store/eventstore.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace strata::analysis {

// What one track's slices contribute to a window [start, end] (SummaryIndex::slices).
// A slice is "in" the window when it overlaps it for a positive time, or when it has zero
// length and start <= ts <= end. Empty windows (end <= start) contain nothing.
struct SliceWindowSums {
    uint64_t events = 0; // slices in the window, every depth (a thread's overflow lanes included)
    store::TimeNs busyNs = 0; // length of the union of depth-0 intervals, clipped to the window
    store::TimeNs durationNs = 0; // full, unclipped durations of those slices: average = durationNs / events
    // Per-slice args. A slice cut by the window counts pro rata (the part inside / its
    // duration), so adjacent windows add up and a bandwidth stays the slice's own rate;
    // a zero-length slice counts whole.
    double bytes = 0;
    double flops = 0;
    double mfuWeighted = 0; // sum of mfu x time inside the window, over slices with an mfu arg
    double mfuTimeNs = 0; // sum of their time inside the window
    double hfuWeighted = 0;
    double hfuTimeNs = 0;
};

// A counter series over a window: a step function, each sample holding until the next one
// and the last one until the end of the trace; undefined before the first sample.
struct CounterWindowStats {
    uint64_t samples = 0; // samples in effect at some time of [start, end] (EventStore::counterRange)
    double min = 0; // over those samples
    double max = 0;
    double mean = 0; // time-weighted over coveredNs; when coveredNs is 0, the last sample's value
    store::TimeNs coveredNs = 0; // the part of the window where the series has a value
};

// Blocked prefix sums over the finalized store, so a summary of any window costs
// O(levels x log N + block) instead of a scan: per track level, every kBlock rows, the
// running sum of durations and, where any slice of the level carries them, of bytes,
// FLOPs and mfu/hfu (value x duration, duration). A prefix at an arbitrary row is the
// nearest block entry plus or minus at most kBlock/2 rows. Levels of at most kBlock rows
// keep no entries (they are scanned). Per counter series: the integral of the step
// function every kBlock samples and a min/max tree over the blocks.
//
// Busy time of a thread is the union of its depth-0 slices and those of its overflow
// lanes. Within one level slices do not overlap, so a level's union is its clipped sum;
// what the overflow lanes add beyond the thread's own depth 0 is precomputed once as a
// sorted list of disjoint intervals (overflow is rare, so the list is short).
//
// Memory: 8 bytes per present sum per kBlock rows (at most 6 sums + durations: under
// 1 byte per slice), 24 bytes per overflow-only interval, 48 bytes per kBlock counter
// samples, 16 bytes per level and per track. Immutable after construction.
class SummaryIndex {
public:
    static constexpr uint32_t kBlock = 64;
    // Slices are clipped to the window, busy time is a union (SliceWindowSums).
    static constexpr WindowRule kWindowRule = WindowRule::Clipped;

    SummaryIndex() = default;
    // One O(N) pass reading the store only (const, no locks), so it may run on a worker
    // thread while the GUI reads the same store. threads == 0: one per core, at most 4.
    explicit SummaryIndex(const store::EventStore& store, unsigned threads = 0);

    // The index as a snapshot attachment (IndexAttachments) and back, for the store it was
    // built from. restore() checks every size and offset against `store` (a crafted blob never
    // makes a query read out of bounds) and returns null, with the reason in *why, when
    // anything differs.
    std::string serialize(const store::EventStore& store) const;
    static std::shared_ptr<const SummaryIndex> restore(
        const store::EventStore& store, std::string_view blob, std::string* why = nullptr);

    // `store` must be the one the index was built from. Thread tracks include their
    // overflow lanes; an overflow or async lane alone is its own union.
    SliceWindowSums slices(const store::EventStore& store, store::TrackId track, store::TimeRange window) const;
    CounterWindowStats counter(const store::EventStore& store, store::CounterId counter, store::TimeRange window) const;

    // Bits (1 << MetricKeys::Metric) of the metrics any slice of the track carries
    // (a thread's with its overflow lanes).
    uint8_t metrics(store::TrackId track) const { return track.v < m_tracks.size() ? m_tracks[track.v].metrics : 0; }
    uint32_t overflowLanes(store::TrackId thread) const
    {
        return thread.v < m_tracks.size() ? m_tracks[thread.v].overflowLanes : 0;
    }
    const MetricKeys& keys() const { return m_keys; }
    size_t sliceCount() const { return m_sliceCount; }
    size_t residentBytes() const;

private:
    enum Channel : uint8_t { kBytesSum, kFlopsSum, kMfuWeighted, kMfuTime, kHfuWeighted, kHfuTime, kChannels };
    static constexpr uint32_t kNone = 0xffffffffu;

    struct Level {
        uint32_t durAt = kNone; // first entry in m_durPrefix (blocks + 1 of them); kNone: scanned
        uint32_t chanAt = kNone; // first entry in m_chanPrefix: blocks + 1 per present channel, in channel order
        uint8_t channels = 0; // which channels any row of the level has
    };
    struct Track {
        uint32_t extraBegin = 0; // overflow-only intervals [begin, end) in m_extra*
        uint32_t extraEnd = 0;
        uint16_t overflowLanes = 0;
        uint8_t metrics = 0;
    };
    struct Counter {
        uint32_t integralAt = kNone; // first entry in m_ctrIntegral (blocks + 1); kNone: scanned
        SummaryMinMaxTree blocks;
    };
    struct Prefix {
        store::TimeNs dur = 0;
        double chan[kChannels] = {};
    };

    void restoreFrom(const store::EventStore& store, std::string_view blob);
    static uint8_t rowChannels(uint8_t metricMask, const double* metric, store::TimeNs dur, double out[kChannels]);
    // keyCache: per worker, by StringId, the metric of an arg key (-1 none, -2 not yet classified).
    void buildLevel(const store::EventStore& store, uint32_t level, store::RowRange rows, std::vector<int8_t>& keyCache,
        std::vector<double>& channelsOut);
    void buildOverflowUnion(const store::EventStore& store, store::TrackId thread);
    void buildCounter(const store::EventStore& store, store::CounterId c);

    void addRows(
        const store::EventStore& store, uint8_t channels, uint32_t begin, uint32_t end, Prefix& p, double sign) const;
    Prefix prefixAt(const store::EventStore& store, uint32_t level, store::RowRange rows, uint32_t row) const;
    void addLevel(const store::EventStore& store, uint32_t level, store::RowRange rows, store::TimeRange w,
        SliceWindowSums& acc, store::TimeNs* clipped) const;
    void addTrack(const store::EventStore& store, store::TrackId track, store::TimeRange w, SliceWindowSums& acc,
        store::TimeNs* busy) const;
    store::TimeNs overflowOnlyBusy(store::TrackId thread, store::TimeRange w) const;
    long double counterIntegralAt(const store::EventStore& store, store::CounterId c, uint32_t sample) const;

    std::vector<Level> m_levels; // indexed like the store's level table: TrackInfo::levelBegin + depth
    std::vector<Track> m_tracks;
    std::vector<store::TimeNs> m_durPrefix; // [k] = sum of durations of the level's rows [0, k * kBlock)
    std::vector<double> m_chanPrefix; // same layout, per channel
    // Overflow-only busy intervals: per thread, sorted, disjoint, of positive length.
    std::vector<store::TimeNs> m_extraStart, m_extraEnd;
    std::vector<store::TimeNs> m_extraPrefix; // [i] = total length of intervals [0, i), one more entry than intervals
    std::vector<Counter> m_counters;
    // [k] = integral of the series' step function from its first sample to sample k * kBlock.
    // long double: HBM-sized values times nanoseconds reach 1e22, beyond double's exact range.
    std::vector<long double> m_ctrIntegral;
    MetricKeys m_keys;
    size_t m_sliceCount = 0;
};

} // namespace strata::analysis
