#include "operatorlevel.h"

#include <analysis/enumname.h>

#include <iterator>

namespace strata::analysis {

const char* operatorLevelName(OperatorLevel level)
{
    static constexpr const char* kNames[] = { "module", "framework", "layer", "hlo", "op", "command", "name" };
    static_assert(std::size(kNames) == kOperatorLevelCount, "a name per OperatorLevel");
    return enumName(level, kNames, "op");
}

bool parseOperatorLevel(std::string_view text, OperatorLevel* out)
{
    for (int i = 0; i < kOperatorLevelCount; ++i) {
        const auto level = static_cast<OperatorLevel>(i);
        if (text == operatorLevelName(level)) {
            *out = level;
            return true;
        }
    }
    if (text == "operator") {
        *out = OperatorLevel::Op;
        return true;
    }
    return false;
}

const char* operatorScopeName(OperatorScope scope)
{
    static constexpr const char* kNames[] = { "device", "host", "all" };
    static_assert(std::size(kNames) == size_t(OperatorScope::All) + 1, "a name per OperatorScope");
    return enumName(scope, kNames, "all");
}

bool parseOperatorScope(std::string_view text, OperatorScope* out)
{
    for (OperatorScope s : { OperatorScope::Device, OperatorScope::Host, OperatorScope::All })
        if (text == operatorScopeName(s)) {
            *out = s;
            return true;
        }
    return false;
}

} // namespace strata::analysis
