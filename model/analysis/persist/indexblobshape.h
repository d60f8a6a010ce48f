#pragma once
#include <store/eventstore.h>

#include <cstdint>

namespace strata::analysis {

// The counts of a store that a derived index is sized by, written in each index blob's
// header: a blob of another store (or of this one before a change) is refused up front.
struct IndexBlobShape {
    uint64_t slices = 0;
    uint64_t counterSamples = 0;
    uint64_t counters = 0;
    uint64_t tracks = 0;
    uint64_t types = 0;
    uint64_t argSets = 0;
    uint64_t strings = 0;

    static IndexBlobShape of(const store::EventStore& s);
    bool operator==(const IndexBlobShape& o) const;
};

} // namespace strata::analysis
