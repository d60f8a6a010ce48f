#pragma once
#include <analysis/operators/operatorrow.h>
#include <analysis/summary/summaryresult.h>

#include <vector>

namespace strata::widgets {

// What happened between two markers: the summary of the interval (events, busy time and
// utilisation per engine, as strata-cli summary --range prints it) and the operators that
// took the most time in it (the Operator Table's "op" level over the interval).
struct PairMetrics {
    store::TimeRange window; // absolute
    analysis::TraceSummary summary;
    bool hasOperators = false; // false while the operator catalog is still being built
    // By total time, longest first (ties by name). Set: key, name, count, totalNs, selfNs,
    // avgNs, percent, fusedMembers; the other columns of the Operator Table are not computed.
    std::vector<analysis::OperatorRow> topOperators;
    store::TimeNs operatorBusyNs = 0; // what the operators' percentages are shares of
};

} // namespace strata::widgets
