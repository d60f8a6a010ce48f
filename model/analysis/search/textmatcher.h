#pragma once
#include <string>
#include <string_view>

namespace strata::analysis {

// The text tests of a search (names, categories, track labels): substring and equality,
// case-sensitive or with ASCII case folding. The needle is folded once, at construction.
class TextMatcher {
public:
    TextMatcher() = default;
    TextMatcher(std::string_view needle, bool caseSensitive)
        : m_needle(caseSensitive ? std::string(needle) : folded(needle))
        , m_cs(caseSensitive)
    {
    }
    bool contains(std::string_view hay) const;
    bool equals(std::string_view hay) const { return m_cs ? hay == m_needle : equalsFolded(hay, m_needle); }
    // "a,b , c" → true when one part (trimmed) equals the needle, or the whole text does.
    bool equalsListItem(std::string_view hay) const;
    const std::string& needle() const { return m_needle; }

    // ASCII folding, the only kind the search knows: bytes outside 'A'..'Z' stay as they are.
    static char fold(char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; }
    static std::string folded(std::string_view s);
    static bool equalsFolded(std::string_view hay, std::string_view foldedNeedle);

private:
    std::string m_needle;
    bool m_cs = true;
};

} // namespace strata::analysis
