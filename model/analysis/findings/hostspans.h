#pragma once
#include "finding.h"

#include <analysis/operators/operatorcatalog.h>
#include <store/eventstore.h>

#include <functional>
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
};

} // namespace strata::analysis
