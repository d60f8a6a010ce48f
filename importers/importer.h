#pragma once
#include "inputreader.h"

#include <store/stagetimes.h>
#include <store/storebuilder.h>

#include <atomic>
#include <functional>
#include <map>
#include <string>

namespace strata::importers {

struct ImportContext {
    std::function<void(double)> progress; // fraction of the input consumed, 0..1
    const std::atomic<bool>* cancel = nullptr;
    // Chrome JSON: parse the events with nlohmann's SAX alone, the reference the simdjson
    // path is tested against (tests compare the two stores); users never need it.
    bool referenceJsonParser = false;
    // The threads the import may keep busy, the calling one included: 0 leaves it to the
    // importer (as many as the cores, up to its own cap); 1 runs it on the calling thread
    // alone, for a caller that runs several imports at once (a job's ranks) and so already
    // fills the cores without paying the hand-over between threads.
    unsigned threads = 0;
    // The store goes to StoreMerger and nowhere else (a job's rank whose snapshot is not
    // written): its argument table keeps equal sets apart (ArgTable::keepRepeats), since
    // the merger looks every set up in the job's table anyway. Such a store is not a
    // finished profile: nothing but the merger may read it.
    bool argSetsForMerger = false;
};

// What an import reports besides the store. `ok` false means nothing usable was read:
// the file is not a supported profile, or could not be read at all.
struct ImportResult {
    bool ok = false;
    bool cancelled = false;
    std::string error; // one line: the reason (the caller prefixes the path)
    uint64_t errorOffset = 0; // byte offset of the problem in the (decompressed) input
    std::string format; // "chrome-json-object", "chrome-json-array", ...
    std::map<std::string, uint64_t> phases; // events by phase exactly as written (ph, or packet kind)
    // Where the import's time went, for an importer that measures it (Chrome JSON: "scan",
    // "parse", "merge"); empty for the others.
    std::vector<store::StageTimes::Stage> stages;
};

// One input format. probe() looks at the first decompressed bytes (and the path, for
// folder formats) and returns a confidence 0..100; the registry picks the highest.
class Importer {
public:
    virtual ~Importer() = default;
    virtual const char* name() const = 0;
    virtual int probe(std::string_view head, const std::string& path) const = 0;
    virtual ImportResult import(InputReader& input, store::StoreBuilder& builder, const ImportContext& ctx) const = 0;
};

} // namespace strata::importers
