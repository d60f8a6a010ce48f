#include "notshowntext.h"

#include <algorithm>

namespace strata::analysis {

namespace {

std::string singular(const std::string& plural)
{
    return plural.size() > 1 && plural.back() == 's' ? plural.substr(0, plural.size() - 1) : plural;
}

std::string phrase(const store::SkippedContent::Kind& k)
{
    return NotShownText::count(k.count) + " " + (k.count == 1 ? k.one : k.many);
}

// "a", "a and b", "a, b and c"; past kMaxNamedKinds the rest become one item.
std::string joinKinds(const std::vector<store::SkippedContent::Kind>& kinds, const std::string& unit)
{
    std::vector<std::string> items;
    const size_t named = kinds.size() > NotShownText::kMaxNamedKinds ? NotShownText::kMaxNamedKinds - 1 : kinds.size();
    for (size_t i = 0; i < named; ++i)
        items.push_back(phrase(kinds[i]));
    if (named < kinds.size()) {
        uint64_t rest = 0;
        for (size_t i = named; i < kinds.size(); ++i)
            rest += kinds[i].count;
        items.push_back(NotShownText::count(rest) + " " + (unit.empty() ? "items" : unit) + " of "
            + std::to_string(kinds.size() - named) + " other kinds");
    }
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) {
        if (i > 0)
            out += i + 1 == items.size() ? " and " : ", ";
        out += items[i];
    }
    return out;
}

} // namespace

bool NotShownText::drawable(const store::EventStore& store)
{
    return store.sliceCount() > 0 || store.instantCount() > 0 || store.counterSampleCount() > 0;
}

std::string NotShownText::count(uint64_t n)
{
    std::string digits = std::to_string(n);
    std::string out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

std::vector<store::SkippedContent::Kind> NotShownText::listedKinds(const store::SkippedContent& skipped, bool drawable)
{
    std::vector<store::SkippedContent::Kind> out;
    for (const store::SkippedContent::Kind& k : skipped.kinds())
        if (k.skipped || !drawable)
            out.push_back(k);
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.count > b.count; });
    return out;
}

std::string NotShownText::sentence(const store::EventStore& store)
{
    return sentence(store.skipped(), drawable(store));
}

std::string NotShownText::sentence(const store::SkippedContent& skipped, bool drawable)
{
    const std::vector<store::SkippedContent::Kind> kinds = listedKinds(skipped, drawable);
    if (drawable && kinds.empty())
        return {};
    const std::string source = "this " + (skipped.source().empty() ? std::string("profile") : skipped.source());
    const std::string unit = skipped.unit().empty() ? std::string("events") : skipped.unit();
    const std::string shownOnly
        = skipped.shown().empty() ? std::string() : "; Strata shows " + skipped.shown() + " only";
    if (drawable) {
        std::string s = "T" + source.substr(1) + " holds " + joinKinds(kinds, unit);
        return s + (shownOnly.empty() ? ", which Strata does not draw." : shownOnly + ".");
    }
    std::string s = "Nothing to draw: " + source + " holds ";
    if (!kinds.empty() && !shownOnly.empty())
        return s + joinKinds(kinds, unit) + shownOnly + ".";
    if (skipped.total() == 0 && kinds.empty())
        return s + (skipped.source().empty() ? std::string("no slices, instants or counters") : "no " + unit) + ".";
    if (skipped.total() > 0)
        s += count(skipped.total()) + " " + (skipped.total() == 1 ? singular(unit) : unit)
            + ", none of a kind Strata draws";
    else
        s += "nothing of a kind Strata draws";
    if (!kinds.empty())
        s += ": " + joinKinds(kinds, unit);
    return s + shownOnly + ".";
}

} // namespace strata::analysis
