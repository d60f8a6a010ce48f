#include "searchquery.h"

#include <regex>

namespace strata::analysis {

namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

bool isOpChar(char c)
{
    return c == '=' || c == '!' || c == '~' || c == '<' || c == '>';
}

std::string quoted(const std::string& s)
{
    return "\"" + s + "\"";
}

} // namespace

const char* argOpText(ArgOp op)
{
    switch (op) {
    case ArgOp::Exists: return "";
    case ArgOp::Eq: return "=";
    case ArgOp::Ne: return "!=";
    case ArgOp::Contains: return "~";
    case ArgOp::Lt: return "<";
    case ArgOp::Gt: return ">";
    case ArgOp::Le: return "<=";
    case ArgOp::Ge: return ">=";
    }
    return "?";
}

std::string ArgCondition::text() const
{
    if (op == ArgOp::Exists)
        return key;
    const bool needQuotes = !value.empty()
        && (value.front() == ' ' || value.back() == ' ' || value.front() == '\t' || value.back() == '\t');
    return key + argOpText(op) + (needQuotes ? quoted(value) : value);
}

bool SearchQuery::parseArgCondition(std::string_view text, ArgCondition* out, std::string* error)
{
    auto fail = [&](const std::string& why) {
        if (error)
            *error = "bad arg condition \"" + std::string(text) + "\": " + why
                + " (expected KEY, KEY=V, KEY!=V, KEY~V, KEY<V, KEY>V, KEY<=V or KEY>=V)";
        return false;
    };
    size_t at = 0;
    while (at < text.size() && !isOpChar(text[at]))
        ++at;
    const std::string_view key = trim(text.substr(0, at));
    if (key.empty())
        return fail("no key");
    ArgCondition c;
    c.key = std::string(key);
    if (at == text.size()) {
        c.op = ArgOp::Exists;
        *out = std::move(c);
        return true;
    }
    const std::string_view rest = text.substr(at);
    auto starts = [&](std::string_view p) { return rest.substr(0, p.size()) == p; };
    size_t opLen = 1;
    if (starts("==")) {
        c.op = ArgOp::Eq;
        opLen = 2;
    } else if (starts("!=")) {
        c.op = ArgOp::Ne;
        opLen = 2;
    } else if (starts("<=")) {
        c.op = ArgOp::Le;
        opLen = 2;
    } else if (starts(">=")) {
        c.op = ArgOp::Ge;
        opLen = 2;
    } else if (starts("=")) {
        c.op = ArgOp::Eq;
    } else if (starts("~")) {
        c.op = ArgOp::Contains;
    } else if (starts("<")) {
        c.op = ArgOp::Lt;
    } else if (starts(">")) {
        c.op = ArgOp::Gt;
    } else {
        return fail("unknown operator '" + std::string(rest.substr(0, 2)) + "'");
    }
    std::string_view value = trim(rest.substr(opLen));
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
        value = value.substr(1, value.size() - 2);
    if (value.empty() && c.op != ArgOp::Eq && c.op != ArgOp::Ne && c.op != ArgOp::Contains)
        return fail(std::string("no value after '") + argOpText(c.op) + "'");
    c.value = std::string(value);
    *out = std::move(c);
    return true;
}

bool SearchQuery::matchesEverything() const
{
    return name.empty() && category.empty() && track.empty() && args.empty() && !minDur && !maxDur && !range && slices
        && instants;
}

bool SearchQuery::validate(std::string* error) const
{
    auto fail = [&](const std::string& why) {
        if (error)
            *error = why;
        return false;
    };
    if (nameMode == NameMode::Regex && !name.empty()) {
        try {
            auto flags = std::regex::ECMAScript | std::regex::optimize;
            if (!caseSensitive)
                flags |= std::regex::icase;
            std::regex re(name, flags);
        } catch (const std::regex_error& e) {
            return fail("bad regular expression \"" + name + "\": " + e.what());
        }
    }
    if (minDur && maxDur && *minDur > *maxDur)
        return fail("the minimum duration is larger than the maximum");
    if (range && range->end < range->start)
        return fail("the time range ends before it starts");
    for (const ArgCondition& c : args)
        if (c.key.empty())
            return fail("an arg condition has no key");
    return true;
}

std::string SearchQuery::describe() const
{
    std::vector<std::string> parts;
    const char* ci = caseSensitive ? "" : "i";
    if (!name.empty()) {
        switch (nameMode) {
        case NameMode::Substring:
            parts.push_back("name contains " + quoted(name) + (caseSensitive ? "" : " (any case)"));
            break;
        case NameMode::Regex: parts.push_back("name ~ /" + name + "/" + ci); break;
        case NameMode::Exact: parts.push_back("name = " + quoted(name) + (caseSensitive ? "" : " (any case)")); break;
        }
    }
    if (!category.empty())
        parts.push_back("cat = " + quoted(category));
    if (!track.empty())
        parts.push_back("track contains " + quoted(track));
    for (const ArgCondition& c : args)
        parts.push_back(c.op == ArgOp::Exists ? "has " + quoted(c.key)
                                              : quoted(c.key) + " " + argOpText(c.op) + " " + quoted(c.value));
    if (minDur)
        parts.push_back("dur >= " + std::to_string(*minDur) + " ns");
    if (maxDur)
        parts.push_back("dur <= " + std::to_string(*maxDur) + " ns");
    if (range)
        parts.push_back("overlaps [" + std::to_string(range->start) + ", " + std::to_string(range->end) + "] ns");
    if (!slices)
        parts.push_back("instants only");
    if (!instants)
        parts.push_back("slices only");
    if (parts.empty())
        return "everything";
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i)
        out += (i ? " AND " : "") + parts[i];
    return out;
}

} // namespace strata::analysis
