#pragma once
#include <analysis/summary/summaryresult.h>

#include <vector>

namespace strata::analysis {

// Pairs the engines (summary rows) of profile A with those of profile B, for the summaries'
// A | B | Δ mode. Passes, each over the rows the passes before left unpaired: the same
// process label and track label; the same track label; the same NameNormalizer-normalised
// track label. Within a pass, rows sharing a key pair in display order (A's first
// "MainThread" with B's first), so pids that differ between runs do not matter. Pure; safe
// on any thread.
class EngineMatcher {
public:
    enum class Match : uint8_t { Exact, Label, Normalised, AOnly, BOnly };
    struct Pair {
        int a = -1; // index into A's tracks; -1 when only B has the engine
        int b = -1; // index into B's tracks; -1 when only A has it
        Match match = Match::Exact;
    };
    // A's engines in A's display order, each with its partner if any, then the engines only
    // B has, in B's order.
    static std::vector<Pair> match(const TraceSummary& a, const TraceSummary& b);
};

} // namespace strata::analysis
