#include "chromeeventparser.h"

#include "decimaltime.h"

#include <store/timemath.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

namespace strata::importers {

namespace {

using json = nlohmann::json;
using store::ArgKind;

constexpr size_t kMaxArgsPerEvent = 512;
constexpr size_t kMaxArgDepth = 16;

enum class Field : uint8_t {
    Other,
    Name,
    Cat,
    Ph,
    Ts,
    Dur,
    Pid,
    Tid,
    Id,
    BindId,
    Scope,
    Bp,
    FlowIn,
    FlowOut,
    Args,
    Id2
};

Field fieldOf(const std::string& k)
{
    switch (k.size()) {
    case 1: return k[0] == 's' ? Field::Scope : Field::Other;
    case 2:
        if (k == "ph")
            return Field::Ph;
        if (k == "ts")
            return Field::Ts;
        if (k == "id")
            return Field::Id;
        if (k == "bp")
            return Field::Bp;
        return Field::Other;
    case 3:
        if (k == "pid")
            return Field::Pid;
        if (k == "tid")
            return Field::Tid;
        if (k == "dur")
            return Field::Dur;
        if (k == "cat")
            return Field::Cat;
        if (k == "id2")
            return Field::Id2;
        return Field::Other;
    case 4:
        if (k == "name")
            return Field::Name;
        if (k == "args")
            return Field::Args;
        return Field::Other;
    case 7:
        if (k == "bind_id")
            return Field::BindId;
        if (k == "flow_in")
            return Field::FlowIn;
        return Field::Other;
    case 8: return k == "flow_out" ? Field::FlowOut : Field::Other;
    default: return Field::Other;
    }
}

// A non-virtual SAX handler (nlohmann accepts any type with these members), so the
// parser's calls inline.
class Handler {
public:
    Handler(ParsedChunk& out, int baseDepth)
        : m_out(out)
        , m_base(baseDepth)
    {
    }

    bool null() { return scalar(ArgKind::Null, 0, 0, 0, nullptr); }
    bool boolean(bool v) { return scalar(ArgKind::Bool, v, 0, 0, nullptr); }
    bool number_integer(json::number_integer_t v) { return scalar(ArgKind::Int, v, 0, 0, nullptr); }
    bool number_unsigned(json::number_unsigned_t v) { return scalar(ArgKind::Uint, 0, v, 0, nullptr); }
    bool number_float(json::number_float_t v, const json::string_t& text)
    {
        return scalar(ArgKind::Double, 0, 0, v, &text);
    }
    bool string(json::string_t& v) { return scalar(ArgKind::String, 0, 0, 0, &v); }
    bool binary(json::binary_t&) { return true; }

    bool start_object(std::size_t) { return open(false); }
    bool start_array(std::size_t) { return open(true); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }

    bool key(json::string_t& k)
    {
        if (m_depth == m_base + 1) {
            m_ev.empty = false;
            m_field = fieldOf(k);
        } else if (m_inArgs) {
            m_key = k;
        } else if (m_inId2) {
            m_ev.id2Local = k == "local";
        }
        return true;
    }

    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex)
    {
        m_errorPos = position;
        m_error = ex.what();
        return false;
    }

    size_t errorPos() const { return m_errorPos; }
    const std::string& error() const { return m_error; }

private:
    uint32_t intern(std::string_view s) { return m_out.strings.intern(s).v; }

    bool open(bool isArray)
    {
        ++m_depth;
        if (m_depth == m_base + 1) {
            m_ev = ParsedEvent();
            m_ev.argsBegin = m_ev.argsEnd = static_cast<uint32_t>(m_out.args.size());
            m_field = Field::Other;
            m_truncatedThisEvent = false;
        } else if (m_depth == m_base + 2) {
            m_ev.empty = false;
            if (m_field == Field::Args && !isArray) {
                m_inArgs = true;
                m_frames.clear();
                m_frames.push_back(Frame { std::string(), false, 0 });
            } else if (m_field == Field::Id2 && !isArray) {
                m_inId2 = true;
            }
        } else if (m_inArgs) {
            // Past the depth limit no name is built (their values are dropped as
            // args_truncated): a name per level would cost memory quadratic in the depth.
            std::string name = m_frames.size() > kMaxArgDepth ? std::string() : valueName();
            m_frames.push_back(Frame { std::move(name), isArray, 0 });
        }
        return true;
    }

    bool close()
    {
        if (m_depth == m_base + 1) {
            m_ev.argsEnd = static_cast<uint32_t>(m_out.args.size());
            m_out.events.push_back(m_ev);
        } else if (m_depth == m_base + 2) {
            m_inArgs = false;
            m_inId2 = false;
        } else if (m_inArgs && m_frames.size() > 1) {
            m_frames.pop_back();
        }
        --m_depth;
        return true;
    }

    // The flattened key of the value at this point: "a.b" inside objects, "a[2]" in arrays.
    std::string valueName()
    {
        Frame& f = m_frames.back();
        if (f.isArray)
            return f.name + "[" + std::to_string(f.index++) + "]";
        return f.name.empty() ? m_key : f.name + "." + m_key;
    }

    LocalId idToken(ArgKind kind, int64_t i, uint64_t u, double d, const std::string* s)
    {
        LocalId id;
        switch (kind) {
        case ArgKind::Int:
            id.kind = LocalId::Number;
            id.num = i;
            break;
        case ArgKind::Uint:
            id.kind = LocalId::Number;
            id.num = static_cast<int64_t>(u);
            break;
        case ArgKind::Double:
            // 1e3 is the number 1000; 1.5 or 1e20 fit no integer and stay the text written.
            if (std::isfinite(d) && d == std::floor(d) && d >= -9.2e18 && d <= 9.2e18) {
                id.kind = LocalId::Number;
                id.num = static_cast<int64_t>(d);
            } else {
                id.kind = LocalId::String;
                id.str = intern(*s);
            }
            break;
        case ArgKind::String:
            id.kind = LocalId::String;
            id.str = intern(*s);
            break;
        default: break;
        }
        return id;
    }

    // µs as written to ns, only within the store's range (store/timemath.h): a time beyond
    // ±146 years is reported here, with its byte offset, rather than clamped later.
    static bool timeValue(ArgKind kind, int64_t i, uint64_t u, const std::string* text, store::TimeNs* out)
    {
        std::optional<store::TimeNs> ns;
        switch (kind) {
        case ArgKind::Int: ns = store::TimeMath::mul(i, 1000); break;
        case ArgKind::Uint:
            if (const auto v = store::TimeMath::fromUnsigned(u))
                ns = store::TimeMath::mul(*v, 1000);
            break;
        case ArgKind::Double:
        case ArgKind::String: {
            store::TimeNs parsed = 0;
            if (parseMicrosToNs(*text, &parsed) && store::TimeMath::inRange(parsed))
                ns = parsed;
            break;
        }
        default: break;
        }
        if (ns)
            *out = *ns;
        return ns.has_value();
    }

    bool scalar(ArgKind kind, int64_t i, uint64_t u, double d, const std::string* s)
    {
        if (m_depth == m_base + 1) {
            m_ev.empty = false;
            switch (m_field) {
            case Field::Name:
                if (kind == ArgKind::String)
                    m_ev.name = intern(*s);
                break;
            case Field::Cat:
                if (kind == ArgKind::String)
                    m_ev.cat = intern(*s);
                break;
            case Field::Ph:
                if (kind == ArgKind::String)
                    m_ev.ph = intern(*s);
                break;
            case Field::Ts:
                m_ev.hasTs = true;
                m_ev.tsBad = !timeValue(kind, i, u, s, &m_ev.ts);
                break;
            case Field::Dur:
                m_ev.hasDur = true;
                m_ev.durBad = !timeValue(kind, i, u, s, &m_ev.dur);
                break;
            case Field::Pid: m_ev.pid = idToken(kind, i, u, d, s); break;
            case Field::Tid: m_ev.tid = idToken(kind, i, u, d, s); break;
            case Field::Id: m_ev.id = idToken(kind, i, u, d, s); break;
            case Field::BindId: m_ev.bindId = idToken(kind, i, u, d, s); break;
            case Field::Scope:
                if (kind == ArgKind::String && !s->empty())
                    m_ev.scope = (*s)[0];
                break;
            case Field::Bp: m_ev.bpEnclosing = kind == ArgKind::String && *s == "e"; break;
            case Field::FlowIn: m_ev.flowIn = kind == ArgKind::Bool ? i != 0 : false; break;
            case Field::FlowOut: m_ev.flowOut = kind == ArgKind::Bool ? i != 0 : false; break;
            default: break;
            }
            return true;
        }
        if (m_inId2 && m_depth == m_base + 2) {
            m_ev.id = idToken(kind, i, u, d, s);
            return true;
        }
        if (!m_inArgs)
            return true;
        const size_t count = m_out.args.size() - m_ev.argsBegin;
        if (count >= kMaxArgsPerEvent || m_frames.size() > kMaxArgDepth) {
            if (!m_truncatedThisEvent)
                m_out.diagnostics.count("args_truncated");
            m_truncatedThisEvent = true;
            return true;
        }
        ParsedArg a;
        if (m_frames.size() == 1)
            a.key = intern(m_key);
        else
            a.key = intern(valueName());
        a.kind = kind;
        switch (kind) {
        case ArgKind::String: a.s = intern(*s); break;
        case ArgKind::Double: a.d = d; break;
        case ArgKind::Uint: a.u = u; break;
        default: a.i = i; break;
        }
        m_out.args.push_back(a);
        return true;
    }

    ParsedChunk& m_out;
    int m_base;
    int m_depth = 0;
    ParsedEvent m_ev;
    Field m_field = Field::Other;
    bool m_inArgs = false, m_inId2 = false, m_truncatedThisEvent = false;
    struct Frame {
        std::string name;
        bool isArray;
        uint32_t index;
    };
    std::vector<Frame> m_frames; // containers inside args; [0] is args itself
    std::string m_key;
    size_t m_errorPos = 0;
    std::string m_error;
};

} // namespace

void ChromeEventParser::parse(
    std::string_view text, const std::vector<uint32_t>& starts, const std::vector<uint32_t>& ends, ParsedChunk& out)
{
    Handler h(out, 1);
    const size_t before = out.events.size();
    const bool ok = json::sax_parse(text.begin(), text.end(), &h, json::input_format_t::json, true);
    for (size_t i = before; i < out.events.size() && i - before < starts.size(); ++i)
        out.events[i].offset = starts[i - before];
    if (ok)
        return;
    // One entry is malformed. Keep what was parsed, report it, and parse the rest one
    // event at a time: the scanner's boundaries make each event independent.
    const size_t pos = h.errorPos() ? h.errorPos() - 1 : 0;
    const size_t done = out.events.size() - before;
    size_t bad = static_cast<size_t>(std::upper_bound(ends.begin(), ends.end(), uint32_t(pos)) - ends.begin());
    bad = std::max(bad, done);
    out.events.resize(before + std::min(bad, done));
    out.diagnostics.report("json_parse_error", "byte " + std::to_string(out.baseOffset + pos) + ": " + h.error());
    for (size_t k = bad + 1; k < starts.size(); ++k) {
        const std::string_view ev = text.substr(starts[k], ends[k] - starts[k]);
        Handler one(out, 0);
        const size_t n = out.events.size();
        if (json::sax_parse(ev.begin(), ev.end(), &one, json::input_format_t::json, true)) {
            for (size_t i = n; i < out.events.size(); ++i)
                out.events[i].offset = starts[k];
        } else {
            out.events.resize(n);
            const size_t p = starts[k] + (one.errorPos() ? one.errorPos() - 1 : 0);
            out.diagnostics.report(
                "json_parse_error", "byte " + std::to_string(out.baseOffset + p) + ": " + one.error());
        }
    }
}

} // namespace strata::importers
