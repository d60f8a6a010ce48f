#include "chromeeventparser.h"

#include "chromeeventhandler.h"
#include "chromesimdparser.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace strata::importers {

std::atomic<uint64_t> ChromeEventParser::s_referenceBatches { 0 };

namespace {

using json = nlohmann::json;

// nlohmann's SAX interface (any type with these members; non-virtual, so the calls inline)
// over ChromeEventHandler, keeping the first error and its position.
class NlohmannSax {
public:
    NlohmannSax(ParsedChunk& out, int baseDepth)
        : m_h(out, baseDepth)
    {
    }

    bool null() { return m_h.null(), true; }
    bool boolean(bool v) { return m_h.boolean(v), true; }
    bool number_integer(json::number_integer_t v) { return m_h.integer(v), true; }
    bool number_unsigned(json::number_unsigned_t v) { return m_h.unsignedInteger(v), true; }
    bool number_float(json::number_float_t v, const json::string_t& text) { return m_h.floating(v, text), true; }
    bool string(json::string_t& v) { return m_h.string(v), true; }
    bool binary(json::binary_t&) { return true; }
    bool start_object(std::size_t) { return m_h.open(false), true; }
    bool start_array(std::size_t) { return m_h.open(true), true; }
    bool end_object() { return m_h.close(), true; }
    bool end_array() { return m_h.close(), true; }
    bool key(json::string_t& k) { return m_h.key(k), true; }

    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex)
    {
        m_errorPos = position;
        m_error = ex.what();
        return false;
    }

    size_t errorPos() const { return m_errorPos; }
    const std::string& error() const { return m_error; }

private:
    ChromeEventHandler m_h;
    size_t m_errorPos = 0;
    std::string m_error;
};

} // namespace

void ChromeEventParser::parse(std::string_view text, size_t capacity, const std::vector<uint32_t>& starts,
    const std::vector<uint32_t>& ends, ParsedChunk& out, Engine engine)
{
    if (engine == Engine::Fast) {
        const size_t events = out.events.size(), args = out.args.size();
        const bool freshStrings = out.strings.size() <= 1; // a pool always holds "" (id 0)
        const store::Diagnostics diagnostics = out.diagnostics;
        if (ChromeSimdParser::parse(text, capacity, starts, ends, out)) {
            for (size_t i = events; i < out.events.size() && i - events < starts.size(); ++i)
                out.events[i].offset = starts[i - events];
            return;
        }
        // Start the batch again from the state it came in: the reference parser's chunk must
        // be the one it would have made alone (local string ids in first-seen order; the
        // merge maps them by content, so a pool that held strings before keeps the extras).
        s_referenceBatches.fetch_add(1, std::memory_order_relaxed);
        out.events.resize(events);
        out.args.resize(args);
        out.diagnostics = diagnostics;
        if (freshStrings)
            out.strings.clear();
    }
    parseReference(text, starts, ends, out);
}

void ChromeEventParser::parseReference(
    std::string_view text, const std::vector<uint32_t>& starts, const std::vector<uint32_t>& ends, ParsedChunk& out)
{
    NlohmannSax h(out, 1);
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
        NlohmannSax one(out, 0);
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
