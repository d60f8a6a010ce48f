// The timeline's level-of-detail index as a kind of derived index (IndexRegistry): the first
// paint of a big profile waits for it, so it is built first, at interactive priority, and on
// the spot for a small store; a snapshot keeps it as "index.lod".
#include <analysis/indexkind.h>
#include <analysis/timeline/lodindex.h>

namespace strata::analysis {

IndexKind lodIndexKind()
{
    IndexKind kind = IndexKind::of<LodIndex>(
        "lod", IndexStage::FirstPaint,
        [](const store::EventStore& s, const IndexSet&, const std::atomic<bool>*) {
            return std::make_shared<const LodIndex>(s);
        },
        [](const store::EventStore&, const LodIndex& index) { return index.serialize(); },
        [](const store::EventStore& s, std::string_view blob, std::string* why) {
            return LodIndex::restore(s, blob, why);
        });
    // The index points into the store it was built for: another store's must be rebuilt.
    kind.fitting<LodIndex>([](const store::EventStore& s, const LodIndex& index) { return &index.store() == &s; });
    // Building it for 200 k rows takes a few milliseconds: not worth a worker and a repaint.
    kind.inlineBelowRows = 200000;
    return kind;
}

} // namespace strata::analysis
