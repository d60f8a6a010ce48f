#include "timetext.h"

namespace strata::analysis {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

// How many decimal digits one unit has in nanoseconds; -1 for what is not a unit.
int unitDigits(std::string_view unit)
{
    std::string u(unit);
    for (char& c : u)
        c = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
    if (u.empty() || u == "ns")
        return 0;
    if (u == "us" || u == "\xC2\xB5s" || u == "\xCE\xBCs") // micro sign, Greek mu
        return 3;
    if (u == "ms")
        return 6;
    if (u == "s")
        return 9;
    return -1;
}

std::optional<store::TimeNs> fail(std::string* error, std::string why)
{
    if (error)
        *error = std::move(why);
    return std::nullopt;
}

std::string quoted(std::string_view s)
{
    return "\"" + std::string(s) + "\"";
}

} // namespace

std::optional<store::TimeNs> TimeText::parse(std::string_view text, std::string* error)
{
    const std::string_view t = trimmed(text);
    size_t i = 0;
    while (i < t.size() && isDigit(t[i]))
        ++i;
    const std::string_view whole = t.substr(0, i);
    std::string_view frac;
    if (i < t.size() && t[i] == '.') {
        const size_t begin = ++i;
        while (i < t.size() && isDigit(t[i]))
            ++i;
        frac = t.substr(begin, i - begin);
    }
    const int digits = unitDigits(trimmed(t.substr(i)));
    if ((whole.empty() && frac.empty()) || digits < 0)
        return fail(
            error, quoted(t) + " is not a time: write nanoseconds or a number with ns, us, ms or s (1500, 1.5us, 2ms)");
    // The value is the integer digits followed by the fraction's first `digits` digits.
    store::TimeNs value = 0;
    auto push = [&](char c) {
        const int d = c - '0';
        if (value > (store::kTimeMax - d) / 10)
            return false;
        value = value * 10 + d;
        return true;
    };
    bool ok = true;
    for (char c : whole)
        ok = ok && push(c);
    for (size_t k = 0; k < size_t(digits); ++k)
        ok = ok && push(k < frac.size() ? frac[k] : '0');
    if (ok && frac.size() > size_t(digits) && frac[digits] >= '5') { // round half up
        ok = value < store::kTimeMax;
        value += ok ? 1 : 0;
    }
    if (!ok)
        return fail(error, quoted(t) + " is too large");
    return value;
}

std::optional<RelativeRange> TimeText::parseRange(std::string_view text, std::string* error)
{
    const size_t colon = text.find(':');
    if (colon == std::string_view::npos || text.find(':', colon + 1) != std::string_view::npos) {
        fail(error, quoted(text) + " is not START:END (e.g. 1.5ms:2ms)");
        return std::nullopt;
    }
    RelativeRange r;
    const std::string_view from = trimmed(text.substr(0, colon)), to = trimmed(text.substr(colon + 1));
    if (!from.empty()) {
        const std::optional<store::TimeNs> t = parse(from, error);
        if (!t)
            return std::nullopt;
        r.start = *t;
    }
    if (!to.empty()) {
        const std::optional<store::TimeNs> t = parse(to, error);
        if (!t)
            return std::nullopt;
        if (*t <= r.start) {
            fail(error, "END must be after START in " + quoted(text));
            return std::nullopt;
        }
        r.end = *t;
    }
    return r;
}

} // namespace strata::analysis
