#include "operatorlevel.h"

namespace strata::analysis {

const char* operatorLevelName(OperatorLevel level)
{
    switch (level) {
    case OperatorLevel::Module: return "module";
    case OperatorLevel::Framework: return "framework";
    case OperatorLevel::Layer: return "layer";
    case OperatorLevel::Hlo: return "hlo";
    case OperatorLevel::Op: return "op";
    case OperatorLevel::Command: return "command";
    case OperatorLevel::Name: return "name";
    }
    return "op";
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

const char* operatorKindName(OperatorKind kind)
{
    switch (kind) {
    case OperatorKind::Unknown: return "unknown";
    case OperatorKind::Compute: return "compute";
    case OperatorKind::Transfer: return "transfer";
    case OperatorKind::Sync: return "sync";
    case OperatorKind::Collective: return "collective";
    case OperatorKind::Host: return "host";
    }
    return "unknown";
}

const char* operatorScopeName(OperatorScope scope)
{
    switch (scope) {
    case OperatorScope::Device: return "device";
    case OperatorScope::Host: return "host";
    case OperatorScope::All: return "all";
    }
    return "all";
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
