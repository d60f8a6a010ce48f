#include "skippedcontent.h"

#include <algorithm>

namespace strata::store {

void SkippedContent::setSource(std::string source, std::string unit, std::string shown)
{
    m_source = std::move(source);
    m_unit = std::move(unit);
    m_shown = std::move(shown);
}

void SkippedContent::add(
    const std::string& key, const std::string& one, const std::string& many, uint64_t n, bool skipped)
{
    if (n == 0)
        return;
    auto it = std::find_if(m_kinds.begin(), m_kinds.end(), [&](const Kind& k) { return k.key == key; });
    if (it == m_kinds.end()) {
        m_kinds.push_back({ key, one, many, n, skipped });
        return;
    }
    it->count += n;
}

bool SkippedContent::hasSkipped() const
{
    return std::any_of(m_kinds.begin(), m_kinds.end(), [](const Kind& k) { return k.skipped; });
}

} // namespace strata::store
