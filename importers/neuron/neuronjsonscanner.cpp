#include "neuronjsonscanner.h"

#include <nlohmann/json.hpp>

#include <cstring>

namespace strata::importers {

namespace {
constexpr size_t kReadBlock = 1u << 20;
inline bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}
inline bool endsLiteral(char c)
{
    return isSpace(c) || c == ',' || c == '}' || c == ']' || c == ':';
}

// Bracket depth of JSON text fed a byte at a time from an opening bracket on; brackets
// inside strings (escapes included) do not count.
class BracketMatcher {
public:
    // True when `ch` closes the bracket the text started with.
    bool closes(char ch)
    {
        if (m_inString) {
            if (m_escape)
                m_escape = false;
            else if (ch == '\\')
                m_escape = true;
            else if (ch == '"')
                m_inString = false;
        } else if (ch == '"') {
            m_inString = true;
        } else if (ch == '{' || ch == '[') {
            ++m_depth;
        } else if ((ch == '}' || ch == ']') && --m_depth == 0) {
            return true;
        }
        return false;
    }

private:
    int m_depth = 0;
    bool m_inString = false, m_escape = false;
};
} // namespace

NeuronJsonScanner::NeuronJsonScanner(InputReader& in, store::Diagnostics& diag)
    : m_in(in)
    , m_diag(diag)
{
}

bool NeuronJsonScanner::fill()
{
    if (m_eof)
        return false;
    // Drop what nobody needs any more, once it is at least half the buffer: each byte is
    // moved a bounded number of times, and a record being captured always stays whole.
    const size_t drop = static_cast<size_t>(m_keep - m_base);
    if (drop > 0 && drop >= m_buf.size() / 2) {
        m_buf.erase(0, drop);
        m_base += drop;
    }
    if (m_in.append(&m_buf, kReadBlock) == 0) {
        m_eof = true;
        return false;
    }
    return true;
}

bool NeuronJsonScanner::ensure(uint64_t abs)
{
    while (abs >= m_base + m_buf.size())
        if (!fill())
            return false;
    return true;
}

bool NeuronJsonScanner::skipSpace()
{
    for (;;) {
        if (!ensure(m_pos))
            return false;
        const size_t n = m_buf.size();
        size_t i = static_cast<size_t>(m_pos - m_base);
        while (i < n && isSpace(m_buf[i]))
            ++i;
        m_pos = m_base + i;
        if (i < n)
            return true;
    }
}

bool NeuronJsonScanner::start()
{
    m_keep = 0;
    if (!ensure(0)) {
        m_error = m_in.failed() ? m_in.error() : "empty file";
        m_errorOffset = m_in.failed() ? m_in.errorOffset() : 0;
        return false;
    }
    if (ensure(2) && std::memcmp(m_buf.data(), "\xEF\xBB\xBF", 3) == 0)
        m_pos = 3; // UTF-8 byte order mark
    if (!skipSpace()) {
        m_error = "no JSON value (only whitespace)";
        m_errorOffset = m_pos;
        return false;
    }
    const char c = at(m_pos);
    if (c != '{' && c != '[') {
        m_error = "not JSON: the first significant character is not { or [";
        m_errorOffset = m_pos;
        return false;
    }
    m_stack.push_back({ c == '[', std::string() });
    ++m_pos;
    m_started = true;
    return true;
}

bool NeuronJsonScanner::skipString(uint64_t* pos)
{
    uint64_t p = *pos + 1;
    bool escape = false;
    for (;;) {
        if (!ensure(p))
            return false;
        const size_t n = m_buf.size();
        for (size_t i = static_cast<size_t>(p - m_base); i < n; ++i) {
            const char ch = m_buf[i];
            if (escape)
                escape = false;
            else if (ch == '\\')
                escape = true;
            else if (ch == '"') {
                *pos = m_base + i + 1;
                return true;
            }
        }
        p = m_base + n;
    }
}

bool NeuronJsonScanner::readKey(std::string* key)
{
    const uint64_t begin = m_pos;
    uint64_t end = begin;
    if (!skipString(&end)) {
        endOfInput(true, begin);
        return false;
    }
    const std::string_view raw(m_buf.data() + (begin - m_base), static_cast<size_t>(end - begin));
    key->assign(raw.substr(1, raw.size() - 2));
    if (key->find('\\') != std::string::npos) {
        const nlohmann::json j = nlohmann::json::parse(raw.begin(), raw.end(), nullptr, false);
        if (j.is_string())
            *key = j.get<std::string>();
    }
    m_pos = end;
    return true;
}

bool NeuronJsonScanner::matchAhead(uint64_t open, uint64_t limit, uint64_t* end)
{
    BracketMatcher matcher;
    for (uint64_t p = open; p - open < limit; ++p) {
        if (!ensure(p))
            return false;
        if (matcher.closes(at(p))) {
            *end = p + 1;
            return true;
        }
    }
    return false;
}

NeuronJsonScanner::Shape NeuronJsonScanner::objectShape(uint64_t open)
{
    uint64_t p = open + 1;
    auto skip = [&] {
        while (ensure(p) && isSpace(at(p)))
            ++p;
        return ensure(p);
    };
    // Past `"name" :` to the first byte of its value; false when the text is not like that.
    auto member = [&] {
        if (!skip() || at(p) != '"' || !skipString(&p) || !skip() || at(p) != ':')
            return false;
        ++p;
        return skip();
    };
    if (!member())
        return Shape::Record; // "{}" or malformed: the record parser says which
    if (at(p) != '{' && at(p) != '[')
        return Shape::Record;
    // The first member holds an object or array. A container when that value is large (a
    // table) or is followed by no member or by another object/array member (a wrapper
    // {"Framework_Event": {...}} or keyed kinds); a record when a scalar member follows
    // ({"args": {...}, "name": ...}, or a malformed {"timestamp": {...}, "duration": 5}).
    uint64_t end = 0;
    if (!matchAhead(p, kLookahead, &end))
        return Shape::Container;
    p = end;
    if (!skip() || at(p) != ',')
        return Shape::Container;
    ++p;
    if (!member())
        return Shape::Record;
    return at(p) == '{' || at(p) == '[' ? Shape::Container : Shape::Record;
}

bool NeuronJsonScanner::captureContainer(uint64_t open, uint64_t* end, bool* tooLarge)
{
    uint64_t p = open;
    BracketMatcher matcher;
    for (;;) {
        if (!ensure(p))
            return false;
        const char* base = m_buf.data();
        const size_t n = m_buf.size();
        for (size_t i = static_cast<size_t>(p - m_base); i < n; ++i) {
            if (matcher.closes(base[i])) {
                *end = m_base + i + 1;
                return true;
            }
        }
        p = m_base + n;
        if (p - open > kMaxRecord)
            *tooLarge = true;
        if (*tooLarge)
            m_keep = p; // matched bytes of a record that will be skipped need not stay
    }
}

bool NeuronJsonScanner::captureScalar(uint64_t begin, uint64_t* end)
{
    if (at(begin) == '"') {
        *end = begin;
        return skipString(end);
    }
    uint64_t p = begin;
    for (;;) {
        if (!ensure(p))
            return false; // a literal cut by the end of the input may be incomplete
        if (endsLiteral(at(p)))
            break;
        ++p;
    }
    *end = p;
    return true;
}

void NeuronJsonScanner::fail(const std::string& what, uint64_t offset)
{
    m_error = what;
    m_errorOffset = offset;
    m_done = true;
}

void NeuronJsonScanner::endOfInput(bool insideValue, uint64_t offset)
{
    m_done = true;
    if (m_in.cancelled())
        return;
    if (insideValue) {
        m_truncated = true;
        m_errorOffset = offset;
    } else {
        m_unterminated = true;
        m_errorOffset = offset;
    }
}

NeuronJsonScanner::Item NeuronJsonScanner::next(Token* out)
{
    if (!m_started)
        return Item::End;
    m_keep = m_pos;
    for (;;) {
        if (m_done)
            return Item::End;
        if (m_stack.empty()) {
            m_done = true;
            if (skipSpace())
                m_diag.report("trailing_data",
                    "byte " + std::to_string(m_pos) + ": data after the end of the JSON value was ignored");
            return Item::End;
        }
        if (!skipSpace()) {
            endOfInput(false, m_pos);
            return Item::End;
        }
        const bool inArray = m_stack.back().array;
        char c = at(m_pos);
        if (c == ',') {
            ++m_pos;
            continue;
        }
        if (c == ']' || c == '}') {
            if ((c == ']') != inArray) {
                fail(std::string("unexpected '") + c + "'", m_pos);
                return Item::End;
            }
            m_stack.pop_back();
            m_keep = ++m_pos;
            continue;
        }
        std::string key;
        if (inArray) {
            key = m_stack.back().key;
        } else {
            if (c != '"') {
                fail("expected a member name", m_pos);
                return Item::End;
            }
            if (!readKey(&key))
                return Item::End;
            if (!skipSpace()) {
                endOfInput(true, m_pos);
                return Item::End;
            }
            if (at(m_pos) != ':') {
                fail("expected ':' after the member name \"" + key + "\"", m_pos);
                return Item::End;
            }
            ++m_pos;
            if (!skipSpace()) {
                endOfInput(true, m_pos);
                return Item::End;
            }
            c = at(m_pos);
        }
        const uint64_t begin = m_pos;
        const int depth = static_cast<int>(m_stack.size());
        if (c == '{' || c == '[') {
            const bool container = c == '[' || objectShape(begin) == Shape::Container;
            if (container && m_stack.size() < kMaxDepth) {
                m_stack.push_back({ c == '[', std::move(key) });
                ++m_pos;
                continue;
            }
            uint64_t end = begin;
            bool tooLarge = false;
            if (!captureContainer(begin, &end, &tooLarge)) {
                endOfInput(true, begin);
                return Item::End;
            }
            m_pos = end;
            if (tooLarge || c == '[') {
                m_diag.report(tooLarge ? "neuron_record_too_large" : "neuron_nesting_too_deep",
                    "byte " + std::to_string(begin) + ": a value of \"" + key + "\" (" + std::to_string(end - begin)
                        + " bytes) was skipped");
                m_keep = m_pos;
                continue;
            }
            return token(Item::Record, std::move(key), begin, end, depth, out);
        }
        uint64_t end = begin;
        if (!captureScalar(begin, &end)) {
            endOfInput(true, begin);
            return Item::End;
        }
        if (end == begin) {
            fail(std::string("unexpected '") + c + "'", begin);
            return Item::End;
        }
        m_pos = end;
        return token(Item::Scalar, std::move(key), begin, end, depth, out);
    }
}

NeuronJsonScanner::Item NeuronJsonScanner::token(
    Item item, std::string kind, uint64_t begin, uint64_t end, int depth, Token* out) const
{
    out->kind = std::move(kind);
    out->text = std::string_view(m_buf.data() + (begin - m_base), static_cast<size_t>(end - begin));
    out->offset = begin;
    out->depth = depth;
    return item;
}

} // namespace strata::importers
