#pragma once
#include <ostream>
#include <string>
#include <vector>

namespace strata::report {

// The plain-text tables of strata-cli's reports (summary, breakdown): the first
// `leftColumns` columns left-aligned, the rest right-aligned numbers, every column as wide
// as its widest cell, two spaces between columns and no trailing blanks. One rule, so the
// reports' text reads alike and scripts that split on runs of spaces see the same layout.
class TextTable {
public:
    static void print(std::ostream& out, const std::vector<std::vector<std::string>>& rows, size_t leftColumns);
};

} // namespace strata::report
