#pragma once
#include <cstdint>

namespace strata::analysis {

// How a view counts the slices of a window [start, end). Strata has two rules, and every
// analysis over a window states which one it follows (its kWindowRule).
enum class WindowRule : uint8_t {
    // A slice counts when it STARTS in the window, whole, with its full duration (the
    // operator tables: OperatorAggregator, OperatorWindowIndex), so an operator's rows keep
    // their own times; busy time can then exceed the window.
    StartsIn,
    // Slices are clipped to the window and a thread's busy time is the union of its depth-0
    // slices and its overflow lanes (the summaries: SummaryIndex); only under this rule is
    // idle = window - busy.
    Clipped,
};

} // namespace strata::analysis
