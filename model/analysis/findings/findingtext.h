#pragma once
#include <store/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace strata::analysis {

// How the findings' sentences write their numbers, one place for every rule: shares with one
// decimal ("42.1 %"), durations in the unit that keeps 3 significant figures ("12.3 ms"),
// bytes in binary units ("64.0 KiB"), values in their finding's unit. Locale-independent.
class FindingText {
public:
    static std::string percent(double pct);
    // A finding's value or threshold in its unit (Finding::unit): "42.1 %", "3 copies", "1.62 x median".
    static std::string value(double v, const std::string& unit);
    static std::string duration(store::TimeNs ns);
    static std::string bytes(double bytes);
    static std::string number(double v, int decimals);
    // Rank numbers in order, runs of three or more as "a–b": "0, 2, 4–7".
    static std::string ranks(std::vector<int64_t> numbers);
};

} // namespace strata::analysis
