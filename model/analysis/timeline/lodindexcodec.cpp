// LodIndex to and from snapshot bytes (the rest of the class is in lodindex.cpp).
#include "lodindex.h"

#include <analysis/persist/indexblobreader.h>
#include <analysis/persist/indexblobwriter.h>

#include <chrono>
#include <cmath>

namespace strata::analysis {

using store::TimeNs;

namespace {
constexpr char kTag[] = "LODINDEX";
constexpr uint64_t kVersion = 1;
// The version and everything the layout depends on: a change to any of them refuses old blobs.
constexpr uint64_t kLayout = kVersion << 56 | uint64_t(sizeof(LodIndex::Block)) << 40 | uint64_t(LodIndex::kBlock) << 24
    | uint64_t(LodIndex::kFan) << 16 | uint64_t(LodIndex::kCounterBlock) << 8 | uint64_t(sizeof(float));
} // namespace

std::vector<size_t> LodIndex::pyramidSizes(size_t n, uint32_t first)
{
    std::vector<size_t> sizes;
    for (size_t m = (n + first - 1) / first; m > 0; m = m > 1 ? (m + kFan - 1) / kFan : 0)
        sizes.push_back(m);
    return sizes;
}

std::string LodIndex::serialize() const
{
    IndexBlobWriter w(kTag, kLayout, m_store);
    w.put<uint64_t>(m_blocks.size());
    for (const std::vector<Block>& level : m_blocks) {
        const size_t n = level.size();
        w.put<uint64_t>(n);
        w.putColumn<TimeNs>(n, [&](size_t i) { return level[i].first; });
        w.putColumn<TimeNs>(n, [&](size_t i) { return level[i].lastEnd; });
        w.putColumn<TimeNs>(n, [&](size_t i) { return level[i].maxGap; });
        w.putColumn<TimeNs>(n, [&](size_t i) { return level[i].longestDur; });
        w.putColumn<uint32_t>(n, [&](size_t i) { return level[i].longest; });
        w.putColumn<uint32_t>(n, [&](size_t i) { return level[i].longestType.v; });
    }
    w.put<uint64_t>(m_min.size());
    for (size_t k = 0; k < m_min.size(); ++k) {
        w.putVector(m_min[k]);
        w.putVector(m_max[k]);
    }
    w.putVector(m_counterFirst);
    w.put<uint64_t>(m_busy.size());
    for (const std::vector<float>& b : m_busy)
        w.putVector(b);
    return w.take();
}

std::shared_ptr<const LodIndex> LodIndex::restore(
    const store::EventStore& store, std::string_view blob, std::string* why)
{
    const auto start = std::chrono::steady_clock::now();
    return IndexBlobReader::restore(
        std::shared_ptr<LodIndex>(new LodIndex(store, Unbuilt {})), "level-of-detail index", why, [&](LodIndex& index) {
            index.restoreFrom(blob);
            index.m_buildMs
                = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        });
}

void LodIndex::restoreFrom(std::string_view blob)
{
    using R = IndexBlobReader;
    const store::EventStore& s = m_store;
    R r(blob, kTag, kLayout, s);

    const uint64_t slices = s.sliceCount();
    const std::vector<size_t> blockSizes = pyramidSizes(slices, kBlock);
    R::check(r.get<uint64_t>() == blockSizes.size(), "the slice pyramid has another height");
    m_blocks.resize(blockSizes.size());
    uint64_t rows = kBlock;
    for (size_t k = 0; k < blockSizes.size(); ++k, rows *= kFan) {
        const size_t n = blockSizes[k];
        R::check(r.get<uint64_t>() == n, "a level of the slice pyramid has another size");
        std::vector<Block>& level = m_blocks[k];
        level.resize(n);
        r.column<TimeNs>(n, [&](size_t i, TimeNs v) { level[i].first = v; });
        r.column<TimeNs>(n, [&](size_t i, TimeNs v) { level[i].lastEnd = v; });
        r.column<TimeNs>(n, [&](size_t i, TimeNs v) { level[i].maxGap = v; });
        r.column<TimeNs>(n, [&](size_t i, TimeNs v) { level[i].longestDur = v; });
        r.column<uint32_t>(n, [&](size_t i, uint32_t v) { level[i].longest = v; });
        r.column<uint32_t>(n, [&](size_t i, uint32_t v) { level[i].longestType = store::TypeId(v); });
        // What a paint indexes with: the longest row (inside the block) and its type. The
        // blob alone is read: comparing each block with its slices' columns (a cache miss
        // each) took half as long as the build at 100M events; the snapshot's CRC covers
        // the values, and a wrong one could only misplace a rectangle.
        const uint64_t types = s.types().size();
        for (size_t i = 0; i < n; ++i) {
            const Block& b = level[i];
            const uint64_t begin = i * rows, end = std::min<uint64_t>(slices, begin + rows);
            R::check(b.longest >= begin && b.longest < end && b.longestType.v < types && b.lastEnd >= b.first
                    && b.maxGap >= 0 && b.longestDur >= 0,
                "a block's longest slice or its type lies outside the block");
        }
    }

    const uint64_t samples = s.counterSampleCount();
    const std::vector<size_t> counterSizes = pyramidSizes(samples, kCounterBlock);
    R::check(r.get<uint64_t>() == counterSizes.size(), "the counter pyramid has another height");
    m_min.resize(counterSizes.size());
    m_max.resize(counterSizes.size());
    for (size_t k = 0; k < counterSizes.size(); ++k) {
        m_min[k] = r.vector<double>(counterSizes[k]);
        m_max[k] = r.vector<double>(counterSizes[k]);
    }
    m_counterFirst = r.vector<TimeNs>(counterSizes.empty() ? 0 : counterSizes[0]);
    for (size_t b = 0; b < m_counterFirst.size(); ++b)
        R::check(m_counterFirst[b] == s.counterTs(uint32_t(b * kCounterBlock)), "a counter block's first ts differs");

    R::check(r.get<uint64_t>() == s.trackCount(), "the busy histograms are for another number of tracks");
    m_busy.resize(s.trackCount());
    const bool extent = !s.extent().empty();
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        const bool has = extent && !s.level(store::TrackId(t), 0).empty();
        m_busy[t] = r.vector<float>(has ? kOverviewBins : 0);
        for (const float f : m_busy[t])
            R::check(f >= 0.0f && f <= 1.0f, "a busy fraction is out of range");
    }
    r.expectEnd();
}

} // namespace strata::analysis
