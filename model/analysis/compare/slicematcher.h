#pragma once
#include <analysis/operators/operatorcatalog.h>
#include <store/eventstore.h>

#include <optional>
#include <string>
#include <string_view>

namespace strata::analysis {

// Finds "the same event" in another profile of the same program: a slice is identified by
// its name normalised by NameNormalizer and its ordinal among the slices with that normalised
// name, in start order (ties by row). The same identity in the other store is its match.
// Each call walks the store once (a type test per slice); pure, safe on any thread.
class SliceMatcher {
public:
    struct Identity {
        std::string name; // normalised
        uint32_t ordinal = 0;
    };

    static std::optional<Identity> identify(const store::EventStore& store, store::SliceRow row);
    static std::optional<store::SliceRow> find(const store::EventStore& store, const Identity& id);
    // The start of the first instance of the repeated unit `unit` (LatencyAnalyzer's rule for
    // what is an instance: the name, the name without "#<digits>", or the Op-level key);
    // none when it has no instance. An empty unit has none.
    static std::optional<store::TimeNs> firstInstanceStart(
        const store::EventStore& store, const OperatorCatalog& catalog, std::string_view unit);
};

} // namespace strata::analysis
