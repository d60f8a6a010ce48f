#pragma once
#include <store/types.h>

#include <string>
#include <vector>

namespace strata::analysis {

// What SearchEngine::run() found. Rows are ascending (slices: (track, depth, ts) order, so
// they can be binary-searched and merged with other row sets); count = slices + instants.
struct SearchResult {
    std::vector<store::SliceRow> slices;
    std::vector<store::InstantRow> instants;
    uint64_t count = 0;
    store::TimeNs totalNs = 0; // sum of the matching slices' durations (nested matches each count)
    uint32_t typesMatched = 0; // distinct TypeIds that passed the name/category test
    bool cancelled = false; // the cancel flag was raised: rows are empty
    std::string error; // the query did not validate (bad regex, ...): rows are empty
    bool ok() const { return !cancelled && error.empty(); }
};

} // namespace strata::analysis
