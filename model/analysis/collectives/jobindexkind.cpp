// The collectives of a job's merged store as a kind of derived index (IndexRegistry): built
// in the background stage after the time breakdown's index, whose unions give each rank's
// breakdown, with the operator catalog's launch links for Holistic Trace Analysis's metric.
// Snapshots do not keep it: a job's snapshot restores the merged store with its JobLayout,
// and this index is rebuilt from them in one pass over the ranks' device and step rows.
#include <analysis/breakdown/breakdownindex.h>
#include <analysis/collectives/jobindex.h>
#include <analysis/indexkind.h>
#include <analysis/operators/operatorcatalog.h>

namespace strata::analysis {

IndexKind jobIndexKind()
{
    return IndexKind::of<JobIndex>("job", IndexStage::Background,
        [](const store::EventStore& s, const IndexSet& built,
            const std::atomic<bool>* cancel) -> std::shared_ptr<const JobIndex> {
            const std::shared_ptr<const OperatorCatalog> catalog = built.get<OperatorCatalog>();
            const std::shared_ptr<const BreakdownIndex> breakdown = built.get<BreakdownIndex>();
            std::shared_ptr<const JobIndex> index
                = JobIndex::build(s, catalog ? &catalog->launches() : nullptr, breakdown.get(), cancel);
            return cancel && cancel->load() ? nullptr : index;
        });
}

} // namespace strata::analysis
