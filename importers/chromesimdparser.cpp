#include "chromesimdparser.h"

#include "chromeeventhandler.h"

#include <simdjson.h>

#include <charconv>
#include <cmath>
#include <cstring>
#include <type_traits>
#include <utility>

namespace strata::importers {

static_assert(ChromeSimdParser::kPadding >= simdjson::SIMDJSON_PADDING, "batches carry too little padding");

namespace {

namespace od = simdjson::ondemand;

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// value::raw_json_token() is a plain string_view in some simdjson releases and a
// simdjson_result in others; both give the token's text.
template <typename T> std::string_view tokenText(T&& token)
{
    if constexpr (std::is_same_v<std::decay_t<T>, std::string_view>) {
        return token;
    } else {
        std::string_view t;
        return std::forward<T>(token).get(t) == simdjson::SUCCESS ? t : std::string_view();
    }
}

// Walks one batch depth first and hands every token to the handler. Every value is visited
// (On-Demand validates only what is read), and numbers and literals are checked against
// JSON's grammar here, so that nothing nlohmann refuses gets through.
class Walker {
public:
    explicit Walker(ChromeEventHandler& h)
        : m_h(h)
    {
    }

    bool value(od::value& v)
    {
        od::json_type type;
        if (v.type().get(type) != simdjson::SUCCESS)
            return false;
        switch (type) {
        case od::json_type::object: return object(v);
        case od::json_type::array: return array(v);
        case od::json_type::string: {
            // The token starts at its opening quote; an unread string is skipped by the walk.
            const std::string_view token = tokenText(v.raw_json_token());
            // Only an escape can make a surrogate: stage 1 refused the document had one been
            // written as raw bytes (invalid UTF-8).
            std::string_view s;
            const bool asWritten = !token.empty() && plain(token.data() + 1, &s);
            if (!asWritten && (v.get_string().get(s) != simdjson::SUCCESS || hasSurrogate(s)))
                return false;
            m_h.string(s);
            return true;
        }
        case od::json_type::number: return number(trimmed(tokenText(v.raw_json_token())));
        case od::json_type::boolean: {
            const std::string_view t = trimmed(tokenText(v.raw_json_token()));
            if (t != "true" && t != "false")
                return false;
            m_h.boolean(t[0] == 't');
            return true;
        }
        case od::json_type::null:
            if (trimmed(tokenText(v.raw_json_token())) != "null")
                return false;
            m_h.null();
            return true;
        default: return false;
        }
    }

    bool object(od::value& v)
    {
        od::object o;
        if (++m_depth > kMaxDepth || v.get_object().get(o) != simdjson::SUCCESS)
            return false;
        m_h.open(false);
        for (auto r : o) {
            // Read in place: copying the field or its value through the stack costs a
            // store-forwarding stall per field.
            if (r.error() != simdjson::SUCCESS)
                return false;
            od::field& f = r.value_unsafe();
            std::string_view k;
            if (!plain(f.key().raw(), &k) && (f.unescaped_key().get(k) != simdjson::SUCCESS || hasSurrogate(k)))
                return false;
            m_h.key(k);
            if (!value(f.value()))
                return false;
        }
        m_h.close();
        --m_depth;
        return true;
    }

    bool array(od::value& v)
    {
        od::array a;
        if (++m_depth > kMaxDepth || v.get_array().get(a) != simdjson::SUCCESS)
            return false;
        m_h.open(true);
        for (auto e : a) {
            if (e.error() != simdjson::SUCCESS || !value(e.value_unsafe()))
                return false;
        }
        m_h.close();
        --m_depth;
        return true;
    }

private:
    static std::string_view trimmed(std::string_view t)
    {
        while (!t.empty() && isSpace(t.back()))
            t.remove_suffix(1);
        return t;
    }

    // A string without escapes is its bytes as written, up to the closing quote: no copy
    // into simdjson's string buffer. Stage 1 has found that quote (and validated the UTF-8),
    // so the loop ends inside the padded batch. False when there is a backslash: unescape.
    // Eight bytes at a time: every read ends at most 7 bytes past that quote, inside the
    // batch's padding.
    static bool plain(const char* b, std::string_view* out)
    {
        constexpr uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
        const char* p = b;
        if (__BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__) { // below, the lowest bit is the first byte
            while (*p != '"' && *p != '\\')
                ++p;
        } else {
            for (;; p += 8) {
                uint64_t w;
                std::memcpy(&w, p, 8);
                const uint64_t q = w ^ (ones * '"'), e = w ^ (ones * '\\');
                // A byte's high bit is set where q or e is zero; bits above the first such byte
                // may be wrong (borrows), so only the lowest one is used.
                const uint64_t hits = (((q - ones) & ~q) | ((e - ones) & ~e)) & highs;
                if (hits) {
                    p += __builtin_ctzll(hits) / 8;
                    break;
                }
            }
        }
        if (*p == '\\')
            return false;
        *out = std::string_view(b, static_cast<size_t>(p - b));
        return true;
    }

    // A surrogate code point encoded as UTF-8 (ED A0..BF): what a lone \uD800..\uDFFF escape
    // unescapes to where simdjson lets it through. nlohmann refuses it.
    static bool hasSurrogate(std::string_view s)
    {
        for (size_t i = s.find('\xED'); i != std::string_view::npos; i = s.find('\xED', i + 1))
            if (i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0xA0)
                return true;
        return false;
    }

    // nlohmann's classification: a negative integer that fits int64, a non-negative one that
    // fits uint64, anything else (fraction, exponent, overflow) a double, refused when not finite.
    bool number(std::string_view t)
    {
        const char* const b = t.data();
        const char* const e = b + t.size();
        const char* p = b;
        if (p < e && *p == '-')
            ++p;
        if (p == e || *p < '0' || *p > '9')
            return false;
        const char* const digits = p;
        uint64_t magnitude = 0; // exact while there are at most 19 digits
        if (*p == '0')
            ++p;
        else
            for (; p < e && *p >= '0' && *p <= '9'; ++p)
                magnitude = magnitude * 10 + static_cast<uint64_t>(*p - '0');
        bool integral = true, exponent = false;
        if (p < e && *p == '.') {
            integral = false;
            if (++p == e || *p < '0' || *p > '9')
                return false;
            while (p < e && *p >= '0' && *p <= '9')
                ++p;
        }
        if (p < e && (*p == 'e' || *p == 'E')) {
            integral = false;
            exponent = true;
            if (++p < e && (*p == '+' || *p == '-'))
                ++p;
            if (p == e || *p < '0' || *p > '9')
                return false;
            while (p < e && *p >= '0' && *p <= '9')
                ++p;
        }
        if (p != e)
            return false;
        if (integral && p - digits <= 18) {
            // Up to 18 digits fits int64 either way: no from_chars.
            if (*b == '-')
                m_h.integer(-static_cast<int64_t>(magnitude));
            else
                m_h.unsignedInteger(magnitude);
            return true;
        }
        if (integral) {
            if (*b == '-') {
                int64_t i = 0;
                if (std::from_chars(b, e, i).ec == std::errc()) {
                    m_h.integer(i);
                    return true;
                }
            } else {
                uint64_t u = 0;
                if (std::from_chars(b, e, u).ec == std::errc()) {
                    m_h.unsignedInteger(u);
                    return true;
                }
            }
        }
        if (!exponent && t.size() < 300 && m_h.nextIsTime()) {
            // Digits and a point, fewer than 300: finite. ts and dur read the text itself.
            m_h.floating(0, t);
            return true;
        }
        // Out of range (overflow, or an underflow nlohmann reads as 0): leave it to nlohmann.
        double d = 0;
        if (std::from_chars(b, e, d).ec != std::errc() || !std::isfinite(d))
            return false;
        m_h.floating(d, t);
        return true;
    }

    // The walk recurses once per level: deeper entries (hostile input nests 100000 levels)
    // go to nlohmann, whose parser keeps its own stack.
    static constexpr int kMaxDepth = 256;

    ChromeEventHandler& m_h;
    int m_depth = 0;
};

// Between two entries only whitespace and exactly one comma; nlohmann refuses the rest.
bool separatorsValid(std::string_view text, const std::vector<uint32_t>& starts, const std::vector<uint32_t>& ends)
{
    for (size_t k = 0; k + 1 < starts.size(); ++k) {
        int commas = 0;
        for (uint32_t i = ends[k]; i < starts[k + 1]; ++i) {
            if (text[i] == ',')
                ++commas;
            else if (!isSpace(text[i]))
                return false;
        }
        if (commas != 1)
            return false;
    }
    return true;
}

} // namespace

bool ChromeSimdParser::parse(std::string_view text, size_t capacity, const std::vector<uint32_t>& starts,
    const std::vector<uint32_t>& ends, ParsedChunk& out)
{
    if (capacity < text.size() + kPadding || text.size() > kMaxBatchBytes || !separatorsValid(text, starts, ends))
        return false;
    // One parser per worker thread: it keeps its buffers from batch to batch.
    thread_local od::parser parser;
    od::document doc;
    if (parser.iterate(text.data(), text.size(), capacity).get(doc) != simdjson::SUCCESS)
        return false;
    od::array entries;
    if (doc.get_array().get(entries) != simdjson::SUCCESS)
        return false;
    ChromeEventHandler h(out, 1);
    Walker walker(h);
    h.open(true);
    for (auto e : entries) {
        if (e.error() != simdjson::SUCCESS || !walker.value(e.value_unsafe()))
            return false;
    }
    h.close();
    return true;
}

} // namespace strata::importers
