#include "texttable.h"

#include <algorithm>

namespace strata::report {

void TextTable::print(std::ostream& out, const std::vector<std::vector<std::string>>& rows, size_t leftColumns)
{
    std::vector<size_t> width;
    for (const auto& r : rows) {
        width.resize(std::max(width.size(), r.size()));
        for (size_t c = 0; c < r.size(); ++c)
            width[c] = std::max(width[c], r[c].size());
    }
    for (const auto& r : rows) {
        std::string line;
        for (size_t c = 0; c < r.size(); ++c) {
            const std::string pad(width[c] - r[c].size(), ' ');
            line += c < leftColumns ? r[c] + pad : pad + r[c];
            if (c + 1 < r.size())
                line += "  ";
        }
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        out << line << "\n";
    }
}

} // namespace strata::report
