#pragma once
// Restores the derived indexes a snapshot carries (IndexAttachments) and runs their queries
// over the whole store: the mutation test and the snapshot fuzz target call this on every
// snapshot that reads, so a damaged index blob that passed the checks is still walked under
// the sanitizers.
#include <analysis/indexes/indexattachments.h>
#include <analysis/operators/operatorcatalog.h>
#include <analysis/summary/summaryindex.h>
#include <analysis/timeline/lodindex.h>

#include <map>
#include <string>

namespace snapshottest {

// Returns how many indexes were restored (the others were absent or refused).
inline int walkIndexes(const strata::store::EventStore& s, const std::map<std::string, std::string>& attachments)
{
    using namespace strata;
    const analysis::IndexAttachments::Restored restored = analysis::IndexAttachments::decode(s, attachments);
    const struct {
        std::shared_ptr<const analysis::LodIndex> lod;
        std::shared_ptr<const analysis::SummaryIndex> summary;
        std::shared_ptr<const analysis::OperatorCatalog> catalog;
    } r { restored.indexes.get<analysis::LodIndex>(), restored.indexes.get<analysis::SummaryIndex>(),
        restored.indexes.get<analysis::OperatorCatalog>() };
    double sink = 0;
    if (r.lod) {
        for (uint32_t t = 0; t < s.trackCount(); ++t) {
            sink += r.lod->busy(store::TrackId(t)).size();
            for (uint32_t d = 0; d < s.levelCount(store::TrackId(t)); ++d) {
                const store::RowRange rows = s.level(store::TrackId(t), d);
                sink += r.lod->longest(rows.begin, rows.end).v;
                for (const double nsPerPx : { 1.0, 1e3, 1e9 })
                    r.lod->foldLevel(rows.begin, rows.end, s.extent().start, nsPerPx,
                        [&](const analysis::LodIndex::Span& span) { sink += span.x0 + span.row + span.type.v; });
            }
        }
        double lo = 0, hi = 0;
        if (r.lod->counterMinMax(0, uint32_t(s.counterSampleCount()), &lo, &hi))
            sink += lo + hi;
        for (uint32_t c = 0; c < s.counterCount(); ++c) {
            const store::RowRange rows = s.counter(store::CounterId(c)).samples;
            sink += r.lod->counterFirstAtOrAfter(rows.begin, rows.end, s.extent().start + s.extent().duration() / 2);
        }
    }
    if (r.summary) {
        for (uint32_t t = 0; t < s.trackCount(); ++t)
            sink += double(r.summary->slices(s, store::TrackId(t), s.extent()).events);
        for (uint32_t c = 0; c < s.counterCount(); ++c)
            sink += r.summary->counter(s, store::CounterId(c), s.extent()).mean;
    }
    volatile double keep = sink; // the walk must not be optimised away
    (void)keep;
    if (r.catalog)
        for (uint32_t row = 0; row < s.sliceCount(); ++row)
            for (int l = 0; l < analysis::kOperatorLevelCount; ++l) {
                const store::SliceRow x(row);
                sink += r.catalog->key(static_cast<analysis::OperatorLevel>(l), x, s.sliceType(x), s.sliceArgs(x));
                sink += r.catalog->metrics(s.sliceArgs(x)).bytes;
            }
    return int(r.lod != nullptr) + int(r.summary != nullptr) + int(r.catalog != nullptr);
}

} // namespace snapshottest
