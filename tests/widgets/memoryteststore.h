#pragma once
// A small store with memory accesses for the Memory dock tests: a GDMA thread (3 slices)
// and a TIU thread (2 slices); LOCAL MEM (256 KiB, 16 banks, 64 lanes) and GLOBAL MEM with
// three allocated regions (Coeff, Runtime, Tensor) and one access outside them.
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <memory>

namespace memorytest {

using namespace strata::store;

constexpr uint64_t kGlobal = 0x100000000ull;

struct TestStore {
    std::shared_ptr<const EventStore> store;
    MemorySpaceId local, global;
    SliceRow load, store1, compute; // a GDMA load, a GDMA store, a TIU command
};

inline TestStore make(bool withAccesses = true)
{
    StoreBuilder b;
    const ProcessId p = b.process(IdValue::number(1));
    const uint32_t gdma = b.thread(p, IdValue::number(1)), tiu = b.thread(p, IdValue::number(2));
    b.setThreadName(gdma, b.intern("GDMA"));
    b.setThreadName(tiu, b.intern("TIU"));
    auto type = [&](const char* n) { return b.type(b.intern(n), b.intern("c")); };
    const SliceHandle load = b.completeSlice(gdma, 100, 100, type("load"), {});
    const SliceHandle store = b.completeSlice(gdma, 500, 200, type("store"), {});
    b.completeSlice(gdma, 800, 100, type("idle"), {});
    const SliceHandle compute = b.completeSlice(tiu, 250, 200, type("conv"), {});
    b.completeSlice(tiu, 0, 1000, type("frame"), {}); // encloses compute: rows differ from arrival
    TestStore t;
    if (withAccesses) {
        MemorySpace l;
        l.name = b.intern("LOCAL MEM");
        l.kind = MemoryKind::Local;
        l.size = 256 * 1024;
        l.banks = 16;
        l.lanes = 64;
        t.local = b.addMemorySpace(l);
        MemorySpace g;
        g.name = b.intern("GLOBAL MEM");
        g.kind = MemoryKind::Global;
        t.global = b.addMemorySpace(g);
        auto region = [&](uint64_t at, uint64_t size, const char* label, const char* cat) {
            MemoryRegion r;
            r.space = t.global;
            r.address = at;
            r.size = size;
            r.label = b.intern(label);
            r.category = b.intern(cat);
            b.addMemoryRegion(r);
        };
        region(kGlobal, 0x10000, "coeff", "Coeff");
        region(kGlobal + 0x10000, 0x20000, "runtime", "Runtime");
        region(kGlobal + 0x30000, 0x8000, "tensor", "Tensor");
        auto access = [&](SliceHandle h, MemorySpaceId s, TimeNs t0, TimeNs t1, uint64_t a, uint64_t n, bool w) {
            b.memoryAccess(h, MemoryAccess { t0, t1, a, n, s, w, 0, SliceRow() });
        };
        access(load, t.global, 100, 200, kGlobal + 0x30000, 0x4000, false); // read the tensor
        access(load, t.local, 100, 200, 0x0, 0x4000, true); // into bank 0
        access(compute, t.local, 250, 450, 0x0, 0x4000, false); // read bank 0
        access(compute, t.local, 250, 450, 0x8000, 0x8000, true); // write banks 2–3
        access(store, t.local, 500, 700, 0x8000, 0x8000, false);
        access(store, t.global, 500, 700, kGlobal + 0x900000, 0x1000, true); // outside every region
    }
    t.store = StoreFinalizer::finalize(b);
    auto find = [&](const char* name) {
        for (uint32_t r = 0; r < t.store->sliceCount(); ++r)
            if (t.store->str(t.store->sliceName(SliceRow(r))) == name)
                return SliceRow(r);
        return SliceRow();
    };
    t.load = find("load");
    t.store1 = find("store");
    t.compute = find("conv");
    return t;
}

} // namespace memorytest
