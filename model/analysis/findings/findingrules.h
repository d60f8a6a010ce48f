#pragma once
#include "findingrule.h"

#include <memory>
#include <string_view>
#include <vector>

namespace strata::analysis {

// The one table of findings rules, in the order they are listed and run. Adding a rule is
// its files (a FindingRule with a constexpr kId and its thresholds in FindingThresholds) and
// its line in the list in findingrules.cpp; a compile-time check there refuses two rules
// with one id.
class FindingRules {
public:
    static const std::vector<std::unique_ptr<const FindingRule>>& all();
    // The rule of `id`; null when there is none.
    static const FindingRule* find(std::string_view id);
};

} // namespace strata::analysis
