#pragma once
#include "finding.h"
#include "findinginputs.h"

#include <analysis/operators/operatorcatalog.h>
#include <store/eventstore.h>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace strata::analysis {

// The host time spent in spans of some names (synchronising calls, data-loader spans): on
// every host thread (with its overflow lanes; device tracks and annotation lanes never), the
// union of the slices of any depth whose name matches, clipped to the windows (the training
// steps, in order and disjoint, or one window; WindowRule::Clipped), so a call nested in
// another matching one counts once. What the sync-stall and dataloader-wait rules measure.
// One pass over the host tracks' slices in the windows; each distinct type's name is tested
// once.
class HostSpans {
public:
    struct Result {
        store::TimeNs totalNs = 0; // summed over the threads
        size_t spans = 0; // matching slices in the windows, each once
        std::vector<FindingRange> longest; // the union's stretches, longest first, at most `keep`
        std::vector<std::pair<std::string, store::TimeNs>> byName; // clipped time per name, most first
    };

    static Result measure(const store::EventStore& store, const OperatorCatalog& catalog,
        const std::vector<store::TimeRange>& windows, const std::function<bool(std::string_view name)>& matches,
        size_t keep);

    // The finding of a host-time rule (sync-stall, dataloader-wait) that `r` makes: null below
    // `thresholdPct` of the step time (FindingInputs::stepTimeNs); else one with the id, value,
    // severity, threshold, time at stake, ranges and the five names with most time, whose
    // title, cause and action the rule writes. *stepText gets what the share is of ("the
    // 1.200 s of its 8 steps", or the window's when no ProfilerStep marks a step).
    static std::optional<Finding> shareOfStep(
        const Result& r, const FindingInputs& in, std::string_view id, double thresholdPct, std::string* stepText);
};

} // namespace strata::analysis
