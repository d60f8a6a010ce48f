#pragma once
#include "jsonnumber.h"

#include <analysis/operators/operatortree.h>

#include <optional>
#include <string>

namespace strata::report {

// The operator tree (levels nested, e.g. framework › op › command) as the operator docks
// export it. Each node is a row of OperatorTableReport, so a node's numbers read as
// `strata-cli ops --level L` writes the same operator.
//
// `range`: the window relative to the trace start; nullopt for the whole trace.
class OperatorTreeReport {
public:
    explicit OperatorTreeReport(
        const analysis::OperatorTree& tree, const std::optional<store::TimeRange>& range = std::nullopt);

    // The table's header keys, "levels", then "rows": each root with its descendants under
    // "children" (absent on the last level's nodes).
    std::string json() const;
    // Every node, depth first in table order: "depth" and "path" (the ancestors' names
    // joined by " › ") before the ops columns.
    std::string csv() const;

private:
    const analysis::OperatorTree& m_tree;
    const std::optional<store::TimeRange> m_range;
};

} // namespace strata::report
