#include "readchecks.h"
#include "snapshotformat.h"
#include "snapshotreader.h"

#include <functional>

// SnapshotReader, continued: the slice columns and the tables after them.
namespace strata::store {

using namespace snapshot;

void SnapshotReader::sliceColumns(EventStore& s, uint32_t id, ByteReader& r)
{
    const uint64_t n = m_counts[kSlices];
    auto eachLevel = [&](auto&& f) {
        for (const TrackInfo& t : s.m_tracks)
            for (uint32_t d = 0; d < t.levelCount; ++d)
                f(t, d, s.m_levels[t.levelBegin + d]);
    };
    switch (SectionId(id)) {
    case SectionId::SliceTs:
        r.needItems(n, 1);
        s.m_ts.resizeUninitialized(n);
        r.deltas(s.m_ts.data(), n, [](uint64_t v) { return checkedTime(v); });
        eachLevel([&](const TrackInfo&, uint32_t, RowRange lv) {
            checkSorted(s.m_ts, lv, std::less<TimeNs>(), "a level is not sorted by start");
        });
        break;
    case SectionId::SliceDur:
        r.needItems(n, 1);
        s.m_dur.resizeUninitialized(n);
        for (uint64_t i = 0; i < n; ++i) {
            const int64_t d = r.zigzag();
            check(d >= 0 && d <= kTimeLimit - s.m_ts[i], "a slice's duration is negative or ends out of range");
            s.m_dur[i] = d;
        }
        eachLevel([&](const TrackInfo&, uint32_t, RowRange lv) {
            for (uint32_t i = lv.begin + 1; i < lv.end; ++i)
                check(s.m_ts[i] + s.m_dur[i] >= s.m_ts[i - 1] + s.m_dur[i - 1], "a level's ends are not sorted");
        });
        break;
    case SectionId::SliceType:
        r.needItems(n, 1);
        s.m_type.resizeUninitialized(n);
        r.varints(s.m_type.data(), n, [&](uint64_t v) {
            check(v < m_counts[kTypes], "a slice's type is out of range");
            return TypeId(uint32_t(v));
        });
        break;
    case SectionId::SliceArgs:
        r.needItems(n, 1);
        s.m_argSet.resizeUninitialized(n);
        r.deltas(s.m_argSet.data(), n, [&](uint64_t v) {
            const auto id = uint32_t(v - 1);
            check(v <= m_counts[kArgSets], "a slice's argument set is out of range");
            return ArgSetId(id);
        });
        break;
    case SectionId::SliceParent:
        r.needItems(n, 1);
        s.m_parent.resizeUninitialized(n);
        r.deltas(s.m_parent.data(), n, [](uint64_t v) { return SliceRow(uint32_t(v - 1)); });
        // A parent is a row of the level above in the same track: parents come before
        // children, so walking ancestors always ends.
        eachLevel([&](const TrackInfo& t, uint32_t d, RowRange lv) {
            const RowRange above = d ? s.m_levels[t.levelBegin + d - 1] : RowRange {};
            for (uint32_t i = lv.begin; i < lv.end; ++i) {
                const SliceRow p = s.m_parent[i];
                check(d ? (p.valid() && p.v >= above.begin && p.v < above.end) : !p.valid(),
                    "a slice's parent is not in the level above");
            }
        });
        break;
    case SectionId::SliceDepth: {
        r.needItems(n, 1);
        s.m_depth.resizeUninitialized(n);
        eachLevel([&](const TrackInfo&, uint32_t d, RowRange lv) {
            check(d <= UINT16_MAX, "a track is too deep");
            for (uint32_t i = lv.begin; i < lv.end; ++i) {
                check(r.zigzag() == 0, "a slice's depth is not its level's");
                s.m_depth[i] = uint16_t(d);
            }
        });
        break;
    }
    case SectionId::SliceHeight:
        r.needItems(m_counts[kHeights], 1);
        s.m_height.resizeUninitialized(m_counts[kHeights]);
        r.getArray(s.m_height.data(), m_counts[kHeights]);
        break;
    default: break;
    }
    r.expectEnd();
}

void SnapshotReader::instants(EventStore& s, ByteReader& r)
{
    const uint64_t n = m_counts[kInstants];
    r.needItems(n, 3);
    s.m_instTs.resizeUninitialized(n);
    s.m_instType.resizeUninitialized(n);
    s.m_instArgs.resizeUninitialized(n);
    r.deltas(s.m_instTs.data(), n, [](uint64_t v) { return checkedTime(v); });
    r.varints(s.m_instType.data(), n, [&](uint64_t v) {
        check(v < m_counts[kTypes], "an instant's type is out of range");
        return TypeId(uint32_t(v));
    });
    r.deltas(s.m_instArgs.data(), n, [&](uint64_t v) {
        check(v <= m_counts[kArgSets], "an instant's argument set is out of range");
        return ArgSetId(uint32_t(v - 1));
    });
    r.expectEnd();
    for (const TrackInfo& t : s.m_tracks)
        checkSorted(s.m_instTs, t.instants, std::less<TimeNs>(), "a track's instants are not sorted");
}

void SnapshotReader::counters(EventStore& s, ByteReader& r)
{
    const uint64_t n = m_counts[kCounters], samples = m_counts[kCounterSamples];
    r.needItems(n, 21);
    s.m_counters.resize(n);
    for (CounterSeries& c : s.m_counters) {
        c.process = idBelow<ProcessId>(r, m_counts[kProcesses], "process");
        c.name = idBelow<StringId>(r, m_counts[kStrings], "counter name");
        c.track = validBelow<TrackId>(r, m_counts[kTracks], "counter track");
        c.samples = rows(r, samples, "a counter's sample");
        c.minValue = r.get<double>();
        c.maxValue = r.get<double>();
    }
    r.needItems(samples, 9);
    s.m_ctrTs.resize(samples);
    s.m_ctrValue.resize(samples);
    r.deltas(s.m_ctrTs.data(), samples, [](uint64_t v) { return checkedTime(v); });
    r.shuffled(s.m_ctrValue.data(), samples);
    r.expectEnd();
    for (const CounterSeries& c : s.m_counters)
        checkSorted(s.m_ctrTs, c.samples, std::less<TimeNs>(), "a counter's samples are not sorted");
}

void SnapshotReader::flows(EventStore& s, ByteReader& r)
{
    const uint64_t n = m_counts[kFlows], slices = m_counts[kSlices];
    r.needItems(n, 5);
    s.m_flows.resize(n);
    r.deltas(s.m_flows.data(), n, [&](uint64_t v) {
        check(v < slices, "a flow's source is out of range");
        FlowEdge e;
        e.from = SliceRow(uint32_t(v));
        return e;
    });
    for (FlowEdge& e : s.m_flows) {
        const uint64_t to = uint64_t(e.from.v) + uint64_t(r.zigzag());
        check(to < slices, "a flow's destination is out of range");
        e.to = SliceRow(uint32_t(to));
        e.name = idBelow<StringId>(r, m_counts[kStrings], "flow name");
        e.category = idBelow<StringId>(r, m_counts[kStrings], "flow category");
    }
    s.m_flowsByTo.resize(n);
    std::vector<bool> seen(n, false);
    r.deltas(s.m_flowsByTo.data(), n, [&](uint64_t v) {
        check(v < n && !seen[v], "the flows' index by destination is not a permutation");
        seen[v] = true;
        return uint32_t(v);
    });
    r.expectEnd();
    auto byFrom = [](const FlowEdge& a, const FlowEdge& b) { return a.from != b.from ? a.from < b.from : a.to < b.to; };
    checkSorted(s.m_flows, RowRange { 0, uint32_t(n) }, byFrom, "the flows are not sorted by source");
    for (uint64_t i = 1; i < n; ++i)
        check(!(s.m_flows[s.m_flowsByTo[i]].to < s.m_flows[s.m_flowsByTo[i - 1]].to),
            "the flows' index is not sorted by destination");
}

void SnapshotReader::wholeTrace(EventStore& s, uint32_t id, ByteReader& r)
{
    auto text = [&r] { return r.string(); };
    switch (SectionId(id)) {
    case SectionId::Extent:
        s.m_extent.start = checkedTime(uint64_t(r.zigzag()));
        s.m_extent.end = checkedTime(uint64_t(r.zigzag()));
        break;
    case SectionId::Diagnostics: {
        const uint64_t kinds = r.varint();
        r.needItems(kinds, 2);
        for (uint64_t i = 0; i < kinds; ++i) {
            const std::string kind = text();
            check(!s.m_diagnostics.m_counts.count(kind), "a diagnostic is listed twice");
            s.m_diagnostics.m_counts[kind] = r.varint();
        }
        const uint64_t messages = r.varint();
        r.needItems(messages, 1);
        for (uint64_t i = 0; i < messages; ++i)
            s.m_diagnostics.m_messages.push_back(text());
        break;
    }
    case SectionId::Skipped: {
        std::string source = text(), unit = text(), shown = text();
        s.m_skipped.setSource(std::move(source), std::move(unit), std::move(shown));
        s.m_skipped.setTotal(r.varint());
        const uint64_t kinds = r.varint();
        r.needItems(kinds, 5);
        for (uint64_t i = 0; i < kinds; ++i) {
            const std::string key = text(), one = text(), many = text();
            const uint64_t count = r.varint();
            const bool skipped = flag(r);
            // add() merges a repeated key and drops a zero count: neither is in a written file.
            check(count > 0 && s.m_skipped.kinds().size() == i, "a skipped kind is empty or listed twice");
            s.m_skipped.add(key, one, many, count, skipped);
            check(s.m_skipped.kinds().size() == i + 1, "a skipped kind is listed twice");
        }
        break;
    }
    case SectionId::Metadata: {
        const uint64_t n = r.varint();
        r.needItems(n, 2);
        for (uint64_t i = 0; i < n; ++i) {
            std::string k = text();
            s.m_metadata.emplace_back(std::move(k), text());
        }
        break;
    }
    default: break;
    }
    r.expectEnd();
}

void SnapshotReader::memory(EventStore& s, ByteReader& r)
{
    const uint64_t spaces = m_counts[kMemorySpaces], regions = m_counts[kMemoryRegions], n = m_counts[kMemoryAccesses];
    const uint64_t strings = m_counts[kStrings], slices = m_counts[kSlices];
    MemoryAccessTable& m = s.m_memory;
    r.needItems(spaces, 6);
    for (uint64_t i = 0; i < spaces; ++i) {
        MemorySpace sp;
        sp.name = idBelow<StringId>(r, strings, "memory space name");
        const auto kind = r.get<uint8_t>();
        check(kind <= uint8_t(MemoryKind::Other), "a memory space has an unknown kind");
        sp.kind = MemoryKind(kind);
        sp.base = r.varint();
        sp.size = r.varint();
        sp.banks = u32(r.varint(), "a bank count");
        sp.lanes = u32(r.varint(), "a lane count");
        m.addSpace(sp);
    }
    r.needItems(regions, 7);
    for (uint64_t i = 0; i < regions; ++i) {
        MemoryRegion g;
        g.space = validBelow<MemorySpaceId>(r, spaces, "memory region space");
        g.address = r.varint();
        g.size = r.varint();
        g.label = idBelow<StringId>(r, strings, "region label");
        g.category = idBelow<StringId>(r, strings, "region category");
        g.alloc = r.zigzag();
        g.free = r.zigzag();
        m.addRegion(g);
    }
    r.needItems(n, 8);
    std::vector<MemoryAccess> rows(n);
    uint64_t prev = 0;
    for (MemoryAccess& a : rows)
        a.start = checkedTime(prev += uint64_t(r.zigzag()));
    for (MemoryAccess& a : rows) {
        const int64_t d = r.zigzag();
        check(d >= 0 && d <= kTimeLimit - a.start, "a memory access ends before it starts or out of range");
        a.end = a.start + d;
    }
    prev = 0;
    for (MemoryAccess& a : rows)
        a.address = prev += uint64_t(r.zigzag());
    for (MemoryAccess& a : rows)
        a.size = r.varint();
    prev = 0;
    for (MemoryAccess& a : rows) {
        prev += uint64_t(r.zigzag());
        check(prev <= slices, "a memory access's slice is out of range");
        a.slice = SliceRow(uint32_t(prev - 1));
    }
    for (MemoryAccess& a : rows) {
        const uint64_t space = r.varint();
        check(space <= UINT16_MAX, "a memory access's space is out of range");
        a.space = MemorySpaceId(uint32_t(space));
    }
    for (MemoryAccess& a : rows)
        a.lane = r.get<uint8_t>();
    for (MemoryAccess& a : rows)
        a.write = flag(r);
    r.expectEnd();
    // add() and finish() rebuild the banks and the per-space and by-slice indexes; rows
    // written in (space, start, address) order keep their order.
    for (const MemoryAccess& a : rows)
        m.add(a);
    m.finish();
}

} // namespace strata::store
