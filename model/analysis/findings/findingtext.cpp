#include "findingtext.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace strata::analysis {

std::string FindingText::number(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string FindingText::percent(double pct)
{
    return number(pct, 1) + " %";
}

std::string FindingText::value(double v, const std::string& unit)
{
    if (unit == "%")
        return percent(v);
    if (unit == "copies" && v == 1)
        return "1 copy";
    const bool whole = v == double(int64_t(v));
    return number(v, whole ? 0 : 2) + " " + unit;
}

std::string FindingText::duration(store::TimeNs ns)
{
    const double v = double(ns);
    const double a = std::fabs(v);
    const auto fit = [](double x, const char* unit) {
        const int decimals = x >= 100 ? 0 : x >= 10 ? 1 : 2;
        return number(x, decimals) + " " + unit;
    };
    if (a >= 1e9)
        return fit(v / 1e9, "s");
    if (a >= 1e6)
        return fit(v / 1e6, "ms");
    if (a >= 1e3)
        return fit(v / 1e3, "µs");
    return number(v, 0) + " ns";
}

std::string FindingText::bytes(double bytes)
{
    const char* units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
    int u = 0;
    while (std::fabs(bytes) >= 1024 && u < 4) {
        bytes /= 1024;
        ++u;
    }
    return u == 0 ? number(bytes, 0) + " B" : number(bytes, 1) + " " + units[u];
}

std::string FindingText::ranks(std::vector<int64_t> numbers)
{
    std::sort(numbers.begin(), numbers.end());
    std::string out;
    for (size_t i = 0; i < numbers.size();) {
        size_t j = i;
        while (j + 1 < numbers.size() && numbers[j + 1] == numbers[j] + 1)
            ++j;
        out += (out.empty() ? "" : ", ") + std::to_string(numbers[i]);
        if (j >= i + 2)
            out += "–" + std::to_string(numbers[j]);
        else if (j == i + 1)
            out += ", " + std::to_string(numbers[j]);
        i = j + 1;
    }
    return out;
}

} // namespace strata::analysis
