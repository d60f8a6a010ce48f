// The time breakdown's index as a kind of derived index (IndexRegistry): built in the
// background stage, after the operator catalog, whose kernel launches decide the host-wait
// gaps. Snapshots do not keep it: it is one pass over the device tracks' rows.
#include <analysis/breakdown/breakdownindex.h>
#include <analysis/indexkind.h>
#include <analysis/operators/launchindex.h>
#include <analysis/operators/operatorcatalog.h>

namespace strata::analysis {

IndexKind breakdownIndexKind()
{
    return IndexKind::of<BreakdownIndex>("breakdown", IndexStage::Background,
        [](const store::EventStore& s, const IndexSet& built,
            const std::atomic<bool>* cancel) -> std::shared_ptr<const BreakdownIndex> {
            const std::shared_ptr<const OperatorCatalog> catalog = built.get<OperatorCatalog>();
            std::shared_ptr<const BreakdownIndex> index;
            if (catalog) {
                index = std::make_shared<const BreakdownIndex>(
                    s, &catalog->launches(), BreakdownIndex::kDefaultThresholdNs, cancel);
            } else { // asked for on its own: find the launches here
                const LaunchIndex launches(s, cancel);
                index
                    = std::make_shared<const BreakdownIndex>(s, &launches, BreakdownIndex::kDefaultThresholdNs, cancel);
            }
            return cancel && cancel->load() ? nullptr : index;
        });
}

} // namespace strata::analysis
