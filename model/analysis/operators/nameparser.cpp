#include "nameparser.h"

#include <analysis/enumname.h>

#include <algorithm>
#include <cctype>
#include <iterator>

namespace strata::analysis {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}
bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
bool isIdentStart(char c)
{
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isIdentChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

bool hasSpace(std::string_view s)
{
    return std::any_of(s.begin(), s.end(), isSpace);
}

// Reads "<digits>" at the front; false when there are none.
bool takeNumber(std::string_view& s, int64_t* out)
{
    size_t n = 0;
    int64_t v = 0;
    while (n < s.size() && isDigit(s[n]) && n < 18)
        v = v * 10 + (s[n++] - '0');
    if (n == 0 || (n < s.size() && isDigit(s[n])))
        return false;
    *out = v;
    s.remove_prefix(n);
    return true;
}

// "<prefix><digits>_" at the front (prefix may be empty): consumes it and returns true.
bool takePrefixedIndex(std::string_view& s, char prefix, int64_t* out)
{
    std::string_view t = s;
    if (prefix) {
        if (t.empty() || t.front() != prefix)
            return false;
        t.remove_prefix(1);
    }
    int64_t v = 0;
    if (!takeNumber(t, &v) || t.empty() || t.front() != '_')
        return false;
    t.remove_prefix(1);
    *out = v;
    s = t;
    return true;
}

// A trailing "_<digits>" (with something before it): consumes it and returns true.
bool takeTrailingIndex(std::string_view& s, int64_t* out)
{
    size_t i = s.size();
    while (i > 0 && isDigit(s[i - 1]))
        --i;
    if (i == s.size() || i < 2 || s[i - 1] != '_' || s.size() - i > 18)
        return false;
    int64_t v = 0;
    for (size_t k = i; k < s.size(); ++k)
        v = v * 10 + (s[k] - '0');
    *out = v;
    s = s.substr(0, i - 1);
    return true;
}

std::vector<std::string> splitDotted(std::string_view path)
{
    std::vector<std::string> out;
    size_t start = 0;
    for (size_t i = 0; i <= path.size(); ++i)
        if (i == path.size() || path[i] == '.') {
            out.emplace_back(path.substr(start, i - start));
            start = i + 1;
        }
    return out;
}

// "Ident(inner)" with balanced parentheses: the identifier and the inner text.
bool splitCall(std::string_view s, std::string_view* ident, std::string_view* inner)
{
    const size_t open = s.find('(');
    if (open == std::string_view::npos || open == 0 || s.back() != ')' || !isIdentStart(s.front()))
        return false;
    const std::string_view id = s.substr(0, open);
    if (!std::all_of(id.begin(), id.end(), isIdentChar))
        return false;
    int depth = 0;
    for (size_t i = open; i < s.size(); ++i) {
        if (s[i] == '(')
            ++depth;
        else if (s[i] == ')' && --depth == 0 && i + 1 != s.size())
            return false; // "a(b)c(d)" is not one call
    }
    if (depth != 0)
        return false;
    *ident = id;
    *inner = s.substr(open + 1, s.size() - open - 2);
    return true;
}

// Bare HLO instruction name: "%?ident.<digits>".
bool isHloName(std::string_view s)
{
    if (!s.empty() && s.front() == '%')
        s.remove_prefix(1);
    const size_t dot = s.rfind('.');
    if (s.empty() || !isIdentStart(s.front()) || dot == std::string_view::npos || dot + 1 >= s.size())
        return false;
    for (size_t i = dot + 1; i < s.size(); ++i)
        if (!isDigit(s[i]))
            return false;
    return std::all_of(s.begin(), s.begin() + dot, isIdentChar);
}

// "aten__permute_transpose.35" → "aten__permute_transpose".
std::string_view stripInstanceSuffix(std::string_view s)
{
    const size_t dot = s.rfind('.');
    if (dot == std::string_view::npos || dot == 0 || dot + 1 >= s.size())
        return s;
    for (size_t i = dot + 1; i < s.size(); ++i)
        if (!isDigit(s[i]))
            return s;
    return s.substr(0, dot);
}

void setModule(OperatorInfo& info, std::string module, char sep)
{
    info.module = std::move(module);
    info.modulePath.clear();
    size_t start = 0;
    for (size_t i = 0; i <= info.module.size() && !info.module.empty(); ++i)
        if (i == info.module.size() || info.module[i] == sep) {
            info.modulePath.push_back(info.module.substr(start, i - start));
            start = i + 1;
        }
    if (!info.modulePath.empty())
        info.model = info.modulePath.front();
}

// An RBLN layer name: "fused(a+b)", "opcode(layer)" or a dotted module path.
void readLayerName(std::string_view layer, OperatorInfo& info)
{
    info.layer = std::string(layer);
    info.framework = info.layer;
    info.op = info.layer;
    std::string_view ident, inner;
    if (NameParser::fusedMembers(layer, &info.fusedMembers, &info.malformed)) {
        setModule(info, NameParser::commonModule(info.fusedMembers), '.');
    } else if (splitCall(layer, &ident, &inner)) {
        info.op = std::string(ident);
        info.layer = std::string(trim(inner));
        info.framework = info.layer;
        info.operands = { info.layer };
        setModule(info, NameParser::parentPath(info.layer), '.');
    } else {
        setModule(info, NameParser::parentPath(layer), '.');
    }
}

bool parseRbln(std::string_view name, OperatorInfo& info)
{
    std::string_view s = name;
    int64_t instance = -1, seq = -1, workload = -1, cmd = -1;
    const bool hasInstance = takePrefixedIndex(s, 'i', &instance);
    if (!takePrefixedIndex(s, 0, &seq))
        return false;
    takePrefixedIndex(s, 'W', &workload);
    takeTrailingIndex(s, &cmd);
    if (s.empty())
        return false;
    info.format = NameFormat::Rbln;
    info.instance = hasInstance ? instance : -1;
    info.sequenceIndex = seq;
    info.workload = workload;
    info.commandIndex = cmd;
    readLayerName(s, info);
    // Instances of a multi-stream file run the same commands: the command drops "i{n}_".
    info.command = std::string(hasInstance ? name.substr(name.find('_') + 1) : name);
    return true;
}

bool parseNeuronPath(std::string_view name, OperatorInfo& info)
{
    if (name.find('/') == std::string_view::npos || name.front() == '/' || name.back() == '/' || hasSpace(name)
        || name.find("://") != std::string_view::npos)
        return false;
    std::vector<std::string_view> seg;
    size_t start = 0;
    for (size_t i = 0; i <= name.size(); ++i)
        if (i == name.size() || name[i] == '/') {
            seg.push_back(name.substr(start, i - start));
            start = i + 1;
        }
    if (std::any_of(seg.begin(), seg.end(), [](std::string_view x) { return x.empty(); }))
        return false;
    info.format = NameFormat::NeuronPath;
    const std::string_view leaf = stripInstanceSuffix(seg.back());
    info.op = std::string(leaf);
    const std::string_view layer = name.substr(0, name.size() - seg.back().size() - 1);
    info.layer = std::string(layer);
    info.framework = info.layer + "/" + info.op;
    setModule(info, NameParser::parentPath(layer), '/');
    info.model = std::string(seg.front());
    info.command = std::string(name);
    return true;
}

bool parseHlo(std::string_view name, OperatorInfo& info)
{
    const size_t eq = name.find(" = ");
    if (eq != std::string_view::npos) {
        std::string_view lhs = trim(name.substr(0, eq)), rhs = trim(name.substr(eq + 3));
        if (!isHloName(lhs) && !(lhs.size() > 1 && lhs.front() == '%'))
            return false;
        const size_t open = rhs.find('(');
        std::string_view head = trim(rhs.substr(0, open));
        const size_t sp = head.rfind(' '); // "f32[2,2]{1,0} add" → "add"
        if (sp != std::string_view::npos)
            head = head.substr(sp + 1);
        info.format = NameFormat::Hlo;
        info.hlo = NameParser::hloInstructionName(name);
        info.op = head.empty() ? std::string(stripInstanceSuffix(info.hlo)) : std::string(head);
        if (open != std::string_view::npos) {
            const size_t close = rhs.rfind(')');
            const std::string_view args = rhs.substr(
                open + 1, (close == std::string_view::npos || close < open ? rhs.size() : close) - open - 1);
            for (std::string& a : NameParser::splitTopLevel(args, ','))
                info.operands.push_back(!a.empty() && a.front() == '%' ? a.substr(1) : a);
        }
        info.command = std::string(name);
        return true;
    }
    if (!isHloName(name))
        return false;
    info.format = NameFormat::Hlo;
    info.hlo = NameParser::hloInstructionName(name);
    info.op = std::string(stripInstanceSuffix(info.hlo));
    info.command = std::string(name);
    return true;
}

} // namespace

const char* nameFormatName(NameFormat f)
{
    static constexpr const char* kNames[] = { "plain", "rbln", "neuron_path", "hlo", "kineto", "call", "fused" };
    static_assert(std::size(kNames) == size_t(NameFormat::Fused) + 1, "a name per NameFormat");
    return enumName(f, kNames, "plain");
}

bool NameParser::fusedMembers(std::string_view text, std::vector<std::string>* members, bool* malformed)
{
    text = trim(text);
    constexpr std::string_view kFused = "fused(";
    if (text.substr(0, kFused.size()) != kFused)
        return false;
    std::string_view inner = text.substr(kFused.size());
    int depth = 1;
    size_t close = std::string_view::npos;
    for (size_t i = 0; i < inner.size(); ++i) {
        if (inner[i] == '(')
            ++depth;
        else if (inner[i] == ')' && --depth == 0) {
            close = i;
            break;
        }
    }
    if (close != std::string_view::npos && close + 1 != inner.size())
        return false; // "fused(a)b" is not one group
    const bool broken = close == std::string_view::npos;
    if (malformed)
        *malformed = broken;
    std::vector<std::string> out = splitTopLevel(broken ? inner : inner.substr(0, close), '+');
    out.erase(std::remove(out.begin(), out.end(), std::string()), out.end());
    if (members)
        *members = std::move(out);
    return true;
}

std::vector<std::string> NameParser::splitTopLevel(std::string_view text, char sep)
{
    std::vector<std::string> out;
    int depth = 0;
    size_t start = 0;
    for (size_t i = 0; i <= text.size(); ++i) {
        const char c = i < text.size() ? text[i] : sep;
        if (c == '(' || c == '[' || c == '{')
            ++depth;
        else if ((c == ')' || c == ']' || c == '}') && depth > 0)
            --depth;
        else if (c == sep && (depth == 0 || i == text.size())) {
            const std::string_view part = trim(text.substr(start, i - start));
            if (!part.empty() || i < text.size())
                out.emplace_back(part);
            start = i + 1;
        }
    }
    return out;
}

std::string NameParser::hloInstructionName(std::string_view text)
{
    text = trim(text);
    const size_t eq = text.find(" = ");
    std::string_view lhs = trim(eq == std::string_view::npos ? text : text.substr(0, eq));
    if (!lhs.empty() && lhs.front() == '%')
        lhs.remove_prefix(1);
    // "ROOT %x.1" / typed forms keep only the last word.
    const size_t sp = lhs.rfind(' ');
    if (sp != std::string_view::npos)
        lhs = lhs.substr(sp + 1);
    if (!lhs.empty() && lhs.front() == '%')
        lhs.remove_prefix(1);
    return std::string(lhs);
}

std::string NameParser::parentPath(std::string_view layer)
{
    const size_t slash = layer.rfind('/');
    if (slash != std::string_view::npos)
        return std::string(layer.substr(0, slash));
    if (layer.find('(') != std::string_view::npos)
        return {}; // a call or group, not a path
    const size_t dot = layer.rfind('.');
    return dot == std::string_view::npos ? std::string() : std::string(layer.substr(0, dot));
}

std::string NameParser::commonModule(const std::vector<std::string>& members)
{
    if (members.empty())
        return {};
    std::vector<std::string> common = splitDotted(members.front());
    bool allSame = true;
    for (size_t m = 1; m < members.size(); ++m) {
        const std::vector<std::string> seg = splitDotted(members[m]);
        allSame = allSame && members[m] == members.front();
        size_t n = 0;
        while (n < common.size() && n < seg.size() && common[n] == seg[n])
            ++n;
        common.resize(n);
    }
    if (allSame)
        return parentPath(members.front());
    std::string out;
    for (size_t i = 0; i < common.size(); ++i)
        out += (i ? "." : "") + common[i];
    return out;
}

std::string NameParser::stripStepNumber(std::string_view name)
{
    size_t i = name.size();
    while (i > 0 && isDigit(name[i - 1]))
        --i;
    if (i == name.size() || i < 2 || name[i - 1] != '#')
        return std::string(name);
    return std::string(trim(name.substr(0, i - 1)));
}

OperatorInfo NameParser::parseName(std::string_view rawName)
{
    OperatorInfo info;
    const std::string_view name = trim(rawName);
    if (name.empty())
        return info;
    if (parseRbln(name, info))
        return info;
    if (name.find("::") != std::string_view::npos || name.substr(0, 11) == "nn.Module: ") {
        info.format = NameFormat::Kineto;
        info.op = std::string(name);
        info.framework = info.op;
        info.command = info.op;
        return info;
    }
    if (parseNeuronPath(name, info))
        return info;
    std::string_view ident, inner;
    if (name.substr(0, 6) != "fused(" && splitCall(name, &ident, &inner)) {
        info.format = NameFormat::Call;
        info.op = std::string(ident);
        info.operands = splitTopLevel(inner, ',');
        info.command = std::string(name);
        return info;
    }
    if (parseHlo(name, info))
        return info;
    if (fusedMembers(name, &info.fusedMembers, &info.malformed)) {
        info.format = NameFormat::Fused;
        readLayerName(name, info);
        info.command = std::string(name);
        return info;
    }
    std::string_view rest = name;
    int64_t index = -1;
    if (rest.substr(0, 6) == "fused_" && takeTrailingIndex(rest, &index) && rest == "fused") {
        info.format = NameFormat::Fused;
        info.op = "fused";
        info.commandIndex = index;
        info.command = std::string(name);
        return info;
    }
    info.op = stripStepNumber(name);
    info.command = std::string(name);
    return info;
}

OperatorInfo NameParser::argIdentity(const NameArgs& args)
{
    OperatorInfo info;
    info.op = std::string(trim(args.opcode));
    if (!trim(args.hlo).empty())
        info.hlo = hloInstructionName(args.hlo);
    const std::string_view framework = trim(args.framework);
    if (!framework.empty()) {
        OperatorInfo path;
        if (parseNeuronPath(framework, path)) {
            info.framework = path.framework;
            info.layer = path.layer;
            info.module = path.module;
            info.modulePath = path.modulePath;
            info.model = path.model;
        } else {
            info.framework = std::string(framework);
        }
    }
    const std::string_view layer = trim(args.layer);
    if (!layer.empty()) {
        info.layer = std::string(layer);
        setModule(info, parentPath(layer), layer.find('/') != std::string_view::npos ? '/' : '.');
    }
    return info;
}

bool NameParser::nameDecides(NameFormat format, OperatorLevel level)
{
    using L = OperatorLevel;
    switch (level) {
    case L::Name:
    case L::Command: return true;
    case L::Module:
    case L::Layer: return format == NameFormat::Rbln || format == NameFormat::Fused || format == NameFormat::NeuronPath;
    case L::Framework:
        return format == NameFormat::Rbln || format == NameFormat::Fused || format == NameFormat::NeuronPath
            || format == NameFormat::Kineto;
    case L::Hlo: return format == NameFormat::Hlo;
    case L::Op: return format != NameFormat::Rbln && format != NameFormat::Fused;
    }
    return true;
}

std::string NameParser::levelKey(const OperatorInfo& info, OperatorLevel level, std::string_view name)
{
    switch (level) {
    case OperatorLevel::Module:
        return info.module.empty() && !info.layer.empty() ? std::string(kTopModule) : info.module;
    case OperatorLevel::Framework: return info.framework;
    case OperatorLevel::Layer: return info.layer;
    case OperatorLevel::Hlo: return info.hlo;
    case OperatorLevel::Op: return info.op;
    case OperatorLevel::Command: return info.command;
    case OperatorLevel::Name: return std::string(name);
    }
    return {};
}

OperatorInfo NameParser::parse(std::string_view name, const NameArgs& args)
{
    OperatorInfo info = parseName(name);
    const OperatorInfo fromArgs = argIdentity(args);
    // Exactly OperatorCatalog's per-level rule: the deciding source when it has a key, else
    // the other one.
    auto fromArgsWins = [&](OperatorLevel level) {
        const bool nameHas = !levelKey(info, level, name).empty();
        const bool argsHave = !levelKey(fromArgs, level, name).empty();
        return argsHave && (!nameDecides(info.format, level) || !nameHas);
    };
    const bool module = fromArgsWins(OperatorLevel::Module);
    if (fromArgsWins(OperatorLevel::Framework))
        info.framework = fromArgs.framework;
    if (fromArgsWins(OperatorLevel::Hlo))
        info.hlo = fromArgs.hlo;
    if (fromArgsWins(OperatorLevel::Op))
        info.op = fromArgs.op;
    if (fromArgsWins(OperatorLevel::Layer))
        info.layer = fromArgs.layer;
    if (module) {
        info.module = fromArgs.module;
        info.modulePath = fromArgs.modulePath;
        info.model = fromArgs.model;
    }
    return info;
}

} // namespace strata::analysis
