#pragma once
#include <cstddef>

namespace strata::analysis {

// The name of an enumerator from a table written in the enum's order; `fallback` for a value
// past the table (an enum cast from bad data). Each caller static_asserts that its table has
// one name per enumerator, so a new enumerator cannot go unnamed.
template <typename Enum, size_t N> const char* enumName(Enum e, const char* const (&names)[N], const char* fallback)
{
    const auto i = static_cast<size_t>(e);
    return i < N ? names[i] : fallback;
}

} // namespace strata::analysis
