#pragma once
// What the findings rules read: the finished analyses of one profile over a window
// (FindingInputs), and of a job's ranks (JobFindingInputs). The rules compute nothing these
// analyses already give; FindingsEngine fills both.
#include <analysis/breakdown/breakdownindex.h>
#include <analysis/collectives/collectiveresult.h>
#include <analysis/latency/stepbreakdown.h>
#include <analysis/operators/operatorcatalog.h>
#include <analysis/operators/operatortable.h>
#include <store/eventstore.h>

#include <algorithm>
#include <vector>

namespace strata::analysis {

struct FindingInputs {
    const store::EventStore* store = nullptr;
    const OperatorCatalog* catalog = nullptr; // with its launch attribution (launches())
    const BreakdownIndex* breakdown = nullptr;
    store::TimeRange window; // absolute, inside the trace's extent
    // The steps of the default unit (LatencyAnalyzer::defaultUnit) that start in the window;
    // empty when the profile has none.
    const StepTable* steps = nullptr;
    // The operator table at the catalog's default level and scope over the window.
    const OperatorTable* operators = nullptr;

    // "The step" of the host-time rules (sync-stall, dataloader-wait): PyTorch's training
    // steps (ProfilerSteps, the ProfilerStep#N spans) that start in the window, clipped to
    // it, in start order; empty when the profile marks none, and the window is then the step.
    std::vector<store::TimeRange> trainingSteps;

    bool hasSteps() const { return steps && !steps->steps.empty(); }
    // Where the host-time rules measure: the training steps, else the window.
    std::vector<store::TimeRange> stepWindows() const
    {
        return trainingSteps.empty() ? std::vector<store::TimeRange> { window } : trainingSteps;
    }
    // Their summed length: the time those rules' shares are of.
    store::TimeNs stepTimeNs() const
    {
        store::TimeNs sum = 0;
        for (const store::TimeRange& w : stepWindows())
            sum += std::max<store::TimeNs>(w.duration(), 0);
        return sum;
    }
};

struct JobFindingInputs {
    struct Rank {
        int64_t rank = 0;
        const store::EventStore* store = nullptr;
        store::TimeRange window; // absolute on the rank's own clock
    };
    std::vector<Rank> ranks; // in the order the collectives analysis took them
    const CollectiveAnalysis* collectives = nullptr;
};

} // namespace strata::analysis
