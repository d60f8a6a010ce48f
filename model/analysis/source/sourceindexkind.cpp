// The source index as a kind of derived index (IndexRegistry): built last, since only the
// code editor and the source links wait for it (they say "indexing…" meanwhile). Snapshots
// do not keep it: building it is quicker than the summary stage.
#include <analysis/indexkind.h>
#include <analysis/source/sourceindex.h>

namespace strata::analysis {

IndexKind sourceIndexKind()
{
    return IndexKind::of<SourceIndex>("source", IndexStage::Background,
        [](const store::EventStore& s, const IndexSet&, const std::atomic<bool>* cancel) {
            auto index = std::make_shared<SourceIndex>();
            return index->build(s, cancel) ? std::shared_ptr<const SourceIndex>(std::move(index)) : nullptr;
        });
}

} // namespace strata::analysis
