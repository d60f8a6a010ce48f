#include "hugepages.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace strata::store {

bool HugePages::advise(void* p, size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (!p || bytes < kMinBytes)
        return false;
    const uintptr_t begin = (reinterpret_cast<uintptr_t>(p) + kHugePage - 1) & ~uintptr_t(kHugePage - 1);
    const uintptr_t end = (reinterpret_cast<uintptr_t>(p) + bytes) & ~uintptr_t(kHugePage - 1);
    if (end <= begin)
        return false;
    return madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE) == 0;
#else
    (void)p;
    (void)bytes;
    return false;
#endif
}

} // namespace strata::store
