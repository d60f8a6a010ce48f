#pragma once
#include <string>

namespace strata::report {

// The one CSV quoting rule of every report and dock export: a field is written as is unless
// it holds a comma, a double quote or a line break; then it is quoted, its quotes doubled
// (RFC 4180), so spreadsheets and Python's csv module read back the text the JSON holds.
class Csv {
public:
    static std::string field(const std::string& s);
};

} // namespace strata::report
