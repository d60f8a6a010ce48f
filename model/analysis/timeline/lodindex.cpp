#include "lodindex.h"

#include <store/parallel.h>

#include <algorithm>
#include <chrono>
#include <numeric>

namespace strata::analysis {

using store::SliceRow;
using store::TimeNs;

namespace {
// Runs f(i) for i in [0, n) on the calling thread and store::Parallel's helpers. Every item
// writes only its own slots, so the result does not depend on the split.
template <typename F> void parallelFor(size_t n, F&& f)
{
    store::Parallel::forEach(
        n, store::Parallel::threads(0, store::Parallel::kMaxThreads), [&f](size_t i, unsigned) { f(i); });
}

// Covers rows [begin, end) with the fewest pyramid entries: the rows at the ragged edges
// (visit(0, row)), then whole blocks of level k - 1 for the part aligned one step up
// (visit(k, block)), and so on up to `levels`. Level 0 blocks hold `first` rows, each
// further level `fan` blocks of the one below. The visiting order is fixed, so a caller
// that keeps the first of equal values picks the same entry every time.
template <typename Visit>
void coverRows(uint32_t begin, uint32_t end, size_t levels, uint32_t first, uint32_t fan, Visit&& visit)
{
    uint32_t lo = begin, hi = end;
    for (size_t k = 0;; ++k) {
        const uint32_t step = k == 0 ? first : fan;
        const uint32_t loUp = uint32_t((uint64_t(lo) + step - 1) / step * step);
        const uint32_t hiDown = hi / step * step;
        if (k == levels || loUp >= hiDown) {
            for (uint32_t i = lo; i < hi; ++i)
                visit(k, i);
            return;
        }
        for (uint32_t i = lo; i < loUp; ++i)
            visit(k, i);
        for (uint32_t i = hiDown; i < hi; ++i)
            visit(k, i);
        lo = loUp / step;
        hi = hiDown / step;
    }
}
} // namespace

LodIndex::LodIndex(const store::EventStore& store)
    : m_store(store)
{
    const auto start = std::chrono::steady_clock::now();
    buildSlices();
    buildCounters();
    buildBusy();
    m_buildMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void LodIndex::buildSlices()
{
    const uint32_t n = static_cast<uint32_t>(m_store.sliceCount());
    auto dur = [this](uint32_t r) { return m_store.sliceDur(store::SliceRow(r)); };
    // Level 0 from the rows, each next level from the previous one's blocks.
    std::vector<Block> level((n + kBlock - 1) / kBlock);
    // Level 0 reads every slice once: done in chunks of blocks, in parallel.
    constexpr size_t kChunk = 4096;
    parallelFor((level.size() + kChunk - 1) / kChunk, [&](size_t chunk) {
        const size_t lastBlock = std::min(level.size(), (chunk + 1) * kChunk);
        for (size_t bi = chunk * kChunk; bi < lastBlock; ++bi) {
            const uint32_t b = uint32_t(bi * kBlock), e = std::min(n, b + kBlock);
            Block& blk = level[bi];
            blk.first = m_store.sliceTs(store::SliceRow(b));
            blk.lastEnd = m_store.sliceEnd(store::SliceRow(b));
            blk.longest = b;
            blk.longestDur = dur(b);
            for (uint32_t r = b + 1; r < e; ++r) {
                const store::TimeNs ts = m_store.sliceTs(store::SliceRow(r)), d = dur(r);
                blk.maxGap = std::max(blk.maxGap, ts - blk.lastEnd);
                blk.lastEnd = std::max(blk.lastEnd, ts + d);
                if (d > blk.longestDur) {
                    blk.longest = r;
                    blk.longestDur = d;
                }
            }
            blk.longestType = m_store.sliceType(store::SliceRow(blk.longest));
        }
    });
    while (!level.empty()) {
        std::vector<Block> next;
        if (level.size() > 1) {
            next.reserve(level.size() / kFan + 1);
            for (size_t b = 0; b < level.size(); b += kFan) {
                const size_t e = std::min(level.size(), b + kFan);
                Block blk = level[b];
                for (size_t i = b + 1; i < e; ++i) {
                    const Block& c = level[i];
                    blk.maxGap = std::max({ blk.maxGap, c.maxGap, c.first - blk.lastEnd });
                    blk.lastEnd = std::max(blk.lastEnd, c.lastEnd);
                    if (c.longestDur > blk.longestDur) {
                        blk.longest = c.longest;
                        blk.longestDur = c.longestDur;
                        blk.longestType = c.longestType;
                    }
                }
                next.push_back(blk);
            }
        }
        m_blocks.push_back(std::move(level));
        level = std::move(next);
    }
}

uint32_t LodIndex::firstAtOrAfter(uint32_t from, uint32_t end, store::TimeNs t) const
{
    // Gallop out from `from`: a short hop costs O(log hop), not O(log n).
    uint32_t lo = from, hi = from;
    uint64_t step = 1;
    while (hi < end && m_store.sliceTs(store::SliceRow(hi)) < t) {
        lo = hi + 1;
        hi = static_cast<uint32_t>(std::min<uint64_t>(end, from + step));
        step *= 2;
    }
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (m_store.sliceTs(store::SliceRow(mid)) < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

store::SliceRow LodIndex::longest(uint32_t begin, uint32_t end) const
{
    if (begin >= end)
        return store::SliceRow();
    uint32_t best = begin;
    store::TimeNs bestDur = m_store.sliceDur(store::SliceRow(begin));
    auto consider = [&](uint32_t row, store::TimeNs d) {
        if (d > bestDur) {
            best = row;
            bestDur = d;
        }
    };
    coverRows(begin, end, m_blocks.size(), kBlock, kFan, [&](size_t k, uint32_t i) {
        if (k == 0)
            consider(i, m_store.sliceDur(store::SliceRow(i)));
        else
            consider(m_blocks[k - 1][i].longest, m_blocks[k - 1][i].longestDur);
    });
    return store::SliceRow(best);
}

void LodIndex::buildCounters()
{
    const uint32_t n = static_cast<uint32_t>(m_store.counterSampleCount());
    std::vector<double> mn, mx;
    const size_t blocks = (size_t(n) + kCounterBlock - 1) / kCounterBlock;
    m_counterFirst.reserve(blocks);
    mn.reserve(blocks);
    mx.reserve(blocks);
    for (uint32_t b = 0; b < n; b += kCounterBlock) {
        const uint32_t e = std::min(n, b + kCounterBlock);
        m_counterFirst.push_back(m_store.counterTs(b));
        double lo = m_store.counterValue(b), hi = lo;
        for (uint32_t r = b + 1; r < e; ++r) {
            lo = std::min(lo, m_store.counterValue(r));
            hi = std::max(hi, m_store.counterValue(r));
        }
        mn.push_back(lo);
        mx.push_back(hi);
    }
    while (!mn.empty()) {
        std::vector<double> nmn, nmx;
        if (mn.size() > 1) {
            nmn.reserve(mn.size() / kFan + 1);
            nmx.reserve(mn.size() / kFan + 1);
            for (size_t b = 0; b < mn.size(); b += kFan) {
                const size_t e = std::min(mn.size(), b + kFan);
                nmn.push_back(*std::min_element(mn.begin() + b, mn.begin() + e));
                nmx.push_back(*std::max_element(mx.begin() + b, mx.begin() + e));
            }
        }
        m_min.push_back(std::move(mn));
        m_max.push_back(std::move(mx));
        mn = std::move(nmn);
        mx = std::move(nmx);
    }
}

bool LodIndex::counterMinMax(uint32_t begin, uint32_t end, double* outMin, double* outMax) const
{
    if (begin >= end)
        return false;
    double lo = m_store.counterValue(begin), hi = lo;
    coverRows(begin, end, m_min.size(), kCounterBlock, kFan, [&](size_t k, uint32_t i) {
        lo = std::min(lo, k == 0 ? m_store.counterValue(i) : m_min[k - 1][i]);
        hi = std::max(hi, k == 0 ? m_store.counterValue(i) : m_max[k - 1][i]);
    });
    *outMin = lo;
    *outMax = hi;
    return true;
}

uint32_t LodIndex::counterFirstAtOrAfter(uint32_t from, uint32_t end, TimeNs t) const
{
    if (from >= end)
        return end;
    // Block starts b * kCounterBlock inside (from, end) lie in the series, so their ts rise with b:
    // gallop over them from `from` for the first at or after t.
    const uint32_t bFirst = from / kCounterBlock + 1;
    const uint32_t bEnd = uint32_t((uint64_t(end) + kCounterBlock - 1) / kCounterBlock); // b * kCounterBlock < end
    uint32_t lo = bFirst, hi = bFirst;
    uint64_t step = 1;
    while (hi < bEnd && m_counterFirst[hi] < t) {
        lo = hi + 1;
        hi = static_cast<uint32_t>(std::min<uint64_t>(bEnd, bFirst + step));
        step *= 2;
    }
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (m_counterFirst[mid] < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    // Block start lo * kCounterBlock (if inside) is at or after t and the one before is not: the
    // answer lies in the at most kCounterBlock rows between. Scanned, not bisected: the loads are
    // independent, so the misses overlap.
    uint32_t r = lo > bFirst ? (lo - 1) * kCounterBlock + 1 : from;
    const uint32_t stop = lo < bEnd ? lo * kCounterBlock : end;
    while (r < stop && m_store.counterTs(r) < t)
        ++r;
    return r;
}

void LodIndex::buildBusy()
{
    m_busy.resize(m_store.trackCount());
    const store::TimeRange ext = m_store.extent();
    if (ext.empty())
        return;
    const double binNs = double(ext.duration()) / kOverviewBins;
    parallelFor(m_store.trackCount(), [&](size_t t) {
        const store::TrackId track { static_cast<uint32_t>(t) };
        const store::RowRange top = m_store.level(track, 0);
        if (top.empty())
            return;
        std::vector<double> ns(kOverviewBins, 0.0);
        for (uint32_t r = top.begin; r < top.end; ++r) {
            const double s = double(m_store.sliceTs(store::SliceRow(r)) - ext.start);
            const double e = s + double(m_store.sliceDur(store::SliceRow(r)));
            int b0 = std::clamp(int(s / binNs), 0, kOverviewBins - 1);
            const int b1 = std::clamp(int(e / binNs), 0, kOverviewBins - 1);
            if (b0 == b1) {
                ns[b0] += e - s;
                continue;
            }
            ns[b0] += (b0 + 1) * binNs - s;
            for (int b = b0 + 1; b < b1; ++b)
                ns[b] += binNs;
            ns[b1] += e - b1 * binNs;
        }
        std::vector<float>& out = m_busy[t];
        out.resize(kOverviewBins);
        for (int b = 0; b < kOverviewBins; ++b)
            out[b] = float(std::clamp(ns[b] / binNs, 0.0, 1.0));
    });
}

size_t LodIndex::residentBytes() const
{
    size_t bytes = sizeof(*this);
    for (const auto& v : m_blocks)
        bytes += v.capacity() * sizeof(Block);
    for (size_t k = 0; k < m_min.size(); ++k)
        bytes += (m_min[k].capacity() + m_max[k].capacity()) * sizeof(double);
    bytes += m_counterFirst.capacity() * sizeof(TimeNs);
    for (const auto& v : m_busy)
        bytes += v.capacity() * sizeof(float);
    return bytes;
}

} // namespace strata::analysis
