#pragma once
#include <store/storebuilder.h>

#include <cstdint>
#include <map>
#include <string>

namespace strata::importers {

// Records in the store's SkippedContent what a Chrome trace holds that the timeline does not
// draw: phases the importer ignores (object snapshots, CPU profile chunks, async steps,
// memory dumps, contexts, unknown phases), the top-level samples and systemTraceEvents it
// skips, and its metadata events (used for names, nothing to draw).
class ChromeSkippedKinds {
public:
    // `phases`: events by phase as written (ChromeEventMerger::phases()); the skipped
    // top-level values are read from the builder's diagnostics.
    static void record(const std::map<std::string, uint64_t>& phases, store::StoreBuilder& builder);
};

} // namespace strata::importers
