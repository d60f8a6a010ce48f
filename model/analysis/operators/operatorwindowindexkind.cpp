// The operator window index at op level and the catalog's default scope (what the marker
// pair metrics of the annotations dock ask) as a lazy kind of derived index (IndexRegistry):
// built by the first request on its worker, from the catalog, and kept for the later ones.
#include <analysis/indexkind.h>
#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatorcatalog.h>
#include <analysis/operators/operatorwindowindex.h>

namespace strata::analysis {

IndexKind operatorWindowIndexKind()
{
    return IndexKind::of<OperatorWindowIndex>("operatorwindow", IndexStage::OnRequest,
        [](const store::EventStore& s, const IndexSet& built,
            const std::atomic<bool>* cancel) -> std::shared_ptr<const OperatorWindowIndex> {
            const std::shared_ptr<const OperatorCatalog> catalog = built.get<OperatorCatalog>();
            if (!catalog)
                return nullptr;
            auto index = std::make_shared<const OperatorWindowIndex>(
                s, *catalog, OperatorLevel::Op, OperatorAggregator::defaultScope(*catalog), cancel);
            return index->built() ? index : nullptr;
        });
}

} // namespace strata::analysis
