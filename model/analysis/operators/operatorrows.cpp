#include "operatorrows.h"

#include <analysis/operators/operatoraggregator.h>

#include <algorithm>

namespace strata::analysis {

using namespace strata::store;

namespace {

// Rows of one track level starting in the window whose keys match.
bool scanLevel(const store::EventStore& store, const OperatorCatalog& catalog, store::TrackId track, uint32_t depth,
    const std::vector<OperatorLevel>& levels, const std::vector<uint32_t>& keys, store::TimeRange window,
    const std::atomic<bool>* cancel, std::vector<store::SliceRow>& out)
{
    const store::RowRange lv = store.level(track, depth);
    const uint32_t b = store.firstStartAtOrAfter(lv, window.start);
    const uint32_t e = store.firstStartAtOrAfter({ b, lv.end }, window.end);
    for (uint32_t i = b; i < e; ++i) {
        if (cancel && ((i - b) & 0xffff) == 0 && cancel->load())
            return false;
        const store::SliceRow row(i);
        const store::TypeId type = store.sliceType(row);
        const store::ArgSetId args = store.sliceArgs(row);
        bool match = true;
        for (size_t l = 0; l < levels.size() && match; ++l)
            match = catalog.key(levels[l], row, type, args) == keys[l];
        if (match)
            out.push_back(row);
    }
    return true;
}

} // namespace

std::vector<store::SliceRow> OperatorRows::collect(const store::EventStore& store, const OperatorCatalog& catalog,
    const OperatorTree& tree, int node, const std::atomic<bool>* cancel)
{
    std::vector<store::SliceRow> out;
    if (node < 0 || size_t(node) >= tree.nodes.size() || catalog.typeCount() < store.types().size())
        return out;
    const OperatorTreeNode& n = tree.nodes[size_t(node)];
    const std::vector<uint32_t> keys = tree.pathKeys(node);
    const std::vector<OperatorLevel> levels(tree.levels.begin(), tree.levels.begin() + std::ptrdiff_t(keys.size()));
    out.reserve(size_t(n.row.count));
    for (uint64_t place : n.places) {
        const store::TrackId track(uint32_t(place >> 32));
        const auto depth = uint32_t(place & 0xffffffffu);
        if (track.v >= store.trackCount() || depth >= store.levelCount(track))
            continue;
        if (!scanLevel(store, catalog, track, depth, levels, keys, tree.window, cancel, out))
            return {};
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<store::SliceRow> OperatorRows::collect(const store::EventStore& store, const OperatorCatalog& catalog,
    const std::vector<OperatorLevel>& levels, const std::vector<uint32_t>& keys, store::TimeRange window,
    OperatorScope scope, const std::atomic<bool>* cancel)
{
    std::vector<store::SliceRow> out;
    if (levels.size() != keys.size() || catalog.typeCount() < store.types().size())
        return out;
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        const store::TrackId track(t);
        if (!OperatorAggregator::inScope(store, catalog, track, scope))
            continue;
        for (uint32_t d = 0; d < store.levelCount(track); ++d)
            if (!scanLevel(store, catalog, track, d, levels, keys, window, cancel, out))
                return {};
    }
    std::sort(out.begin(), out.end());
    return out;
}

store::SliceRow OperatorRows::longest(const store::EventStore& store, const std::vector<store::SliceRow>& rows)
{
    store::SliceRow best;
    for (store::SliceRow r : rows)
        if (!best.valid() || store.sliceDur(r) > store.sliceDur(best))
            best = r;
    return best;
}

} // namespace strata::analysis
