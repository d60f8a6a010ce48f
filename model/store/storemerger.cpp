#include "storemerger.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace strata::store {

namespace {

constexpr const char* kRankArg = "rank"; // the arg naming a global instant's rank

std::string rankPrefix(int64_t rank)
{
    return "rank " + std::to_string(rank) + " \u00b7 ";
}

// Rows of a RowRange moved by `by`.
RowRange offsetRows(RowRange r, uint32_t by)
{
    return { r.begin + by, r.end + by };
}

template <typename T> void growColumn(Column<T>& c, size_t n, const char* what)
{
    requireIds(n, what);
    c.growUninitialized(n);
}

} // namespace

// A rank's ids in the merged store: string, type and argument set maps, and where each of
// its tables starts. The rank's own global instant track (if any) is left out of its track
// block, and its rows out of its instant rows; both go to the merged global track.
struct StoreMerger::RankMaps {
    std::vector<StringId> strings;
    std::vector<TypeId> types;
    std::vector<ArgSetId> args;
    uint32_t processBase = 0, trackBase = 0, levelBase = 0, rowBase = 0, instantBase = 0;
    uint32_t counterBase = 0, sampleBase = 0, flowBase = 0, spaceBase = 0;
    TrackId global; // the rank's global instant track
    RowRange globalRows; // its instant rows

    StringId str(StringId s) const { return s.valid() && s.v < strings.size() ? strings[s.v] : StringId(); }
    TypeId type(TypeId t) const { return t.valid() ? types[t.v] : TypeId(); }
    ArgSetId arg(ArgSetId a) const { return a.valid() ? args[a.v] : ArgSetId(); }
    IdValue id(IdValue v) const
    {
        v.str = str(v.str);
        return v;
    }
    TrackId track(TrackId t) const
    {
        if (!t.valid())
            return t;
        return TrackId(t.v + trackBase - (global.valid() && t.v > global.v ? 1 : 0));
    }
    // An instant row of the rank outside its global rows.
    uint32_t instantRow(uint32_t r) const
    {
        return r < globalRows.begin ? r + instantBase : r - globalRows.size() + instantBase;
    }
    RowRange instants(RowRange r) const
    {
        if (r.empty())
            return { instantRow(r.begin), instantRow(r.begin) };
        return { instantRow(r.begin), instantRow(r.end - 1) + 1 };
    }
};

StoreMerger::StoreMerger(std::string alignment)
    : m_alignment(std::move(alignment))
{
    m_store.reset(new EventStore);
    // TrackId 0 is the job's global instant track, whichever rank brings global instants
    // first; finish() drops it when none did.
    TrackInfo global;
    global.kind = TrackKind::GlobalInstants;
    m_store->m_tracks.push_back(global);
    m_store->m_trackRowStart.push_back(0);
}

size_t StoreMerger::rankCount() const
{
    return m_ranks.size();
}

void StoreMerger::append(
    int64_t rank, const std::string& file, bool rankFromName, std::shared_ptr<const EventStore> store)
{
    if (!store)
        throw std::invalid_argument("StoreMerger: rank " + std::to_string(rank) + " has no store");
    if (!m_ranks.empty() && rank <= m_ranks.back().rank)
        throw std::invalid_argument("StoreMerger: rank " + std::to_string(rank) + " appended after rank "
            + std::to_string(m_ranks.back().rank) + "; ranks go in increasing order");
    const EventStore& src = *store;
    RankMaps m;
    mapTables(src, m);
    JobRank entry;
    entry.rank = rank;
    entry.file = file;
    entry.rankFromName = rankFromName;
    appendTracks(src, rank, m, entry);
    appendSlices(src, m);
    appendInstants(src, rank, m);
    appendCountersAndFlows(src, m);
    appendMemory(src, rank, m);
    appendWholeTrace(src, rank);
    m_ranks.push_back(std::move(entry));
    store.reset(); // the rank's store goes now, unless the caller still holds it
}

void StoreMerger::mapTables(const EventStore& src, RankMaps& m)
{
    EventStore& s = *m_store;
    m.strings.resize(src.strings().size());
    for (uint32_t i = 0; i < m.strings.size(); ++i)
        m.strings[i] = s.m_strings.intern(src.str(StringId(i)));
    m.types.resize(src.types().size());
    for (uint32_t i = 0; i < m.types.size(); ++i) {
        const EventType& t = src.types().get(TypeId(i));
        m.types[i] = s.m_types.intern(m.str(t.name), m.str(t.category), m.str(t.source));
    }
    // Sets are added with their keys and string values in the merged pool's ids: sets
    // equal across ranks become one, as the store's argument table requires.
    s.m_args.addAll(src.args(), m.strings, &m.args);
    m.processBase = uint32_t(s.m_processes.size());
    m.trackBase = uint32_t(s.m_tracks.size());
    m.levelBase = uint32_t(s.m_levels.size());
    m.rowBase = uint32_t(s.m_ts.size());
    m.instantBase = uint32_t(s.m_instTs.size());
    m.counterBase = uint32_t(s.m_counters.size());
    m.sampleBase = uint32_t(s.m_ctrTs.size());
    m.flowBase = uint32_t(s.m_flows.size());
    m.spaceBase = uint32_t(s.m_memory.spaceCount());
    for (uint32_t t = 0; t < src.trackCount(); ++t) {
        if (src.track(TrackId(t)).kind == TrackKind::GlobalInstants) {
            m.global = TrackId(t);
            m.globalRows = src.track(TrackId(t)).instants;
            break; // a store has at most one
        }
    }
}

void StoreMerger::appendTracks(const EventStore& src, int64_t rank, const RankMaps& m, JobRank& entry)
{
    EventStore& s = *m_store;
    const std::string prefix = rankPrefix(rank);
    requireIds(uint64_t(s.m_processes.size()) + src.processCount(), "processes");
    for (uint32_t p = 0; p < src.processCount(); ++p) {
        ProcessInfo info = src.process(ProcessId(p));
        std::string name(src.str(info.name));
        if (name.empty())
            name = info.pid.isString ? std::string(src.str(info.pid.str)) : "Process " + std::to_string(info.pid.num);
        info.pid = m.id(info.pid);
        info.name = s.m_strings.intern(prefix + name);
        info.labels = m.str(info.labels);
        s.m_processes.push_back(info);
    }
    requireIds(uint64_t(s.m_tracks.size()) + src.trackCount(), "tracks");
    for (uint32_t t = 0; t < src.trackCount(); ++t) {
        if (TrackId(t) == m.global)
            continue;
        TrackInfo info = src.track(TrackId(t));
        if (info.process.valid())
            info.process = ProcessId(info.process.v + m.processBase);
        info.tid = m.id(info.tid);
        info.name = m.str(info.name);
        info.parent = m.track(info.parent);
        if (info.counter.valid())
            info.counter = CounterId(info.counter.v + m.counterBase);
        info.levelBegin += m.levelBase;
        info.slices = offsetRows(info.slices, m.rowBase);
        info.instants = m.instants(info.instants);
        info.heightMeaning = m.str(info.heightMeaning);
        info.heightFull = m.str(info.heightFull);
        s.m_tracks.push_back(info);
        s.m_trackRowStart.push_back(info.slices.begin);
    }
    requireIds(uint64_t(s.m_levels.size()) + src.m_levels.size(), "levels");
    for (const RowRange& lv : src.m_levels)
        s.m_levels.push_back(offsetRows(lv, m.rowBase));
    entry.processBegin = m.processBase;
    entry.processCount = uint32_t(src.processCount());
    entry.trackBegin = m.trackBase;
    entry.trackCount = uint32_t(s.m_tracks.size() - m.trackBase);
}

void StoreMerger::appendSlices(const EventStore& src, const RankMaps& m)
{
    EventStore& s = *m_store;
    const size_t n = src.sliceCount(), at = m.rowBase, total = at + n;
    if (n == 0)
        return;
    growColumn(s.m_ts, total, "slices");
    growColumn(s.m_dur, total, "slices");
    growColumn(s.m_type, total, "slices");
    growColumn(s.m_argSet, total, "slices");
    growColumn(s.m_parent, total, "slices");
    growColumn(s.m_depth, total, "slices");
    std::memcpy(s.m_ts.data() + at, src.m_ts.data(), n * sizeof(TimeNs));
    std::memcpy(s.m_dur.data() + at, src.m_dur.data(), n * sizeof(TimeNs));
    std::memcpy(s.m_depth.data() + at, src.m_depth.data(), n * sizeof(uint16_t));
    for (size_t i = 0; i < n; ++i) {
        s.m_type[at + i] = m.type(src.m_type[i]);
        s.m_argSet[at + i] = m.arg(src.m_argSet[i]);
        const SliceRow p = src.m_parent[i];
        s.m_parent[at + i] = p.valid() ? SliceRow(p.v + m.rowBase) : p;
    }
    // The height column exists once any rank has one; rows of ranks without are full (255).
    const bool had = s.m_height.size() != 0;
    if (!had && !src.hasSliceHeights())
        return;
    s.m_height.growUninitialized(total);
    if (!had)
        std::memset(s.m_height.data(), 255, at);
    if (src.hasSliceHeights())
        std::memcpy(s.m_height.data() + at, src.m_height.data(), n);
    else
        std::memset(s.m_height.data() + at, 255, n);
}

void StoreMerger::appendInstants(const EventStore& src, int64_t rank, const RankMaps& m)
{
    EventStore& s = *m_store;
    const size_t n = src.instantCount() - m.globalRows.size(), at = m.instantBase;
    if (n) {
        growColumn(s.m_instTs, at + n, "instants");
        growColumn(s.m_instType, at + n, "instants");
        growColumn(s.m_instArgs, at + n, "instants");
        size_t to = at;
        for (uint32_t i = 0; i < src.instantCount(); ++i) {
            if (i >= m.globalRows.begin && i < m.globalRows.end)
                continue;
            s.m_instTs[to] = src.m_instTs[i];
            s.m_instType[to] = m.type(src.m_instType[i]);
            s.m_instArgs[to] = m.arg(src.m_instArgs[i]);
            ++to;
        }
    }
    if (m.globalRows.empty())
        return;
    // A global instant keeps its args and gains its rank, last: the global track belongs to
    // no rank, and shiftRanks moves each instant by its own rank's offset.
    const Arg rankArg = Arg::makeInt(s.m_strings.intern(kRankArg), rank);
    std::vector<Arg> args;
    for (uint32_t i = m.globalRows.begin; i < m.globalRows.end; ++i) {
        args = s.m_args.get(m.arg(src.m_instArgs[i]));
        args.push_back(rankArg);
        m_global.push_back({ src.m_instTs[i], m.type(src.m_instType[i]), s.m_args.add(args.data(), args.size()) });
    }
}

void StoreMerger::appendCountersAndFlows(const EventStore& src, const RankMaps& m)
{
    EventStore& s = *m_store;
    requireIds(uint64_t(s.m_counters.size()) + src.counterCount(), "counter series");
    for (CounterSeries c : src.m_counters) {
        c.process = c.process.valid() ? ProcessId(c.process.v + m.processBase) : c.process;
        c.name = m.str(c.name);
        c.track = m.track(c.track);
        c.samples = offsetRows(c.samples, m.sampleBase);
        s.m_counters.push_back(c);
    }
    requireIds(uint64_t(s.m_ctrTs.size()) + src.m_ctrTs.size(), "counter samples");
    s.m_ctrTs.insert(s.m_ctrTs.end(), src.m_ctrTs.begin(), src.m_ctrTs.end());
    s.m_ctrValue.insert(s.m_ctrValue.end(), src.m_ctrValue.begin(), src.m_ctrValue.end());

    // Invariant kept: flows sorted by (from, to), the index by `to`. Every row of this rank
    // comes after every row of the ranks before it, so each edge here, moved by rowBase,
    // sorts after every edge already merged, and each FlowId of the index, moved by
    // flowBase, names an edge whose `to` is past every `to` before: both concatenations are
    // sorted because each rank's own tables are.
    requireIds(uint64_t(s.m_flows.size()) + src.m_flows.size(), "flows");
    s.m_flows.reserve(s.m_flows.size() + src.m_flows.size());
    for (FlowEdge e : src.m_flows) {
        e.from = SliceRow(e.from.v + m.rowBase);
        e.to = SliceRow(e.to.v + m.rowBase);
        e.name = m.str(e.name);
        e.category = m.str(e.category);
        s.m_flows.push_back(e);
    }
    s.m_flowsByTo.reserve(s.m_flowsByTo.size() + src.m_flowsByTo.size());
    for (uint32_t f : src.m_flowsByTo)
        s.m_flowsByTo.push_back(f + m.flowBase);
}

void StoreMerger::appendMemory(const EventStore& src, int64_t rank, const RankMaps& m)
{
    EventStore& s = *m_store;
    const MemoryAccessTable& from = src.memoryAccesses();
    MemoryAccessTable& to = s.m_memory;
    const std::string prefix = rankPrefix(rank);
    for (uint32_t i = 0; i < from.spaceCount(); ++i) {
        MemorySpace sp = from.space(MemorySpaceId(i));
        sp.name = s.m_strings.intern(prefix + std::string(src.str(sp.name)));
        to.addSpace(sp);
    }
    auto space = [&](MemorySpaceId id) {
        return id.v < from.spaceCount() ? MemorySpaceId(id.v + m.spaceBase) : MemorySpaceId();
    };
    for (MemoryRegion r : from.regions()) {
        r.space = space(r.space);
        r.label = m.str(r.label);
        r.category = m.str(r.category);
        to.addRegion(r);
    }
    // add() keeps the rows unordered until finish() sorts them by (space, start, address);
    // each rank's spaces are new, so the sort moves no row across ranks except those of no
    // space (kept last, as a rank's own table keeps them).
    for (uint32_t i = 0; i < from.size(); ++i) {
        MemoryAccess a;
        a.start = from.start(i);
        a.end = from.end(i);
        a.address = from.address(i);
        a.size = from.bytes(i);
        a.space = space(from.spaceOf(i));
        a.write = from.isWrite(i);
        a.lane = from.lane(i);
        a.slice = from.slice(i).valid() ? SliceRow(from.slice(i).v + m.rowBase) : SliceRow();
        to.add(a);
    }
}

void StoreMerger::appendWholeTrace(const EventStore& src, int64_t rank)
{
    EventStore& s = *m_store;
    const std::string prefix = rankPrefix(rank);
    s.m_diagnostics.merge(src.diagnostics(), prefix);
    const SkippedContent& sk = src.skipped();
    if (s.m_skipped.source().empty() && !sk.source().empty())
        s.m_skipped.setSource(sk.source(), sk.unit(), sk.shown());
    s.m_skipped.setTotal(s.m_skipped.total() + sk.total());
    for (const SkippedContent::Kind& k : sk.kinds())
        s.m_skipped.add(k.key, k.one, k.many, k.count, k.skipped);
    for (const auto& [key, value] : src.metadata())
        s.m_metadata.emplace_back(prefix + key, value);
    // A rank with nothing in it has extent {0, 0}, which is no time of the job.
    const TimeRange e = src.extent();
    const bool held
        = src.sliceCount() || src.instantCount() || src.counterSampleCount() || !src.memoryAccesses().empty();
    if (!held && e.start == 0 && e.end == 0)
        return;
    if (!m_anyExtent) {
        s.m_extent = e;
        m_anyExtent = true;
    } else {
        s.m_extent.start = std::min(s.m_extent.start, e.start);
        s.m_extent.end = std::max(s.m_extent.end, e.end);
    }
}

void StoreMerger::placeGlobalInstants()
{
    EventStore& s = *m_store;
    if (m_global.empty()) {
        // No rank had global instants: no global track, and every TrackId one lower.
        s.m_tracks.erase(s.m_tracks.begin());
        s.m_trackRowStart.erase(s.m_trackRowStart.begin());
        for (TrackInfo& t : s.m_tracks)
            if (t.parent.valid())
                t.parent = TrackId(t.parent.v - 1);
        for (CounterSeries& c : s.m_counters)
            c.track = TrackId(c.track.v - 1);
        for (JobRank& r : m_ranks)
            r.trackBegin -= 1;
        return;
    }
    // Rows [0, g), as a finalized store has them: the instant columns grow by g and the
    // ranks' rows move up (memmove within the grown block, no second copy).
    std::stable_sort(
        m_global.begin(), m_global.end(), [](const GlobalInstant& a, const GlobalInstant& b) { return a.ts < b.ts; });
    const size_t g = m_global.size(), n = s.m_instTs.size();
    growColumn(s.m_instTs, n + g, "instants");
    growColumn(s.m_instType, n + g, "instants");
    growColumn(s.m_instArgs, n + g, "instants");
    std::memmove(s.m_instTs.data() + g, s.m_instTs.data(), n * sizeof(TimeNs));
    std::memmove(s.m_instType.data() + g, s.m_instType.data(), n * sizeof(TypeId));
    std::memmove(s.m_instArgs.data() + g, s.m_instArgs.data(), n * sizeof(ArgSetId));
    for (size_t i = 0; i < g; ++i) {
        s.m_instTs[i] = m_global[i].ts;
        s.m_instType[i] = m_global[i].type;
        s.m_instArgs[i] = m_global[i].args;
    }
    for (size_t t = 1; t < s.m_tracks.size(); ++t)
        s.m_tracks[t].instants = offsetRows(s.m_tracks[t].instants, uint32_t(g));
    s.m_tracks[0].instants = { 0, uint32_t(g) };
}

std::unique_ptr<EventStore> StoreMerger::finish()
{
    requireIds(uint64_t(m_store->m_instTs.size()) + m_global.size(), "instants");
    placeGlobalInstants();
    EventStore& s = *m_store;
    s.m_memory.finish();
    s.m_args.shrink();
    JobLayout layout;
    layout.setRanks(std::move(m_ranks));
    layout.setAlignment(m_alignment);
    for (auto& entry : layout.metadataEntries())
        s.m_metadata.push_back(std::move(entry));
    std::unique_ptr<EventStore> out = std::move(m_store);
    *this = StoreMerger(m_alignment);
    return out;
}

} // namespace strata::store
