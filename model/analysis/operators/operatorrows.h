#pragma once
#include "operatortree.h"

#include <atomic>
#include <vector>

namespace strata::analysis {

// The slices behind one row of the operator table, for Selection::setHighlighted. Scans only
// the track levels the row's slices lie on (OperatorTreeNode::places), and in each only the
// rows starting inside the table's window: two binary searches and a key test per row. Safe
// on any thread; meant for a worker.
class OperatorRows {
public:
    // The node's slices, ascending. Empty when *cancel turned true.
    static std::vector<store::SliceRow> collect(const store::EventStore& store,
        const analysis::OperatorCatalog& catalog, const OperatorTree& tree, int node,
        const std::atomic<bool>* cancel = nullptr);
    // The slices whose keys at levels[i] are keys[i] (every i), on the tracks `scope` takes,
    // starting inside `window`, ascending. Scans every level of those tracks.
    static std::vector<store::SliceRow> collect(const store::EventStore& store,
        const analysis::OperatorCatalog& catalog, const std::vector<analysis::OperatorLevel>& levels,
        const std::vector<uint32_t>& keys, store::TimeRange window, analysis::OperatorScope scope,
        const std::atomic<bool>* cancel = nullptr);
    // The longest of `rows` (the first of equal ones); invalid when empty.
    static store::SliceRow longest(const store::EventStore& store, const std::vector<store::SliceRow>& rows);
};

} // namespace strata::analysis
