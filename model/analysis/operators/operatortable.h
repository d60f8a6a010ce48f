#pragma once
#include "operatorlevel.h"
#include "operatorrow.h"

#include <vector>

namespace strata::analysis {

// What OperatorAggregator::aggregate returns: rows sorted by total time (longest first,
// ties by name), plus the totals that the percentages and the split are taken against.
struct OperatorTable {
    OperatorLevel level = OperatorLevel::Op;
    OperatorScope scope = OperatorScope::Device;
    store::TimeRange window; // the window asked for, clamped to the trace
    std::vector<OperatorRow> rows;
    uint64_t events = 0; // slices aggregated
    store::TimeNs busyNs = 0; // summed self time of every row = busy time of the tracks in scope
    store::TimeNs executionNs = 0; // busyNs spent outside data transfers (compute, communication, sync, host)
    store::TimeNs transferNs = 0; // busyNs spent in data transfers: memory work (store::WorkKind::Memory)
    // The part of executionNs spent communicating (store::WorkKind::Communication: collectives,
    // NCCL kernels); executionNs - communicationNs is the compute (and sync, host) part.
    store::TimeNs communicationNs = 0;
    double seconds = 0; // wall time of the aggregation
};

} // namespace strata::analysis
