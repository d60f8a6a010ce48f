// SummaryIndex to and from snapshot bytes (the rest of the class is in summaryindex.cpp).
#include "summaryindex.h"

#include <analysis/persist/indexblobreader.h>
#include <analysis/persist/indexblobwriter.h>

#include <cstring>
#include <limits>

namespace strata::analysis {

namespace {
constexpr char kTag[] = "SUMINDEX";
constexpr uint64_t kVersion = 1;
// The bytes of a long double that hold its value: x87's 80-bit format fills 10 of its 16, and
// the padding is whatever the stack held (so a blob would differ from build to build).
constexpr size_t kLongDoubleBytes = std::numeric_limits<long double>::digits == 64 ? 10 : sizeof(long double);
struct LongDoubleBytes {
    unsigned char b[kLongDoubleBytes];
};
constexpr uint64_t kLayout = kVersion << 56 | uint64_t(SummaryIndex::kBlock) << 40 | uint64_t(kLongDoubleBytes) << 32
    | uint64_t(MetricKeys::kMetricCount) << 24 | uint64_t(sizeof(double));

uint64_t blocksOf(uint64_t n)
{
    return (n + SummaryIndex::kBlock - 1) / SummaryIndex::kBlock;
}
} // namespace

std::string SummaryIndex::serialize(const store::EventStore& store) const
{
    IndexBlobWriter w(kTag, kLayout, store);
    w.put<uint64_t>(m_sliceCount);
    w.put<uint64_t>(m_levels.size());
    w.putColumn<uint32_t>(m_levels.size(), [&](size_t i) { return m_levels[i].durAt; });
    w.putColumn<uint32_t>(m_levels.size(), [&](size_t i) { return m_levels[i].chanAt; });
    w.putColumn<uint8_t>(m_levels.size(), [&](size_t i) { return m_levels[i].channels; });
    w.put<uint64_t>(m_tracks.size());
    w.putColumn<uint32_t>(m_tracks.size(), [&](size_t i) { return m_tracks[i].extraBegin; });
    w.putColumn<uint32_t>(m_tracks.size(), [&](size_t i) { return m_tracks[i].extraEnd; });
    w.putColumn<uint16_t>(m_tracks.size(), [&](size_t i) { return m_tracks[i].overflowLanes; });
    w.putColumn<uint8_t>(m_tracks.size(), [&](size_t i) { return m_tracks[i].metrics; });
    w.putVector(m_durPrefix);
    w.putVector(m_chanPrefix);
    w.putVector(m_extraStart);
    w.putVector(m_extraEnd);
    w.putVector(m_extraPrefix);
    w.put<uint64_t>(m_counters.size());
    w.putColumn<uint32_t>(m_counters.size(), [&](size_t i) { return m_counters[i].integralAt; });
    for (const Counter& c : m_counters) {
        if (c.integralAt == kNone)
            continue;
        w.putVector(c.blocks.leafMin());
        w.putVector(c.blocks.leafMax());
    }
    w.put<uint64_t>(m_ctrIntegral.size());
    w.putColumn<LongDoubleBytes>(m_ctrIntegral.size(), [&](size_t i) {
        LongDoubleBytes x;
        std::memcpy(x.b, &m_ctrIntegral[i], kLongDoubleBytes);
        return x;
    });
    const auto& keys = m_keys.entries();
    w.put<uint64_t>(keys.size());
    w.putColumn<uint32_t>(keys.size(), [&](size_t i) { return keys[i].first; });
    w.putColumn<uint8_t>(keys.size(), [&](size_t i) { return keys[i].second; });
    return w.take();
}

std::shared_ptr<const SummaryIndex> SummaryIndex::restore(
    const store::EventStore& store, std::string_view blob, std::string* why)
{
    return IndexBlobReader::restore(
        std::make_shared<SummaryIndex>(), "summary index", why, [&](SummaryIndex& i) { i.restoreFrom(store, blob); });
}

void SummaryIndex::restoreFrom(const store::EventStore& s, std::string_view blob)
{
    using R = IndexBlobReader;
    R r(blob, kTag, kLayout, s);
    m_sliceCount = r.get<uint64_t>();
    R::check(m_sliceCount == s.sliceCount(), "built for another number of slices");

    uint32_t levelTotal = 0;
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        const store::TrackInfo& tr = s.track(store::TrackId(t));
        levelTotal = std::max(levelTotal, tr.levelBegin + tr.levelCount);
    }
    R::check(r.get<uint64_t>() == levelTotal, "built for another level table");
    m_levels.resize(levelTotal);
    r.column<uint32_t>(levelTotal, [&](size_t i, uint32_t v) { m_levels[i].durAt = v; });
    r.column<uint32_t>(levelTotal, [&](size_t i, uint32_t v) { m_levels[i].chanAt = v; });
    r.column<uint8_t>(levelTotal, [&](size_t i, uint8_t v) { m_levels[i].channels = v; });
    R::check(r.get<uint64_t>() == s.trackCount(), "built for another number of tracks");
    m_tracks.resize(s.trackCount());
    r.column<uint32_t>(m_tracks.size(), [&](size_t i, uint32_t v) { m_tracks[i].extraBegin = v; });
    r.column<uint32_t>(m_tracks.size(), [&](size_t i, uint32_t v) { m_tracks[i].extraEnd = v; });
    r.column<uint16_t>(m_tracks.size(), [&](size_t i, uint16_t v) { m_tracks[i].overflowLanes = v; });
    r.column<uint8_t>(m_tracks.size(), [&](size_t i, uint8_t v) { m_tracks[i].metrics = v; });
    // Every level of more than one block has blocks + 1 entries: fewer than two per block.
    const uint64_t entryLimit = 2 * (uint64_t(s.sliceCount()) + levelTotal);
    m_durPrefix = r.vectorUpTo<store::TimeNs>(entryLimit);
    m_chanPrefix = r.vectorUpTo<double>(kChannels * entryLimit);
    m_extraStart = r.vectorUpTo<store::TimeNs>(s.sliceCount());
    m_extraEnd = r.vector<store::TimeNs>(m_extraStart.size());
    m_extraPrefix = r.vector<store::TimeNs>(m_extraStart.size() + 1);

    // Each level's entries lie inside the prefix arrays, where the queries will look.
    std::vector<uint8_t> covered(levelTotal, 0);
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        const store::TrackInfo& tr = s.track(store::TrackId(t));
        for (uint32_t d = 0; d < tr.levelCount; ++d) {
            const uint32_t li = tr.levelBegin + d;
            covered[li] = 1;
            const Level& lv = m_levels[li];
            const uint64_t n = s.level(store::TrackId(t), d).size(), entries = blocksOf(n) + 1;
            const bool blocked = n > kBlock;
            R::check(lv.channels < (1u << kChannels), "a level names unknown channels");
            R::check(
                blocked ? lv.durAt != kNone && uint64_t(lv.durAt) + entries <= m_durPrefix.size() : lv.durAt == kNone,
                "a level's duration entries are out of range");
            R::check(blocked && lv.channels ? lv.chanAt != kNone
                        && uint64_t(lv.chanAt) + uint64_t(__builtin_popcount(lv.channels)) * entries
                            <= m_chanPrefix.size()
                                            : lv.chanAt == kNone,
                "a level's channel entries are out of range");
        }
    }
    for (uint32_t li = 0; li < levelTotal; ++li)
        R::check(covered[li] || (m_levels[li].durAt == kNone && m_levels[li].chanAt == kNone),
            "a level of no track has entries");

    // Overflow lanes as the build counts them (they follow their thread), and each thread's
    // overflow-only intervals: in range, of positive length, sorted and disjoint.
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        const Track& tr = m_tracks[t];
        uint32_t lanes = 0;
        if (s.track(store::TrackId(t)).kind == store::TrackKind::Thread)
            for (uint32_t k = t + 1; k < s.trackCount(); ++k) {
                const store::TrackInfo& lane = s.track(store::TrackId(k));
                if (lane.kind != store::TrackKind::Overflow || lane.parent != store::TrackId(t))
                    break;
                ++lanes;
            }
        R::check(tr.overflowLanes == lanes, "a thread's overflow lanes differ");
        R::check(tr.metrics < (1u << MetricKeys::kMetricCount), "a track names unknown metrics");
        R::check(lanes ? tr.extraBegin <= tr.extraEnd && tr.extraEnd <= m_extraStart.size()
                       : tr.extraBegin == 0 && tr.extraEnd == 0,
            "a thread's overflow intervals are out of range");
        for (uint32_t i = tr.extraBegin; i < tr.extraEnd; ++i)
            R::check(m_extraStart[i] < m_extraEnd[i] && (i == tr.extraBegin || m_extraEnd[i - 1] <= m_extraStart[i]),
                "a thread's overflow intervals are not sorted and disjoint");
    }

    R::check(r.get<uint64_t>() == s.counterCount(), "built for another number of counters");
    m_counters.resize(s.counterCount());
    r.column<uint32_t>(m_counters.size(), [&](size_t i, uint32_t v) { m_counters[i].integralAt = v; });
    uint64_t integralEntries = 0;
    for (uint32_t c = 0; c < s.counterCount(); ++c) {
        Counter& ctr = m_counters[c];
        const uint64_t n = s.counter(store::CounterId(c)).samples.size();
        R::check((n > kBlock) == (ctr.integralAt != kNone), "a counter's integral entries are misplaced");
        if (ctr.integralAt == kNone)
            continue;
        const std::vector<double> mn = r.vector<double>(blocksOf(n)), mx = r.vector<double>(blocksOf(n));
        ctr.blocks.assign(mn, mx);
        integralEntries = std::max(integralEntries, uint64_t(ctr.integralAt) + blocksOf(n) + 1);
    }
    const uint64_t integrals = r.get<uint64_t>();
    R::check(integrals <= 2 * uint64_t(s.counterSampleCount()) + s.counterCount(), "too many counter integrals");
    r.expectItems(integrals, kLongDoubleBytes);
    m_ctrIntegral.assign(size_t(integrals), 0.0L);
    r.column<LongDoubleBytes>(
        integrals, [&](size_t i, const LongDoubleBytes& x) { std::memcpy(&m_ctrIntegral[i], x.b, kLongDoubleBytes); });
    R::check(integralEntries <= m_ctrIntegral.size(), "a counter's integral entries are out of range");

    const uint64_t keys = r.get<uint64_t>();
    R::check(keys <= s.strings().size(), "more metric keys than strings");
    r.expectItems(keys, sizeof(uint32_t) + 1);
    std::vector<uint32_t> ids(keys);
    std::vector<uint8_t> metrics(keys);
    r.column<uint32_t>(keys, [&](size_t i, uint32_t v) { ids[i] = v; });
    r.column<uint8_t>(keys, [&](size_t i, uint8_t v) { metrics[i] = v; });
    for (size_t i = 0; i < keys; ++i) {
        R::check(
            ids[i] < s.strings().size() && metrics[i] < MetricKeys::kMetricCount && (i == 0 || ids[i - 1] < ids[i]),
            "a metric key is out of range");
        m_keys.add(store::StringId(ids[i]), static_cast<MetricKeys::Metric>(metrics[i]));
    }
    r.expectEnd();
}

} // namespace strata::analysis
