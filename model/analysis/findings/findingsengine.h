#pragma once
#include "finding.h"
#include "findinginputs.h"
#include "findingthresholds.h"

#include <analysis/operators/operatorrow.h>

#include <vector>

namespace strata::analysis {

// What the findings engine found over one profile or a job.
struct FindingsResult {
    std::vector<Finding> findings; // ranked (FindingsEngine::rank)
    std::vector<RuleOutcome> rules; // per rule of the table, in its order: id, ran, whyNot (no findings)
    std::vector<OperatorRow> topOperators; // the operator table's first rows, "(none)" left out
    size_t steps = 0; // the steps in the window
};

// Runs every rule of FindingRules over one profile and a window (the whole trace, a
// --range, a dock's scope) or over a job's ranks, and ranks what they find by time at stake.
// It computes the two analyses the rules share once per run (the default unit's steps,
// StepBreakdown, and the operator table, OperatorAggregator) and reads the rest from the
// profile's indexes. No Qt; strata-cli runs it on its thread, a dock on its worker.
class FindingsEngine {
public:
    static constexpr size_t kTopOperators = 5;

    // `window` is absolute and clipped to the trace's extent; the profile's breakdown index
    // should have been built with the catalog's launches (host-wait gaps).
    static FindingsResult run(const store::EventStore& store, const OperatorCatalog& catalog,
        const BreakdownIndex& breakdown, store::TimeRange window, const FindingThresholds& thresholds);
    // The same over analyses already at hand.
    static FindingsResult run(const FindingInputs& inputs, const FindingThresholds& thresholds);
    // The job's rules (FindingRule::Scope::Job) over its ranks; `rules` lists only those.
    static FindingsResult runJob(const JobFindingInputs& inputs, const FindingThresholds& thresholds);
    // Most time at stake first; ties: the more severe, then by id, then by rank.
    static void rank(std::vector<Finding>& findings);
};

} // namespace strata::analysis
