#pragma once
#include "searchquery.h"
#include <store/eventstore.h>

#include <string>
#include <vector>

namespace strata::analysis {

// Evaluates the arg conditions of a query against arg sets (the semantics are ArgCondition's),
// caching per ArgSetId and per key StringId. One per thread: the caches are not shared.
class ArgEvaluator {
public:
    // One arg condition, prepared: folded key and value, the value as a number when it is one.
    struct Condition {
        ArgCondition c;
        std::string key; // folded unless case-sensitive
        std::string value; // folded unless case-sensitive
        bool valueIsNumber = false;
        double number = 0;
    };
    // The query's conditions, prepared once per run and shared by the threads' evaluators.
    static std::vector<Condition> prepare(const SearchQuery& q);

    ArgEvaluator(const store::EventStore& s, const std::vector<Condition>& conds, bool cs);

    bool test(store::ArgSetId set)
    {
        if (m_conds.empty())
            return true;
        if (!set.valid())
            return false; // every condition needs a key
        uint8_t& st = m_setState[set.v];
        if (st == 0)
            st = evaluate(set) ? 2 : 1;
        return st == 2;
    }

private:
    bool keySelects(store::StringId key, size_t cond);
    bool keyMatches(std::string_view key, const std::string& want) const;
    bool evaluate(store::ArgSetId set);
    bool valueHolds(const store::Arg& a, const Condition& p);

    const store::EventStore& m_s;
    const std::vector<Condition>& m_conds;
    bool m_cs;
    std::vector<uint8_t> m_setState; // per ArgSetId: 0 unknown, 1 fails, 2 passes
    std::vector<uint8_t> m_keyState; // per StringId, see keySelects()
    std::vector<store::Arg> m_args;
    std::string m_fold;
};

} // namespace strata::analysis
