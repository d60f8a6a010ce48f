#pragma once
#include "collectiverank.h"
#include "collectiveresult.h"

#include <vector>

namespace strata::analysis {

// The collectives analysis of a job (issue 33): finds each rank's steps and communication
// kernels, aligns the clocks, matches the collectives across ranks, and names the straggler
// with its evidence and Holistic Trace Analysis's answer beside it, and tells whether the
// clocks still look offset as aligned (ClockOffsetCheck). The ranks are analysed in
// the order given (the first is the clock reference); callers give them in rank order.
// Cost: one pass over each rank's device tracks' depth-0 slices and host step spans, plus,
// for HTA's metric, one pass over the host slices and launch links; no Qt.
class CollectiveAnalyzer {
public:
    static CollectiveAnalysis analyze(const std::vector<CollectiveRank>& ranks, ClockAlignment alignment);
};

} // namespace strata::analysis
