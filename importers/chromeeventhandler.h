#pragma once
#include "parsedchunk.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace strata::importers {

// Turns the token stream of a run of traceEvents entries into ParsedEvents and ParsedArgs:
// the one place the Chrome JSON event fields are interpreted, so that both tokenizers
// (simdjson On-Demand, and nlohmann's SAX as the reference and the fallback) give the same
// chunk by construction. Field values are kept as written (ph string, pid/tid tokens);
// interpretation happens in the merge. Numbers arrive classified as nlohmann does: a
// negative integer that fits int64, a non-negative one that fits uint64, else a finite
// double with its text as written.
class ChromeEventHandler {
    enum class Field : uint8_t;

public:
    // baseDepth: the nesting depth of the container holding the entries (1 for "[ev,ev]",
    // 0 when the text is one event object).
    ChromeEventHandler(ParsedChunk& out, int baseDepth);

    void null() { scalar(store::ArgKind::Null, 0, 0, 0, {}); }
    void boolean(bool v) { scalar(store::ArgKind::Bool, v, 0, 0, {}); }
    void integer(int64_t v) { scalar(store::ArgKind::Int, v, 0, 0, {}); }
    void unsignedInteger(uint64_t v) { scalar(store::ArgKind::Uint, 0, v, 0, {}); }
    void floating(double v, std::string_view text) { scalar(store::ArgKind::Double, 0, 0, v, text); }
    void string(std::string_view v) { scalar(store::ArgKind::String, 0, 0, 0, v); }
    void key(std::string_view k);
    // The next scalar is an event's ts or dur: a fraction is read from its text alone, so the
    // tokenizer may pass floating() no double value.
    bool nextIsTime() const;
    void open(bool isArray);
    void close();

private:
    uint32_t intern(std::string_view s) { return m_out.strings.intern(s).v; }
    std::string valueName();
    LocalId idToken(store::ArgKind kind, int64_t i, uint64_t u, double d, std::string_view s);
    void field(store::ArgKind kind, int64_t i, uint64_t u, double d, std::string_view s);
    void scalar(store::ArgKind kind, int64_t i, uint64_t u, double d, std::string_view s);

    ParsedChunk& m_out;
    int m_base;
    int m_depth = 0;
    ParsedEvent m_ev;
    Field m_field;
    bool m_inArgs = false, m_inId2 = false, m_truncatedThisEvent = false;
    struct Frame {
        std::string name;
        bool isArray;
        uint32_t index;
    };
    std::vector<Frame> m_frames; // containers inside args; [0] is args itself
    std::string m_key;
};

} // namespace strata::importers
