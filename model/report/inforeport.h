#pragma once
#include "jsonnumber.h"

#include <store/eventstore.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace strata::report {

// What `strata-cli info` prints about a loaded profile (text, or --json): the file's format,
// compression and size, events by phase as written, the store's counts and time range, what
// the file holds that the timeline does not draw, diagnostics, the load time, where the
// store was read from and its resident size.
//
// The report layer sits below the importers, so the load's facts come in as a Load, which
// the CLI fills from the importers' LoadResult.
class InfoReport {
public:
    struct Load {
        std::string path; // as the command line named it
        std::string format;
        std::string compression; // "none", "gzip", "zstd"
        uint64_t fileBytes = 0;
        std::map<std::string, uint64_t> phases; // events by phase as written
        double seconds = 0; // wall time of the load
        bool fromSnapshot = false; // read from a snapshot (cache or .strata file)
        bool portable = false; // a .strata file, saved from `sourceName`
        std::string sourceName;
        std::vector<std::string> snapshotNotes; // a snapshot that could not be used, and why
    };

    InfoReport(const store::EventStore& store, Load load);

    Json toJson() const;
    std::string json() const; // toJson() indented by 2, with a final newline
    // "file", then the JSON's plain keys one a line, padded to 16 columns, then the phases,
    // the not-shown sentence and the diagnostics with their messages.
    std::string text() const;

private:
    const store::EventStore& m_store;
    const Load m_load;
};

} // namespace strata::report
