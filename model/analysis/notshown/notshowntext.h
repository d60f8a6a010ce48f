#pragma once
#include <store/eventstore.h>

#include <string>

namespace strata::analysis {

// The one sentence that says what a profile holds but the timeline does not draw, for the
// timeline (centred when nothing is drawn, a banner above the tracks otherwise) and for
// `strata-cli info`. Reads the store's SkippedContent and its table sizes only: constant
// time in the number of events.
class NotShownText {
public:
    // Kinds named one by one; the rest are summed up as "N packets of K other kinds".
    static constexpr size_t kMaxNamedKinds = 4;

    // Whether the timeline has anything to draw: slices, instants or counter samples.
    static bool drawable(const store::EventStore& store);
    // "" when everything read is drawn. Otherwise, for example: "This Perfetto trace holds
    // 25,301 ftrace bundles and 3,112 statsd atoms; Strata shows TrackEvent data only." or
    // "Nothing to draw: this Chrome JSON trace holds 63 events, none of a kind Strata draws:
    // 51 metadata events and 12 CPU profile chunks."
    static std::string sentence(const store::EventStore& store);
    static std::string sentence(const store::SkippedContent& skipped, bool drawable);
    // The kinds a sentence names: the skipped ones, or all of them when nothing is drawn;
    // most numerous first (ties in the order they were added).
    static std::vector<store::SkippedContent::Kind> listedKinds(const store::SkippedContent& skipped, bool drawable);
    // 25301 → "25,301".
    static std::string count(uint64_t n);
};

} // namespace strata::analysis
