#pragma once
#include <store/eventstore.h>

#include <atomic>
#include <string_view>

namespace strata::analysis {

// "Select by name": the one slice a name stands for, the longest whose type name contains
// the text. A read-only pass over a finished store, so it may run on a worker thread.
class SliceNameLookup {
public:
    // The slice of largest duration among those whose type name contains `text`; of equal
    // durations the lowest row. Invalid when `text` is empty, when no name contains it, or
    // when `cancel` is seen raised (polled every 64K rows).
    //
    // Case: ASCII letters are folded on both sides; any other byte must match as it is. The
    // GUI lowers its text with Unicode rules first (QString::toLower), so a non-ASCII capital
    // it is given finds the small letter in names, never a capital.
    static store::SliceRow longest(
        const store::EventStore& store, std::string_view text, const std::atomic<bool>* cancel = nullptr);
};

} // namespace strata::analysis
