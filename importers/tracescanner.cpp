#include "tracescanner.h"

#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace strata::importers {

namespace {
constexpr size_t kReadBlock = 1u << 20;
inline bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}
} // namespace

TraceScanner::TraceScanner(InputReader& in, store::Diagnostics& diag, ValueCallback onValue)
    : m_in(in)
    , m_diag(diag)
    , m_onValue(std::move(onValue))
{
}

bool TraceScanner::fill()
{
    if (m_eof)
        return false;
    // Drop what nobody needs any more; positions held in members move with the bytes.
    // An open region of events must stay whole: it is copied into the batch at the end.
    if (m_regionStart != std::string::npos && m_keep > m_regionStart)
        m_keep = m_regionStart;
    if (m_keep > 0 && (m_keep >= m_buf.size() / 2 || m_buf.size() >= kReadBlock)) {
        const size_t drop = m_keep;
        m_buf.erase(0, drop);
        m_bufBase += drop;
        m_pos -= drop;
        m_keep = 0;
        if (m_scan.started)
            m_scan.pos -= drop;
        if (m_regionStart != std::string::npos) {
            m_regionStart -= drop;
            m_regionEnd -= drop;
        }
    }
    if (m_in.append(&m_buf, kReadBlock) == 0) {
        m_eof = true;
        return false;
    }
    return true;
}

bool TraceScanner::start()
{
    for (;;) {
        if (m_pos == 0 && m_bufBase == 0 && m_buf.size() >= 3 && std::memcmp(m_buf.data(), "\xEF\xBB\xBF", 3) == 0)
            m_pos = 3; // UTF-8 byte order mark
        while (m_pos < m_buf.size() && isSpace(m_buf[m_pos]))
            ++m_pos;
        if (m_pos < m_buf.size())
            break;
        m_keep = m_pos;
        if (!fill()) {
            m_error = m_bufBase + m_buf.size() == 0 ? "empty file" : "no JSON value (only whitespace)";
            m_errorOffset = m_bufBase + m_pos;
            return false;
        }
    }
    const char c = m_buf[m_pos];
    if (c == '[') {
        m_form = Form::Array;
        m_state = State::Events;
        m_sawEvents = true;
    } else if (c == '{') {
        m_form = Form::Object;
        m_state = State::TopKey;
    } else {
        m_error = "not a JSON trace: the first non-whitespace character is not [ or {";
        m_errorOffset = m_bufBase + m_pos;
        return false;
    }
    ++m_pos;
    return true;
}

bool TraceScanner::skipSpace(bool commas)
{
    for (;;) {
        while (m_pos < m_buf.size() && (isSpace(m_buf[m_pos]) || (commas && m_buf[m_pos] == ',')))
            ++m_pos;
        if (m_pos < m_buf.size())
            return true;
        m_keep = m_pos;
        if (!fill())
            return false;
    }
}

bool TraceScanner::scanValue()
{
    Scan& s = m_scan;
    const char* const base = m_buf.data();
    const char* p = base + s.pos;
    const char* const e = base + m_buf.size();
    int depth = s.depth;
    bool inString = s.inString;
    bool skip = s.escape; // the byte at p is escaped
    auto done = [&](const char* end) {
        s.pos = static_cast<size_t>(end - base);
        s.depth = 0;
        s.inString = false;
        s.escape = false;
        return true;
    };
#if defined(__SSE2__)
    // Inside a container, 64 bytes at a time (the simdjson idea): a prefix-xor of the quote
    // mask marks the bytes inside strings, so only brackets outside strings are visited —
    // about four per event instead of every quote. Blocks with a backslash, or an escape
    // pending from the previous block, take the exact per-bit path below.
    const __m128i kQuote = _mm_set1_epi8('"'), kBackslash = _mm_set1_epi8('\\');
    const __m128i kOpenObj = _mm_set1_epi8('{'), kOpenArr = _mm_set1_epi8('[');
    const __m128i kCloseObj = _mm_set1_epi8('}'), kCloseArr = _mm_set1_epi8(']');
    auto masks = [&](const char* q, uint64_t* quotes, uint64_t* slashes, uint64_t* opens, uint64_t* closes) {
        *quotes = *slashes = *opens = *closes = 0;
        for (int k = 0; k < 4; ++k) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q + 16 * k));
            const int shift = 16 * k;
            *quotes |= uint64_t(unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(v, kQuote)))) << shift;
            *slashes |= uint64_t(unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(v, kBackslash)))) << shift;
            *opens |= uint64_t(unsigned(
                          _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, kOpenObj), _mm_cmpeq_epi8(v, kOpenArr)))))
                << shift;
            *closes |= uint64_t(unsigned(
                           _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, kCloseObj), _mm_cmpeq_epi8(v, kCloseArr)))))
                << shift;
        }
    };
    if (depth == 0 && !inString && p < e && (*p == '{' || *p == '[')) {
        depth = 1;
        ++p;
    }
    while (depth > 0 && p + 64 <= e) {
        uint64_t quotes, slashes, opens, closes;
        masks(p, &quotes, &slashes, &opens, &closes);
        if (slashes == 0 && !skip) {
            uint64_t inside = quotes; // prefix xor: 1 from an opening quote up to its closing one
            inside ^= inside << 1;
            inside ^= inside << 2;
            inside ^= inside << 4;
            inside ^= inside << 8;
            inside ^= inside << 16;
            inside ^= inside << 32;
            if (inString)
                inside = ~inside;
            uint64_t structural = (opens | closes) & ~inside;
            while (structural) {
                const int i = __builtin_ctzll(structural);
                structural &= structural - 1;
                if ((opens >> i) & 1) {
                    ++depth;
                } else if (--depth == 0) {
                    return done(p + i + 1);
                }
            }
            inString = (inside >> 63) & 1;
            p += 64;
            continue;
        }
        uint64_t bits = quotes | slashes | opens | closes;
        if (skip) {
            bits &= ~uint64_t(1);
            skip = false;
        }
        while (bits) {
            const int i = __builtin_ctzll(bits);
            bits &= bits - 1;
            const char c = p[i];
            if (inString) {
                if (c == '\\') {
                    if (i == 63)
                        skip = true;
                    else
                        bits &= ~(uint64_t(1) << (i + 1));
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                ++depth;
            } else if (c == '}' || c == ']') {
                if (--depth == 0)
                    return done(p + i + 1);
            }
        }
        p += 64;
    }
#endif
    if (skip && p < e) {
        ++p;
        skip = false;
    }
    while (p < e) {
        if (inString) {
            while (p < e && *p != '"' && *p != '\\')
                ++p;
            if (p == e)
                break;
            if (*p == '\\') {
                if (p + 1 >= e) {
                    skip = true;
                    p = e;
                    break;
                }
                p += 2;
                continue;
            }
            inString = false;
            ++p;
            if (depth == 0) // a top-level string value ends here
                return done(p);
            continue;
        }
        const char c = *p;
        if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (depth == 0) { // end of an enclosing container: a scalar value ended before it
                s.pos = static_cast<size_t>(p - base);
                return true;
            }
            if (--depth == 0)
                return done(p + 1);
        } else if (depth == 0 && (c == ',' || isSpace(c))) {
            s.pos = static_cast<size_t>(p - base); // end of a scalar
            return true;
        }
        ++p;
    }
    s.pos = static_cast<size_t>(p - base);
    s.depth = depth;
    s.inString = inString;
    s.escape = skip;
    return false;
}

bool TraceScanner::scanWhole()
{
    while (!scanValue()) {
        if (!fill())
            return false;
    }
    return true;
}

bool TraceScanner::readKey(std::string* key)
{
    // m_pos is at the opening quote.
    m_keep = m_pos;
    m_scan = Scan { m_pos, 0, false, false, true };
    const bool ok = scanWhole();
    m_scan.started = false;
    if (!ok)
        return false;
    key->assign(m_buf, m_pos + 1, m_scan.pos - m_pos - 2);
    m_pos = m_scan.pos;
    return true;
}

void TraceScanner::readTopValue(const std::string& key)
{
    const uint64_t startOffset = m_bufBase + m_pos;
    m_keep = m_pos;
    m_scan = Scan { m_pos, 0, false, false, true };
    bool capturing = true;
    bool complete;
    for (;;) {
        complete = scanValue();
        if (complete)
            break;
        if (capturing && m_scan.pos - m_keep > kCaptureLimit)
            capturing = false;
        if (!capturing) // let the buffer drop what was scanned
            m_keep = m_scan.pos;
        if (!fill())
            break;
    }
    m_scan.started = false;
    const uint64_t size = m_bufBase + m_scan.pos - startOffset;
    if (!complete) {
        m_diag.report("truncated_input",
            "top-level value \"" + key + "\" at byte " + std::to_string(startOffset)
                + " is cut off by the end of the file");
        m_pos = m_buf.size();
        m_state = State::End;
    }
    if (capturing)
        m_onValue(key, std::string_view(m_buf).substr(m_pos, m_scan.pos - m_pos), size);
    else
        m_onValue(key, std::string_view(), size);
    if (complete)
        m_pos = m_scan.pos;
    m_keep = m_pos;
}

void TraceScanner::flushRegion(EventBatch& batch)
{
    batch.baseOffset = m_bufBase + m_regionStart - 1;
    const size_t size = m_regionEnd - m_regionStart + 2;
    batch.text.reserve(size + EventBatch::kPadding);
    batch.text.assign("[");
    batch.text.append(m_buf, m_regionStart, m_regionEnd - m_regionStart);
    batch.text.push_back(']');
    // The padding's bytes are defined (spaces), though a parser must not depend on them.
    batch.text.append(EventBatch::kPadding, ' ');
    batch.text.resize(size);
    m_regionStart = std::string::npos;
    m_keep = m_pos;
}

bool TraceScanner::next(EventBatch& batch, size_t targetBytes)
{
    batch.text.clear();
    batch.starts.clear();
    batch.ends.clear();
    while (m_state != State::End) {
        if (m_state == State::TopKey) {
            if (!skipSpace(true)) {
                m_diag.report("unterminated_object",
                    "the top-level object ends without '}' at byte " + std::to_string(m_bufBase + m_pos));
                m_state = State::End;
                break;
            }
            const char c = m_buf[m_pos];
            if (c == '}') {
                ++m_pos;
                m_state = State::End;
                break;
            }
            std::string key;
            if (c != '"' || !readKey(&key) || !skipSpace(false) || m_buf[m_pos] != ':') {
                m_diag.report("json_parse_error",
                    "byte " + std::to_string(m_bufBase + m_pos) + ": expected a key in the top-level object");
                m_state = State::End;
                break;
            }
            ++m_pos;
            if (!skipSpace(false)) {
                m_state = State::End;
                break;
            }
            if (key == "traceEvents" && m_buf[m_pos] == '[') {
                if (m_sawEvents)
                    m_diag.count("duplicate_trace_events_key");
                m_sawEvents = true;
                ++m_pos;
                m_state = State::Events;
                continue;
            }
            if (key == "traceEvents")
                m_diag.report("trace_events_not_array", "byte " + std::to_string(m_bufBase + m_pos));
            readTopValue(key);
            continue;
        }
        // State::Events
        if (!skipSpace(true)) {
            if (m_form == Form::Array)
                m_diag.count("unterminated_array");
            else
                m_diag.report("unterminated_object", "the traceEvents array ends without ']'");
            m_state = State::End;
            break;
        }
        const char c = m_buf[m_pos];
        if (c == ']') {
            ++m_pos;
            m_state = m_form == Form::Array ? State::End : State::TopKey;
            if (m_regionStart != std::string::npos)
                break;
            continue;
        }
        if (c != '{' && m_regionStart != std::string::npos)
            break; // hand over the events so far; the odd entry is skipped next time
        if (m_regionStart == std::string::npos) {
            m_regionStart = m_regionEnd = m_pos;
            m_keep = m_pos;
        }
        m_scan = Scan { m_pos, 0, false, false, true };
        const bool complete = scanWhole();
        m_scan.started = false;
        if (!complete) {
            m_diag.report("truncated_input",
                "the entry at byte " + std::to_string(m_bufBase + m_pos)
                    + " is cut off by the end of the file; the entries before it were kept");
            m_state = State::End;
            break;
        }
        if (c != '{') {
            m_diag.report("non_object_event", "byte " + std::to_string(m_bufBase + m_pos));
            m_regionStart = std::string::npos;
            m_pos = m_scan.pos > m_pos ? m_scan.pos : m_pos + 1; // a stray '}' must not stall us
            m_keep = m_pos;
            continue;
        }
        // Entry offsets in a batch are uint32 (EventBatch, ParsedEvent::offset). Batches are
        // ~256 KiB, so only one huge entry can pass 4 GiB: it starts a batch of its own, and
        // alone it is skipped and reported rather than given offsets that wrap.
        if (m_scan.pos - m_regionStart + 1 > UINT32_MAX) {
            if (!batch.starts.empty())
                break; // m_pos is still this entry's start: the next batch scans it again
            m_diag.report("entry_too_large",
                "the entry at byte " + std::to_string(m_bufBase + m_pos) + " is larger than 4 GiB; it was skipped");
            m_regionStart = std::string::npos;
            m_pos = m_scan.pos;
            m_keep = m_pos;
            continue;
        }
        batch.starts.push_back(static_cast<uint32_t>(m_pos - m_regionStart + 1));
        batch.ends.push_back(static_cast<uint32_t>(m_scan.pos - m_regionStart + 1));
        ++m_entries;
        m_pos = m_regionEnd = m_scan.pos;
        if (m_regionEnd - m_regionStart >= targetBytes)
            break;
    }
    if (m_regionStart == std::string::npos || batch.starts.empty()) {
        m_regionStart = std::string::npos;
        return false;
    }
    flushRegion(batch);
    return true;
}

} // namespace strata::importers
