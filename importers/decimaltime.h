#pragma once
#include <store/types.h>

#include <string_view>

namespace strata::importers {

// Converts a decimal number of microseconds written as text ("4619295550.123",
// "829", "1.5e3", "-2") to integer nanoseconds without a lossy double round trip:
// epoch-µs values keep their ns digits. Returns false for anything that is not a number.
bool parseMicrosToNs(std::string_view text, store::TimeNs* out);

} // namespace strata::importers
