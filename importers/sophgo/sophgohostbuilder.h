#pragma once
#include "sophgocontext.h"

#include <string>
#include <vector>

namespace strata::importers::sophgo {

// The host row from bmlib*.profile's BMLIB blocks: kernel sends as instants (the profiler's
// own enable/fetch calls skipped), syncs, marks, copies and memory operations as slices,
// each named by its BMLIB_EXTRA text when there is one.
class SophgoHostBuilder {
public:
    explicit SophgoHostBuilder(SophgoContext& ctx)
        : m_ctx(ctx)
    {
    }
    // shiftUsec: host time removed before this block (consecutive blocks are packed).
    void add(const std::string& file, const SophgoBmlib& data, const std::vector<SophgoExtraEntry>& extra,
        uint64_t shiftUsec);

private:
    store::TimeNs time(uint64_t usec, uint64_t shiftUsec) const;
    SophgoContext& m_ctx;
};

} // namespace strata::importers::sophgo
