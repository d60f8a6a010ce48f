#include "defaultlevel.h"

#include "operatoraggregator.h"
#include "operatorcatalog.h"

namespace strata::analysis {

namespace {

constexpr OperatorLevel kOrder[] = { OperatorLevel::Framework, OperatorLevel::Op, OperatorLevel::Command };

// Time of the default scope's depth-0 slices, and of those without a key at each level of kOrder.
struct Shares {
    double total = 0;
    double none[3] = { 0, 0, 0 };
};

Shares measure(const store::EventStore& store, const OperatorCatalog& catalog)
{
    Shares s;
    const OperatorScope scope = OperatorAggregator::defaultScope(catalog);
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        const store::TrackId track(t);
        if (store.levelCount(track) == 0 || !OperatorAggregator::inScope(store, catalog, track, scope))
            continue;
        const store::RowRange lv = store.level(track, 0);
        for (uint32_t r = lv.begin; r < lv.end; ++r) {
            const store::SliceRow row(r);
            const double dur = double(store.sliceDur(row));
            s.total += dur; // doubles: a sum past INT64_MAX is inexact, never undefined
            for (int l = 0; l < 3; ++l)
                if (catalog.key(kOrder[l], row, store.sliceType(row), store.sliceArgs(row)) == OperatorCatalog::kNoKey)
                    s.none[l] += dur;
        }
    }
    return s;
}

} // namespace

OperatorLevel DefaultLevel::pick(const store::EventStore& store, const OperatorCatalog& catalog)
{
    const Shares s = measure(store, catalog);
    for (int l = 0; l < 3; ++l)
        if (s.total > 0 && s.none[l] < 0.5 * s.total)
            return kOrder[l];
    return OperatorLevel::Command;
}

} // namespace strata::analysis
