#pragma once
#include "parsedchunk.h"

#include <string_view>
#include <vector>

namespace strata::importers {

// Parses a run of traceEvents entries with nlohmann_json's SAX interface into a
// ParsedChunk. The text is either "[ev,ev,...]" or one event object. Field values are
// kept as written (ph string, pid/tid tokens); interpretation happens in the merge.
class ChromeEventParser {
public:
    // starts/ends: each event's byte range in `text`, from the scanner; used to resume
    // after a malformed event so that one bad event loses only itself.
    static void parse(std::string_view text, const std::vector<uint32_t>& starts, const std::vector<uint32_t>& ends,
        ParsedChunk& out);
};

} // namespace strata::importers
