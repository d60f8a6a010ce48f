#pragma once
#include "latencystats.h"
#include <analysis/operators/operatorcatalog.h>
#include <store/eventstore.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace strata::analysis {

// The latency view: statistics over the instances of one repeated unit, plus the
// per-operator average elapsed time and count (as in Furiosa's inference summary).
//
// A unit is a name. Its instances are the slices (on thread, overflow and async tracks,
// any depth) whose name is the unit, whose name without a trailing "#<digits>" is the unit
// ("ProfilerStep#7" is an instance of "ProfilerStep"), or whose operator key (the Op level)
// is the unit — so any row of the operator table can be picked. Instances belong to a
// window when they start inside [start, end).
class LatencyAnalyzer {
public:
    // The default unit: the repeated top-level unit (LatencyUnitPicker's rule, which the
    // dock and `strata-cli latency` share). "" when nothing qualifies.
    static std::string defaultUnit(const store::EventStore& store, const OperatorCatalog& catalog);
    // unit "" = defaultUnit(). bins: histogram bins (at least 1).
    static LatencyStats analyze(const store::EventStore& store, const OperatorCatalog& catalog, std::string_view unit,
        store::TimeRange window = { store::kTimeMin, store::kTimeMax }, int bins = 30);
    // The instances' durations in start order.
    static std::vector<store::TimeNs> durations(const store::EventStore& store, const OperatorCatalog& catalog,
        std::string_view unit, store::TimeRange window = { store::kTimeMin, store::kTimeMax });
    // The instances' slice rows in start order (ties in track, depth and row order): the
    // rows behind instances() and durations().
    static std::vector<store::SliceRow> instanceRows(const store::EventStore& store, const OperatorCatalog& catalog,
        std::string_view unit, store::TimeRange window = { store::kTimeMin, store::kTimeMax });
    // The instances' (start, duration) in start order.
    static std::vector<std::pair<store::TimeNs, store::TimeNs>> instances(const store::EventStore& store,
        const OperatorCatalog& catalog, std::string_view unit,
        store::TimeRange window = { store::kTimeMin, store::kTimeMax });
    // Statistics over given durations (any order).
    static LatencyStats summarize(std::vector<store::TimeNs> durations, int bins = 30);
    // p in [0, 100] over ascending values; numpy.percentile(method="linear").
    static double percentile(const std::vector<store::TimeNs>& sorted, double p);
    static std::vector<LatencyBin> histogram(const std::vector<store::TimeNs>& sorted, int bins);
    // Per operator (Op level, OperatorAggregator's default scope): average and count,
    // longest average first.
    static std::vector<OperatorAverage> operatorAverages(const store::EventStore& store, const OperatorCatalog& catalog,
        store::TimeRange window = { store::kTimeMin, store::kTimeMax });
};

} // namespace strata::analysis
