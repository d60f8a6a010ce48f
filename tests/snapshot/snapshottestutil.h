#pragma once
// Stores for the snapshot tests: a small one with something in every table (nested and
// overlapping slices, heights, instants of every scope, counters, async slices, flows,
// memory accesses, diagnostics, skipped content, metadata, args of every kind), and the
// helpers that edit a written snapshot's header while keeping its checksum right.
#include <support/storetestutil.h>

#include <snapshot/snapshotformat.h>
#include <store/storefinalizer.h>

#include <zlib.h>

#include <cstring>
#include <memory>
#include <vector>

namespace snapshottest {

using namespace strata::store;

inline std::shared_ptr<const EventStore> richStore()
{
    storetest::Builder b;
    StoreBuilder& sb = b.b;
    const uint32_t main = b.thread(1, "trainer", 1, "main");
    const ArgSetId a1 = b.args({ { "k", 1 }, { "s", "x" }, { "d", 2.5 } });
    const StringId flag = sb.intern("flag");
    const Arg extra[] = { Arg::makeBool(flag, true), Arg::makeUint(sb.intern("u"), ~uint64_t(0) - 1),
        Arg::makeNull(sb.intern("n")), Arg::makeInt(sb.intern("neg"), -12345678901ll) };
    const ArgSetId a2 = sb.argSet(extra, 4);
    const SliceHandle A = b.X(main, "A", "cat", 0, 100, a1);
    const SliceHandle A1 = b.X(main, "A1", "cat", 10, 30, a2);
    b.X(main, "A1a", 20, 10);
    b.X(main, "A2", 40, 50, a1);
    b.X(main, "B", 100, 50);
    const SliceHandle B1 = b.X(main, "B1", 100, 20);
    b.X(main, "C", 300, 0);
    sb.setSliceHeight(A, 0.5f);
    sb.setSliceHeight(B1, 0.25f);
    sb.setThreadHeightLegend(main, sb.intern("utilisation"), sb.intern("100 %"));
    const uint32_t t3 = b.thread(1, "trainer", 3, "worker");
    const SliceHandle D = b.X(t3, "D", 50, 10);
    b.X(t3, "D2", 55, 15); // partial overlap: an overflow lane
    sb.setThreadSortIndex(t3, -2);
    sb.setThreadRole(t3, TrackRole::Device);
    const ProcessId p1 = sb.process(IdValue::number(1));
    sb.setProcessLabels(p1, sb.intern("label"));
    sb.setProcessSortIndex(p1, 7);
    sb.threadInstant(main, 5, b.type("tick"), a1);
    sb.threadInstant(main, 5, b.type("tick2"), {});
    sb.processInstant(p1, 70, b.type("pinst"), {});
    sb.globalInstant(500, b.type("sync"), a2);
    for (int i = 0; i < 5; ++i)
        sb.counter(p1, sb.intern("mem"), 10 * i, i % 2 ? 1e300 : -0.125 * i);
    sb.counter(p1, sb.intern("util"), 3, 0.5);
    const ProcessId p3 = sb.process(IdValue::number(3));
    sb.asyncBegin(p3, 42, 4000, b.type("req"), a1);
    sb.asyncEnd(p3, 42, 4500, StringId(), nullptr, 0);
    const ProcessId gpu = sb.process(IdValue::string(sb.intern("gpu0")));
    const uint32_t stream = sb.thread(gpu, IdValue::string(sb.intern("stream 7")));
    const SliceHandle F = b.X(stream, "F", "kernel", 3000, 100);
    const StringId fname = sb.intern("fl"), fcat = sb.intern("fc");
    sb.flowV2(A1, 1, false, true, fname, fcat);
    sb.flowV2(D, 1, true, false, fname, fcat);
    sb.flowV2(B1, 2, false, true, fname, fcat);
    sb.flowV2(F, 2, true, false, fname, fcat);
    sb.flowV2(A1, 3, false, true, fname, fcat);
    sb.flowV2(F, 3, true, false, fname, fcat);

    const MemorySpaceId ls = b.localMemory(0x4000, 2);
    MemorySpace global;
    global.name = sb.intern("GLOBAL MEM");
    global.kind = MemoryKind::Global;
    const MemorySpaceId gs = sb.addMemorySpace(global);
    MemoryRegion region;
    region.space = gs;
    region.address = 1ull << 40;
    region.size = 4096;
    region.label = sb.intern("weights");
    region.category = sb.intern("Coeff");
    sb.addMemoryRegion(region);
    region.alloc = 10;
    region.free = 90;
    region.address = 1ull << 39;
    sb.addMemoryRegion(region);
    for (int i = 0; i < 6; ++i) {
        MemoryAccess m;
        m.start = 100 - 10 * i;
        m.end = m.start + 5 + i;
        m.address = (i % 2 ? 0x1000 + 0x800 * i : (1ull << 40) + 64 * i);
        m.size = 64 * (i + 1);
        m.space = i % 2 ? ls : gs;
        m.write = i % 3 == 0;
        m.lane = uint8_t(i % 2);
        sb.memoryAccess(i < 4 ? A1 : SliceHandle(), m);
    }
    sb.diagnostics().report("overlap", "at byte 12");
    sb.diagnostics().count("unknown_phase", 3);
    sb.skipped().setSource("Chrome JSON trace", "events", "slices");
    sb.skipped().setTotal(99);
    sb.skipped().add("ph:P", "sample", "samples", 4);
    sb.skipped().add("ph:M", "metadata event", "metadata events", 2, false);
    sb.addMetadata("model", "resnet");
    sb.addMetadata("empty", "");
    return StoreFinalizer::finalize(sb);
}

// Rewrites the header's checksum after a test changed the header or directory.
inline void fixHeaderCrc(std::vector<uint8_t>& file)
{
    using namespace strata::store::snapshot;
    FileHeader h;
    std::memcpy(&h, file.data(), sizeof h);
    h.headerCrc = 0;
    std::memcpy(file.data(), &h, sizeof h);
    const size_t head = sizeof h + h.fingerprintBytes + size_t(h.sectionCount) * sizeof(DirectoryEntry);
    h.headerCrc = uint32_t(crc32(crc32(0L, Z_NULL, 0), file.data(), uInt(head)));
    std::memcpy(file.data(), &h, sizeof h);
}

inline std::vector<strata::store::snapshot::DirectoryEntry> directory(const std::vector<uint8_t>& file)
{
    using namespace strata::store::snapshot;
    FileHeader h;
    std::memcpy(&h, file.data(), sizeof h);
    std::vector<DirectoryEntry> dir(h.sectionCount);
    std::memcpy(dir.data(), file.data() + sizeof h + h.fingerprintBytes, dir.size() * sizeof(DirectoryEntry));
    return dir;
}

} // namespace snapshottest
