#include "findingsengine.h"
#include "findingrules.h"

#include <analysis/collectives/profilersteps.h>
#include <analysis/latency/latencyanalyzer.h>
#include <analysis/operators/operatoraggregator.h>

#include <algorithm>

namespace strata::analysis {

namespace {

void collect(FindingsResult& out, const FindingRule& rule, RuleOutcome outcome)
{
    outcome.id = std::string(rule.id());
    for (Finding& f : outcome.findings)
        out.findings.push_back(std::move(f));
    outcome.findings.clear();
    out.rules.push_back(std::move(outcome));
}

} // namespace

FindingsResult FindingsEngine::run(const store::EventStore& store, const OperatorCatalog& catalog,
    const BreakdownIndex& breakdown, store::TimeRange window, const FindingThresholds& thresholds)
{
    const store::TimeRange extent = store.extent();
    window = { std::max(window.start, extent.start), std::min(window.end, extent.end) };
    if (window.end < window.start)
        window.end = window.start;
    const std::string unit = LatencyAnalyzer::defaultUnit(store, catalog);
    const StepTable steps
        = unit.empty() ? StepTable {} : StepBreakdown::compute(store, catalog, unit, window, nullptr, &breakdown);
    const OperatorTable operators = OperatorAggregator::aggregate(store, catalog, catalog.defaultLevel(), window);
    FindingInputs in;
    in.store = &store;
    in.catalog = &catalog;
    in.breakdown = &breakdown;
    in.window = window;
    in.steps = &steps;
    in.operators = &operators;
    for (const ProfilerStep& step : ProfilerSteps::of(store))
        if (step.start >= window.start && step.start < window.end)
            in.trainingSteps.push_back({ step.start, std::min(step.start + step.dur, window.end) });
    return run(in, thresholds);
}

FindingsResult FindingsEngine::run(const FindingInputs& inputs, const FindingThresholds& thresholds)
{
    FindingsResult out;
    for (const auto& rule : FindingRules::all())
        collect(out, *rule, rule->run(inputs, thresholds));
    rank(out.findings);
    if (inputs.operators)
        for (const OperatorRow& r : inputs.operators->rows) {
            if (out.topOperators.size() == kTopOperators)
                break;
            if (r.key != OperatorCatalog::kNoKey)
                out.topOperators.push_back(r);
        }
    out.steps = inputs.steps ? inputs.steps->steps.size() : 0;
    return out;
}

FindingsResult FindingsEngine::runJob(const JobFindingInputs& inputs, const FindingThresholds& thresholds)
{
    FindingsResult out;
    for (const auto& rule : FindingRules::all())
        if (rule->scope() == FindingRule::Scope::Job)
            collect(out, *rule, rule->runJob(inputs, thresholds));
    rank(out.findings);
    return out;
}

void FindingsEngine::rank(std::vector<Finding>& findings)
{
    std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
        if (a.atStakeNs != b.atStakeNs)
            return a.atStakeNs > b.atStakeNs;
        if (a.severity != b.severity)
            return a.severity > b.severity;
        if (a.id != b.id)
            return a.id < b.id;
        return a.rank < b.rank;
    });
}

} // namespace strata::analysis
