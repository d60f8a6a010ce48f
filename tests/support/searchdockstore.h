#pragma once
// The hand-made profile of the Search dock tests (times in ns):
//   "Engine": conv [100,150] > conv_inner [110,120]; matmul [200,230]; conv [400,420]
//             instant conv_mark @250
//   "DMA":    dma_copy [150,160] (bytes=2048, cat "dma"); conv [300,340]
// A substring search for "conv" finds 4 slices and the instant; in time order:
// conv@100, conv_inner@110, conv_mark@250, conv@300, conv@400.
#include <state/selection.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QString>

#include <memory>

namespace searchtest {

inline std::shared_ptr<const strata::store::EventStore> makeStore()
{
    using namespace strata::store;
    StoreBuilder b;
    const ProcessId p = b.process(IdValue::number(1));
    b.setProcessName(p, b.intern("NPU 0"));
    const uint32_t engine = b.thread(p, IdValue::number(1));
    b.setThreadName(engine, b.intern("Engine"));
    const uint32_t dma = b.thread(p, IdValue::number(2));
    b.setThreadName(dma, b.intern("DMA"));
    auto type = [&](const char* name, const char* cat = "op") { return b.type(b.intern(name), b.intern(cat)); };
    const Arg bytes[] = { Arg::makeInt(b.intern("bytes"), 2048) };
    b.completeSlice(engine, 100, 50, type("conv"), ArgSetId());
    b.completeSlice(engine, 110, 10, type("conv_inner"), ArgSetId());
    b.completeSlice(engine, 200, 30, type("matmul"), ArgSetId());
    b.completeSlice(engine, 400, 20, type("conv"), ArgSetId());
    b.threadInstant(engine, 250, type("conv_mark"), ArgSetId());
    b.completeSlice(dma, 150, 10, type("dma_copy", "dma"), b.argSet(bytes, 1));
    b.completeSlice(dma, 300, 40, type("conv"), ArgSetId());
    return StoreFinalizer::finalize(b);
}

// "name@ts" of an event, "-" for none.
inline QString describe(const strata::store::EventStore& s, strata::model::EventRef e)
{
    using strata::model::EventRef;
    if (e.kind == EventRef::Kind::Slice) {
        const strata::store::SliceRow r(e.row);
        return QStringLiteral("%1@%2")
            .arg(QString::fromStdString(std::string(s.str(s.sliceName(r)))))
            .arg(s.sliceTs(r));
    }
    if (e.kind == EventRef::Kind::Instant) {
        const strata::store::InstantRow r(e.row);
        const std::string_view n = s.str(s.types().get(s.instantType(r)).name);
        return QStringLiteral("%1@%2").arg(QString::fromStdString(std::string(n))).arg(s.instantTs(r));
    }
    return QStringLiteral("-");
}

} // namespace searchtest
