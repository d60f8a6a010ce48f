#include "findingrules.h"
#include "clockoffsetrule.h"
#include "dataloaderwaitrule.h"
#include "deviceidlerule.h"
#include "exposedcommunicationrule.h"
#include "hotoperatorrule.h"
#include "launchboundrule.h"
#include "pageablememcpyrule.h"
#include "smalltransfersrule.h"
#include "stepvariancerule.h"
#include "stragglerrule.h"
#include "syncstallrule.h"

#include <array>

namespace strata::analysis {

namespace {

template <typename... Rule> struct RuleList {
    static constexpr std::array<std::string_view, sizeof...(Rule)> kIds { Rule::kId... };
    static std::vector<std::unique_ptr<const FindingRule>> make()
    {
        std::vector<std::unique_ptr<const FindingRule>> rules;
        (rules.push_back(std::make_unique<const Rule>()), ...);
        return rules;
    }
};

// The rules, one line each, in the order a report lists them.
using Rules = RuleList<DeviceIdleRule, //
    ExposedCommunicationRule, //
    ClockOffsetRule, //
    StragglerRule, //
    LaunchBoundRule, //
    SyncStallRule, //
    PageableMemcpyRule, //
    SmallTransfersRule, //
    StepVarianceRule, //
    DataLoaderWaitRule, //
    HotOperatorRule>;

template <size_t N> constexpr bool uniqueIds(const std::array<std::string_view, N>& ids)
{
    for (size_t i = 0; i < N; ++i)
        for (size_t j = i + 1; j < N; ++j)
            if (ids[i] == ids[j])
                return false;
    return true;
}
static_assert(uniqueIds(Rules::kIds), "two findings rules share an id");

} // namespace

const std::vector<std::unique_ptr<const FindingRule>>& FindingRules::all()
{
    static const std::vector<std::unique_ptr<const FindingRule>> rules = Rules::make();
    return rules;
}

const FindingRule* FindingRules::find(std::string_view id)
{
    for (const auto& r : all())
        if (r->id() == id)
            return r.get();
    return nullptr;
}

} // namespace strata::analysis
