#include "summaryindex.h"

#include <store/parallel.h>
#include <store/timemath.h>

#include <algorithm>
#include <atomic>

namespace strata::analysis {

namespace {
uint32_t blocksOf(uint32_t n)
{
    return (n + SummaryIndex::kBlock - 1) / SummaryIndex::kBlock;
}

uint8_t metricsOfChannels(uint8_t ch)
{
    uint8_t m = 0;
    if (ch & 1u)
        m |= 1u << MetricKeys::Bytes;
    if (ch & 2u)
        m |= 1u << MetricKeys::Flops;
    if (ch & 4u)
        m |= 1u << MetricKeys::Mfu;
    if (ch & 16u)
        m |= 1u << MetricKeys::Hfu;
    return m;
}

int popcountBelow(uint8_t mask, int bit)
{
    return __builtin_popcount(mask & ((1u << bit) - 1u));
}
} // namespace

uint8_t SummaryIndex::rowChannels(uint8_t metricMask, const double* metric, store::TimeNs dur, double out[kChannels])
{
    uint8_t ch = 0;
    if (metricMask & (1u << MetricKeys::Bytes)) {
        out[kBytesSum] = metric[MetricKeys::Bytes];
        ch |= 1u << kBytesSum;
    }
    if (metricMask & (1u << MetricKeys::Flops)) {
        out[kFlopsSum] = metric[MetricKeys::Flops];
        ch |= 1u << kFlopsSum;
    }
    if (metricMask & (1u << MetricKeys::Mfu)) {
        out[kMfuWeighted] = metric[MetricKeys::Mfu] * double(dur);
        out[kMfuTime] = double(dur);
        ch |= (1u << kMfuWeighted) | (1u << kMfuTime);
    }
    if (metricMask & (1u << MetricKeys::Hfu)) {
        out[kHfuWeighted] = metric[MetricKeys::Hfu] * double(dur);
        out[kHfuTime] = double(dur);
        ch |= (1u << kHfuWeighted) | (1u << kHfuTime);
    }
    return ch;
}

SummaryIndex::SummaryIndex(const store::EventStore& store, unsigned threads)
{
    threads = store::Parallel::threads(threads, store::Parallel::kMaxThreads);
    m_sliceCount = store.sliceCount();
    m_tracks.resize(store.trackCount());
    uint32_t levelTotal = 0;
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        const store::TrackInfo& tr = store.track(store::TrackId(t));
        levelTotal = std::max(levelTotal, tr.levelBegin + tr.levelCount);
    }
    m_levels.resize(levelTotal);

    // Levels of more than one block get their duration entries now (their size is known),
    // so the workers fill disjoint parts of one array.
    struct Job {
        uint32_t level;
        store::RowRange rows;
    };
    std::vector<Job> jobs;
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        const store::TrackInfo& tr = store.track(store::TrackId(t));
        for (uint32_t d = 0; d < tr.levelCount; ++d) {
            const store::RowRange rows = store.level(store::TrackId(t), d);
            const uint32_t li = tr.levelBegin + d;
            if (rows.size() > kBlock) {
                m_levels[li].durAt = static_cast<uint32_t>(m_durPrefix.size());
                m_durPrefix.resize(m_durPrefix.size() + blocksOf(rows.size()) + 1);
            }
            jobs.push_back(Job { li, rows });
        }
    }
    std::stable_sort(
        jobs.begin(), jobs.end(), [](const Job& a, const Job& b) { return a.rows.size() > b.rows.size(); });
    std::vector<std::vector<double>> channels(jobs.size());
    std::vector<std::vector<int8_t>> keyCache(std::min<size_t>(threads, std::max<size_t>(1, jobs.size())));
    store::Parallel::forEach(jobs.size(), threads, [&](size_t j, unsigned worker) {
        std::vector<int8_t>& cache = keyCache[worker];
        if (cache.empty())
            cache.assign(store.strings().size(), -2);
        buildLevel(store, jobs[j].level, jobs[j].rows, cache, channels[j]);
    });
    for (size_t j = 0; j < jobs.size(); ++j) {
        if (channels[j].empty())
            continue;
        m_levels[jobs[j].level].chanAt = static_cast<uint32_t>(m_chanPrefix.size());
        m_chanPrefix.insert(m_chanPrefix.end(), channels[j].begin(), channels[j].end());
        std::vector<double>().swap(channels[j]);
    }
    for (const auto& cache : keyCache)
        for (uint32_t k = 0; k < cache.size(); ++k)
            if (cache[k] >= 0)
                m_keys.add(store::StringId(k), static_cast<MetricKeys::Metric>(cache[k]));

    m_extraPrefix.push_back(0);
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        const store::TrackInfo& tr = store.track(store::TrackId(t));
        for (uint32_t d = 0; d < tr.levelCount; ++d)
            m_tracks[t].metrics |= metricsOfChannels(m_levels[tr.levelBegin + d].channels);
    }
    // A thread's overflow lanes follow it in track order (TrackInfo's invariant).
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        if (store.track(store::TrackId(t)).kind != store::TrackKind::Thread)
            continue;
        Track& thread = m_tracks[t];
        for (uint32_t k = t + 1; k < store.trackCount(); ++k) {
            const store::TrackInfo& lane = store.track(store::TrackId(k));
            if (lane.kind != store::TrackKind::Overflow || lane.parent != store::TrackId(t))
                break;
            thread.metrics |= m_tracks[k].metrics;
            ++thread.overflowLanes;
        }
    }
    for (uint32_t t = 0; t < store.trackCount(); ++t)
        if (store.track(store::TrackId(t)).kind == store::TrackKind::Thread && m_tracks[t].overflowLanes)
            buildOverflowUnion(store, store::TrackId(t));
    m_counters.resize(store.counterCount());
    for (uint32_t c = 0; c < store.counterCount(); ++c)
        buildCounter(store, store::CounterId(c));
    m_durPrefix.shrink_to_fit();
    m_chanPrefix.shrink_to_fit();
}

void SummaryIndex::buildLevel(const store::EventStore& store, uint32_t level, store::RowRange rows,
    std::vector<int8_t>& keyCache, std::vector<double>& channelsOut)
{
    const uint32_t n = rows.size();
    const uint32_t blocks = blocksOf(n);
    const bool blocked = m_levels[level].durAt != kNone;
    store::TimeNs* durEntries = blocked ? &m_durPrefix[m_levels[level].durAt] : nullptr;
    auto metricOf = [&](store::StringId key) -> int {
        if (key.v >= keyCache.size())
            return MetricKeys::classify(store.str(key));
        int8_t& c = keyCache[key.v];
        if (c == -2)
            c = static_cast<int8_t>(MetricKeys::classify(store.str(key)));
        return c;
    };
    std::vector<double> entries[kChannels]; // per channel, blocks + 1, allocated when first seen
    uint8_t present = 0;
    store::TimeNs dur = 0;
    double sum[kChannels] = {};
    const store::ArgTable& args = store.args();
    for (uint32_t i = 0; i < n; ++i) {
        if (blocked && i % kBlock == 0) {
            durEntries[i / kBlock] = dur;
            for (int c = 0; c < kChannels; ++c)
                if (present & (1u << c))
                    entries[c][i / kBlock] = sum[c];
        }
        const store::SliceRow row(rows.begin + i);
        const store::TimeNs d = store.sliceDur(row);
        dur = store::TimeMath::wrappingAdd(dur, d);
        const store::ArgSetId set = store.sliceArgs(row);
        if (!set.valid())
            continue;
        double metric[MetricKeys::kMetricCount] = {};
        const uint8_t mm = MetricKeys::readWith(args, store.strings(), set, metricOf, metric);
        if (!mm)
            continue;
        double value[kChannels] = {};
        const uint8_t ch = rowChannels(mm, metric, d, value);
        for (int c = 0; c < kChannels; ++c) {
            if (!(ch & (1u << c)))
                continue;
            if (blocked && !(present & (1u << c)))
                entries[c].assign(blocks + 1, 0.0); // rows before this one had none: their prefix is 0
            present |= 1u << c;
            sum[c] += value[c];
        }
    }
    m_levels[level].channels = present;
    if (!blocked)
        return;
    durEntries[blocks] = dur;
    for (int c = 0; c < kChannels; ++c) {
        if (!(present & (1u << c)))
            continue;
        entries[c][blocks] = sum[c];
        channelsOut.insert(channelsOut.end(), entries[c].begin(), entries[c].end());
    }
}

void SummaryIndex::buildOverflowUnion(const store::EventStore& store, store::TrackId thread)
{
    // Union of the overflow lanes' depth 0, minus the thread's own depth 0.
    std::vector<std::pair<store::TimeNs, store::TimeNs>> lanes;
    const uint32_t laneCount = m_tracks[thread.v].overflowLanes;
    for (uint32_t t = thread.v + 1; t <= thread.v + laneCount && t < store.trackCount(); ++t) {
        const store::RowRange lv = store.level(store::TrackId(t), 0);
        for (uint32_t r = lv.begin; r < lv.end; ++r)
            if (store.sliceDur(store::SliceRow(r)) > 0)
                lanes.emplace_back(store.sliceTs(store::SliceRow(r)), store.sliceEnd(store::SliceRow(r)));
    }
    std::sort(lanes.begin(), lanes.end());
    std::vector<std::pair<store::TimeNs, store::TimeNs>> merged;
    for (const auto& iv : lanes) {
        if (!merged.empty() && iv.first <= merged.back().second)
            merged.back().second = std::max(merged.back().second, iv.second);
        else
            merged.push_back(iv);
    }
    const store::RowRange own = store.level(thread, 0);
    Track& tr = m_tracks[thread.v];
    tr.extraBegin = static_cast<uint32_t>(m_extraStart.size());
    auto emit = [&](store::TimeNs a, store::TimeNs b) {
        if (b <= a)
            return;
        m_extraStart.push_back(a);
        m_extraEnd.push_back(b);
        m_extraPrefix.push_back(store::TimeMath::wrappingAdd(m_extraPrefix.back(), b - a));
    };
    for (const auto& [a, b] : merged) {
        // Thread rows ending after a, in time order; they do not overlap each other.
        uint32_t lo = own.begin, hi = own.end;
        while (lo < hi) {
            const uint32_t mid = lo + (hi - lo) / 2;
            if (store.sliceEnd(store::SliceRow(mid)) <= a)
                lo = mid + 1;
            else
                hi = mid;
        }
        store::TimeNs cursor = a;
        for (uint32_t r = lo; r < own.end && store.sliceTs(store::SliceRow(r)) < b; ++r) {
            emit(cursor, std::min(b, store.sliceTs(store::SliceRow(r))));
            cursor = std::max(cursor, store.sliceEnd(store::SliceRow(r)));
        }
        emit(cursor, b);
    }
    tr.extraEnd = static_cast<uint32_t>(m_extraStart.size());
}

void SummaryIndex::buildCounter(const store::EventStore& store, store::CounterId c)
{
    const store::RowRange s = store.counter(c).samples;
    const uint32_t n = s.size();
    if (n <= kBlock)
        return;
    const uint32_t blocks = blocksOf(n);
    Counter& out = m_counters[c.v];
    out.integralAt = static_cast<uint32_t>(m_ctrIntegral.size());
    m_ctrIntegral.resize(m_ctrIntegral.size() + blocks + 1);
    long double* entries = &m_ctrIntegral[out.integralAt];
    std::vector<double> bmin(blocks), bmax(blocks);
    long double integral = 0;
    for (uint32_t i = 0; i < n; ++i) {
        const uint32_t row = s.begin + i;
        const double v = store.counterValue(row);
        if (i % kBlock == 0) {
            entries[i / kBlock] = integral;
            bmin[i / kBlock] = bmax[i / kBlock] = v;
        }
        bmin[i / kBlock] = std::min(bmin[i / kBlock], v);
        bmax[i / kBlock] = std::max(bmax[i / kBlock], v);
        if (i + 1 < n)
            integral += static_cast<long double>(v) * (store.counterTs(row + 1) - store.counterTs(row));
    }
    entries[blocks] = integral;
    out.blocks.assign(bmin, bmax);
}

size_t SummaryIndex::residentBytes() const
{
    size_t trees = 0;
    for (const Counter& c : m_counters)
        trees += c.blocks.residentBytes();
    return sizeof(*this) + m_levels.capacity() * sizeof(Level) + m_tracks.capacity() * sizeof(Track)
        + m_durPrefix.capacity() * sizeof(store::TimeNs) + m_chanPrefix.capacity() * sizeof(double)
        + (m_extraStart.capacity() + m_extraEnd.capacity() + m_extraPrefix.capacity()) * sizeof(store::TimeNs)
        + m_counters.capacity() * sizeof(Counter) + trees + m_ctrIntegral.capacity() * sizeof(long double)
        + m_keys.residentBytes();
}

// --- queries

void SummaryIndex::addRows(
    const store::EventStore& store, uint8_t channels, uint32_t begin, uint32_t end, Prefix& p, double sign) const
{
    const auto s = static_cast<store::TimeNs>(sign);
    for (uint32_t r = begin; r < end; ++r) {
        const store::TimeNs d = store.sliceDur(store::SliceRow(r));
        p.dur = store::TimeMath::wrappingAdd(p.dur, s * d);
        if (!channels)
            continue;
        double metric[MetricKeys::kMetricCount] = {};
        const uint8_t mm = m_keys.read(store.args(), store.strings(), store.sliceArgs(store::SliceRow(r)), metric);
        if (!mm)
            continue;
        double value[kChannels] = {};
        const uint8_t ch = rowChannels(mm, metric, d, value);
        for (int c = 0; c < kChannels; ++c)
            if (ch & (1u << c))
                p.chan[c] += sign * value[c];
    }
}

SummaryIndex::Prefix SummaryIndex::prefixAt(
    const store::EventStore& store, uint32_t level, store::RowRange rows, uint32_t row) const
{
    const Level& lv = m_levels[level];
    Prefix p;
    if (lv.durAt == kNone) {
        addRows(store, lv.channels, rows.begin, row, p, 1.0);
        return p;
    }
    const uint32_t n = rows.size(), i = row - rows.begin, blocks = blocksOf(n);
    uint32_t k = i / kBlock;
    const uint32_t low = k * kBlock, high = std::min(low + kBlock, n);
    const bool forward = i - low <= high - i;
    if (!forward)
        ++k;
    p.dur = m_durPrefix[lv.durAt + k];
    for (int c = 0; c < kChannels; ++c)
        if (lv.channels & (1u << c))
            p.chan[c] = m_chanPrefix[lv.chanAt + popcountBelow(lv.channels, c) * (blocks + 1) + k];
    if (forward)
        addRows(store, lv.channels, rows.begin + low, row, p, 1.0);
    else
        addRows(store, lv.channels, row, rows.begin + high, p, -1.0);
    return p;
}

void SummaryIndex::addLevel(const store::EventStore& store, uint32_t level, store::RowRange rows, store::TimeRange w,
    SliceWindowSums& acc, store::TimeNs* clipped) const
{
    // Along a level ts and end are non-decreasing, so the rows in the window are one run:
    // skip rows ending before the start (or at it, unless zero-length), keep rows starting
    // before the end (or at it, if zero-length).
    uint32_t lo = rows.begin, hi = rows.end;
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        const store::TimeNs end = store.sliceEnd(store::SliceRow(mid));
        if (end < w.start || (end == w.start && store.sliceDur(store::SliceRow(mid)) > 0))
            lo = mid + 1;
        else
            hi = mid;
    }
    const uint32_t first = lo;
    hi = rows.end;
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        const store::TimeNs ts = store.sliceTs(store::SliceRow(mid));
        if (ts < w.end || (ts == w.end && store.sliceDur(store::SliceRow(mid)) == 0))
            lo = mid + 1;
        else
            hi = mid;
    }
    const uint32_t last = lo;
    if (first >= last)
        return;
    const Level& lv = m_levels[level];
    const Prefix a = prefixAt(store, level, rows, first), b = prefixAt(store, level, rows, last);
    acc.events += last - first;
    const store::TimeNs total = store::TimeMath::wrappingSub(b.dur, a.dur);
    acc.durationNs = store::TimeMath::saturatingAdd(acc.durationNs, total);
    double chan[kChannels];
    for (int c = 0; c < kChannels; ++c)
        chan[c] = b.chan[c] - a.chan[c];
    store::TimeNs inside = total;
    // Only the first row can start before the window and only the last can end after it.
    auto cut = [&](uint32_t r, store::TimeNs part) {
        inside = store::TimeMath::saturatingSub(inside, part);
        if (!lv.channels)
            return;
        double metric[MetricKeys::kMetricCount] = {};
        const uint8_t mm = m_keys.read(store.args(), store.strings(), store.sliceArgs(store::SliceRow(r)), metric);
        const store::TimeNs d = store.sliceDur(store::SliceRow(r));
        double value[kChannels] = {};
        const uint8_t ch = rowChannels(mm, metric, d, value);
        for (int c = 0; c < kChannels; ++c)
            if (ch & (1u << c))
                chan[c] -= value[c] * (double(part) / double(d));
    };
    if (store.sliceTs(store::SliceRow(first)) < w.start)
        cut(first, w.start - store.sliceTs(store::SliceRow(first)));
    if (store.sliceEnd(store::SliceRow(last - 1)) > w.end)
        cut(last - 1, store.sliceEnd(store::SliceRow(last - 1)) - w.end);
    if (clipped)
        *clipped = store::TimeMath::saturatingAdd(*clipped, inside);
    acc.bytes += chan[kBytesSum];
    acc.flops += chan[kFlopsSum];
    acc.mfuWeighted += chan[kMfuWeighted];
    acc.mfuTimeNs += chan[kMfuTime];
    acc.hfuWeighted += chan[kHfuWeighted];
    acc.hfuTimeNs += chan[kHfuTime];
}

void SummaryIndex::addTrack(const store::EventStore& store, store::TrackId track, store::TimeRange w,
    SliceWindowSums& acc, store::TimeNs* busy) const
{
    const store::TrackInfo& tr = store.track(track);
    for (uint32_t d = 0; d < tr.levelCount; ++d)
        addLevel(store, tr.levelBegin + d, store.level(track, d), w, acc, d == 0 ? busy : nullptr);
}

store::TimeNs SummaryIndex::overflowOnlyBusy(store::TrackId thread, store::TimeRange w) const
{
    const Track& tr = m_tracks[thread.v];
    const auto starts = m_extraStart.begin(), ends = m_extraEnd.begin();
    const auto i = static_cast<uint32_t>(std::upper_bound(ends + tr.extraBegin, ends + tr.extraEnd, w.start) - ends);
    const auto j = static_cast<uint32_t>(std::lower_bound(starts + i, starts + tr.extraEnd, w.end) - starts);
    if (i >= j)
        return 0;
    store::TimeNs sum = store::TimeMath::wrappingSub(m_extraPrefix[j], m_extraPrefix[i]);
    if (m_extraStart[i] < w.start)
        sum -= w.start - m_extraStart[i];
    if (m_extraEnd[j - 1] > w.end)
        sum -= m_extraEnd[j - 1] - w.end;
    return sum;
}

SliceWindowSums SummaryIndex::slices(
    const store::EventStore& store, store::TrackId track, store::TimeRange window) const
{
    SliceWindowSums acc;
    if (window.empty() || !track.valid() || track.v >= m_tracks.size())
        return acc;
    addTrack(store, track, window, acc, &acc.busyNs);
    if (store.track(track).kind != store::TrackKind::Thread)
        return acc;
    const uint32_t lanes = m_tracks[track.v].overflowLanes;
    for (uint32_t t = track.v + 1; t <= track.v + lanes; ++t)
        addTrack(store, store::TrackId(t), window, acc, nullptr);
    acc.busyNs = store::TimeMath::saturatingAdd(acc.busyNs, overflowOnlyBusy(track, window));
    return acc;
}

long double SummaryIndex::counterIntegralAt(const store::EventStore& store, store::CounterId c, uint32_t sample) const
{
    // Integral from the first sample to `sample` (a row of the series).
    const store::RowRange s = store.counter(c).samples;
    const Counter& ctr = m_counters[c.v];
    auto span = [&](uint32_t row) {
        return static_cast<long double>(store.counterValue(row)) * (store.counterTs(row + 1) - store.counterTs(row));
    };
    long double sum = 0;
    uint32_t from = s.begin;
    if (ctr.integralAt != kNone) {
        const uint32_t i = sample - s.begin, k = i / kBlock;
        const uint32_t low = k * kBlock, high = std::min(low + kBlock, s.size());
        if (i - low > high - i) {
            sum = m_ctrIntegral[ctr.integralAt + k + 1];
            // Spans of samples [i, high); the series' last sample has none.
            for (uint32_t r = sample; r < s.begin + high && r + 1 < s.end; ++r)
                sum -= span(r);
            return sum;
        }
        sum = m_ctrIntegral[ctr.integralAt + k];
        from = s.begin + low;
    }
    for (uint32_t r = from; r < sample; ++r)
        sum += span(r);
    return sum;
}

CounterWindowStats SummaryIndex::counter(
    const store::EventStore& store, store::CounterId c, store::TimeRange window) const
{
    CounterWindowStats st;
    if (window.empty() || !c.valid() || c.v >= m_counters.size())
        return st;
    const store::RowRange all = store.counter(c).samples;
    const store::RowRange r = store.counterRange(c, window.start, window.end);
    if (r.empty() || store.counterTs(r.begin) > window.end)
        return st;
    st.samples = r.size();

    // Min and max: whole blocks from the tree, the partial ones at the edges by scan.
    const Counter& ctr = m_counters[c.v];
    st.min = store.counterValue(r.begin);
    st.max = st.min;
    auto scan = [&](uint32_t a, uint32_t b) {
        for (uint32_t i = a; i < b; ++i) {
            st.min = std::min(st.min, store.counterValue(i));
            st.max = std::max(st.max, store.counterValue(i));
        }
    };
    const uint32_t la = r.begin - all.begin, lb = r.end - all.begin;
    const uint32_t firstBlock = (la + kBlock - 1) / kBlock, lastBlock = lb / kBlock;
    if (ctr.integralAt == kNone || firstBlock >= lastBlock) {
        scan(r.begin, r.end);
    } else {
        scan(r.begin, all.begin + firstBlock * kBlock);
        scan(all.begin + lastBlock * kBlock, r.end);
        const auto [lo, hi] = ctr.blocks.query(firstBlock, lastBlock);
        st.min = std::min(st.min, lo);
        st.max = std::max(st.max, hi);
    }

    // Mean: the integral over the covered part divided by its length.
    const store::TimeNs a = std::max(window.start, store.counterTs(all.begin));
    const store::TimeNs b = std::min(window.end, std::max(store.extent().end, store.counterTs(all.end - 1)));
    if (b <= a) {
        st.mean = store.counterValue(r.end - 1);
        return st;
    }
    auto lastAtOrBefore = [&](store::TimeNs t) {
        uint32_t lo = all.begin, hi = all.end;
        while (lo < hi) {
            const uint32_t mid = lo + (hi - lo) / 2;
            if (store.counterTs(mid) <= t)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo - 1;
    };
    const uint32_t k = lastAtOrBefore(a), m = lastAtOrBefore(b);
    const long double integral = counterIntegralAt(store, c, m) - counterIntegralAt(store, c, k)
        - static_cast<long double>(store.counterValue(k)) * (a - store.counterTs(k))
        + static_cast<long double>(store.counterValue(m)) * (b - store.counterTs(m));
    st.coveredNs = b - a;
    st.mean = static_cast<double>(integral / static_cast<long double>(b - a));
    return st;
}

} // namespace strata::analysis
