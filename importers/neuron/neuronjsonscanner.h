#pragma once
#include "inputreader.h"

#include <store/diagnostics.h>

#include <string>
#include <string_view>
#include <vector>

namespace strata::importers {

// Streams the structure of a Neuron JSON file (device profile, system profile, TensorBoard
// plugin files) and hands out its records one at a time, so a file of hundreds of MB never
// becomes one DOM. A record is an object whose first member holds a scalar (an instruction,
// an event, a sample); an object whose first members hold objects or arrays is a container
// and is walked into (objectShape() has the exact rule). That covers every layout the docs
// show: {"instruction":[{...}]}, keyed kinds {"Neuron_Runtime_API_Event":{...}}, wrapped
// elements [{"Framework_Event":{...}}] and {"ops":[...],"total_time":N}. Each record comes
// with its kind: the nearest key above it. Scalars outside records come back too (top-level
// facts such as "total_time").
class NeuronJsonScanner {
public:
    enum class Item { Record, Scalar, End };
    struct Token {
        std::string kind; // nearest key above the value; "" for elements of a top-level array
        std::string_view text; // the value's JSON text; valid until the next call of next()
        uint64_t offset = 0; // input offset of text[0]
        int depth = 0; // containers around the value: 1 for a top-level member
    };

    NeuronJsonScanner(InputReader& in, store::Diagnostics& diag);
    // Reads to the first significant byte. False when the input is empty or is not a JSON
    // object or array (error() and errorOffset() say why and where).
    bool start();
    Item next(Token* out);

    // Whether the input ended inside a value (the value is lost, everything before it kept),
    // or between values before the outer brackets closed.
    bool truncated() const { return m_truncated; }
    bool unterminated() const { return m_unterminated; }
    // A syntax error between records that stopped the scan; empty when none.
    const std::string& error() const { return m_error; }
    uint64_t errorOffset() const { return m_errorOffset; }

    static constexpr size_t kMaxRecord = 64u << 20; // larger records are skipped, counted
    static constexpr size_t kMaxDepth = 32; // deeper containers are taken as records
    static constexpr size_t kLookahead = 1u << 20; // bytes objectShape() may read ahead

private:
    struct Frame {
        bool array = false;
        std::string key; // the key this container belongs to
    };
    enum class Shape { Record, Container };

    bool fill();
    bool ensure(uint64_t at); // the byte at absolute offset `at` is in the buffer
    char at(uint64_t abs) const { return m_buf[static_cast<size_t>(abs - m_base)]; }
    bool skipSpace();
    bool skipString(uint64_t* pos); // *pos at the opening quote → just past the closing one
    bool readKey(std::string* key);
    Shape objectShape(uint64_t open); // lookahead from '{' at `open`
    // Matches the brackets of the value at `open` without consuming; false at the end of
    // the input or past `limit` bytes.
    bool matchAhead(uint64_t open, uint64_t limit, uint64_t* end);
    bool captureContainer(uint64_t open, uint64_t* end, bool* tooLarge);
    bool captureScalar(uint64_t begin, uint64_t* end);
    void fail(const std::string& what, uint64_t offset);
    // Fills *out with the value at [begin, end) and returns `item`.
    Item token(Item item, std::string kind, uint64_t begin, uint64_t end, int depth, Token* out) const;
    void endOfInput(bool insideValue, uint64_t offset);

    InputReader& m_in;
    store::Diagnostics& m_diag;
    std::string m_buf;
    uint64_t m_base = 0; // absolute offset of m_buf[0]
    uint64_t m_pos = 0; // absolute offset of the next unread byte
    uint64_t m_keep = 0; // bytes before this absolute offset may be dropped
    bool m_eof = false;
    bool m_started = false;
    bool m_done = false;
    std::vector<Frame> m_stack;
    bool m_truncated = false;
    bool m_unterminated = false;
    std::string m_error;
    uint64_t m_errorOffset = 0;
};

} // namespace strata::importers
