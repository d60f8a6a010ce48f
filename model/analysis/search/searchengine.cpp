#include "searchengine.h"

#include <store/parallel.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <regex>
#include <unordered_map>

namespace strata::analysis {

namespace {

constexpr uint32_t kPollRows = 1u << 16;
constexpr size_t kMinRowsPerThread = 1u << 17;
constexpr size_t kMinNamesForThreads = 4096;

inline char fold(char c)
{
    return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
}

std::string folded(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = fold(c);
    return out;
}

bool equalsFolded(std::string_view hay, std::string_view foldedNeedle)
{
    if (hay.size() != foldedNeedle.size())
        return false;
    for (size_t i = 0; i < hay.size(); ++i)
        if (fold(hay[i]) != foldedNeedle[i])
            return false;
    return true;
}

// Substring / equality with optional ASCII case folding. The needle is folded once.
class TextMatcher {
public:
    TextMatcher() = default;
    TextMatcher(std::string_view needle, bool caseSensitive)
        : m_needle(caseSensitive ? std::string(needle) : folded(needle))
        , m_cs(caseSensitive)
    {
    }
    bool contains(std::string_view hay) const
    {
        if (m_needle.empty())
            return true;
        if (m_cs)
            return hay.find(m_needle) != std::string_view::npos;
        if (hay.size() < m_needle.size())
            return false;
        const char first = m_needle[0];
        const size_t last = hay.size() - m_needle.size();
        for (size_t i = 0; i <= last; ++i) {
            if (fold(hay[i]) != first)
                continue;
            size_t k = 1;
            while (k < m_needle.size() && fold(hay[i + k]) == m_needle[k])
                ++k;
            if (k == m_needle.size())
                return true;
        }
        return false;
    }
    bool equals(std::string_view hay) const { return m_cs ? hay == m_needle : equalsFolded(hay, m_needle); }
    // "a,b , c" → true when one part (trimmed) equals the needle, or the whole text does.
    bool equalsListItem(std::string_view hay) const
    {
        if (equals(hay))
            return true;
        size_t start = 0;
        while (start <= hay.size()) {
            size_t comma = hay.find(',', start);
            if (comma == std::string_view::npos)
                comma = hay.size();
            std::string_view part = hay.substr(start, comma - start);
            while (!part.empty() && part.front() == ' ')
                part.remove_prefix(1);
            while (!part.empty() && part.back() == ' ')
                part.remove_suffix(1);
            if (equals(part))
                return true;
            start = comma + 1;
        }
        return false;
    }
    const std::string& needle() const { return m_needle; }

private:
    std::string m_needle;
    bool m_cs = true;
};

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

// One arg condition, prepared: folded key and value, the value as a number when it is one.
struct PreparedCondition {
    ArgCondition c;
    std::string key; // folded unless case-sensitive
    std::string value; // folded unless case-sensitive
    bool valueIsNumber = false;
    double number = 0;
};

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

// Evaluates the arg conditions of a query against arg sets, caching per ArgSetId and per
// key StringId. One per thread (the caches are not shared).
class ArgEvaluator {
public:
    ArgEvaluator(const store::EventStore& s, const std::vector<PreparedCondition>& conds, bool cs)
        : m_s(s)
        , m_conds(conds)
        , m_cs(cs)
    {
        if (!m_conds.empty()) {
            m_setState.assign(s.args().setCount(), 0);
            m_keyState.assign(s.strings().size(), 0);
        }
    }

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
    // Bit i set when the key (string id) selects condition i; bit 7 = computed. Conditions
    // past the 7th are matched without the cache.
    bool keySelects(store::StringId key, size_t cond)
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
    bool keyMatches(std::string_view key, const std::string& want) const
    {
        if (key.size() < want.size())
            return false;
        const std::string_view head = key.substr(0, want.size());
        if (!(m_cs ? head == want : equalsFolded(head, want)))
            return false;
        return key.size() == want.size() || key[want.size()] == '.' || key[want.size()] == '[';
    }

    bool evaluate(store::ArgSetId set)
    {
        const store::ArgTable& table = m_s.args();
        const size_t n = table.size(set);
        m_args.clear();
        for (size_t i = 0; i < n; ++i)
            m_args.push_back(table.at(set, i));
        for (size_t c = 0; c < m_conds.size(); ++c) {
            bool any = false;
            for (const store::Arg& a : m_args)
                if (a.key.valid() && keySelects(a.key, c) && valueHolds(a, m_conds[c])) {
                    any = true;
                    break;
                }
            if (!any)
                return false;
        }
        return true;
    }

    bool valueHolds(const store::Arg& a, const PreparedCondition& p)
    {
        const ArgOp op = p.c.op;
        if (op == ArgOp::Exists)
            return true;
        char buf[48];
        std::string_view text = argText(m_s, a, buf, sizeof buf);
        if (op != ArgOp::Contains && p.valueIsNumber) {
            double v = 0;
            const bool numeric = a.number(&v) || (a.kind == store::ArgKind::String && parseNumber(text, &v));
            if (numeric) {
                const int cmp = v < p.number ? -1 : (v > p.number ? 1 : 0);
                return holdsOrder(op, cmp);
            }
            if (op != ArgOp::Eq && op != ArgOp::Ne)
                return false; // a non-number is neither smaller nor larger than a number
        }
        if (!m_cs) {
            m_fold.assign(text.begin(), text.end());
            for (char& ch : m_fold)
                ch = fold(ch);
            text = m_fold;
        }
        if (op == ArgOp::Contains)
            return text.find(p.value) != std::string_view::npos;
        return holdsOrder(op, compareText(text, p.value));
    }

    const store::EventStore& m_s;
    const std::vector<PreparedCondition>& m_conds;
    bool m_cs;
    std::vector<uint8_t> m_setState; // per ArgSetId: 0 unknown, 1 fails, 2 passes
    std::vector<uint8_t> m_keyState; // per StringId, see keySelects()
    std::vector<store::Arg> m_args;
    std::string m_fold;
};

bool cancelled(const std::atomic<bool>* cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

} // namespace

std::vector<uint8_t> SearchEngine::matchTypes(const store::EventStore& s, const SearchQuery& q, unsigned threads)
{
    const store::TypeTable& types = s.types();
    std::vector<uint8_t> ok(types.size(), 1);
    if (q.name.empty() && q.category.empty())
        return ok;

    // Name: each distinct name id once.
    if (!q.name.empty()) {
        std::unique_ptr<std::regex> re;
        if (q.nameMode == NameMode::Regex) {
            try {
                auto flags = std::regex::ECMAScript | std::regex::optimize;
                if (!q.caseSensitive)
                    flags |= std::regex::icase;
                re = std::make_unique<std::regex>(q.name, flags);
            } catch (const std::regex_error&) {
                return {};
            }
        }
        const TextMatcher text(q.name, q.caseSensitive);
        // Distinct names, in first-seen order; slot per name id.
        std::unordered_map<uint32_t, uint32_t> slotOf;
        std::vector<uint32_t> names;
        std::vector<uint32_t> typeSlot(types.size());
        slotOf.reserve(types.size());
        for (uint32_t t = 0; t < types.size(); ++t) {
            const uint32_t id = types.get(store::TypeId(t)).name.v;
            auto [it, fresh] = slotOf.emplace(id, uint32_t(names.size()));
            if (fresh)
                names.push_back(id);
            typeSlot[t] = it->second;
        }
        std::vector<uint8_t> nameOk(names.size(), 0);
        const unsigned parts
            = names.size() >= kMinNamesForThreads && re ? std::max(1u, store::Parallel::threads(threads, 2)) : 1u;
        store::Parallel::parts(parts, [&](unsigned part) {
            const size_t begin = names.size() * part / parts, end = names.size() * (part + 1) / parts;
            for (size_t i = begin; i < end; ++i) {
                const std::string_view name = s.str(store::StringId(names[i]));
                bool m = false;
                switch (q.nameMode) {
                case NameMode::Substring: m = text.contains(name); break;
                case NameMode::Exact: m = text.equals(name); break;
                case NameMode::Regex: m = std::regex_search(name.begin(), name.end(), *re); break;
                }
                nameOk[i] = m;
            }
        });
        for (uint32_t t = 0; t < types.size(); ++t)
            ok[t] = nameOk[typeSlot[t]];
    }

    // Category: each distinct category id once.
    if (!q.category.empty()) {
        const TextMatcher cat(q.category, q.caseSensitive);
        std::unordered_map<uint32_t, bool> catOk;
        for (uint32_t t = 0; t < types.size(); ++t) {
            if (!ok[t])
                continue;
            const store::StringId c = types.get(store::TypeId(t)).category;
            auto it = catOk.find(c.v);
            if (it == catOk.end())
                it = catOk.emplace(c.v, cat.equalsListItem(s.str(c))).first;
            ok[t] = it->second;
        }
    }
    return ok;
}

SearchResult SearchEngine::run(
    const store::EventStore& s, const SearchQuery& q, const std::atomic<bool>* cancel, unsigned threads)
{
    SearchResult result;
    if (!q.validate(&result.error))
        return result;
    const unsigned maxParts = store::Parallel::threads(threads, 2);

    // 1. Types.
    const std::vector<uint8_t> typeOk = matchTypes(s, q, maxParts);
    result.typesMatched = static_cast<uint32_t>(std::count(typeOk.begin(), typeOk.end(), uint8_t(1)));
    if (cancelled(cancel)) {
        result.cancelled = true;
        return result;
    }
    if (result.typesMatched == 0)
        return result;

    // 2. Tracks.
    std::vector<uint8_t> trackOk(s.trackCount(), 1);
    if (!q.track.empty()) {
        const TextMatcher track(q.track, q.caseSensitive);
        std::unordered_map<uint32_t, bool> processOk;
        for (uint32_t t = 0; t < s.trackCount(); ++t) {
            const store::TrackInfo& info = s.track(store::TrackId(t));
            auto it = processOk.find(info.process.v);
            if (it == processOk.end())
                it = processOk.emplace(info.process.v, track.contains(s.processLabel(info.process))).first;
            trackOk[t] = it->second || track.contains(s.trackLabel(store::TrackId(t)));
        }
    }

    // 3. Arg conditions, prepared.
    std::vector<PreparedCondition> conds;
    for (const ArgCondition& c : q.args) {
        PreparedCondition p;
        p.c = c;
        p.key = q.caseSensitive ? c.key : folded(c.key);
        p.value = q.caseSensitive ? c.value : folded(c.value);
        p.valueIsNumber = parseNumber(c.value, &p.number);
        conds.push_back(std::move(p));
    }
    const store::TimeNs minDur = q.minDur ? *q.minDur : store::kTimeMin;
    const store::TimeNs maxDur = q.maxDur ? *q.maxDur : store::kTimeMax;

    // 4. Slice rows: ranges in ascending row order, merged where adjacent.
    std::vector<store::RowRange> ranges;
    auto addRange = [&](store::RowRange r) {
        if (r.empty())
            return;
        if (!ranges.empty() && ranges.back().end == r.begin)
            ranges.back().end = r.end;
        else
            ranges.push_back(r);
    };
    if (q.slices) {
        for (uint32_t t = 0; t < s.trackCount(); ++t) {
            if (!trackOk[t])
                continue;
            const store::TrackId track(t);
            if (!q.range) {
                addRange(s.track(track).slices);
                continue;
            }
            for (uint32_t d = 0; d < s.levelCount(track); ++d)
                addRange(s.slicesInRange(track, d, q.range->start, q.range->end));
        }
    }
    size_t totalRows = 0;
    for (const store::RowRange& r : ranges)
        totalRows += r.size();

    const unsigned parts = unsigned(std::max<size_t>(1, std::min<size_t>(maxParts, totalRows / kMinRowsPerThread)));
    struct Part {
        std::vector<store::SliceRow> rows;
        store::TimeNs total = 0;
        bool cancelled = false;
    };
    std::vector<Part> out(parts);
    store::Parallel::parts(parts, [&](unsigned part) {
        // This part's share: rows [from, to) of the concatenated ranges.
        const size_t from = totalRows * part / parts, to = totalRows * (part + 1) / parts;
        ArgEvaluator argEval(s, conds, q.caseSensitive);
        Part& o = out[part];
        size_t seen = 0;
        uint32_t poll = 0;
        for (const store::RowRange& r : ranges) {
            const size_t lo = std::max(from, seen), hi = std::min(to, seen + r.size());
            if (lo < hi) {
                const uint32_t begin = r.begin + uint32_t(lo - seen), end = r.begin + uint32_t(hi - seen);
                for (uint32_t row = begin; row < end; ++row) {
                    if (++poll == kPollRows) {
                        poll = 0;
                        if (cancelled(cancel)) {
                            o.cancelled = true;
                            return;
                        }
                    }
                    const store::SliceRow sr(row);
                    if (!typeOk[s.sliceType(sr).v])
                        continue;
                    const store::TimeNs dur = s.sliceDur(sr);
                    if (dur < minDur || dur > maxDur)
                        continue;
                    if (!argEval.test(s.sliceArgs(sr)))
                        continue;
                    o.rows.push_back(sr);
                    o.total += dur;
                }
            }
            seen += r.size();
            if (seen >= to)
                break;
        }
    });
    size_t found = 0;
    for (const Part& p : out) {
        if (p.cancelled) {
            result.cancelled = true;
            return result;
        }
        found += p.rows.size();
    }
    result.slices.reserve(found);
    for (Part& p : out) {
        result.slices.insert(result.slices.end(), p.rows.begin(), p.rows.end());
        result.totalNs += p.total;
        std::vector<store::SliceRow>().swap(p.rows);
    }

    // 5. Instants (dur 0), one thread.
    if (q.instants && 0 >= minDur && 0 <= maxDur) {
        ArgEvaluator argEval(s, conds, q.caseSensitive);
        for (uint32_t t = 0; t < s.trackCount(); ++t) {
            if (!trackOk[t])
                continue;
            const store::TrackId track(t);
            const store::RowRange rows
                = q.range ? s.instantsInRange(track, q.range->start, q.range->end) : s.track(track).instants;
            for (uint32_t row = rows.begin; row < rows.end; ++row) {
                const store::InstantRow ir(row);
                if (typeOk[s.instantType(ir).v] && argEval.test(s.instantArgs(ir)))
                    result.instants.push_back(ir);
            }
            if (cancelled(cancel)) {
                result = SearchResult();
                result.cancelled = true;
                return result;
            }
        }
        std::sort(result.instants.begin(), result.instants.end());
    }
    result.count = result.slices.size() + result.instants.size();
    return result;
}

} // namespace strata::analysis
