#pragma once
#include "searchquery.h"
#include <store/eventstore.h>

#include <memory>
#include <string>
#include <vector>

namespace strata::analysis {

// Evaluates the arg conditions of a query against arg sets (the semantics are ArgCondition's),
// caching per ArgSetId and per key StringId. One per thread: the caches are not shared.
//
// The caches are paged (a byte per id, in 4 KB pages zeroed when first touched), so a run
// that meets few sets or keys never clears a byte per set and per string of a big store.
// When a run tests more rows than there are sets, evaluateAll() instead evaluates every set
// once in order of the arg table (sequential reads) into a bit per set.
class ArgEvaluator {
public:
    // A byte per id, 0 until written, its pages allocated when first touched.
    class PagedBytes {
    public:
        explicit PagedBytes(size_t n = 0)
            : m_pages(n ? ((n - 1) >> kShift) + 1 : 0)
        {
        }
        uint8_t& operator[](uint32_t i)
        {
            std::unique_ptr<uint8_t[]>& page = m_pages[i >> kShift];
            if (!page)
                page = std::make_unique<uint8_t[]>(size_t(1) << kShift); // value-initialized: zeros
            return page[i & ((1u << kShift) - 1)];
        }

    private:
        static constexpr unsigned kShift = 12;
        std::vector<std::unique_ptr<uint8_t[]>> m_pages;
    };

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

    // Sets [begin, end) of the arg table: bit (set % 64) of bits[set / 64] set when the set
    // passes. begin is a multiple of 64, so threads given disjoint such spans share no word.
    void evaluateAll(uint32_t begin, uint32_t end, uint64_t* bits);

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
    bool cachedValueHolds(const store::Arg& a, size_t cond);
    bool valueHolds(const store::Arg& a, const Condition& p);

    const store::EventStore& m_s;
    const std::vector<Condition>& m_conds;
    bool m_cs;
    PagedBytes m_setState; // per ArgSetId: 0 unknown, 1 fails, 2 passes
    PagedBytes m_keyState; // per StringId, see keySelects()
    std::vector<PagedBytes> m_valueState; // per condition, per string value: 0 unknown, 1 fails, 2 holds
    std::string m_fold;
};

} // namespace strata::analysis
