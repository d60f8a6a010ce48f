// The summary index as a kind of derived index (IndexRegistry): built after the first paint,
// in the same stage as the operator catalog, since the overview docks want both; a snapshot
// keeps it as "index.summary".
#include <analysis/indexkind.h>
#include <analysis/summary/summaryindex.h>

namespace strata::analysis {

IndexKind summaryIndexKind()
{
    return IndexKind::of<SummaryIndex>(
        "summary", IndexStage::AfterFirstPaint,
        [](const store::EventStore& s, const IndexSet&, const std::atomic<bool>*) {
            return std::make_shared<const SummaryIndex>(s);
        },
        [](const store::EventStore& s, const SummaryIndex& index) { return index.serialize(s); },
        [](const store::EventStore& s, std::string_view blob, std::string* why) {
            return SummaryIndex::restore(s, blob, why);
        });
}

} // namespace strata::analysis
