#include "namenormalizer.h"

namespace strata::analysis {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// The length of the run of digits ending at `end` (exclusive).
size_t digitsBefore(std::string_view s, size_t end)
{
    size_t n = 0;
    while (n < end && isDigit(s[end - 1 - n]))
        ++n;
    return n;
}

} // namespace

std::string NameNormalizer::normalize(std::string_view name)
{
    std::string_view s = name;
    for (bool changed = true; changed && !s.empty();) {
        changed = false;
        // Trailing "#<digits>" or "_<digits>".
        const size_t tail = digitsBefore(s, s.size());
        if (tail > 0 && tail < s.size() && (s[s.size() - tail - 1] == '#' || s[s.size() - tail - 1] == '_')) {
            s.remove_suffix(tail + 1);
            changed = true;
            continue;
        }
        // Leading "<digits>_".
        size_t head = 0;
        while (head < s.size() && isDigit(s[head]))
            ++head;
        if (head > 0 && head < s.size() && s[head] == '_') {
            s.remove_prefix(head + 1);
            changed = true;
        }
    }
    // Only digits and separators: nothing is left to name the operator by.
    return s.empty() ? std::string(name) : std::string(s);
}

} // namespace strata::analysis
