#pragma once
#include <store/eventstore.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace strata::analysis {

class LodIndex;
class OperatorCatalog;
class SummaryIndex;

// The derived indexes that take long to build (level of detail, summary, operator catalog)
// as named snapshot
// attachments, and back. A snapshot carries them so that reopening a profile reads them
// instead of building them again; the snapshot's CRC covers their bytes, and each index's
// restore() checks its blob against the store, so a blob that is refused for any reason
// (another layout, damaged, crafted) only costs the build it would have saved.
class IndexAttachments {
public:
    static constexpr const char* kLod = "index.lod";
    static constexpr const char* kSummary = "index.summary";
    static constexpr const char* kCatalog = "index.catalog";

    // What decode() found. A null index was not in the attachments or was refused; `refused`
    // says why, one line per refused blob.
    struct Restored {
        std::shared_ptr<const LodIndex> lod;
        std::shared_ptr<const SummaryIndex> summary;
        std::shared_ptr<const OperatorCatalog> catalog;
        std::vector<std::string> refused;
        double lodMs = 0; // restore times, for the benchmarks
        double summaryMs = 0;
        double catalogMs = 0;
    };

    // True for the names encode() writes: the loader hands these on untouched.
    static bool isIndexName(const std::string& name);
    // The blobs of the given indexes of `store`; a null (or cancelled) one is built here
    // first (slow: the callers run this on a worker, after whatever the user waits for).
    static std::map<std::string, std::string> encode(const store::EventStore& store,
        std::shared_ptr<const LodIndex> lod = nullptr, std::shared_ptr<const SummaryIndex> summary = nullptr,
        std::shared_ptr<const OperatorCatalog> catalog = nullptr);
    static Restored decode(const store::EventStore& store, const std::map<std::string, std::string>& attachments);
};

} // namespace strata::analysis
