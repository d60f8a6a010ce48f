#pragma once
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace strata::analysis {

// The findings rules' thresholds, in one table with their defaults, under stable string
// keys ("device-idle.idle_pct"): a dock edits them and keeps them in the settings under
// these keys, so a key never changes once released. A rule fires when its value reaches the
// threshold (value >= threshold). Values not set are the table's defaults.
class FindingThresholds {
public:
    struct Spec {
        const char* key;
        double defaultValue;
        const char* unit; // "%", "bytes", "x median", "copies"
        const char* meaning; // one line, for the dock's editor and the docs
    };

    // Every threshold of every rule, in the rules' order.
    static const std::vector<Spec>& specs();
    static const Spec* spec(std::string_view key);

    // The value of `key`: set, else its default. A key the table does not hold is a
    // programming error (std::out_of_range).
    double get(std::string_view key) const;
    // False (and nothing set) for a key the table does not hold, or a negative value.
    bool set(std::string_view key, double value);
    // The values set, by key (what a dock saves).
    const std::map<std::string, double, std::less<>>& overrides() const { return m_values; }

private:
    std::map<std::string, double, std::less<>> m_values;
};

} // namespace strata::analysis
