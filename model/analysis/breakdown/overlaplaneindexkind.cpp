// The overlap lane's index as a kind of derived index (IndexRegistry): built in the
// background stage right after the time breakdown's index, whose per-device unions it
// merges. Snapshots do not keep it: it is one pass over those unions.
#include <analysis/breakdown/breakdownindex.h>
#include <analysis/breakdown/overlaplaneindex.h>
#include <analysis/indexkind.h>

namespace strata::analysis {

IndexKind overlapLaneIndexKind()
{
    return IndexKind::of<OverlapLaneIndex>("overlaplane", IndexStage::Background,
        [](const store::EventStore& s, const IndexSet& built,
            const std::atomic<bool>* cancel) -> std::shared_ptr<const OverlapLaneIndex> {
            std::shared_ptr<const BreakdownIndex> breakdown = built.get<BreakdownIndex>();
            if (!breakdown) // asked for on its own: the unions without the launches, which only idle causes read
                breakdown
                    = std::make_shared<const BreakdownIndex>(s, nullptr, BreakdownIndex::kDefaultThresholdNs, cancel);
            if (cancel && cancel->load())
                return nullptr;
            return std::make_shared<const OverlapLaneIndex>(*breakdown);
        });
}

} // namespace strata::analysis
