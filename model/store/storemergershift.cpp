#include "storemerger.h"
#include "timemath.h"

#include <algorithm>
#include <charconv>
#include <numeric>
#include <stdexcept>

// StoreMerger, continued: shiftRanks, the clock alignment of a merged job's ranks.
namespace strata::store {

namespace {

// The range of some times; empty while lo > hi.
struct Span {
    TimeNs lo = kTimeMax, hi = kTimeMin;
    void add(TimeNs a, TimeNs b)
    {
        lo = std::min(lo, a);
        hi = std::max(hi, b);
    }
    void add(const Span& o)
    {
        if (!o.empty())
            add(o.lo, o.hi);
    }
    bool empty() const { return lo > hi; }
};

// The times held by tracks [begin, end): a level's first start and last end bound it (both
// are sorted along a level), a track's instants and a counter's samples are sorted.
Span tracksSpan(const EventStore& s, uint32_t begin, uint32_t end)
{
    Span out;
    for (uint32_t t = begin; t < end; ++t) {
        const TrackInfo& tr = s.track(TrackId(t));
        for (uint32_t d = 0; d < tr.levelCount; ++d) {
            const RowRange lv = s.level(TrackId(t), d);
            if (!lv.empty())
                out.add(s.sliceTs(SliceRow(lv.begin)), s.sliceEnd(SliceRow(lv.end - 1)));
        }
        if (!tr.instants.empty())
            out.add(s.instantTs(InstantRow(tr.instants.begin)), s.instantTs(InstantRow(tr.instants.end - 1)));
        if (tr.kind == TrackKind::Counter && tr.counter.valid()) {
            const RowRange c = s.counter(tr.counter).samples;
            if (!c.empty())
                out.add(s.counterTs(c.begin), s.counterTs(c.end - 1));
        }
    }
    return out;
}

// Index into `ranks` of rank number `rank`; -1 when the job has no such rank.
int rankIndex(const std::vector<JobRank>& ranks, int64_t rank)
{
    auto it
        = std::lower_bound(ranks.begin(), ranks.end(), rank, [](const JobRank& r, int64_t v) { return r.rank < v; });
    return it != ranks.end() && it->rank == rank ? int(it - ranks.begin()) : -1;
}

// What rank each time outside the ranks' track blocks belongs to (index into the layout's
// ranks, -1 for none): the global instants by their "rank" arg (the last one: StoreMerger
// appends it), memory spaces by their "rank R · " name, accesses of no space by their slice.
struct Owners {
    RowRange globalRows;
    std::vector<int> global; // per row of globalRows
    std::vector<int> space; // per memory space
    std::vector<int> access; // per memory access row
};

Owners owners(const EventStore& s, const JobLayout& layout)
{
    Owners o;
    const std::vector<JobRank>& ranks = layout.ranks();
    if (s.trackCount() && s.track(TrackId(0)).kind == TrackKind::GlobalInstants)
        o.globalRows = s.track(TrackId(0)).instants;
    const StringId key = s.strings().find("rank");
    for (uint32_t i = o.globalRows.begin; i < o.globalRows.end; ++i) {
        const ArgSetId set = s.instantArgs(InstantRow(i));
        int owner = -1;
        for (size_t a = s.args().size(set); key.valid() && a > 0; --a) {
            const Arg arg = s.args().at(set, a - 1);
            if (arg.key == key && arg.kind == ArgKind::Int) {
                owner = rankIndex(ranks, arg.i);
                break;
            }
        }
        o.global.push_back(owner);
    }
    const MemoryAccessTable& m = s.memoryAccesses();
    constexpr std::string_view kRank = "rank ";
    for (uint32_t i = 0; i < m.spaceCount(); ++i) {
        const std::string_view name = s.str(m.space(MemorySpaceId(i)).name);
        int64_t rank = 0;
        const char* end = name.data() + name.size();
        const auto parsed = name.substr(0, kRank.size()) == kRank
            ? std::from_chars(name.data() + kRank.size(), end, rank)
            : std::from_chars_result { name.data(), std::errc::invalid_argument };
        o.space.push_back(
            parsed.ec == std::errc() && parsed.ptr != end && *parsed.ptr == ' ' ? rankIndex(ranks, rank) : -1);
    }
    o.access.resize(m.size(), -1);
    for (uint32_t i = 0; i < m.size(); ++i) {
        const MemorySpaceId sp = m.spaceOf(i);
        if (sp.v < m.spaceCount())
            o.access[i] = o.space[sp.v];
        else if (m.slice(i).valid() && m.slice(i).v < s.sliceCount())
            o.access[i] = layout.rankIndexOfTrack(s.sliceTrack(m.slice(i)));
    }
    return o;
}

// Per rank of the layout: the times it holds (its tracks, global instants, memory accesses).
std::vector<Span> rankSpans(const EventStore& s, const JobLayout& layout, const Owners& own)
{
    const std::vector<JobRank>& ranks = layout.ranks();
    std::vector<Span> spans(ranks.size());
    for (size_t i = 0; i < ranks.size(); ++i)
        spans[i] = tracksSpan(s, ranks[i].trackBegin, ranks[i].trackBegin + ranks[i].trackCount);
    for (size_t k = 0; k < own.global.size(); ++k) {
        const InstantRow row(own.globalRows.begin + uint32_t(k));
        if (own.global[k] >= 0)
            spans[size_t(own.global[k])].add(s.instantTs(row), s.instantTs(row));
    }
    const MemoryAccessTable& mem = s.memoryAccesses();
    for (uint32_t i = 0; i < mem.size(); ++i)
        if (own.access[i] >= 0)
            spans[size_t(own.access[i])].add(mem.start(i), mem.end(i));
    return spans;
}

// A region's time, moved unless it is "unknown" (kTimeMin, kTimeMax) or no time at all.
bool regionTime(TimeNs t)
{
    return t != kTimeMin && t != kTimeMax && TimeMath::inRange(t);
}

} // namespace

void StoreMerger::shiftRanks(EventStore& s, const std::vector<TimeNs>& offsetsNs, const std::string& alignment)
{
    std::string why;
    JobLayout layout = JobLayout::of(s, &why);
    if (!layout.isJob())
        throw std::invalid_argument("not the store of a job" + (why.empty() ? std::string() : ": " + why));
    std::vector<JobRank> ranks = layout.ranks();
    if (offsetsNs.size() != ranks.size())
        throw std::invalid_argument(std::to_string(offsetsNs.size()) + " clock offsets for a job of "
            + std::to_string(ranks.size()) + " ranks");
    if (alignment != "recorded" && alignment != "collectives" && alignment != "first-step")
        throw std::invalid_argument("unknown clock alignment \"" + alignment + "\"");
    const Owners own = owners(s, layout);
    // Each rank moves by the difference to the offset it already has, checked: first every
    // rank's times, so a refusal leaves the store as it was.
    std::vector<TimeNs> delta(ranks.size());
    std::vector<Span> spans = rankSpans(s, layout, own);
    const MemoryAccessTable& mem = s.m_memory;
    for (const MemoryRegion& g : mem.m_regions) {
        const int r = g.space.v < own.space.size() ? own.space[g.space.v] : -1;
        for (TimeNs t : { g.alloc, g.free })
            if (r >= 0 && regionTime(t))
                spans[size_t(r)].add(t, t);
    }
    for (size_t i = 0; i < ranks.size(); ++i) {
        const auto d = TimeMath::sub(offsetsNs[i], ranks[i].offsetNs);
        const bool fits = d && (spans[i].empty() || (TimeMath::sub(spans[i].lo, *d) && TimeMath::sub(spans[i].hi, *d)));
        if (!fits)
            throw std::invalid_argument("a clock offset of " + std::to_string(offsetsNs[i]) + " ns moves rank "
                + std::to_string(ranks[i].rank) + "'s times out of the range a store holds");
        delta[i] = *d;
    }
    for (size_t i = 0; i < ranks.size(); ++i)
        if (delta[i] != 0)
            shiftTracks(s, ranks[i], delta[i]);
    shiftOwned(s, own.globalRows, own.global, own.space, own.access, delta);

    Span all = tracksSpan(s, 0, uint32_t(s.trackCount()));
    for (uint32_t i = 0; i < mem.size(); ++i)
        all.add(mem.m_start[i], mem.m_end[i]);
    s.m_extent = all.empty() ? TimeRange {} : TimeRange { all.lo, all.hi };

    for (size_t i = 0; i < ranks.size(); ++i)
        ranks[i].offsetNs = offsetsNs[i];
    layout.setRanks(std::move(ranks));
    layout.setAlignment(alignment);
    auto& md = s.m_metadata;
    md.erase(std::remove_if(md.begin(), md.end(),
                 [](const auto& e) { return e.first == JobLayout::kRankKey || e.first == JobLayout::kAlignmentKey; }),
        md.end());
    for (auto& entry : layout.metadataEntries())
        md.push_back(std::move(entry));
}

std::vector<TimeRange> StoreMerger::rankExtents(const EventStore& s)
{
    const JobLayout layout = JobLayout::of(s);
    std::vector<TimeRange> out;
    for (const Span& sp : rankSpans(s, layout, owners(s, layout)))
        out.push_back(sp.empty() ? TimeRange {} : TimeRange { sp.lo, sp.hi });
    return out;
}

void StoreMerger::shiftTracks(EventStore& s, const JobRank& r, TimeNs delta)
{
    if (r.trackCount == 0)
        return;
    // A rank's tracks own one consecutive block of slice rows; a uniform shift keeps every
    // level's order (by start and by end) and every parent's containment.
    const uint32_t first = s.m_tracks[r.trackBegin].slices.begin;
    const uint32_t last = s.m_tracks[r.trackBegin + r.trackCount - 1].slices.end;
    for (uint32_t i = first; i < last; ++i)
        s.m_ts[i] -= delta;
    for (uint32_t t = r.trackBegin; t < r.trackBegin + r.trackCount; ++t) {
        const TrackInfo& tr = s.m_tracks[t];
        for (uint32_t i = tr.instants.begin; i < tr.instants.end; ++i)
            s.m_instTs[i] -= delta;
        if (tr.kind == TrackKind::Counter && tr.counter.valid()) {
            const RowRange c = s.m_counters[tr.counter.v].samples;
            for (uint32_t i = c.begin; i < c.end; ++i)
                s.m_ctrTs[i] -= delta;
        }
    }
}

void StoreMerger::shiftOwned(EventStore& s, RowRange globalRows, const std::vector<int>& global,
    const std::vector<int>& space, const std::vector<int>& access, const std::vector<TimeNs>& delta)
{
    // The global track mixes ranks: moved per instant, then sorted again by (time, rank) as
    // StoreMerger sorts it (stable: a rank's ties keep their order), whatever the shifts
    // before this one did to the order of ties.
    const uint32_t g0 = globalRows.begin;
    for (size_t k = 0; k < global.size(); ++k)
        if (global[k] >= 0)
            s.m_instTs[g0 + k] -= delta[size_t(global[k])];
    std::vector<uint32_t> order(globalRows.size());
    std::iota(order.begin(), order.end(), g0);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        const TimeNs ta = s.m_instTs[a], tb = s.m_instTs[b];
        return ta != tb ? ta < tb : global[a - g0] < global[b - g0];
    });
    std::vector<TimeNs> ts(order.size());
    std::vector<TypeId> type(order.size());
    std::vector<ArgSetId> args(order.size());
    for (size_t k = 0; k < order.size(); ++k) {
        ts[k] = s.m_instTs[order[k]];
        type[k] = s.m_instType[order[k]];
        args[k] = s.m_instArgs[order[k]];
    }
    for (size_t k = 0; k < order.size(); ++k) {
        s.m_instTs[g0 + k] = ts[k];
        s.m_instType[g0 + k] = type[k];
        s.m_instArgs[g0 + k] = args[k];
    }

    MemoryAccessTable& m = s.m_memory;
    if (m.m_spaces.empty() && m.m_start.empty())
        return;
    for (size_t i = 0; i < access.size(); ++i) {
        if (access[i] >= 0) {
            m.m_start[i] -= delta[size_t(access[i])];
            m.m_end[i] -= delta[size_t(access[i])];
        }
    }
    for (MemoryRegion& g : m.m_regions) {
        const int r = g.space.v < space.size() ? space[g.space.v] : -1;
        if (r < 0)
            continue;
        if (regionTime(g.alloc))
            g.alloc -= delta[size_t(r)];
        if (regionTime(g.free))
            g.free -= delta[size_t(r)];
    }
    // Each space's rows move together, but accesses of no space (last, by start) mix ranks:
    // finish() sorts again and rebuilds the per-space and by-slice indexes.
    m.finish();
}

} // namespace strata::store
