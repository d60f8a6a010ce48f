#include "decimaltime.h"

#include <cmath>
#include <cstdlib>
#include <string>

namespace strata::importers {

bool parseMicrosToNs(std::string_view s, store::TimeNs* out)
{
    size_t i = 0;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
        ++i;
    bool neg = false;
    if (i < s.size() && (s[i] == '-' || s[i] == '+'))
        neg = s[i++] == '-';
    const size_t intStart = i;
    uint64_t whole = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
        if (whole > (UINT64_MAX / 10) - 10)
            return false;
        whole = whole * 10 + uint64_t(s[i++] - '0');
    }
    bool anyDigit = i > intStart;
    uint64_t frac = 0; // nanoseconds from the first three fraction digits
    int fracDigits = 0;
    bool roundUp = false;
    if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
            if (fracDigits < 3)
                frac = frac * 10 + uint64_t(s[i] - '0');
            else if (fracDigits == 3)
                roundUp = s[i] >= '5';
            ++fracDigits;
            anyDigit = true;
            ++i;
        }
    }
    if (!anyDigit)
        return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        // Exponents are rare; long double keeps 64 bits of mantissa, enough for ns.
        const std::string text(s);
        char* end = nullptr;
        const long double v = std::strtold(text.c_str(), &end);
        if (!end || *end != '\0' || !std::isfinite(v))
            return false;
        const long double ns = std::round(v * 1000.0L);
        if (ns > 9.2e18L || ns < -9.2e18L)
            return false;
        *out = static_cast<store::TimeNs>(ns);
        return true;
    }
    if (i != s.size())
        return false;
    for (int k = fracDigits; k < 3; ++k)
        frac *= 10;
    if (whole > uint64_t(INT64_MAX) / 1000)
        return false;
    const uint64_t ns = whole * 1000 + frac + (roundUp ? 1 : 0); // < 2^64: no wrap
    if (ns > uint64_t(INT64_MAX))
        return false;
    *out = neg ? -int64_t(ns) : int64_t(ns);
    return true;
}

} // namespace strata::importers
