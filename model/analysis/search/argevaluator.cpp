#include "argevaluator.h"
#include "textmatcher.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace strata::analysis {

namespace {

// Fully parses a number ("12", "-3.5", "1e6", " 7 "); false for anything else.
bool parseNumber(std::string_view text, double* out)
{
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ')
        text.remove_suffix(1);
    if (text.empty() || text.size() > 64)
        return false;
    char buf[72];
    std::memcpy(buf, text.data(), text.size());
    buf[text.size()] = '\0';
    char* end = nullptr;
    const double v = std::strtod(buf, &end);
    if (end != buf + text.size() || !std::isfinite(v))
        return false;
    *out = v;
    return true;
}

// The text of an arg as the search compares it.
std::string_view argText(const store::EventStore& s, const store::Arg& a, char* buf, size_t size)
{
    switch (a.kind) {
    case store::ArgKind::Null: return "null";
    case store::ArgKind::Bool: return a.i ? "true" : "false";
    case store::ArgKind::Int: return std::string_view(buf, size_t(std::snprintf(buf, size, "%lld", (long long)a.i)));
    case store::ArgKind::Uint:
        return std::string_view(buf, size_t(std::snprintf(buf, size, "%llu", (unsigned long long)a.u)));
    case store::ArgKind::Double: {
        int n = std::snprintf(buf, size, "%.15g", a.d);
        if (std::strtod(buf, nullptr) != a.d)
            n = std::snprintf(buf, size, "%.17g", a.d);
        return std::string_view(buf, size_t(n));
    }
    case store::ArgKind::String: return s.str(a.stringValue());
    }
    return {};
}

int compareText(std::string_view a, std::string_view b)
{
    const int c = a.compare(b);
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

bool holdsOrder(ArgOp op, int cmp)
{
    switch (op) {
    case ArgOp::Eq: return cmp == 0;
    case ArgOp::Ne: return cmp != 0;
    case ArgOp::Lt: return cmp < 0;
    case ArgOp::Gt: return cmp > 0;
    case ArgOp::Le: return cmp <= 0;
    case ArgOp::Ge: return cmp >= 0;
    default: return false;
    }
}

} // namespace

std::vector<ArgEvaluator::Condition> ArgEvaluator::prepare(const SearchQuery& q)
{
    std::vector<Condition> conds;
    for (const ArgCondition& c : q.args) {
        Condition p;
        p.c = c;
        p.key = q.caseSensitive ? c.key : TextMatcher::folded(c.key);
        p.value = q.caseSensitive ? c.value : TextMatcher::folded(c.value);
        p.valueIsNumber = parseNumber(c.value, &p.number);
        conds.push_back(std::move(p));
    }
    return conds;
}

ArgEvaluator::ArgEvaluator(const store::EventStore& s, const std::vector<Condition>& conds, bool cs)
    : m_s(s)
    , m_conds(conds)
    , m_cs(cs)
{
    if (!m_conds.empty()) {
        m_setState = PagedBytes(s.args().setCount());
        m_keyState = PagedBytes(s.strings().size());
        for (size_t i = 0; i < m_conds.size(); ++i)
            m_valueState.emplace_back(s.strings().size());
    }
}

void ArgEvaluator::evaluateAll(uint32_t begin, uint32_t end, uint64_t* bits)
{
    for (uint32_t set = begin; set < end; ++set)
        if (m_conds.empty() || evaluate(store::ArgSetId(set)))
            bits[set >> 6] |= uint64_t(1) << (set & 63);
}

// Bit i set when the key (string id) selects condition i; bit 7 = computed. Conditions
// past the 7th are matched without the cache.
bool ArgEvaluator::keySelects(store::StringId key, size_t cond)
{
    if (cond < 7) {
        uint8_t& st = m_keyState[key.v];
        if (!(st & 0x80)) {
            st = 0x80;
            for (size_t i = 0; i < m_conds.size() && i < 7; ++i)
                if (keyMatches(m_s.str(key), m_conds[i].key))
                    st |= uint8_t(1u << i);
        }
        return st & (1u << cond);
    }
    return keyMatches(m_s.str(key), m_conds[cond].key);
}

// Equal, or a flattened element below it: "K.x", "K[2]".
bool ArgEvaluator::keyMatches(std::string_view key, const std::string& want) const
{
    if (key.size() < want.size())
        return false;
    const std::string_view head = key.substr(0, want.size());
    if (!(m_cs ? head == want : TextMatcher::equalsFolded(head, want)))
        return false;
    return key.size() == want.size() || key[want.size()] == '.' || key[want.size()] == '[';
}

bool ArgEvaluator::evaluate(store::ArgSetId set)
{
    // Keys first, a value decoded only under a key the condition selects: most args of most
    // sets are not asked about, and this runs once per set of the store.
    const store::ArgTable& table = m_s.args();
    const size_t n = table.size(set);
    for (size_t c = 0; c < m_conds.size(); ++c) {
        bool any = false;
        for (size_t i = 0; i < n && !any; ++i) {
            const store::StringId key = table.keyAt(set, i);
            any = key.valid() && keySelects(key, c) && cachedValueHolds(table.at(set, i), c);
        }
        if (!any)
            return false;
    }
    return true;
}

// A string value's verdict depends on the condition and the string alone: cached per
// (condition, StringId), as strings recur across many sets.
bool ArgEvaluator::cachedValueHolds(const store::Arg& a, size_t cond)
{
    if (a.kind != store::ArgKind::String || !a.stringValue().valid())
        return valueHolds(a, m_conds[cond]);
    uint8_t& st = m_valueState[cond][a.stringValue().v];
    if (st == 0)
        st = valueHolds(a, m_conds[cond]) ? 2 : 1;
    return st == 2;
}

bool ArgEvaluator::valueHolds(const store::Arg& a, const Condition& p)
{
    const ArgOp op = p.c.op;
    if (op == ArgOp::Exists)
        return true;
    if (op != ArgOp::Contains && p.valueIsNumber) {
        // A numeric arg is compared without printing it first.
        double v = 0;
        const bool numeric
            = a.number(&v) || (a.kind == store::ArgKind::String && parseNumber(m_s.str(a.stringValue()), &v));
        if (numeric) {
            const int cmp = v < p.number ? -1 : (v > p.number ? 1 : 0);
            return holdsOrder(op, cmp);
        }
        if (op != ArgOp::Eq && op != ArgOp::Ne)
            return false; // a non-number is neither smaller nor larger than a number
    }
    char buf[48];
    std::string_view text = argText(m_s, a, buf, sizeof buf);
    if (!m_cs) {
        m_fold.assign(text.begin(), text.end());
        for (char& ch : m_fold)
            ch = TextMatcher::fold(ch);
        text = m_fold;
    }
    if (op == ArgOp::Contains)
        return text.find(p.value) != std::string_view::npos;
    return holdsOrder(op, compareText(text, p.value));
}

} // namespace strata::analysis
