#include "comparerow.h"

#include <analysis/enumname.h>

#include <iterator>

namespace strata::analysis {

const char* compareStatusName(CompareStatus status)
{
    static constexpr const char* kNames[] = { "added", "removed", "slower", "faster", "unchanged" };
    static_assert(std::size(kNames) == size_t(CompareStatus::Unchanged) + 1, "a name per CompareStatus");
    return enumName(status, kNames, "unchanged");
}

bool parseCompareStatus(std::string_view text, CompareStatus* out)
{
    for (CompareStatus s : { CompareStatus::Added, CompareStatus::Removed, CompareStatus::Slower, CompareStatus::Faster,
             CompareStatus::Unchanged })
        if (text == compareStatusName(s)) {
            *out = s;
            return true;
        }
    return false;
}

} // namespace strata::analysis
