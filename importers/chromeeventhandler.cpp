#include "chromeeventhandler.h"

#include "decimaltime.h"

#include <store/timemath.h>

#include <cmath>
#include <optional>

namespace strata::importers {

using store::ArgKind;

enum class ChromeEventHandler::Field : uint8_t {
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

namespace {

constexpr size_t kMaxArgsPerEvent = 512;
constexpr size_t kMaxArgDepth = 16;

template <typename F> F fieldOf(std::string_view k)
{
    switch (k.size()) {
    case 1: return k[0] == 's' ? F::Scope : F::Other;
    case 2:
        if (k == "ph")
            return F::Ph;
        if (k == "ts")
            return F::Ts;
        if (k == "id")
            return F::Id;
        if (k == "bp")
            return F::Bp;
        return F::Other;
    case 3:
        if (k == "pid")
            return F::Pid;
        if (k == "tid")
            return F::Tid;
        if (k == "dur")
            return F::Dur;
        if (k == "cat")
            return F::Cat;
        if (k == "id2")
            return F::Id2;
        return F::Other;
    case 4:
        if (k == "name")
            return F::Name;
        if (k == "args")
            return F::Args;
        return F::Other;
    case 7:
        if (k == "bind_id")
            return F::BindId;
        if (k == "flow_in")
            return F::FlowIn;
        return F::Other;
    case 8: return k == "flow_out" ? F::FlowOut : F::Other;
    default: return F::Other;
    }
}

// µs as written to ns, only within the store's range (store/timemath.h): a time beyond
// ±146 years is reported here, with its byte offset, rather than clamped later.
bool timeValue(ArgKind kind, int64_t i, uint64_t u, std::string_view text, store::TimeNs* out)
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
        if (parseMicrosToNs(text, &parsed) && store::TimeMath::inRange(parsed))
            ns = parsed;
        break;
    }
    default: break;
    }
    if (ns)
        *out = *ns;
    return ns.has_value();
}

} // namespace

ChromeEventHandler::ChromeEventHandler(ParsedChunk& out, int baseDepth)
    : m_out(out)
    , m_base(baseDepth)
    , m_field(Field::Other)
{
}

bool ChromeEventHandler::nextIsTime() const
{
    return m_depth == m_base + 1 && (m_field == Field::Ts || m_field == Field::Dur);
}

void ChromeEventHandler::key(std::string_view k)
{
    if (m_depth == m_base + 1) {
        m_ev.empty = false;
        m_field = fieldOf<Field>(k);
    } else if (m_inArgs) {
        m_key.assign(k.data(), k.size());
    } else if (m_inId2) {
        // Any key inside id2, at any depth, decides: the last one seen names the id's scope.
        m_ev.id2Local = k == "local";
    }
}

void ChromeEventHandler::open(bool isArray)
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
}

void ChromeEventHandler::close()
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
}

// The flattened key of the value at this point: "a.b" inside objects, "a[2]" in arrays.
std::string ChromeEventHandler::valueName()
{
    Frame& f = m_frames.back();
    if (f.isArray)
        return f.name + "[" + std::to_string(f.index++) + "]";
    return f.name.empty() ? m_key : f.name + "." + m_key;
}

LocalId ChromeEventHandler::idToken(ArgKind kind, int64_t i, uint64_t u, double d, std::string_view s)
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
            id.str = intern(s);
        }
        break;
    case ArgKind::String:
        id.kind = LocalId::String;
        id.str = intern(s);
        break;
    default: break;
    }
    return id;
}

// A scalar directly inside the event object: the value of the field m_field names.
void ChromeEventHandler::field(ArgKind kind, int64_t i, uint64_t u, double d, std::string_view s)
{
    m_ev.empty = false;
    switch (m_field) {
    case Field::Name:
        if (kind == ArgKind::String)
            m_ev.name = intern(s);
        break;
    case Field::Cat:
        if (kind == ArgKind::String)
            m_ev.cat = intern(s);
        break;
    case Field::Ph:
        if (kind == ArgKind::String)
            m_ev.ph = intern(s);
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
        if (kind == ArgKind::String && !s.empty())
            m_ev.scope = s[0];
        break;
    case Field::Bp: m_ev.bpEnclosing = kind == ArgKind::String && s == "e"; break;
    case Field::FlowIn: m_ev.flowIn = kind == ArgKind::Bool ? i != 0 : false; break;
    case Field::FlowOut: m_ev.flowOut = kind == ArgKind::Bool ? i != 0 : false; break;
    default: break;
    }
}

void ChromeEventHandler::scalar(ArgKind kind, int64_t i, uint64_t u, double d, std::string_view s)
{
    if (m_depth == m_base + 1) {
        field(kind, i, u, d, s);
        return;
    }
    if (m_inId2 && m_depth == m_base + 2) {
        m_ev.id = idToken(kind, i, u, d, s);
        return;
    }
    if (!m_inArgs)
        return;
    const size_t count = m_out.args.size() - m_ev.argsBegin;
    if (count >= kMaxArgsPerEvent || m_frames.size() > kMaxArgDepth) {
        if (!m_truncatedThisEvent)
            m_out.diagnostics.count("args_truncated");
        m_truncatedThisEvent = true;
        return;
    }
    ParsedArg a;
    if (m_frames.size() == 1)
        a.key = intern(m_key);
    else
        a.key = intern(valueName());
    a.kind = kind;
    switch (kind) {
    case ArgKind::String: a.s = intern(s); break;
    case ArgKind::Double: a.d = d; break;
    case ArgKind::Uint: a.u = u; break;
    default: a.i = i; break;
    }
    m_out.args.push_back(a);
}

} // namespace strata::importers
