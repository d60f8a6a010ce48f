#pragma once
// The job tests' stores, made by hand, in two ways:
// - a job's merged store written directly, for the tests of what reads one (JobAligner,
//   JobIndex, the Ranks dock) without the loader: each rank's events are written by a
//   function of the rank, in a process block of its own (pids 1000 (r + 1) and up, so
//   processes sort in rank order), and the store carries the JobLayout metadata entries a
//   merge writes; the same function writes one rank alone, for the store that rank's own file
//   would give (merged(), single());
// - small rank stores with something in every table, merged by StoreMerger, for the tests of
//   the merge and of job snapshots (rankStore(), mergeRanks()), with a text of one rank's
//   content that does not depend on where the rank's rows and ids lie, so a rank's source and
//   its block of the merged store compare equal as text (sourceText(), mergedRankText()).
#include <support/storetestutil.h>

#include <store/eventstore.h>
#include <store/joblayout.h>
#include <store/storefinalizer.h>
#include <store/storemerger.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace jobtest {

using namespace strata::store;

// Writes rank r's events; pid(r, k) is its k-th process id.
using RankFill = std::function<void(storetest::Builder& b, int rank)>;

inline int64_t pid(int rank, int k)
{
    return 1000 * (int64_t(rank) + 1) + k;
}

// A job of three ranks to test with. Rank r: two steps (the second 1000 + 100 r ns), a gemm
// and two all-reduces on stream 7, rank 2 arriving last (60 ns after rank 0, 40 after rank
// 1); rank 1 also runs a gemm on stream 8 under its first all-reduce.
inline void plantedStraggler(storetest::Builder& s, int r)
{
    const uint32_t host = s.thread(pid(r, 0), "python", 1, "main");
    const uint32_t stream = s.thread(pid(r, 1), "python", 7, "stream 7");
    s.X(host, "ProfilerStep#1", "user_annotation", 0, 1000);
    s.X(host, "ProfilerStep#2", "user_annotation", 1000, 1000 + 100 * r);
    s.X(stream, "gemm", "kernel", 100, 200 + 50 * r);
    const TimeNs arrival = r == 2 ? 60 : 20 * r;
    s.X(stream, "ncclKernel_AllReduce", "kernel", 400 + arrival, 400 - arrival);
    s.X(stream, "ncclKernel_AllReduce", "kernel", 1400 + arrival, 400 - arrival);
    if (r == 1)
        s.X(s.thread(pid(r, 1), "python", 8, "stream 8"), "gemm", "kernel", 500, 100);
}

// The layout of a store written by fill for `ranks` ranks, from which process each track is in.
inline JobLayout layoutOf(const EventStore& s, int ranks, const std::vector<TimeNs>& offsets)
{
    std::vector<JobRank> out(static_cast<size_t>(ranks), JobRank());
    for (int r = 0; r < ranks; ++r) {
        out[size_t(r)].rank = r;
        out[size_t(r)].file = "/job/rank-" + std::to_string(r) + ".json";
        out[size_t(r)].offsetNs = r < int(offsets.size()) ? offsets[size_t(r)] : 0;
        out[size_t(r)].processBegin = uint32_t(s.processCount());
        out[size_t(r)].trackBegin = uint32_t(s.trackCount());
    }
    for (uint32_t p = 0; p < s.processCount(); ++p) {
        JobRank& r = out[size_t(s.process(ProcessId(p)).pid.num / 1000 - 1)];
        r.processBegin = std::min(r.processBegin, p);
        ++r.processCount;
    }
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        const TrackInfo& info = s.track(TrackId(t));
        if (!info.process.valid())
            continue; // the global instants belong to no rank
        JobRank& r = out[size_t(s.process(info.process).pid.num / 1000 - 1)];
        r.trackBegin = std::min(r.trackBegin, t);
        ++r.trackCount;
    }
    JobLayout layout;
    layout.setRanks(std::move(out));
    return layout;
}

// The job of `ranks` ranks in one store, with its layout (alignment and offsets as given).
inline std::shared_ptr<const EventStore> merged(
    const RankFill& fill, int ranks, const std::string& alignment = "recorded", const std::vector<TimeNs>& offsets = {})
{
    storetest::Builder first;
    for (int r = 0; r < ranks; ++r)
        fill(first, r);
    const JobLayout shape = layoutOf(*StoreFinalizer::finalize(first.b), ranks, offsets);
    storetest::Builder b;
    for (int r = 0; r < ranks; ++r)
        fill(b, r);
    JobLayout layout = shape;
    layout.setAlignment(alignment);
    for (const auto& [key, value] : layout.metadataEntries())
        b.b.addMetadata(key, value);
    return StoreFinalizer::finalize(b.b);
}

// Rank r alone, as its own file would load.
inline std::shared_ptr<const EventStore> single(const RankFill& fill, int rank)
{
    storetest::Builder b;
    fill(b, rank);
    return StoreFinalizer::finalize(b.b);
}

using Store = std::shared_ptr<const EventStore>;

// Rank stores by kind:
//   0 "rich": pid 100 "trainer" (threads main and a device worker, nested and overlapping
//     slices, args with strings, thread/process/global instants, a counter, an async slice,
//     flows, memory accesses with and without a space or slice), metadata, diagnostics,
//     skipped content;
//   1 "heights": unnamed pid 100 again (ranks share pids), slices of rank 0's types with bar
//     heights, global instants before and at rank 0's, other diagnostics;
//   2 "empty": no events at all;
//   3 "gpu": string pid "gpu0", unnamed, a stream with a flow, no global instants.
// `at` moves every time of the rank (its clock's start).
inline Store rankStore(int kind, TimeNs at = 0)
{
    storetest::Builder b;
    StoreBuilder& sb = b.b;
    if (kind == 0) {
        const uint32_t main = b.thread(100, "trainer", 1, "main");
        const ProcessId p = sb.process(IdValue::number(100));
        const ArgSetId a1 = b.args({ { "k", 1 }, { "s", "x" } });
        b.X(main, "A", "op", at + 0, 100, a1);
        const SliceHandle A1 = b.X(main, "A1", "op", at + 10, 30);
        b.X(main, "B", "op", at + 100, 50);
        b.X(main, "C", "op", at + 120, 50); // overlaps B partly: an overflow lane
        const uint32_t worker = b.thread(100, "trainer", 2, "worker");
        sb.setThreadRole(worker, TrackRole::Device);
        const SliceHandle D = b.X(worker, "D", "kernel", at + 50, 10, b.args({ { "grid", "1x1" } }));
        sb.threadInstant(main, at + 5, b.type("tick"), a1);
        sb.processInstant(p, at + 70, b.type("pinst"), {});
        sb.globalInstant(at + 500, b.type("sync"), b.args({ { "step", 1 } }));
        for (int i = 0; i < 3; ++i)
            sb.counter(p, sb.intern("mem"), at + 10 * i, 1.5 * i);
        sb.asyncBegin(p, 42, at + 40, b.type("req"), {});
        sb.asyncEnd(p, 42, at + 60, StringId(), nullptr, 0);
        const StringId fl = sb.intern("fl"), fc = sb.intern("fc");
        sb.flowV2(A1, 1, false, true, fl, fc);
        sb.flowV2(D, 1, true, false, fl, fc);
        const MemorySpaceId ls = b.localMemory(0x1000);
        MemoryRegion region;
        region.space = ls;
        region.address = 0x1000;
        region.size = 256;
        region.label = sb.intern("weights");
        region.alloc = at + 10;
        region.free = at + 90;
        sb.addMemoryRegion(region);
        region.alloc = kTimeMin; // held for the whole run
        region.free = kTimeMax;
        region.address = 0x1800;
        sb.addMemoryRegion(region);
        for (int i = 0; i < 3; ++i) {
            MemoryAccess m;
            m.start = at + 30 - 10 * i;
            m.end = m.start + 5;
            m.address = 0x1000 + 0x100 * uint64_t(i);
            m.size = 64;
            m.space = i == 2 ? MemorySpaceId() : ls;
            m.write = i == 1;
            sb.memoryAccess(i == 1 ? SliceHandle() : i == 2 ? D : A1, m);
        }
        sb.addMetadata("model", "resnet");
        sb.diagnostics().report("overlap", "at byte 12");
        sb.diagnostics().count("unknown_phase", 2);
        sb.skipped().setSource("Chrome JSON trace", "events", "slices");
        sb.skipped().setTotal(10);
        sb.skipped().add("ph:P", "sample", "samples", 4);
    } else if (kind == 1) {
        const ProcessId p = sb.process(IdValue::number(100));
        const uint32_t main = sb.thread(p, IdValue::number(1));
        const SliceHandle A = b.X(main, "A", "op", at + 1000, 50);
        b.X(main, "E", "op", at + 1100, 10);
        sb.setSliceHeight(A, 0.5f);
        sb.globalInstant(at + 300, b.type("sync"), {});
        sb.globalInstant(at + 500, b.type("sync"), {});
        sb.addMetadata("model", "resnet");
        sb.diagnostics().count("unknown_phase", 3);
        sb.skipped().setTotal(5);
        sb.skipped().add("ph:P", "sample", "samples", 1);
        sb.skipped().add("ph:M", "metadata event", "metadata events", 2, false);
    } else if (kind == 3) {
        const ProcessId gpu = sb.process(IdValue::string(sb.intern("gpu0")));
        const uint32_t stream = sb.thread(gpu, IdValue::string(sb.intern("stream 7")));
        const SliceHandle F = b.X(stream, "F", "kernel", at + 3000, 100);
        const SliceHandle G = b.X(stream, "G", "kernel", at + 3200, 100);
        const StringId fl = sb.intern("fl");
        sb.flowV2(F, 9, false, true, fl, StringId());
        sb.flowV2(G, 9, true, false, fl, StringId());
    }
    return StoreFinalizer::finalize(sb);
}

inline QString argsText(const EventStore& s, ArgSetId set)
{
    QStringList out;
    for (const Arg& a : s.args().get(set)) {
        double v = 0;
        out << storetest::qs(s.str(a.key)) + "="
                + (a.kind == ArgKind::String ? storetest::qs(s.str(a.stringValue()))
                        : a.number(&v)       ? QString::number(v)
                                             : QString("null"));
    }
    return out.join(',');
}

// A memory space's name without the "rank R · " a merged store gives it.
inline QString spaceName(const EventStore& s, MemorySpaceId id)
{
    const QString name = storetest::qs(s.str(s.memoryAccesses().space(id).name));
    const int dot = name.indexOf(QString::fromUtf8(" \u00b7 "));
    return name.startsWith("rank ") && dot > 0 ? name.mid(dot + 3) : name;
}

// Everything of tracks [begin, end) and of the memory spaces named by `spaces` (and the
// accesses of no space whose slice is on those tracks), one line each, with every time
// minus `shift`; rows are told relative to their track and tracks by label, so the text does
// not depend on where a rank lies in a store.
inline QString rankText(
    const EventStore& s, uint32_t begin, uint32_t end, const std::vector<uint32_t>& spaces, TimeNs shift = 0)
{
    using storetest::qs;
    QStringList out;
    auto rel = [&](SliceRow r) {
        const TrackId t = s.sliceTrack(r);
        return QString("%1/%2").arg(qs(s.trackLabel(t))).arg(r.v - s.track(t).slices.begin);
    };
    auto time = [&](TimeNs t) { return QString::number(t - shift); };
    for (uint32_t t = begin; t < end; ++t) {
        const TrackId id(t);
        const TrackInfo& tr = s.track(id);
        out << QString("track %1 %2 %3 pid %4 levels %5 height %6/%7")
                   .arg(qs(s.trackLabel(id)), trackKindName(tr.kind), trackRoleName(tr.role),
                       tr.process.valid() ? storetest::idText(s, s.process(tr.process).pid) : QString("-"))
                   .arg(tr.levelCount)
                   .arg(qs(s.str(tr.heightMeaning)), qs(s.str(tr.heightFull)));
        for (uint32_t d = 0; d < tr.levelCount; ++d) {
            const RowRange lv = s.level(id, d);
            for (uint32_t i = lv.begin; i < lv.end; ++i) {
                const SliceRow r(i);
                QString line = QString("  slice %1 %2@%3+%4 depth %5 height %6 args %7")
                                   .arg(rel(r), qs(s.str(s.sliceName(r))), time(s.sliceTs(r)))
                                   .arg(s.sliceDur(r))
                                   .arg(s.sliceDepth(r))
                                   .arg(double(s.sliceHeight(r)))
                                   .arg(argsText(s, s.sliceArgs(r)));
                if (s.sliceParent(r).valid())
                    line += " parent " + rel(s.sliceParent(r));
                for (FlowId f : s.flowsOut(r))
                    line += " flow>" + rel(s.flow(f).to) + " " + qs(s.str(s.flow(f).name));
                line += QString(" flowsIn %1").arg(s.flowsIn(r).size());
                out << line;
            }
        }
        for (uint32_t i = tr.instants.begin; i < tr.instants.end; ++i)
            out << QString("  instant %1 %2 %3")
                       .arg(time(s.instantTs(InstantRow(i))),
                           qs(s.str(s.types().get(s.instantType(InstantRow(i))).name)),
                           argsText(s, s.instantArgs(InstantRow(i))));
        if (tr.kind == TrackKind::Counter) {
            const CounterSeries& c = s.counter(tr.counter);
            QString line
                = QString("  counter %1 min %2 max %3:").arg(qs(s.str(c.name))).arg(c.minValue).arg(c.maxValue);
            for (uint32_t i = c.samples.begin; i < c.samples.end; ++i)
                line += QString(" %1=%2").arg(time(s.counterTs(i))).arg(s.counterValue(i));
            out << line;
        }
    }
    const MemoryAccessTable& m = s.memoryAccesses();
    for (uint32_t sp : spaces) {
        const MemorySpace& space = m.space(MemorySpaceId(sp));
        out << QString("space %1 base %2 size %3 banks %4")
                   .arg(spaceName(s, MemorySpaceId(sp)))
                   .arg(space.base)
                   .arg(space.size)
                   .arg(space.banks);
        for (const MemoryRegion& g : m.regions())
            if (g.space.v == sp)
                out << QString("  region %1 %2 %3 %4")
                           .arg(g.address)
                           .arg(qs(s.str(g.label)))
                           .arg(g.alloc == kTimeMin ? QString("min") : time(g.alloc))
                           .arg(g.free == kTimeMax ? QString("max") : time(g.free));
    }
    for (uint32_t i = 0; i < m.size(); ++i) {
        const MemorySpaceId sp = m.spaceOf(i);
        const bool mine = sp.v < m.spaceCount()
            ? std::find(spaces.begin(), spaces.end(), sp.v) != spaces.end()
            : m.slice(i).valid() && s.sliceTrack(m.slice(i)).v >= begin && s.sliceTrack(m.slice(i)).v < end;
        if (mine)
            out << QString("access %1-%2 %3+%4 %5 write %6 bank %7 slice %8")
                       .arg(time(m.start(i)), time(m.end(i)))
                       .arg(m.address(i))
                       .arg(m.bytes(i))
                       .arg(sp.v < m.spaceCount() ? spaceName(s, sp) : QString("-"))
                       .arg(m.isWrite(i))
                       .arg(m.bank(i))
                       .arg(m.slice(i).valid() ? rel(m.slice(i)) : QString("-"));
    }
    return out.join('\n');
}

// A source rank's text: every track but its global instant track, every memory space.
inline QString sourceText(const EventStore& s, TimeNs shift = 0)
{
    const uint32_t first = s.trackCount() && s.track(TrackId(0)).kind == TrackKind::GlobalInstants ? 1 : 0;
    std::vector<uint32_t> spaces(s.memoryAccesses().spaceCount());
    for (uint32_t i = 0; i < spaces.size(); ++i)
        spaces[i] = i;
    return rankText(s, first, uint32_t(s.trackCount()), spaces, shift);
}

// Rank r's text in a merged store: its track block and the spaces named "rank R · ".
inline QString mergedRankText(const EventStore& s, const JobRank& r)
{
    std::vector<uint32_t> spaces;
    const QString prefix = QString("rank %1 ").arg(r.rank) + QString::fromUtf8("\u00b7 ");
    for (uint32_t i = 0; i < s.memoryAccesses().spaceCount(); ++i)
        if (storetest::qs(s.str(s.memoryAccesses().space(MemorySpaceId(i)).name)).startsWith(prefix))
            spaces.push_back(i);
    return rankText(s, r.trackBegin, r.trackBegin + r.trackCount, spaces);
}

// Ranks `kinds` (rank numbers 0, 1, ...; rank i's times start at starts[i] when given)
// merged into one store.
inline std::unique_ptr<EventStore> mergeRanks(const std::vector<int>& kinds, const std::vector<TimeNs>& starts = {})
{
    StoreMerger merger;
    for (size_t i = 0; i < kinds.size(); ++i)
        merger.append(int64_t(i), "rank" + std::to_string(i) + ".json", false,
            rankStore(kinds[i], i < starts.size() ? starts[i] : 0));
    return merger.finish();
}

} // namespace jobtest
