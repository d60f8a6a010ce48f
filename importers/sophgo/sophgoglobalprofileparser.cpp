#include "sophgoglobalprofileparser.h"

#include <algorithm>
#include <cctype>

namespace strata::importers::sophgo {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}
bool isKeyChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

std::string_view firstWord(std::string_view s)
{
    s = trim(s);
    size_t e = 0;
    while (e < s.size() && !isSpace(s[e]))
        ++e;
    return s.substr(0, e);
}

bool contains(std::string_view s, std::string_view w)
{
    return s.find(w) != std::string_view::npos;
}

const std::string_view* find(const SophgoGlobalProfileParser::Pairs& kv, std::string_view key)
{
    for (const auto& p : kv) {
        if (p.first == key)
            return &p.second;
    }
    return nullptr;
}

} // namespace

SophgoGlobalProfileParser::Pairs SophgoGlobalProfileParser::keyValues(std::string_view line)
{
    // Keys: a run of [A-Za-z0-9_] starting the line or after whitespace, followed by '='.
    struct Key {
        size_t keyBegin, valueBegin;
    };
    std::vector<Key> keys;
    for (size_t i = 0; i < line.size(); ++i) {
        if (line[i] != '=' || i == 0)
            continue;
        size_t b = i;
        while (b > 0 && isKeyChar(line[b - 1]))
            --b;
        if (b == i || (b > 0 && !isSpace(line[b - 1])))
            continue;
        keys.push_back({ b, i + 1 });
    }
    Pairs out;
    for (size_t k = 0; k < keys.size(); ++k) {
        const std::string_view key = line.substr(keys[k].keyBegin, keys[k].valueBegin - 1 - keys[k].keyBegin);
        const size_t end = k + 1 < keys.size() ? keys[k + 1].keyBegin : line.size();
        std::string_view value = line.substr(keys[k].valueBegin, end - keys[k].valueBegin);
        value = k + 1 < keys.size() ? firstWord(value) : trim(value);
        out.emplace_back(key, value);
    }
    return out;
}

bool SophgoGlobalProfileParser::parseUnsigned(std::string_view text, uint64_t* out)
{
    text = trim(text);
    int base = 10;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        base = 16;
        text.remove_prefix(2);
    }
    uint64_t v = 0;
    bool any = false;
    for (char c : text) {
        if (c == ',')
            continue;
        int d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (base == 16 && std::isxdigit(static_cast<unsigned char>(c)))
            d = std::tolower(static_cast<unsigned char>(c)) - 'a' + 10;
        else
            return false;
        if (v > (UINT64_MAX - uint64_t(d)) / uint64_t(base))
            return false;
        v = v * uint64_t(base) + uint64_t(d);
        any = true;
    }
    if (!any)
        return false;
    *out = v;
    return true;
}

bool SophgoGlobalProfileParser::parseSigned(std::string_view text, int64_t* out)
{
    text = trim(text);
    const bool negative = !text.empty() && text[0] == '-';
    if (negative)
        text.remove_prefix(1);
    uint64_t v = 0;
    if (!parseUnsigned(text, &v) || v > uint64_t(INT64_MAX))
        return false;
    *out = negative ? -int64_t(v) : int64_t(v);
    return true;
}

SophgoGlobalInfo SophgoGlobalProfileParser::parse(std::string_view text, store::Diagnostics& diag)
{
    SophgoGlobalProfileParser p(diag);
    p.m_info.present = true;
    size_t at = 0;
    while (at < text.size()) {
        size_t e = text.find('\n', at);
        if (e == std::string_view::npos)
            e = text.size();
        ++p.m_lineNo;
        p.line(text.substr(at, e - at), at);
        at = e + 1;
    }
    p.m_info.lines = p.m_lineNo;
    return std::move(p.m_info);
}

void SophgoGlobalProfileParser::bad(std::string_view key, std::string_view value, uint64_t offset)
{
    m_diag.report("sophgo_bad_global_value",
        "global.profile byte " + std::to_string(offset) + " (line " + std::to_string(m_lineNo)
            + "): " + std::string(key) + "=" + std::string(value) + " is not a number");
}

bool SophgoGlobalProfileParser::number(const Pairs& kv, std::string_view key, int64_t* out, uint64_t offset)
{
    const std::string_view* v = find(kv, key);
    if (!v)
        return false;
    if (parseSigned(*v, out))
        return true;
    bad(key, *v, offset);
    return false;
}

bool SophgoGlobalProfileParser::unsignedNumber(const Pairs& kv, std::string_view key, uint64_t* out, uint64_t offset)
{
    const std::string_view* v = find(kv, key);
    if (!v)
        return false;
    if (parseUnsigned(*v, out))
        return true;
    bad(key, *v, offset);
    return false;
}

SophgoSubnet& SophgoGlobalProfileParser::subnet()
{
    SophgoSubnet& s = m_info.subnets[m_subnet];
    s.id = m_subnet;
    return s;
}

SophgoLayer* SophgoGlobalProfileParser::layer()
{
    SophgoSubnet& s = subnet();
    return s.layers.empty() ? nullptr : &s.layers.back();
}

void SophgoGlobalProfileParser::line(std::string_view text, uint64_t offset)
{
    std::string_view t = trim(text);
    if (t.empty())
        return;
    constexpr std::string_view kPrefix = "[bmprofile]";
    if (t.substr(0, kPrefix.size()) == kPrefix)
        t = trim(t.substr(kPrefix.size()));
    const Pairs kv = keyValues(t);
    const std::string_view word = firstWord(t);

    if (find(kv, "mtype")) {
        addAllocation(kv, offset);
    } else if (word == "global_layer" || word == "local_layer" || word == "gdma_layer") {
        addLayer(word == "global_layer" ? SophgoLayerKind::Global
                : word == "local_layer" ? SophgoLayerKind::Local
                                        : SophgoLayerKind::Gdma,
            kv, offset);
    } else if ((word == "gdma" || word == "bd") && contains(t, "cmd_id")) {
        addCommand(word == "gdma", kv, offset);
    } else if (find(kv, "tensor_id")) {
        addTensor(kv, offset);
    } else if (contains(t, "start local memory usage of group")) {
        // "... of group G subnet_id S"
        const size_t g = t.find("group");
        int64_t group = -1;
        if (!parseSigned(firstWord(t.substr(g + 5)), &group))
            bad("group", firstWord(t.substr(g + 5)), offset);
        m_group = group;
    } else if (contains(t, "start parallel")) {
        m_parallel = true;
    } else if (contains(t, "end parallel")) {
        m_parallel = false;
    } else if (find(kv, "total_size") || find(kv, "feature_size") || find(kv, "weight_size")) {
        memoryUsage(kv, offset);
    } else if (contains(t, "to run subnet_id")) {
        // "start to run" / "end to run": the runtime's markers around a subnet's commands.
    } else if (word == "subnet_id" && contains(t, "start")) {
        int64_t id = 0;
        const std::string_view v = firstWord(t.substr(word.size()));
        if (parseSigned(v, &id))
            m_subnet = id;
        else
            bad("subnet_id", v, offset);
        m_group = -1;
        m_parallel = false;
        subnet();
    } else if (!kv.empty()) {
        bool known = false;
        for (const auto& [key, value] : kv) {
            if (key == "arch") {
                int64_t a = 0;
                if (parseSigned(value, &a)) {
                    m_info.arch = int(a);
                    m_info.archGiven = true;
                } else {
                    bad(key, value, offset);
                }
                known = true;
            } else if (key == "net_name") {
                m_info.netName = std::string(value);
                known = true;
            } else if (key == "is_mlir") {
                m_info.isMlir = value != "0";
                known = true;
            } else if (key == "core_list") {
                size_t at = 0;
                while (at < value.size()) {
                    size_t e = value.find(',', at);
                    if (e == std::string_view::npos)
                        e = value.size();
                    int64_t c = 0;
                    if (parseSigned(value.substr(at, e - at), &c))
                        m_info.cores.push_back(int(c));
                    at = e + 1;
                }
                known = true;
            } else if (contains(key, "freq")) {
                uint64_t f = 0;
                if (parseUnsigned(value, &f)) {
                    m_info.freqMhz = double(f);
                    m_info.freqGiven = true;
                } else
                    bad(key, value, offset);
                known = true;
            }
        }
        if (!known)
            m_diag.count("sophgo_global_line_unrecognized");
    } else {
        m_diag.count("sophgo_global_line_unrecognized");
    }
}

void SophgoGlobalProfileParser::addLayer(SophgoLayerKind kind, const Pairs& kv, uint64_t offset)
{
    SophgoLayer l;
    l.kind = kind;
    l.group = kind == SophgoLayerKind::Global ? -1 : m_group;
    l.parallel = m_parallel;
    number(kv, "layer_id", &l.id, offset);
    if (const std::string_view* v = find(kv, "layer_type"))
        l.type = std::string(*v);
    if (const std::string_view* v = find(kv, "layer_name"))
        l.name = std::string(*v);
    int64_t g = -1;
    if (number(kv, "gdma_type", &g, offset))
        l.gdmaType = int(g);
    subnet().layers.push_back(std::move(l));
}

void SophgoGlobalProfileParser::addTensor(const Pairs& kv, uint64_t offset)
{
    SophgoLayer* l = layer();
    if (!l) {
        m_diag.report("sophgo_tensor_without_layer",
            "global.profile byte " + std::to_string(offset) + " (line " + std::to_string(m_lineNo)
                + "): a tensor line before any layer line was skipped");
        return;
    }
    SophgoTensor t;
    int64_t v = 0;
    if (number(kv, "tensor_id", &v, offset))
        t.id = v;
    if (number(kv, "is_in", &v, offset))
        t.isIn = v != 0;
    if (number(kv, "dtype", &v, offset))
        t.dtype = int(v);
    if (number(kv, "is_const", &v, offset))
        t.isConst = v != 0;
    if (const std::string_view* s = find(kv, "shape"))
        t.shape = std::string(*s);
    uint64_t u = 0;
    if (unsignedNumber(kv, "gaddr", &u, offset))
        t.gaddr = u;
    if (unsignedNumber(kv, "gsize", &u, offset))
        t.gsize = u;
    if (unsignedNumber(kv, "loffset", &u, offset))
        t.loffset = u;
    if (unsignedNumber(kv, "l2addr", &u, offset))
        t.l2addr = u;
    if (number(kv, "nslice", &v, offset))
        t.nslice = v;
    if (number(kv, "hslice", &v, offset))
        t.hslice = v;
    l->tensors.push_back(std::move(t));
}

void SophgoGlobalProfileParser::addCommand(bool gdma, const Pairs& kv, uint64_t offset)
{
    SophgoSubnet& s = subnet();
    SophgoCommand c;
    c.gdma = gdma;
    uint64_t bd = 0, gd = 0;
    unsignedNumber(kv, "bd_id", &bd, offset);
    unsignedNumber(kv, "gdma_id", &gd, offset);
    c.id = uint32_t(gdma ? gd : bd);
    c.depId = uint32_t(gdma ? bd : gd);
    int64_t v = 0;
    if (number(kv, gdma ? "gdma_func" : "bd_func", &v, offset))
        c.func = int(v);
    if (gdma && number(kv, "gdma_dir", &v, offset))
        c.dir = int(v);
    c.layer = s.layers.empty() ? -1 : int(s.layers.size() - 1);
    if (c.layer >= 0)
        s.layers.back().commands.push_back(s.commands.size());
    s.commands.push_back(c);
}

void SophgoGlobalProfileParser::addAllocation(const Pairs& kv, uint64_t offset)
{
    SophgoAllocation a;
    int64_t m = -1;
    number(kv, "mtype", &m, offset);
    a.mtype = int(m);
    unsignedNumber(kv, "addr", &a.addr, offset);
    unsignedNumber(kv, "size", &a.size, offset);
    unsignedNumber(kv, "alloc", &a.allocUsec, offset);
    unsignedNumber(kv, "free", &a.freeUsec, offset);
    if (const std::string_view* d = find(kv, "desc"))
        a.desc = std::string(*d);
    m_info.allocations.push_back(std::move(a));
}

void SophgoGlobalProfileParser::memoryUsage(const Pairs& kv, uint64_t offset)
{
    int64_t id = -1;
    if (!number(kv, "layer_id", &id, offset))
        return;
    // The usage lines follow the group's layers or precede them; attach to every layer with
    // that id in the current group seen so far, and remember nothing else.
    for (SophgoLayer& l : subnet().layers) {
        if (l.id != id || l.group != m_group)
            continue;
        uint64_t u = 0;
        if (unsignedNumber(kv, "total_size", &u, offset))
            l.lmemTotal = u;
        if (unsignedNumber(kv, "feature_size", &u, offset))
            l.lmemFeature = u;
        if (unsignedNumber(kv, "weight_size", &u, offset))
            l.lmemWeight = u;
    }
}

} // namespace strata::importers::sophgo
