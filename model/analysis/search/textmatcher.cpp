#include "textmatcher.h"

namespace strata::analysis {

std::string TextMatcher::folded(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = fold(c);
    return out;
}

bool TextMatcher::equalsFolded(std::string_view hay, std::string_view foldedNeedle)
{
    if (hay.size() != foldedNeedle.size())
        return false;
    for (size_t i = 0; i < hay.size(); ++i)
        if (fold(hay[i]) != foldedNeedle[i])
            return false;
    return true;
}

bool TextMatcher::contains(std::string_view hay) const
{
    if (m_needle.empty())
        return true;
    if (m_cs)
        return hay.find(m_needle) != std::string_view::npos;
    if (hay.size() < m_needle.size())
        return false;
    const char first = m_needle[0];
    const size_t last = hay.size() - m_needle.size();
    for (size_t i = 0; i <= last; ++i) {
        if (fold(hay[i]) != first)
            continue;
        size_t k = 1;
        while (k < m_needle.size() && fold(hay[i + k]) == m_needle[k])
            ++k;
        if (k == m_needle.size())
            return true;
    }
    return false;
}

bool TextMatcher::equalsListItem(std::string_view hay) const
{
    if (equals(hay))
        return true;
    size_t start = 0;
    while (start <= hay.size()) {
        size_t comma = hay.find(',', start);
        if (comma == std::string_view::npos)
            comma = hay.size();
        std::string_view part = hay.substr(start, comma - start);
        while (!part.empty() && part.front() == ' ')
            part.remove_prefix(1);
        while (!part.empty() && part.back() == ' ')
            part.remove_suffix(1);
        if (equals(part))
            return true;
        start = comma + 1;
    }
    return false;
}

} // namespace strata::analysis
