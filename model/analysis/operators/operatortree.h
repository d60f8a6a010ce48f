#pragma once
#include <analysis/operators/operatorcatalog.h>
#include <analysis/operators/operatortable.h>
#include <store/eventstore.h>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace strata::analysis {

// One row of the Operator Table's tree: the slices whose keys along the tree's levels are
// the keys of this node and of its ancestors.
struct OperatorTreeNode {
    int parent = -1; // index into OperatorTree::nodes; -1 for a top-level row
    int depth = 0; // 0 = OperatorTree::levels[0]
    std::vector<int> children; // longest total first, ties by name (the aggregator's order)
    // The node's figures, defined as OperatorAggregator defines a row's. `percent` is the
    // node's self time over the whole table's busy time, so children add up to their parent.
    analysis::OperatorRow row;
    store::SliceRow longest; // the longest slice (of equal ones, the first in row order)
    // (track << 32 | depth) of every track level its slices lie on, ascending: the only
    // levels OperatorRows has to scan to list them.
    std::vector<uint64_t> places;
    std::vector<std::string> categories; // distinct slice categories, first seen first
};

// The Operator Table (the Neuron profiler's widget that "aggregates the hardware level
// metrics into framework layers and operations ... progressively expand each row"): slices
// grouped by their key at levels[0]; each group split by the key at levels[1], and so on.
// Example, levels framework › op › command:
//
//   fused(bn1+conv1+relu)               every slice of that layer
//     conv2d                            those of them whose op is conv2d
//       0_fused(bn1+conv1+relu)_5       ... and whose command is _5
//
// A node belongs to exactly one parent because its identity is the whole key path, not
// its own key: "conv2d" under two layers is two nodes. Every slice is in exactly one node
// per depth, so a node's count, total, self, transfer, bytes and FLOPs are the sums of its
// children's.
//
// The top level IS OperatorAggregator's table at levels[0] (`table`, its rows copied into
// the top nodes in the same order): the figures strata-cli ops prints for that level, scope
// and window. Deeper nodes are computed by OperatorTreeBuilder with the same definitions.
struct OperatorTree {
    std::vector<analysis::OperatorLevel> levels;
    analysis::OperatorTable table; // OperatorAggregator::aggregate(levels[0], window, scope)
    store::TimeRange window; // as asked for (table.window is clamped to the trace)
    std::vector<OperatorTreeNode> nodes;
    std::vector<int> roots; // top-level nodes, in table.rows order
    bool hasBytes = false, hasFlops = false, hasMfu = false, hasHfu = false;
    double seconds = 0; // wall time of the whole build

    // Keys of node's path: [0] its top-level ancestor's key ... [depth] its own.
    std::vector<uint32_t> pathKeys(int node) const;
    // "fused(bn1+conv1+relu) › conv2d"
    std::string pathText(int node, const char* separator = " \u203a ") const;
};

class OperatorTreeBuilder {
public:
    // levels: 1..4 distinct levels, outermost first. Slices: as OperatorAggregator takes
    // them (thread tracks in scope, starting inside window). Returns nullptr when *cancel
    // turned true.
    static std::shared_ptr<const OperatorTree> build(const store::EventStore& store,
        const analysis::OperatorCatalog& catalog, const std::vector<analysis::OperatorLevel>& levels,
        store::TimeRange window, analysis::OperatorScope scope, const std::atomic<bool>* cancel = nullptr);
};

} // namespace strata::analysis
