#pragma once
#include <string>
#include <string_view>

namespace strata::importers {

// The byte-wise text tests importers make on names, keys and paths, all ASCII: profile
// keys and engine names are, and a UTF-8 byte outside ASCII is left as it is.
class AsciiText {
public:
    static std::string lower(std::string_view s);
    static bool startsWith(std::string_view s, std::string_view prefix);
    static bool endsWith(std::string_view s, std::string_view suffix);
    // Without leading and trailing spaces and tabs.
    static std::string_view trim(std::string_view s);
};

} // namespace strata::importers
