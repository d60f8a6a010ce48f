#include "chromeskippedkinds.h"

#include <string_view>

namespace strata::importers {

namespace {

struct PhaseKind {
    const char* phases; // first characters of "ph", as ChromeEventMerger dispatches on them
    const char* key;
    const char* one;
    const char* many;
    bool skipped;
};

// Every phase ChromeEventMerger does not turn into a slice, instant, counter or flow.
constexpr PhaseKind kPhaseKinds[] = {
    { "M", "metadata", "metadata event", "metadata events", false },
    { "P", "profile_chunks", "CPU profile chunk", "CPU profile chunks", true },
    { "NOD", "object_snapshots", "object snapshot event", "object snapshot events", true },
    { "Tp", "async_steps", "async step event", "async step events", true },
    { "Vv", "memory_dumps", "memory dump event", "memory dump events", true },
    { "c()", "contexts", "context event", "context events", true },
};

// Phases the timeline draws (slices, instants, counters, async slices, flows).
constexpr const char* kDrawnPhases = "XBEiIRCbenSFstf";

} // namespace

void ChromeSkippedKinds::record(const std::map<std::string, uint64_t>& phases, store::StoreBuilder& builder)
{
    store::SkippedContent& skipped = builder.skipped();
    skipped.setSource("Chrome JSON trace", "events", "");
    uint64_t total = 0;
    for (const auto& [ph, n] : phases) {
        total += n;
        const char c = ph.empty() ? '\0' : ph[0];
        if (c != '\0' && std::string_view(kDrawnPhases).find(c) != std::string_view::npos)
            continue;
        const PhaseKind* kind = nullptr;
        for (const PhaseKind& k : kPhaseKinds)
            if (c != '\0' && std::string_view(k.phases).find(c) != std::string_view::npos)
                kind = &k;
        if (kind)
            skipped.add(kind->key, kind->one, kind->many, n, kind->skipped);
        else
            skipped.add("unknown_phases", "event of an unknown phase", "events of unknown phases", n);
    }
    // The top-level samples and systemTraceEvents count as events too, so the total is the sum of the kinds.
    const store::Diagnostics& diag = builder.diagnostics();
    const uint64_t samples = diag.get("samples_skipped"), systemTrace = diag.get("system_trace_events_skipped");
    skipped.add("samples", "CPU sample", "CPU samples", samples);
    skipped.add("system_trace_events", "systemTraceEvents text block", "systemTraceEvents text blocks", systemTrace);
    skipped.setTotal(total + samples + systemTrace);
}

} // namespace strata::importers
