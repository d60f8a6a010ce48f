#pragma once
#include <cstddef>

namespace strata::store {

// Asks the kernel to back a big, not yet touched buffer with transparent huge pages.
//
// Why: a search over 100M events returns up to ~80M rows (320 MB) in a fresh mapping that
// the allocator takes from the kernel and gives back when the result is replaced. With 4 KiB
// pages that is one fault (and a zeroed page) per 4 KiB written, ~80,000 faults per result,
// and as many pages to unmap when it is freed; with 2 MiB pages it is a few hundred. Linux
// usually runs THP as "madvise" (only regions that ask get them), so big result buffers ask.
//
// Only the 2 MiB-aligned interior of [p, p + bytes) is advised: the ends may share pages
// with other allocations. Does nothing for small buffers, on other systems, or when the
// kernel refuses; the memory is the same either way, so callers need not know.
class HugePages {
public:
    static constexpr size_t kHugePage = size_t(2) << 20;
    // Below this a buffer is not advised: too few whole huge pages to matter.
    static constexpr size_t kMinBytes = size_t(8) << 20;

    // True when some part of the range was advised.
    static bool advise(void* p, size_t bytes);
};

} // namespace strata::store
