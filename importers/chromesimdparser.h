#pragma once
#include "parsedchunk.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace strata::importers {

// Parses a batch "[ev,ev,...]" of traceEvents entries with simdjson On-Demand, feeding the
// same ChromeEventHandler as the nlohmann path, which it replaces on the hot path because
// it tokenizes several times faster. It accepts exactly what nlohmann accepts or gives up:
// on any error, or any input where the two libraries might disagree (a number outside
// double's range, a \u escape of a surrogate, entries not separated by exactly one comma,
// nesting deeper than the walk's recursion allows),
// it returns false and the caller parses the batch again with nlohmann, whose diagnostics
// and byte offsets are the reference.
class ChromeSimdParser {
public:
    // `text` must be followed by at least kPadding readable bytes (`capacity` counts them).
    // On false, `out` holds partial results the caller discards.
    static bool parse(std::string_view text, size_t capacity, const std::vector<uint32_t>& starts,
        const std::vector<uint32_t>& ends, ParsedChunk& out);

    static constexpr size_t kPadding = 64; // simdjson's SIMDJSON_PADDING (checked in the .cpp)
    // simdjson indexes a whole batch at once, up to 4 bytes per input byte, and each worker's
    // parser keeps its buffers for the largest batch it saw: a batch this large is one huge
    // entry, and nlohmann's SAX streams it in little memory instead.
    static constexpr size_t kMaxBatchBytes = size_t(16) << 20;
};

} // namespace strata::importers
