#include "chromeeventmerger.h"

#include <store/devicerules.h>

#include <algorithm>
#include <climits>
#include <cstdlib>

namespace strata::importers {

using namespace strata::store;

namespace {
uint64_t mix(uint64_t a, uint64_t b)
{
    uint64_t h = (a ^ 0x9e3779b97f4a7c15ull) * 0xbf58476d1ce4e5b9ull;
    h ^= b + 0x632be59bd9b4e019ull + (h << 6) + (h >> 2);
    h ^= h >> 31;
    return h * 0x94d049bb133111ebull;
}
} // namespace

ChromeEventMerger::ChromeEventMerger(StoreBuilder& builder)
    : m_b(builder)
{
    m_source = m_b.intern("source");
    m_empty = m_b.intern("");
}

StringId ChromeEventMerger::global(const ParsedChunk& c, uint32_t local)
{
    if (local == UINT32_MAX)
        return StringId();
    uint32_t& g = m_map[local];
    if (g == UINT32_MAX) // hashed once, by the worker that parsed the chunk
        g = m_b.intern(c.strings.view(StringId(local)), c.strings.hashOf(StringId(local))).v;
    return StringId(g);
}

IdValue ChromeEventMerger::idValue(const ParsedChunk& c, const LocalId& id)
{
    if (id.kind == LocalId::String) {
        // Kineto writes a thread's tid as "1441273664" on its ops and as 1441273664 on its
        // flow events: a string of decimal digits is the same thread as that number.
        const std::string_view text = c.strings.view(StringId(id.str));
        if (!text.empty() && text.size() <= 18 && (text[0] != '0' || text.size() == 1)) {
            bool digits = true;
            int64_t n = 0;
            for (const char ch : text) {
                digits = digits && ch >= '0' && ch <= '9';
                n = n * 10 + (ch - '0');
            }
            if (digits)
                return IdValue::number(n);
        }
        return IdValue::string(global(c, id.str));
    }
    return IdValue::number(id.kind == LocalId::Number ? id.num : 0);
}

uint64_t ChromeEventMerger::idHash(const ParsedChunk& c, const LocalId& id)
{
    return id.kind == LocalId::String ? mix(1, global(c, id.str).v) : mix(2, static_cast<uint64_t>(id.num));
}

bool ChromeEventMerger::isAnnotation(StringId cat)
{
    if (!cat.valid())
        return false;
    if (cat.v >= m_annotationCat.size())
        m_annotationCat.resize(cat.v + 1, 0);
    uint8_t& known = m_annotationCat[cat.v];
    if (!known)
        known = store::DeviceRules::categoryWork(m_b.strings().view(cat)) == store::DeviceRules::Annotation ? 2 : 1;
    return known == 2;
}

void ChromeEventMerger::report(
    const ParsedChunk& c, const ParsedEvent& e, const std::string& kind, const std::string& what)
{
    m_b.diagnostics().report(kind, "byte " + std::to_string(c.baseOffset + e.offset) + ": " + what);
}

void ChromeEventMerger::convertArgs(const ParsedChunk& c, const ParsedEvent& e)
{
    m_args.clear();
    for (uint32_t i = e.argsBegin; i < e.argsEnd; ++i) {
        const ParsedArg& p = c.args[i];
        Arg a;
        a.key = global(c, p.key);
        a.kind = p.kind;
        if (p.kind == ArgKind::String)
            a.s = global(c, p.s).v;
        else
            a.i = p.i;
        m_args.push_back(a);
    }
}

void ChromeEventMerger::metadata(const ParsedChunk& c, const ParsedEvent& e, ProcessId p)
{
    const std::string_view name = c.strings.view(StringId(e.name));
    auto arg = [&](std::string_view key, Arg* out) {
        for (const Arg& a : m_args)
            if (m_b.strings().view(a.key) == key) {
                *out = a;
                return true;
            }
        return false;
    };
    Arg a;
    double number = 0;
    // A sort index out of int's range (or NaN) sorts at the nearest end instead of being cast.
    auto sortIndex = [](double v) {
        return v != v ? 0 : static_cast<int32_t>(std::clamp(v, double(INT32_MIN), double(INT32_MAX)));
    };
    if (name == "process_name" && arg("name", &a) && a.kind == ArgKind::String)
        m_b.setProcessName(p, a.stringValue());
    else if (name == "process_labels" && arg("labels", &a) && a.kind == ArgKind::String)
        m_b.setProcessLabels(p, a.stringValue());
    else if (name == "process_sort_index" && arg("sort_index", &a) && a.number(&number))
        m_b.setProcessSortIndex(p, sortIndex(number));
    else if (name == "thread_name" && arg("name", &a) && a.kind == ArgKind::String)
        m_b.setThreadName(m_b.thread(p, idValue(c, e.tid)), a.stringValue());
    else if (name == "thread_sort_index" && arg("sort_index", &a) && a.number(&number))
        m_b.setThreadSortIndex(m_b.thread(p, idValue(c, e.tid)), sortIndex(number));
}

void ChromeEventMerger::counters(const ParsedChunk& c, const ParsedEvent& e, ProcessId p)
{
    std::string base(c.strings.view(StringId(e.name == UINT32_MAX ? 0 : e.name)));
    if (e.id.kind == LocalId::String)
        base += " [" + std::string(c.strings.view(StringId(e.id.str))) + "]";
    else if (e.id.kind == LocalId::Number)
        base += " [" + std::to_string(e.id.num) + "]";
    for (const Arg& a : m_args) {
        double v = 0;
        if (!a.number(&v)) {
            const std::string_view text = m_b.strings().view(a.stringValue());
            const std::string copy(text);
            char* end = nullptr;
            v = std::strtod(copy.c_str(), &end);
            if (a.kind != ArgKind::String || copy.empty() || *end != '\0') {
                report(c, e, "counter_value_not_numeric", base + " " + std::string(m_b.strings().view(a.key)));
                continue;
            }
        }
        const std::string series = base + " " + std::string(m_b.strings().view(a.key));
        m_b.counter(p, m_b.intern(series), e.ts, v);
    }
}

void ChromeEventMerger::merge(const ParsedChunk& c)
{
    m_map.assign(c.strings.size(), UINT32_MAX);
    m_phCount.assign(c.strings.size(), 0);
    m_b.diagnostics().merge(c.diagnostics);
    for (const ParsedEvent& e : c.events) {
        if (e.empty) {
            m_b.diagnostics().count("empty_event");
            continue;
        }
        if (e.ph == UINT32_MAX) {
            report(c, e, "event_without_phase", "an entry has no \"ph\"");
            continue;
        }
        ++m_phCount[e.ph];
        const std::string_view ph = c.strings.view(StringId(e.ph));
        const char kind = ph.empty() ? '\0' : ph[0];
        if (kind != 'M' && (!e.hasTs || e.tsBad)) {
            report(c, e, "bad_timestamp", e.hasTs ? "\"ts\" is not a number of µs within ±4.6e15" : "no \"ts\"");
            continue;
        }
        convertArgs(c, e);
        const ProcessId p = m_b.process(idValue(c, e.pid));
        const StringId name = e.name == UINT32_MAX ? m_empty : global(c, e.name);
        const StringId cat = global(c, e.cat);
        auto eventType = [&] {
            StringId source;
            for (const Arg& a : m_args)
                if (a.key == m_source && a.kind == ArgKind::String) {
                    source = a.stringValue();
                    break;
                }
            return m_b.type(name, cat.valid() ? cat : m_empty, source);
        };
        auto argSet = [&] { return m_b.argSet(m_args.data(), m_args.size()); };
        auto flowV2 = [&](SliceHandle h) {
            if (!e.flowIn && !e.flowOut)
                return;
            const LocalId& id = e.bindId.kind != LocalId::None ? e.bindId : e.id;
            if (id.kind == LocalId::None) {
                report(c, e, "flow_invalid_id", "flow_in/flow_out without bind_id");
                return;
            }
            m_b.flowV2(h, idHash(c, id), e.flowIn, e.flowOut, name, cat);
        };
        auto asyncKey = [&] {
            uint64_t k = mix(idHash(c, e.id), cat.v);
            return e.id2Local ? mix(k, p.v + 1ull) : k;
        };
        // Spans that label device work (gpu_user_annotation, cuda_sync) go to the thread's
        // annotation lane, so the stream's own slices are its work alone.
        auto sliceThread = [&] {
            const uint32_t t = m_b.thread(p, idValue(c, e.tid));
            return isAnnotation(cat) ? m_b.annotationLane(t) : t;
        };
        switch (kind) {
        case 'X': {
            if (!e.hasDur || e.durBad) {
                report(c, e, "bad_duration",
                    e.hasDur ? "\"dur\" is not a number of µs within ±4.6e15" : "an X event without \"dur\"");
                break;
            }
            flowV2(m_b.completeSlice(sliceThread(), e.ts, e.dur, eventType(), argSet()));
            break;
        }
        case 'B': flowV2(m_b.beginSlice(sliceThread(), e.ts, eventType(), argSet())); break;
        case 'E':
            m_b.endSlice(
                sliceThread(), e.ts, e.name == UINT32_MAX ? StringId() : name, cat, m_args.data(), m_args.size());
            break;
        case 'i':
        case 'I':
        case 'R':
            if (e.scope == 'g')
                m_b.globalInstant(e.ts, eventType(), argSet());
            else if (e.scope == 'p')
                m_b.processInstant(p, e.ts, eventType(), argSet());
            else
                m_b.threadInstant(m_b.thread(p, idValue(c, e.tid)), e.ts, eventType(), argSet());
            break;
        case 'C': counters(c, e, p); break;
        case 'M': metadata(c, e, p); break;
        case 'b':
        case 'e':
        case 'n':
        case 'S':
        case 'F':
            if (e.id.kind == LocalId::None) {
                report(c, e, "async_without_id", std::string(ph) + " event without id");
                break;
            }
            if (kind == 'b' || kind == 'S')
                m_b.asyncBegin(p, asyncKey(), e.ts, eventType(), argSet());
            else if (kind == 'e' || kind == 'F')
                m_b.asyncEnd(
                    p, asyncKey(), e.ts, e.name == UINT32_MAX ? StringId() : name, m_args.data(), m_args.size());
            else
                m_b.asyncInstant(p, asyncKey(), e.ts, eventType(), argSet());
            break;
        case 's':
        case 't':
        case 'f': {
            if (e.id.kind == LocalId::None) {
                report(c, e, "flow_invalid_id", "flow event without id");
                break;
            }
            const FlowPhase fp = kind == 's' ? FlowPhase::Start : kind == 't' ? FlowPhase::Step : FlowPhase::End;
            const bool enclosing = kind != 'f' || e.bpEnclosing;
            m_b.flowV1(m_b.thread(p, idValue(c, e.tid)), e.ts, fp, mix(mix(idHash(c, e.id), cat.v), name.v), enclosing,
                name, cat);
            break;
        }
        case 'T':
        case 'p': m_b.diagnostics().count("async_step_ignored"); break;
        case 'P':
        case 'N':
        case 'O':
        case 'D':
        case 'V':
        case 'v':
        case 'c':
        case '(':
        case ')': m_b.diagnostics().count(std::string("ignored_phase_") + kind); break;
        default: report(c, e, "unknown_phase", "ph \"" + std::string(ph) + "\""); break;
        }
    }
    for (uint32_t i = 0; i < m_phCount.size(); ++i)
        if (m_phCount[i])
            m_phases[std::string(c.strings.view(StringId(i)))] += m_phCount[i];
}

} // namespace strata::importers
