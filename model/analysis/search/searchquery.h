#pragma once
#include <store/types.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace strata::analysis {

// How SearchQuery::name is compared with an event's name.
enum class NameMode : uint8_t {
    Substring, // the name contains the text
    Regex, // ECMAScript regex, searched anywhere in the name (anchor with ^...$ for a full match)
    Exact, // the whole name equals the text
};

// The operator of one arg condition. Text form in parentheses (see SearchQuery::parseArgCondition).
enum class ArgOp : uint8_t {
    Exists, // "K"     the event has arg K (any value)
    Eq, // "K=V"   (also "K==V")
    Ne, // "K!=V"
    Contains, // "K~V"   the value's text contains V
    Lt, // "K<V"
    Gt, // "K>V"
    Le, // "K<=V"
    Ge, // "K>=V"
};

const char* argOpText(ArgOp op); // "=", "!=", "~", "<", ...; "" for Exists

// One "key op value" test on an event's args.
//
// Semantics (SearchEngine):
// * Key: an arg whose key equals K, or any flattened element below it ("K.x", "K[2]"):
//   "Input Dims~224" looks at every "Input Dims[i][j]". The condition holds when ANY such
//   arg satisfies it. An event without the key never matches, not even "K!=V".
// * Numbers: when V is a number (the whole text parses: "1e6", "-3", "0.5") and the arg is
//   numeric (int, uint, double, bool as 0/1) or a string holding a whole number text,
//   = != < > <= >= compare numerically.
// * Text: otherwise they compare the arg's text (strings as stored, numbers printed,
//   bools "true"/"false", null "null") with V: = and != for equality, < > <= >= in
//   byte order. When V is a number and the arg is not, < > <= >= are false (a string is
//   neither smaller nor larger than 1000000) and = / != compare the text.
// * "~" (contains) is always textual: "bytes~1024" holds for 1024, 41024, "x1024".
// * Case: keys and text values follow SearchQuery::caseSensitive (ASCII folding).
struct ArgCondition {
    std::string key;
    ArgOp op = ArgOp::Exists;
    std::string value;

    friend bool operator==(const ArgCondition& a, const ArgCondition& b)
    {
        return a.key == b.key && a.op == b.op && a.value == b.value;
    }
    std::string text() const; // back to the parser's syntax: "bytes>=1000"
};

// What the Search dock and `strata-cli search` look for. Every set field must hold (AND);
// empty/absent fields match everything, so a default query matches every slice and instant.
// A plain value type: copy it to the worker thread.
struct SearchQuery {
    // --- by type (evaluated once per distinct interned name / TypeId)
    std::string name; // empty: any name
    NameMode nameMode = NameMode::Substring;
    bool caseSensitive = false; // name, category, track, arg keys and text values
    std::string category; // the whole category, or one of its comma-separated parts ("cpu_op" matches "cpu_op,foo")

    // --- by track: substring of the track's label (EventStore::trackLabel: thread name,
    // "Thread 7", lane names) or of its process's label ("python3 (4242)", "Global").
    std::string track;

    // --- by args (evaluated once per distinct ArgSetId)
    std::vector<ArgCondition> args;

    // --- by time
    std::optional<store::TimeNs> minDur; // dur >= minDur (instants have dur 0)
    std::optional<store::TimeNs> maxDur; // dur <= maxDur
    std::optional<store::TimeRange>
        range; // absolute ns (store clock): the event's [ts, ts+dur] intersects [start, end]

    // --- which tables
    bool slices = true;
    bool instants = true;

    // True when no field restricts the result.
    bool matchesEverything() const;
    // Checks what can be wrong before running: a regex that does not compile, minDur > maxDur,
    // a range with end < start, an empty arg key. Returns false with *error set.
    bool validate(std::string* error) const;
    // One line for humans: name ~ /conv/i AND cat = "cpu_op" AND bytes > 1000000
    std::string describe() const;

    // Parses one arg condition from CLI/dock text. Syntax: KEY, or KEY OP VALUE with OP one
    // of  =  ==  !=  ~  <  >  <=  >=  (the first operator character after the key starts
    // the operator; keys therefore cannot contain = ! ~ < >). Spaces around the key and the
    // value are trimmed; the value may contain anything, including operator characters
    // ("expr=a<b" is key "expr", value "a<b"); wrap it in double quotes to keep leading or
    // trailing spaces ("name=\" x \""). "K=" tests for an empty value.
    // Examples: "bytes>1000000", "External id=153", "layer~conv", "source", "opcode!=dma".
    static bool parseArgCondition(std::string_view text, ArgCondition* out, std::string* error);
};

} // namespace strata::analysis
