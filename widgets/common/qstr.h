#pragma once
#include <QString>

#include <string_view>

namespace strata::widgets {

// A store string as a QString. The store's strings are UTF-8 and a string_view into its
// table is not NUL-terminated, so the conversion takes the length, never the terminator.
inline QString qstr(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

} // namespace strata::widgets
