// The Search dock's index (slice names by type, in blocks) as a lazy kind of derived index
// (IndexRegistry): most sessions never search, so it is built by the first search, on that
// search's worker, and kept for the later ones (LazyIndexes).
#include <analysis/indexkind.h>
#include <analysis/search/searchindex.h>

namespace strata::analysis {

IndexKind searchIndexKind()
{
    return IndexKind::of<SearchIndex>("search", IndexStage::OnRequest,
        [](const store::EventStore& s, const IndexSet&, const std::atomic<bool>* cancel) {
            auto index = std::make_shared<SearchIndex>();
            return index->build(s, cancel) ? std::shared_ptr<const SearchIndex>(std::move(index)) : nullptr;
        });
}

} // namespace strata::analysis
