#pragma once
// What every reader's fuzz target does with one input, the way a user's open does it:
// decompress and import with the named importer (forced, so that inputs its probe would
// refuse still reach it), finalize the store, then compute what the first window shows
// (summary, operator catalog, latency), where stored times meet arithmetic. Chrome JSON is
// imported a second time with nlohmann's SAX as the event parser: both stores must match.
#include <string>

namespace strata::fuzz {

class FuzzLoad {
public:
    // importer: an ImporterRegistry name ("chrome-json", "perfetto-protobuf", ...).
    // An input the reader refuses is fine; a crash, a sanitizer report or a hang is not.
    static void run(const std::string& path, const char* importer);
};

} // namespace strata::fuzz
